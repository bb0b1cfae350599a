#!/usr/bin/env python3
"""The baseline a user would otherwise write: the stack a NavigationPath JSON log ends with, and its pushes and pops.
Each line holding `["` or `[]` is a state (json.loads from there); pairs reversed into push order; the entries in common with
the previous state stay, the rest are popped, the new ones pushed (each new value's JSON parsed for its label)."""
import json
import re
import sys

ARRAY = re.compile(r'\[\s*["\]]')

previous, pushes, pops = [], 0, 0
for line in open(sys.argv[1], encoding="utf-8"):
    match = ARRAY.search(line)
    if not match:
        continue
    elements = json.loads(line[match.start():])
    if len(elements) % 2 or not all(isinstance(e, str) for e in elements):
        raise SystemExit("not a NavigationPath: " + line)
    state = [(elements[i], elements[i + 1]) for i in range(len(elements) - 2, -1, -2)]
    common = 0
    while common < min(len(state), len(previous)) and state[common] == previous[common]:
        common += 1
    pops += len(previous) > common
    for type_name, value in state[common:]:
        json.loads(value)
        pushes += 1
    previous = state
print("%d entries, %d pushes, %d pops" % (len(previous), pushes, pops))
