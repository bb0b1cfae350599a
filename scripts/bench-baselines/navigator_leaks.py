#!/usr/bin/env python3
"""The baseline a user would otherwise write: leaked navigators in a NavigatorUI log. A navigator removed by its parent
(`removing`) that never logs `deinit` leaked; pushes and pops are counted per navigator."""
import re
import sys

LINE = re.compile(r"Navigator ([0-9A-F-]{36})(?: \((.*?)\))? (adding|removing|deinit|pushing|popping|configured)"
                  r"(?: ([0-9A-F-]{36}))?")
parent, removed, finished, depth = {}, set(), set(), {}
for line in open(sys.argv[1], encoding="utf-8"):
    match = LINE.search(line)
    if not match:
        continue
    navigator, _, event, child = match.groups()
    if event == "adding":
        parent[child] = navigator
    elif event == "removing":
        if parent.pop(child, None) is not None and child not in finished:
            removed.add(child)
    elif event == "deinit":
        finished.add(navigator)
        removed.discard(navigator)
    elif event == "pushing":
        depth[navigator] = depth.get(navigator, 0) + 1
    elif event == "popping":
        depth[navigator] = max(0, depth.get(navigator, 0) - 1)
print("%d leaked" % len(removed))
