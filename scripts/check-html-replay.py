#!/usr/bin/env python3
"""Checks a `navgraph replay --html` page in headless Chromium (Selenium with Debian's chromedriver).

Usage: check-html-replay.py NAVGRAPH LOG PAGE [--screenshot PNG] [--hostile TEXT] [--measure | --measure-only]

Opens PAGE at 1280×800, steps with the keys (Home, →, End, ←) and the slider, and at each step compares the models the drawing
shows with `NAVGRAPH tree --at STEP --format json LOG` (and that the step's line says its kind once); checks the URL fragment follows the step, that no script
error was logged, and (--hostile) that TEXT from the log shows as text and made no element. Each step's drawing is
also checked against one worked out from the page's data alone, over a random walk (NAVGRAPH_SEED repeats one).
At every step the view is measured: node text at least 9 px on screen, and the step's models in the pane (or, when
the page says the step is too big for it, the model it framed); the current step's row in the event list's view, and
each row of a step that added, removed or finished models naming one by id; zoom keys and buttons; a search for a model's id
goes to the steps that added or removed it or name it while it is drawn (never one that only mentions it), and
brings the model into view. Models are named as the page names them (tree's JSON keeps a type's module). --screenshot saves the middle step.
--measure prints how long the page took to become interactive (see MEASURE_HOOK) and the renderer's CPU time;
--measure-only prints that and checks only for script errors. Exit 0 when every check passed, 1 with the failures
listed, 77 when Chromium or Selenium cannot be had here (a skip, with the reason).
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

SKIP = 77


def skip(reason):
    print("skip: " + reason)
    sys.exit(SKIP)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.by import By
except ImportError:
    skip("the selenium Python package is not installed (scripts/setup installs it)")

args = sys.argv[1:]
screenshot = None
hostile = None
measure = False
if "--screenshot" in args:
    i = args.index("--screenshot"); screenshot = args[i + 1]; del args[i:i + 2]
if "--hostile" in args:
    i = args.index("--hostile"); hostile = args[i + 1]; del args[i:i + 2]
measure_only = "--measure-only" in args
if measure_only:
    args.remove("--measure-only"); measure = True
if "--measure" in args:
    args.remove("--measure"); measure = True
if len(args) != 3:
    print(__doc__); sys.exit(64)
navgraph, log, page = args

browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
driver_path = shutil.which("chromedriver")
if not browser or not driver_path:
    skip("no chromium and chromedriver here (scripts/setup installs Debian's chromium and chromium-driver)")

options = Options()
options.binary_location = browser
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1600,1000"]:
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
WIDTH, HEIGHT = 1280, 800  # a laptop's screen: what the replay must be readable at
try:
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
except Exception as error:  # a browser that cannot start here is a skip, not a pass
    skip("chromium did not start: %s" % str(error).splitlines()[0])

failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def tree_json(step):
    """`tree --at STEP --format json`, or None (step 0, or a failure, counted)."""
    run = subprocess.run([navgraph, "tree", "--at", str(step), "--format", "json", log], capture_output=True, text=True)
    if step == 0:
        return None
    if run.returncode != 0:
        failures.append("tree --at %d failed: %s" % (step, run.stderr.strip()))
        return None
    return json.loads(run.stdout)


def placed_ids(tree):
    result, pending = set(), list(tree["roots"])
    while pending:
        node = pending.pop()
        result.add(node["id"])
        pending.extend(node["children"])
    return result


def tree_at(step):
    """The models `tree --at STEP` places, as 'Type id' strings."""
    tree = tree_json(step)
    if tree is None:
        return set()
    result, pending = set(), list(tree["roots"])
    while pending:
        node = pending.pop()
        result.add(page_name(node["type"], node["id"]))
        pending.extend(node["children"])
    return result


def leaks_at(step):
    """The leaks `render --at STEP` draws (the models `tree --at STEP` lists as left): each as 'Type id', with the id
    of the model it hangs from and how that one is drawn — placed (1), left too (2), or its ghost (0)."""
    tree = tree_json(step)
    if tree is None:
        return set()
    # Before the end they are "left"; at the end, "leaked".
    departed = tree.get("left", []) + tree.get("leaked", [])
    placed, left = placed_ids(tree), {m["id"] for m in departed}
    return {(page_name(m["type"], m["id"]), m.get("parent"),
             None if m.get("parent") is None else 1 if m["parent"] in placed else 2 if m["parent"] in left else 0)
            for m in departed}


# The leaks the page draws at this step: each model shown as left, with the model its shown arrow comes from and how
# that one is drawn; and the ones drawn inside a window's (or a container's) box, which render never does.
PAGE_LEAKS = """
    var data = JSON.parse(document.getElementById('navgraph-data').textContent);
    var groups = data.drawings[Number(document.getElementById('drawing').dataset.drawing)].groups;
    function name(i) { return (data.models[i].type + ' ' + data.models[i].id).trim(); }
    var shown = Array.from(document.querySelectorAll('#drawing svg g[data-group]'));
    var leaks = {}, inside = [];
    var clusters = shown.filter(function (g) { return g.classList.contains('cluster'); }).map(function (g) {
        return g.getBoundingClientRect(); });
    shown.forEach(function (g) {
        var group = groups[Number(g.getAttribute('data-group'))];
        if (group.left !== undefined) {
            if (!leaks[name(group.left)]) leaks[name(group.left)] = [null, null];
            var r = g.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (clusters.some(function (c) { return x > c.left && x < c.right && y > c.top && y < c.bottom; }))
                inside.push(name(group.left));
        }
        if (group.leak !== undefined) leaks[name(group.leak[1])] = [data.models[group.leak[0]].id, group.leak[2]];
    });
    // A model shown as left in place (inside its old box) is not drawn as render draws a leak.
    shown.forEach(function (g) {
        var group = groups[Number(g.getAttribute('data-group'))];
        if (group.node !== undefined && g.classList.contains('left')) inside.push(name(group.node));
    });
    // How a leak's outline and arrow stand out: their colour's contrast with the drawing's background (WCAG's ratio of
    // relative luminances) and its lightness (HSL): near white, a leak reads as any other node of a dark theme.
    function rgb(colour) { var m = /rgba?\(([0-9.]+), ([0-9.]+), ([0-9.]+)/.exec(colour); return m ? [+m[1], +m[2], +m[3]] : null; }
    function luminance(c) {
        var l = c.map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    }
    var background = rgb(getComputedStyle(document.getElementById('drawing')).backgroundColor), colours = [];
    shown.forEach(function (g) {
        if (!g.classList.contains('left') && !g.classList.contains('leak')) return;
        var outline = g.querySelector('path, polygon'), c = outline && rgb(getComputedStyle(outline).stroke);
        if (!c || !background) return;
        var a = luminance(c), b = luminance(background);
        colours.push([g.getAttribute('class'), (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
                      (Math.max.apply(null, c) + Math.min.apply(null, c)) / 510]);
    });
    // The leaks the drawing holds (past --max-nodes, the rest are folded into one "… N more" node).
    var held = groups.filter(function (g) { return g.left !== undefined; }).map(function (g) { return name(g.left); });
    return [Object.keys(leaks).map(function (k) { return [k, leaks[k][0], leaks[k][1]]; }), inside, held, colours];
"""


def check_leaks(how, step):
    """Leaks drawn as `render --at STEP` draws them: outside every window, each hung from the model it last hung
    from — that model placed, left too, or its ghost."""
    page_leaks, inside, held, colours = driver.execute_script(PAGE_LEAKS)
    faint = [(what, round(contrast, 2), round(lightness, 2)) for what, contrast, lightness in colours
             if contrast < 3 or lightness > 0.75]
    expect(not faint, "%s: at step %d leaks are drawn with too little contrast (< 3:1 against the background) or "
           "near white (lightness > 0.75): %s" % (how, step, faint[:3]))
    want = {leak for leak in leaks_at(step) if leak[0] in held}  # models folded out of the drawing are not compared
    got = {(name, parent, variant) for name, parent, variant in page_leaks}
    expect(got == want, "%s: at step %d the page draws the leaks %s; render --at draws %s" % (
        how, step, sorted(got, key=str), sorted(want, key=str)))
    expect(not inside, "%s: at step %d these leaks are drawn inside a window's boxes: %s" % (how, step, inside))


page_names = None


def page_name(qualified_type, model_id):
    """A model as the page names it: JSON gives the type with the module the input qualified it with
    (`NavigatorDemo.HomeDestinations`), which the page, like `tree`'s text, leaves out."""
    global page_names
    if page_names is None:
        page_names = set(driver.execute_script("""
            var data = JSON.parse(document.getElementById('navgraph-data').textContent);
            return data.models.map(function (m) { return (m.type + ' ' + m.id).trim(); });"""))
    parts = qualified_type.split(".")
    for first in range(len(parts)):
        name = (".".join(parts[first:]) + " " + model_id).strip()
        if name in page_names:
            return name
    return (qualified_type + " " + model_id).strip()


def shown():
    """The models the drawing shows as placed (not hidden, not left, not the ghost of one removed this step)."""
    return set(driver.execute_script("""
        var data = JSON.parse(document.getElementById('navgraph-data').textContent);
        return Array.from(document.querySelectorAll('#drawing g.node[data-model]')).filter(function (g) {
            return !g.classList.contains('off') && !g.classList.contains('left') && !g.classList.contains('removed');
        }).map(function (g) { var m = data.models[Number(g.getAttribute('data-model'))]; return (m.type + ' ' + m.id).trim(); });
    """))


# The drawing a step is drawn with: each step names it (`d`); step 0 shares the first step's.
DRAWING_AT = """
    function drawingAt(data, step) {
        return data.steps.length ? data.drawings[data.steps[Math.max(1, step) - 1].d] : data.drawings[0];
    }
"""


def drawn():
    """The models the current step's drawing holds (the page puts a model's group in the document only while shown)."""
    return set(driver.execute_script(DRAWING_AT + """
        var data = JSON.parse(document.getElementById('navgraph-data').textContent);
        var step = Number(document.getElementById('slider').value);
        return drawingAt(data, step).groups.filter(function (g) { return g.node !== undefined; })
            .map(function (g) { var m = data.models[g.node]; return (m.type + ' ' + m.id).trim(); });
    """))


# The drawing worked out the straightforward way, from the page's data alone: each model's visibility by a walk
# through all its changes, each group shown or not and with which highlights. The page builds groups only when
# shown and touches only those whose class changed; whatever the moves, what it shows must be this.
EXPECTED_DRAWING = DRAWING_AT + """
    var data = JSON.parse(document.getElementById('navgraph-data').textContent), step = arguments[0];
    var selected = arguments[1], query = arguments[2];
    function visibility(i) {
        var v = data.models[i].v, result = 0;
        for (var k = 0; k < v.length; k += 2) if (v[k] <= step) result = v[k + 1];
        return result;
    }
    var current = step > 0 ? data.steps[step - 1] : {};
    function has(list, i) { return (list || []).indexOf(i) >= 0; }
    var result = [];
    var drawing = drawingAt(data, step);
    // A model shows where it is placed while placed, or as the ghost of what the step removed; once it left alive
    // it shows apart, hung from the model it left from as the step shows that one (render's drawing of a leak).
    function inPlace(i) { var v = visibility(i); return v === 1 || (v === 0 && has(current.removed, i)); }
    function marks(i, left) {
        var m = data.models[i];
        return (has(current.added, i) ? ['added'] : []).concat(
            has(current.removed, i) ? [left ? 'just-left' : 'removed'] : [], i === selected ? ['selected'] : [],
            query && (m.type + ' ' + m.id).toLowerCase().indexOf(query) >= 0 ? ['match'] : []);
    }
    var ghosts = {};
    drawing.groups.forEach(function (group) {
        if (group.leak && group.leak[2] === 0 && visibility(group.leak[1]) === 2 && visibility(group.leak[0]) === 0)
            ghosts[group.leak[0]] = true;
    });
    drawing.groups.forEach(function (group, k) {
        var classes = null;
        if (group.node !== undefined) {
            if (inPlace(group.node)) classes = ['node'].concat(marks(group.node, false));
        } else if (group.left !== undefined) {
            if (visibility(group.left) === 2) classes = ['node', 'left'].concat(marks(group.left, true));
        } else if (group.ghost !== undefined) {
            if (ghosts[group.ghost]) classes = ['node', 'ghost'];
        } else if (group.edge !== undefined) {
            var f = group.edge[0], t = group.edge[1], a = visibility(f) === 1, b = visibility(t) === 1;
            var goneF = has(current.removed, f) && visibility(f) === 0, goneT = has(current.removed, t) && visibility(t) === 0;
            if ((a && b) || ((goneF || goneT) && (a || goneF) && (b || goneT)))
                classes = ['edge'].concat(a && b ? [] : ['removed']);
        } else if (group.leak !== undefined) {
            if (visibility(group.leak[1]) === 2 && visibility(group.leak[0]) === group.leak[2]) classes = ['edge', 'leak'];
        } else if (group.folded !== undefined) {
            if (visibility(group.folded) === 1) classes = ['node'];
            else if (inPlace(group.folded)) classes = ['node', 'removed'];
        } else if (group.cluster !== undefined) {
            if (drawing.clusters[group.cluster].some(inPlace))
                classes = ['cluster'];
        } else {
            classes = [/class="([^"]*)"/.exec(group.g)[1]];
        }
        if (classes) result.push(k + ' ' + classes.sort().join(' '));
    });
    return result;
"""

SHOWN_DRAWING = """
    var graph = document.querySelector('#drawing svg > g');
    return Array.from(graph.children).filter(function (g) { return g.tagName === 'g'; }).map(function (g) {
        return g.getAttribute('data-group') + ' ' + g.getAttribute('class').split(/\\s+/).sort().join(' ');
    });
"""


# The rows the event list shows, against the data: each visible row at position j (its top, in rows) holds the j-th
# step the filters let through, with that step's text, and only the current step's row is highlighted.
ROWS = """
    var data = JSON.parse(document.getElementById('navgraph-data').textContent), hidden = arguments[0];
    var list = document.getElementById('events'), step = Number(document.getElementById('slider').value);
    var shownSteps = [];
    data.steps.forEach(function (s, i) { if (hidden.indexOf(s.event) < 0) shownSteps.push(i); });
    var problems = [], rows = Array.from(list.querySelectorAll('.event')).filter(function (r) {
        return r.style.display !== 'none';
    });
    rows.forEach(function (row) {
        var j = parseFloat(row.style.top) / row.offsetHeight, index = shownSteps[j];
        if (index === undefined || row.dataset.step !== String(index + 1) ||
            row.lastChild.textContent !== (data.steps[index].row || data.steps[index].text) ||
            row.firstChild.textContent !== String((data.first || 0) + index + 1) ||
            row.title !== data.steps[index].text ||
            row.classList.contains('current') !== (index === step - 1)) {
            problems.push('row at ' + j + ' shows step ' + row.dataset.step + ': ' + row.textContent);
        }
    });
    var height = rows.length ? rows[0].offsetHeight : 1, first = Math.ceil(list.scrollTop / height);
    // The current step's row is in the list's view (after a key, the slider, a leak's or a search's jump).
    var at = shownSteps.indexOf(step - 1);
    if (step > 0 && at >= 0 && (at * height < list.scrollTop - 1 ||
                                (at + 1) * height > list.scrollTop + list.clientHeight + 1))
        problems.push('the current step ' + step + ' is out of the view of the event list');
    // A row of a step that added, removed or finished models names one of them by id (a type is shortened, never an
    // id; a finish of a model that had left already adds and removes none, and its row was cut before the id).
    rows.forEach(function (row) {
        var s = data.steps[Number(row.dataset.step) - 1];
        // (A dump's row says how many models it holds: a snapshot changes many, and names none.)
        var changed = s && s.event !== 'snapshot'
            ? (s.added || []).concat(s.removed || []).concat(s.finished === undefined ? [] : [s.finished]) : [];
        if (changed.length && !changed.some(function (m) {
                return data.models[m].id && row.lastChild.textContent.indexOf(data.models[m].id) >= 0; }))
            problems.push('row of step ' + row.dataset.step + ' names no id of the models it changed: ' +
                          row.lastChild.textContent);
        // ... and in view, not behind the row's ellipsis: the id whole, or its first 8 characters (a UUID's first
        // group, more than the drawing shows).
        var cell = row.lastChild, box = cell.getBoundingClientRect();
        var nodes = [], walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) nodes.push(walker.currentNode);
        if (changed.length && !changed.some(function (m) {
                var id = data.models[m].id;
                return id && nodes.some(function (node) {
                    var at = node.textContent.indexOf(id), clip = node.parentNode.getBoundingClientRect();
                    if (at < 0) return false;
                    var range = document.createRange();
                    range.setStart(node, at);
                    range.setEnd(node, at + Math.min(id.length, 8));
                    var r = range.getBoundingClientRect();
                    return r.right <= Math.min(box.right, clip.right) + 0.5 && r.left >= clip.left - 0.5;
                }); }))
            problems.push('row of step ' + row.dataset.step + ' hides the ids of the models it changed: ' +
                          cell.textContent);
    });
    for (var j = first; j < Math.min(first + Math.floor(list.clientHeight / height), shownSteps.length); j++) {
        if (!rows.some(function (r) { return parseFloat(r.style.top) / r.offsetHeight === j; }))
            problems.push('no row at ' + j + ' in view');
    }
    return problems;
"""


def check_rows(how, hidden_events=()):
    problems = driver.execute_script(ROWS, list(hidden_events))
    expect(not problems, "%s: at step %d the event list is wrong: %s" % (how, current_step(), problems[:5]))


selection = {"model": -1}  # the model clicked last: the page keeps it selected


def check_drawing(how, query=""):
    """The groups in the document, in order and with their classes, against EXPECTED_DRAWING."""
    shown_groups = driver.execute_script(SHOWN_DRAWING)
    expected = driver.execute_script(EXPECTED_DRAWING, current_step(), selection["model"], query)
    expect(shown_groups == expected, "%s: at step %d the drawing holds %s; expected %s" % (
        how, current_step(), shown_groups[:20], expected[:20]))


# The view, measured as a reader sees it: each shown node's text size on screen (its font-size times the scale its
# element is drawn at) and its box against the drawing pane's.
VIEW = """
    var pane = document.getElementById('drawing'), rect = pane.getBoundingClientRect();
    var result = {framed: pane.dataset.framed, focus: Number(pane.dataset.focus), fonts: [], nodes: 0, inside: 0,
                  focusInside: null, scale: 0, pane: [Math.round(rect.width), Math.round(rect.height)],
                  drawings: JSON.parse(document.getElementById('navgraph-data').textContent).drawings.length};
    document.querySelectorAll('#drawing g.node').forEach(function (g) {
        g.querySelectorAll('text').forEach(function (t) {
            var scale = t.getScreenCTM().a;
            result.scale = scale;
            result.fonts.push(parseFloat(t.getAttribute('font-size') || getComputedStyle(t).fontSize) * scale);
        });
        var r = g.getBoundingClientRect();
        var inside = r.left >= rect.left - 0.5 && r.top >= rect.top - 0.5 && r.right <= rect.right + 0.5 &&
            r.bottom <= rect.bottom + 0.5;
        result.nodes += 1;
        if (inside) result.inside += 1;
        if (g.getAttribute('data-model') === String(result.focus)) result.focusInside = inside;
    });
    var note = document.getElementById('framing');
    result.framing = note && !note.classList.contains('off') && note.offsetHeight > 0 ? note.textContent : null;
    var data = JSON.parse(document.getElementById('navgraph-data').textContent), m = data.models[result.focus];
    result.focusName = m ? (m.type + ' ' + m.id).trim() : null;
    result.minFont = result.fonts.length ? Math.min.apply(null, result.fonts) : null;
    delete result.fonts;
    return result;
"""


def settled_view():
    """Waits (up to 5 s) for the view to have framed the current step and stopped moving, then measures it."""
    deadline = time.time() + 5
    while time.time() < deadline:
        if driver.execute_script("""var p = document.getElementById('drawing');
                return p.dataset.viewStep === String(document.getElementById('slider').value) &&
                       p.dataset.moving !== 'true';"""):
            break
        time.sleep(0.02)
    return driver.execute_script(VIEW)


def check_view(how, focus=None):
    """Text readable (>= 9 px) and the step in view: all its models, or (too big) the model the page framed."""
    view = settled_view()
    step = current_step()
    if view["nodes"] == 0:
        return view
    expect(view["minFont"] >= 9, "%s: at step %d node text is %.2f px on screen" % (how, step, view["minFont"]))
    # A view of part of the step says so, naming what it frames and how to see all; a whole step says nothing.
    if view["framed"] == "focus":
        expect(view["framing"] is not None and "all (a)" in view["framing"] and
               (view["focusName"] is None or view["focusName"] in view["framing"]),
               "%s: at step %d the view frames part of the step (around %s) and says %r" % (
                   how, step, view["focusName"], view["framing"]))
    else:
        expect(view["framing"] is None, "%s: at step %d the view frames the %s and says %r" % (
            how, step, view["framed"], view["framing"]))
    if view["framed"] in ("step", "run"):
        expect(view["inside"] == view["nodes"], "%s: at step %d only %d of %d models are in view" % (
            how, step, view["inside"], view["nodes"]))
    else:
        expect(view["framed"] == "focus", "%s: at step %d the view framed %r" % (how, step, view["framed"]))
        expect(view["focusInside"] is True, "%s: at step %d the focus (model %d) is not in view" % (
            how, step, view["focus"]))
    if focus is not None:
        expect(view["focus"] == focus, "%s: at step %d the view framed model %d, not %d" % (
            how, step, view["focus"], focus))
    return view


def current_step():
    return int(driver.execute_script("return Number(document.getElementById('slider').value)"))


# Models the drawing shows with no arrow into them though the model they hang from shows too: an entry pushed onto a
# stack after entries the step does not show (the layout chains a stack's entries in push order) would float below
# its stack. (A model left alive whose parent is gone has no arrow: nothing to point from.)
FLOATING = DRAWING_AT + """
    var data = JSON.parse(document.getElementById('navgraph-data').textContent);
    var step = Number(document.getElementById('slider').value), drawing = drawingAt(data, step);
    var shownEdgeInto = {}, hasEdgeInto = {};
    drawing.groups.forEach(function (g, k) {
        if (g.edge === undefined) return;
        hasEdgeInto[g.edge[1]] = true;
        if (document.querySelector('#drawing g[data-group="' + k + '"]')) shownEdgeInto[g.edge[1]] = true;
    });
    return Array.from(document.querySelectorAll('#drawing g.node[data-model]:not(.left)')).map(function (g) {
        return Number(g.getAttribute('data-model'));
    }).filter(function (m) {
        var parent = data.models[m].parent;
        var parentShown = parent !== undefined &&
            !!document.querySelector('#drawing g.node[data-model="' + parent + '"]:not(.left)');
        return hasEdgeInto[m] && !shownEdgeInto[m] && parentShown;
    }).map(function (m) {
        return (data.models[m].type + ' ' + data.models[m].id).trim();
    });
"""


def check(step, how):
    expect(current_step() == step, "%s: at step %d, expected %d" % (how, current_step(), step))
    expect(driver.execute_script("return location.hash") == "#step=%d" % step,
           "%s: fragment %s, expected #step=%d" % (how, driver.execute_script("return location.hash"), step))
    want = tree_at(step) & drawn()  # models folded out of the drawing are not compared
    got = shown()
    expect(got == want, "%s: step %d shows %s; tree --at has %s" % (how, step, sorted(got), sorted(want)))
    check_drawing(how)
    check_leaks(how, step)
    # The step's line says its kind once: "push X onto …", not "push: push X onto …" (nor "mark: mark: …").
    said = driver.find_element(By.ID, "what").text
    expect(not re.match(r"(\w+): \1\b", said), "%s: step %d says its kind twice: %r" % (how, step, said[:80]))
    floating = driver.execute_script(FLOATING)
    expect(not floating, "%s: at step %d these models have no arrow into them: %s" % (how, step, floating[:5]))
    check_view(how)


# What --measure calls interactive: the first step is on screen, no task over 50 ms still holds the page's thread,
# and a key press then shows the next step. Observed from outside the page, so that any page (an older one too) is
# measured the same way: a script the DevTools protocol runs before the page's own notes when the page says it is
# ready, the first frame painted after that (a task queued from that frame's animation callback runs once it is
# painted), and every long task (Long Tasks API); the key press's own time, from its arrival to the frame that shows
# the next step, is the browser's Event Timing entry for it.
MEASURE_HOOK = """
(function () {
    var notes = window.__navgraphMeasure = {longTasks: []};
    try {
        new PerformanceObserver(function (list) {
            list.getEntries().forEach(function (e) { notes.longTasks.push([e.startTime, e.startTime + e.duration]); });
        }).observe({type: 'longtask', buffered: true});
    } catch (e) { notes.noLongTasks = true; }
    new MutationObserver(function (changes, observer) {
        if (!document.body || document.body.dataset.ready !== 'true') return;
        observer.disconnect();
        notes.ready = performance.now();
        requestAnimationFrame(function () { setTimeout(function () { notes.painted = performance.now(); }, 0); });
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-ready']});
})();
"""


def renderer_cpu_seconds():
    """User + system CPU time of the browser's renderer processes (Linux /proc), or None where it cannot be read."""
    try:
        children = {}
        for pid in os.listdir("/proc"):
            if pid.isdigit():
                with open("/proc/%s/stat" % pid) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                children.setdefault(int(fields[1]), []).append(int(pid))
        total, pending = 0, [driver.service.process.pid]
        while pending:
            pid = pending.pop()
            pending.extend(children.get(pid, []))
            with open("/proc/%d/cmdline" % pid) as f:
                if "--type=renderer" not in f.read():
                    continue
            with open("/proc/%d/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def measure_interactive():
    for _ in range(600):
        if driver.execute_script("return window.__navgraphMeasure.painted !== undefined"):
            break
        time.sleep(0.01)
    body = driver.find_element(By.TAG_NAME, "body")
    before = current_step()
    body.send_keys(Keys.ARROW_RIGHT)
    for _ in range(600):
        seen = driver.execute_script("return performance.getEntriesByType('first-input').length")
        if seen and current_step() != before:
            break
        time.sleep(0.01)
    notes = driver.execute_script("""var n = window.__navgraphMeasure;
        var key = performance.getEntriesByType('first-input')[0];
        return {ready: n.ready, painted: n.painted, longTasks: n.longTasks, key: key && key.name,
                keyStart: key && key.startTime, keyTook: key && key.duration};""")
    expect(notes["key"] == "keydown" and current_step() == before + 1, "the key press was not seen: %s" % notes)
    if failures:
        return
    # The page is free once the first step is painted and no long task it queued is still to come before the key.
    free = max([notes["painted"]] + [end for start, end in notes["longTasks"] if start < notes["keyStart"]])
    interactive = free + notes["keyTook"]
    cpu = renderer_cpu_seconds()
    print("interactive after %.0f ms (the first step on screen at %.0f ms after navigation start, the script done at "
          "%.0f ms, the page's thread free at %.0f ms; then a key press showed the next step in %.0f ms), %d bytes, "
          "renderer CPU %s" % (interactive, notes["painted"], notes["ready"], free, notes["keyTook"],
                               os.path.getsize(page), "%.0f ms" % (cpu * 1000) if cpu is not None else "unknown"))


try:
    if measure:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": MEASURE_HOOK})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})
    driver.get("file://" + os.path.abspath(page))
    for _ in range(600):
        if driver.execute_script("return document.body && document.body.dataset.ready === 'true'"):
            break
        time.sleep(0.05)
    expect(driver.execute_script("return document.body.dataset.ready") == "true", "the page never became ready")
    if measure:
        measure_interactive()
    if measure_only:
        raise StopIteration
    total = int(driver.execute_script("return Number(document.getElementById('slider').max)"))
    expect(driver.execute_script("""var data = JSON.parse(document.getElementById('navgraph-data').textContent);
        return data.drawings.some(function (d) { return d.groups.some(function (g) { return g.node !== undefined; }); });"""),
        "no drawing holds a model of the history")
    body = driver.find_element(By.TAG_NAME, "body")

    body.send_keys(Keys.HOME)
    check(0, "Home")
    for step in range(1, min(total, 6) + 1):
        body.send_keys(Keys.ARROW_RIGHT)
        check(step, "→")
    body.send_keys(Keys.END)
    check(total, "End")
    body.send_keys(Keys.ARROW_LEFT)
    check(max(total - 1, 0), "←")
    for step in sorted({total // 4, total // 2, (3 * total) // 4}):
        driver.execute_script("""var s = document.getElementById('slider'); s.value = arguments[0];
                                 s.dispatchEvent(new Event('input'));""", step)
        check(step, "slider")
    # The middle step, measured and said; then zoom: + and the button, 0 frames the step again.
    driver.execute_script("""var s = document.getElementById('slider'); s.value = arguments[0];
                             s.dispatchEvent(new Event('input'));""", total // 2)
    middle = check_view("middle step")
    if middle["nodes"]:
        print("view at %dx%d (drawing pane %dx%d, %d layouts), step %d of %d: node text %.2f px at least; "
              "framed the %s; %d of %d models in view" % (
            WIDTH, HEIGHT, middle["pane"][0], middle["pane"][1], middle["drawings"], total // 2, total,
            middle["minFont"], middle["framed"], middle["inside"], middle["nodes"]))
        if screenshot:
            driver.save_screenshot(screenshot)
        body.send_keys("+")
        zoomed = settled_view()
        expect(abs(zoomed["scale"] / middle["scale"] - 1.25) < 0.01, "+ zoomed %.3f times" % (zoomed["scale"] / middle["scale"]))
        driver.find_element(By.ID, "zoom-out").click()
        zoomed = settled_view()
        expect(abs(zoomed["scale"] / middle["scale"] - 1.0) < 0.01, "+ then the zoom-out button: %.3f times" % (
            zoomed["scale"] / middle["scale"]))
        body.send_keys("a")
        whole = settled_view()
        body.send_keys("0")
        reframed = check_view("0 after the whole drawing")
        expect(abs(reframed["scale"] / middle["scale"] - 1.0) < 0.01 and whole["scale"] <= middle["scale"],
               "0 did not frame the step again (scale %.3f, then %.3f)" % (whole["scale"], reframed["scale"]))

    # A random walk of single steps and jumps, in the order a person might make them: the drawing built group by
    # group as steps show them must be, at each step, the one worked out from the data alone.
    seed = int(os.environ.get("NAVGRAPH_SEED", str(int(time.time()))))
    walk = random.Random(seed)
    for move in range(40):
        how = "random walk (NAVGRAPH_SEED=%d), move %d" % (seed, move)
        if walk.random() < 0.5:
            body.send_keys(walk.choice([Keys.ARROW_RIGHT, Keys.ARROW_LEFT]))
        else:
            driver.execute_script("""var s = document.getElementById('slider'); s.value = arguments[0];
                                     s.dispatchEvent(new Event('input'));""", walk.randint(0, total))
        check_drawing(how)
        check_rows(how)
    driver.get("file://" + os.path.abspath(page) + "#step=%d" % (total // 3))
    # Only the fragment changed: the page moves on its hashchange event, some moments later. Wait for the step it
    # names (up to 10 s), then check it whole.
    for _ in range(1000):
        if current_step() == total // 3:
            break
        time.sleep(0.01)
    check(total // 3, "fragment")

    # A search for a model's id goes, with Enter, to each step that added or removed the model (its text need not
    # name it) or whose text names it while it is placed — never to one that only mentions it undrawn (a "start"
    # line read before the model is placed) — and frames that model.
    target = driver.execute_script("""
        var data = JSON.parse(document.getElementById('navgraph-data').textContent);
        // A model the drawing holds (not folded into "… N more"), a leaked one first.
        var drawn = {};
        data.drawings.forEach(function (d) {
            d.groups.forEach(function (g) { if (g.node !== undefined) drawn[g.node] = true; });
        });
        var candidates = data.leaked.concat(data.models.map(function (m, i) { return i; }));
        for (var k = 0; k < candidates.length; k++) {
            var m = data.models[candidates[k]];
            if (drawn[candidates[k]] && m.id && /^[A-Za-z0-9]+$/.test(m.id) && m.attached.length) return candidates[k];
        }
        return -1;""")
    if target >= 0:
        query = driver.execute_script(
            "return JSON.parse(document.getElementById('navgraph-data').textContent).models[arguments[0]].id", target)
        expected = driver.execute_script("""
            var data = JSON.parse(document.getElementById('navgraph-data').textContent), q = arguments[0].toLowerCase();
            var result = [];
            function placed(m, at) {  // as the page's visibility(): placed after step `at`
                var v = data.models[m].v, state = 0;
                for (var k = 0; k + 1 < v.length && v[k] <= at; k += 2) state = v[k + 1];
                return state === 1;
            }
            var named = data.models.map(function (m, i) { return i; }).filter(function (i) {
                return (data.models[i].type + ' ' + data.models[i].id).toLowerCase().indexOf(q) >= 0; });
            data.steps.forEach(function (s, i) {
                var names = (s.added || []).concat(s.removed || []).map(function (m) {
                    return (data.models[m].type + ' ' + data.models[m].id).toLowerCase(); });
                if (names.some(function (n) { return n.indexOf(q) >= 0; }) ||
                    (s.text.toLowerCase().indexOf(q) >= 0 && named.some(function (m) { return placed(m, i + 1); })))
                    result.push(i + 1);
            });
            return result;""", query)
        moved = driver.execute_script("""
            var data = JSON.parse(document.getElementById('navgraph-data').textContent), i = arguments[0];
            var result = [];
            data.steps.forEach(function (s, k) {
                if ((s.added || []).indexOf(i) >= 0 || (s.removed || []).indexOf(i) >= 0) result.push(k + 1); });
            return result;""", target)
        expect(set(moved) <= set(expected), "a search for %r misses steps that added or removed it" % query)
        body.send_keys(Keys.HOME)
        search = driver.find_element(By.ID, "search")
        search.send_keys(query)
        for found in expected[:2]:
            search.send_keys(Keys.ENTER)
            expect(current_step() == found, "a search for %r: Enter went to step %d, expected %d" % (
                query, current_step(), found))
            # Framed on it where the step's layout draws it (a layout may fold it into "… N more").
            held = driver.execute_script(DRAWING_AT + """var data = JSON.parse(document.getElementById('navgraph-data').textContent);
                var model = arguments[0];
                return drawingAt(data, arguments[1]).groups.some(function (g) { return g.node === model; });""",
                target, found)
            check_view("a search for %r" % query, focus=target if found in moved and held else None)
        print("search %r: steps %s" % (query, expected[:2]))
        driver.execute_script("""var s = document.getElementById('search'); s.value = '';
                                 s.dispatchEvent(new Event('input'));""")

    # A click on a model shows its lifetime; a click on an event row jumps there.
    clickable = driver.find_elements(By.CSS_SELECTOR, "#drawing g.node[data-model]:not(.off)")
    if clickable:
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", clickable[0])
        selection["model"] = selected = int(clickable[0].get_attribute("data-model"))
        check_drawing("a click on a model")
        search = driver.find_element(By.ID, "search")
        name = driver.execute_script("""var data = JSON.parse(document.getElementById('navgraph-data').textContent);
                                        return data.models[arguments[0]].type;""", selected)
        query = name[:max(1, len(name) // 2)].strip().lower()
        driver.execute_script("""var s = document.getElementById('search'); s.value = arguments[0];
                                 s.dispatchEvent(new Event('input'));""", query)
        check_drawing("a search for %r" % query, query=query)
        driver.execute_script("""var s = document.getElementById('search'); s.value = '';
                                 s.dispatchEvent(new Event('input'));""")
        expect("started" in driver.find_element(By.ID, "lifetime").text or "no start" in driver.find_element(By.ID, "lifetime").text,
               "a click on a model did not show its lifetime")
    listed = int(driver.execute_script("return Number(document.getElementById('events').dataset.shown)"))
    expect(listed == total, "the event list holds %d steps of %d" % (listed, total))
    if total >= 2:
        body.send_keys(Keys.HOME)
        row = driver.find_elements(By.CSS_SELECTOR, '#events .event[data-step="2"]')
        expect(len(row) == 1, "no row for step 2 in view at the start")
        if row:
            driver.execute_script("arguments[0].click()", row[0])
            check(2, "event row click")
            current = driver.find_elements(By.CSS_SELECTOR, "#events .event.current")
            expect(len(current) == 1 and current[0].get_attribute("data-step") == "2", "step 2's row is not highlighted")
    # The filter hides rows, never steps; the search keeps the rows that mention the text.
    first_event = driver.find_elements(By.CSS_SELECTOR, "#filters input")
    if first_event:
        driver.execute_script("arguments[0].click()", first_event[0])
        hidden = int(driver.execute_script("return Number(document.getElementById('events').dataset.shown)"))
        expect(hidden < total, "a filter hid no row")
        check_rows("a filter", [first_event[0].get_attribute("data-event")])
        expect(int(driver.execute_script("return Number(document.getElementById('slider').max)")) == total,
               "a filter changed the steps")
        driver.execute_script("arguments[0].click()", first_event[0])

    if hostile is not None:
        expect(driver.execute_script("return document.querySelectorAll('img, iframe, object, embed').length") == 0,
               "markup from the log became elements")
        expect(hostile in driver.find_element(By.ID, "events").text, "the hostile name is not shown as text")
        expect(driver.execute_script("return window.__navgraphPwned === undefined"), "script from the log ran")

    # A click on a leaked model goes to where it left, and frames it.
    leaks = driver.find_elements(By.CSS_SELECTOR, "#leaks button.model")
    if leaks:
        driver.execute_script("arguments[0].click()", leaks[0])
        leaked, drawn = driver.execute_script(DRAWING_AT + """var data = JSON.parse(document.getElementById('navgraph-data').textContent);
            var i = data.leaked[0], step = Number(document.getElementById('slider').value);
            return [i, drawingAt(data, step).groups.some(function (g) { return g.node === i; })];""")
        selection["model"] = leaked
        check_view("a click on a leaked model", focus=leaked if drawn else None)
except StopIteration:
    pass
except Exception as error:
    failures.append("%s: %s" % (type(error).__name__, error))
finally:
    try:
        for entry in driver.get_log("browser"):
            if entry.get("level") == "SEVERE":
                failures.append("browser console: " + entry.get("message", ""))
    finally:
        driver.quit()

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
