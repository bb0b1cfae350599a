#!/usr/bin/env python3
"""A plain Python reader of TCA `_printChanges()` logs, for measuring navgraph's `tca` reader against (not used by
navgraph). It follows the same rules (Sources/NavGraphFormats/TCA): the state's navigation is learnt from the diffs,
and a step is counted for each action after which the navigation (screens, or a selected tab) is not what it was.

    scripts/bench-baselines/tca_tree.py LOG      prints the number of navigation steps and the final outline
"""
import sys

PRESENTATION_NAMES = ("destination", "alert", "confirmationdialog", "dialog", "sheet", "fullscreencover", "cover",
                      "popover")


def split_label(text):
    colon = text.find(":")
    if colon <= 0 or text[colon + 1:colon + 2] != " ":
        return None, text
    label = text[:colon]
    if all(c.isalnum() or c in "_$#[]" for c in label):
        return label, text[colon + 2:]
    return None, text


def type_name(value):
    if not value or not (value[0].isalpha() or value[0] == "_"):
        return None
    i = 0
    while i < len(value) and (value[i].isalnum() or value[i] in "_.<>"):
        i += 1
    name = value[:i]
    last = name.split(".")[-1]
    if value[i:i + 1] != "(" or not last[:1].isupper():
        return None
    return name


def enum_case(value):
    body = value[1:]
    paren = body.find("(")
    if paren < 0:
        return body, None
    payload = body[paren + 1:]
    if payload.endswith(")"):
        payload = payload[:-1]
    return body[:paren], payload


class Node:
    __slots__ = ("side", "label", "value", "children")

    def __init__(self, side, label, value):
        self.side, self.label, self.value, self.children = side, label, value, []

    def opens(self):
        return self.value.endswith("(") or self.value.endswith("[")

    def collapsed(self):
        return self.value.endswith("(…)") or self.value.endswith("[…]")


class Feature:
    def __init__(self, type_=None):
        self.type = type_
        self.props = {}  # name -> (kind, data), insertion ordered


def merge(node, feature):
    t = type_name(node.value)
    if t:
        feature.type = t
    if not node.opens():
        return
    for child in node.children:
        if child.side == "-" or child.label is None:
            continue
        name = child.label[1:] if child.label.startswith("_") else child.label
        feature.props[name] = prop(name, child, feature.props.get(name))


def prop(name, node, old):
    value = node.value
    lower = name.lower()
    if node.collapsed() and old is not None:
        return old
    if value == "nil":
        return ("absent", None)
    if value in ("[:]", "[]"):
        if old and old[0] == "stack":
            return ("stack", [])
        return ("stack", []) if (lower.endswith("path") or lower.endswith("stack")) and value == "[:]" else ("other", None)
    if value == "[":
        if not (old and old[0] == "stack") and not any(c.label and c.label.startswith("#") for c in node.children):
            return ("other", None)
        return ("stack", merge_stack(node.children, old[1] if old and old[0] == "stack" else []))
    if value.startswith("."):
        case, payload = enum_case(value)
        if payload is None:
            return ("selection", case) if lower == "selection" or lower.endswith("tab") else ("other", None)
        ptype = type_name(node.children[0].value) if node.opens() and node.children else type_name(payload)
        feature = Feature(ptype)
        was = False
        if old and old[0] == "presentation":
            was = True
            if old[1][0] == case:
                feature = old[1][2]
        is_presented = was or any(lower == n or lower.endswith(n) for n in PRESENTATION_NAMES) or (
            ptype is not None and (ptype.startswith("AlertState") or ptype.startswith("ConfirmationDialogState")
                                   or ptype.endswith(".State")))
        if not is_presented:
            return ("other", None)
        if node.opens() and node.children and node.children[0].label is None:
            merge(node.children[0], feature)
        elif ptype:
            feature.type = ptype
        return ("presentation", (case, ptype or feature.type, feature))
    t = type_name(value)
    if t:
        feature = Feature(t)
        presented = any(lower == n or lower.endswith(n) for n in PRESENTATION_NAMES) or t.startswith(
            "AlertState") or t.startswith("ConfirmationDialogState")
        if old and old[0] == "presentation" and old[1][0] is None:
            feature, presented = old[1][2], True
        elif old and old[0] == "absent":
            presented = presented or t.endswith(".State")
        elif old and old[0] == "child":
            feature = old[1]
        merge(node, feature)
        return ("presentation", (None, t, feature)) if presented else ("child", feature)
    return ("other", None)


def merge_stack(lines, old):
    result, nxt = [], 0
    for line in lines:
        v = line.value
        if line.label is None and v.startswith("… (") and v.endswith(" unchanged)"):
            count = int(v[3:].split(" ")[0])
            known = max(0, min(count, len(old) - nxt))
            result += old[nxt:nxt + known] + [None] * (count - known)
            nxt += known
            continue
        if not line.label or not line.label.startswith("#"):
            continue
        found = next((i for i in range(nxt, len(old)) if old[i] is not None and old[i][0] == line.label), None)
        if line.side == "-":
            if found is not None:
                nxt = found + 1
        elif line.side == " " and found is not None:
            element = old[found]
            nxt = found + 1
            merge_element(line, element)
            result.append(element)
        else:
            element = [line.label, None, Feature()]
            merge_element(line, element)
            result.append(element)
    return result


def merge_element(line, element):
    if not line.value.startswith("."):
        return
    case, payload = enum_case(line.value)
    if element[1] != case:
        element[1], element[2] = case, Feature()
    if line.opens() and line.children and line.children[0].label is None:
        merge(line.children[0], element[2])
    elif payload and type_name(payload):
        element[2].type = type_name(payload)


def holds_navigation(feature):
    work = [feature]
    while work:
        f = work.pop()
        for kind, data in f.props.values():
            if kind in ("stack", "presentation", "selection"):
                return True
            if kind == "child":
                work.append(data)
    return False


def outline(root):
    lines, selections = [], []
    work = [(root, "root", "root", root.type or "State", 0)]
    while work:
        feature, edge, key, type_, depth = work.pop()
        kind = ""
        if feature is not None:
            if any(k == "selection" for k, _ in feature.props.values()):
                kind = " [tabs]"
            elif any(k == "stack" and d for k, d in feature.props.values()):
                kind = " [stack]"
        lines.append("  " * depth + f"{edge} {key} {type_}{kind}")
        if feature is None:
            continue
        tabs = any(k == "selection" for k, _ in feature.props.values())
        children = []
        for name, (kind, data) in feature.props.items():
            child_key = name if key == "root" else key + "." + name
            if kind == "stack":
                for i, element in enumerate(data):
                    if element is None:
                        children.append((None, "push", "…", "(not seen yet)", depth + 1))
                    else:
                        t = (element[1] or "(not seen yet)") + (f"({element[2].type})" if element[2].type else "")
                        children.append((element[2], "push", element[0], t, depth + 1))
            elif kind == "presentation":
                case, ptype, presented = data
                t = case + f"({(ptype or '…').split('<')[0]})" if case else (ptype or "?")
                style = "alert" if ptype and ptype.startswith("AlertState") else (
                    "confirmationDialog" if ptype and ptype.startswith("ConfirmationDialogState") else "sheet")
                children.append((presented, style, child_key, t, depth + 1))
            elif kind == "child" and (tabs or holds_navigation(data)):
                children.append((data, "tab" if tabs else "child", child_key, data.type or "?", depth + 1))
            elif kind == "selection":
                selections.append((key, data))
        work += reversed(children)
    return lines, selections


def read(stream):
    steps, root, last = 0, None, (None, None)
    phase, prefix, depth, stack, tree = "idle", "", 0, [], None
    for raw in stream:
        text = raw.rstrip("\n").rstrip("\r")
        at = text.find("received action:")
        if at >= 0 and text[at + 16:].strip() == "":
            prefix, phase, depth, stack, tree = text[:at], "action", 0, [], None
            continue
        if prefix:
            if not text.startswith(prefix):
                continue
            text = text[len(prefix):]
        if phase == "action":
            if text.startswith("  "):
                depth += count_balance(text)
                if depth == 0:
                    phase = "state"
            continue
        if phase != "state":
            continue
        if text == "  (No state changes)" and not stack:
            phase = "idle"
            continue
        if len(text) < 2 or text[0] not in " -+" or text[1] != " ":
            continue
        content = text[2:]
        indent = len(content) - len(content.lstrip(" "))
        body = content.strip(" ")
        if body.endswith(","):
            body = body[:-1]
        if body in (")", "]"):
            while stack and stack[-1][1] >= indent:
                node, _ = stack.pop()
                if stack:
                    stack[-1][0].children.append(node)
                else:
                    tree = node
        else:
            label, value = split_label(body)
            node = Node(text[0], label, value)
            if node.opens():
                stack.append((node, indent))
            elif stack:
                stack[-1][0].children.append(node)
            else:
                tree = node
        if tree is not None:
            phase = "idle"
            root = root or Feature()
            merge(tree, root)
            lines, selections = outline(root)
            if lines != last[0]:
                steps += 1
            if selections != last[1] and selections:
                steps += 1
            last = (lines, selections)
            tree = None
    return steps, last[0] or []


def count_balance(line):
    balance, in_string, escaped = 0, False, False
    for c in line:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "([":
            balance += 1
        elif c in ")]":
            balance -= 1
    return balance


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8", errors="replace") as log:
        steps, final = read(log)
    print(f"{steps} navigation steps")
    print("\n".join(final))
