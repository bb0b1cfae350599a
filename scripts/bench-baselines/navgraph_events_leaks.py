#!/usr/bin/env python3
"""The baseline a user would otherwise write: leaks from a navgraph-events v1 log with json.loads per line.
Tracks each model's parent and children; a model that leaves (pop, dismiss, switch, setPath, closeWindow) takes its
subtree with it; a model that left and never finished is leaked."""
import json
import sys

parent, children, stacks, started, left, windows = {}, {}, {}, set(), set(), {}


def leave(model):
    todo = [model]
    while todo:
        m = todo.pop()
        left.add(m)
        todo.extend(children.pop(m, ()))
        parent.pop(m, None)


def attach(model, to):
    parent[model] = to
    children.setdefault(to, []).append(model)
    left.discard(model)


for line in open(sys.argv[1], encoding="utf-8"):
    e = json.loads(line)
    kind = e["event"]
    if kind == "start":
        started.add(e["id"])
    elif kind == "finish":
        started.discard(e["id"])
        left.discard(e["id"])
    elif kind in ("push", "tab", "present", "column"):
        attach(e["id"], e["parent"])
    elif kind == "pop":
        siblings = children.get(e["parent"], [])
        for _ in range(e.get("count", 1)):
            if len(siblings) > 1:
                leave(siblings.pop())
    elif kind == "dismiss":
        p = parent.get(e["id"])
        if p is not None:
            children[p].remove(e["id"])
        leave(e["id"])
    elif kind == "switch":
        for old in children.pop(e["parent"], []):
            leave(old)
        attach(e["id"], e["parent"])
    elif kind in ("root", "openWindow"):
        windows[e.get("window", "main")] = e["id"]
    elif kind == "closeWindow":
        root = windows.pop(e["window"], None)
        if root:
            leave(root)
leaks = [m for m in left if m in started]
print("%d leaked" % len(leaks))
