#!/usr/bin/env python3
"""The baseline a user would otherwise write: the navigation state a log of Swift dump() output ends with, and its
pushes, pops, presentations and dismissals. A regex per line (indentation, marker, `label: value`); a dump is a `▿`
line at the margin and the indented lines after it, read into a tree of values; in it, an array named `path` (or
ending in `Path`/`Stack`) is a stack whose elements are entries, a non-nil `sheet`/`presented…` optional a
presentation, and a dictionary beside `selectedTab` holds one router per tab. A dump named by `dump(_, name:)` is
that tab's router; the entries both states share from the bottom stay, the rest are popped and pushed."""
import re
import sys

LINE = re.compile(r"^( *)(▿|▹|-) (?:([A-Za-z0-9_.$]+)(?: ?): )?(.*?)(?: #\d+)?\s*$")
STACK = re.compile(r"^(path|.*Path|.*Stack)$")
PRESENTATION = re.compile(r"^(sheet|fullScreenCover|popover|alert|confirmationDialog|presented.*)$")


class Value:
    __slots__ = ("label", "text", "children")

    def __init__(self, label, text):
        self.label, self.text, self.children = label, text, []


def router_state(value):
    """(entries, presentation) of a router value."""
    entries, sheet = [], None
    for child in value.children:
        if child.label and STACK.match(child.label):
            entries = [entry.text for entry in child.children]
        elif child.label and PRESENTATION.match(child.label) and child.text != "nil":
            sheet = child.text
    return entries, sheet


state, pushes, pops, presents, dismissals = {}, 0, 0, 0, 0


def apply(part, new):
    global pushes, pops, presents, dismissals
    entries, sheet = state.get(part, ([], None))
    common = 0
    while common < min(len(entries), len(new[0])) and entries[common] == new[0][common]:
        common += 1
    pops += len(entries) > common
    pushes += len(new[0]) - common
    if sheet != new[1]:
        dismissals += sheet is not None
        presents += new[1] is not None
    state[part] = new


def finish(root):
    if root is None:
        return
    if root.label:  # dump(router, name: "home")
        apply(root.label, router_state(root))
        return
    for child in root.children:
        if child.text.endswith("key/value pairs"):
            for pair in child.children:
                key = next(c.text for c in pair.children if c.label == "key")
                value = next(c for c in pair.children if c.label == "value")
                apply(key.rsplit(".", 1)[-1], router_state(value))


root, open_values = None, []
for line in open(sys.argv[1], encoding="utf-8"):
    match = LINE.match(line)
    if not match:
        continue
    indent, marker, label, text = match.groups()
    depth = len(indent) // 2
    if depth == 0:
        if marker != "▿":
            continue
        finish(root)
        root = Value(label, text)
        open_values = [root]
        continue
    if root is None or depth > len(open_values):
        continue
    value = Value(label, text)
    open_values[depth - 1].children.append(value)
    del open_values[depth:]
    open_values.append(value)
finish(root)
print("%d parts, %d pushes, %d pops, %d presented, %d dismissed" % (len(state), pushes, pops, presents, dismissals))
