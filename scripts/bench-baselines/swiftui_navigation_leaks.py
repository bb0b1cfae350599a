#!/usr/bin/env python3
"""The baseline a user would otherwise write: leaks from SwiftUINavigation console output with a regex per line
and a dict of live models. A model is leaked when a dump listed it, a later dump no longer does, and it never
printed Finished. (No kind inference, no prefix disambiguation: far less than navgraph does.)"""
import re
import sys

EVENT = re.compile(r"\[([^\[\]]+) ([^ \[\]]+?)(?:\.\.\.)?\]: (Started|Finished|Init|Deinit)\s*$")
DUMP = re.compile(r"([\t ]*)<\[([^\[\]]+) ([^ \[\]]+?)(?:\.\.\.)?\]>\s*$")

live = {}          # (type, id) -> number of live models
in_dump = set()    # models listed by the latest dump
current = None     # the dump being read
left = {}          # models that left a dump, not finished yet -> line
for number, line in enumerate(open(sys.argv[1], encoding="utf-8", errors="replace"), 1):
    m = DUMP.search(line)
    if m:
        if current is None or (not m.group(1) and current):
            if current is not None:
                for key in in_dump - current:
                    left[key] = number
                in_dump = current
            current = set()
        current.add((m.group(2), m.group(3)))
        continue
    m = EVENT.search(line)
    if m:
        if current is not None:
            for key in in_dump - current:
                left[key] = number
            in_dump, current = current, None
        key = (m.group(1), m.group(2))
        if m.group(3) in ("Started", "Init"):
            live[key] = live.get(key, 0) + 1
        else:
            live[key] = live.get(key, 0) - 1
            if live[key] <= 0:
                del live[key]
            left.pop(key, None)
leaks = [key for key in left if key in live]
print("%d leaked" % len(leaks))
