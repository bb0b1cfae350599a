#!/usr/bin/env python3
"""Checks `navgraph serve`'s live page in headless Chromium (Selenium with Debian's chromedriver), as
check-html-replay.py checks the replay page it is made from.

Usage: check-live-page.py NAVGRAPH LOG [--theme NAME] [--keep-steps N] [--screenshot PNG]

Starts `NAVGRAPH serve FILE --port 0` on an empty file named as LOG (the page's title), opens the page at 1280×800
(at step 0 its leaks panel says left, not finished yet, with no format's advice), and appends LOG to the file a
line at a time: after each line that makes a step the page must show that step within a second (its latency is
measured and printed), and at each step the models it draws must be those of `NAVGRAPH tree --at STEP LOG`. Then a
step back: the page stays there while lines arrive, says how many steps came, and its note returns to the newest.
Then the rest of LOG at once, the final step against `tree` (the drawing saying no model leaked: the input goes on), and the file truncated and written again: the page
starts over; navgraph serve stopped and started again on the port: the page reconnects to it. With --keep-steps the page holds only the latest steps, numbered as the input's. No script error and no Content Security Policy violation may be logged. Exit 0 when every check
passed, 1 with the failures listed, 77 when Chromium or Selenium cannot be had here (a skip, with the reason).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77
FOLLOWS_WITHIN = 1.0  # seconds from a line written to its step on screen


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
theme, screenshot, keep = None, None, None
if "--keep-steps" in args:
    i = args.index("--keep-steps"); keep = args[i + 1]; del args[i:i + 2]
if "--theme" in args:
    i = args.index("--theme"); theme = args[i + 1]; del args[i:i + 2]
if "--screenshot" in args:
    i = args.index("--screenshot"); screenshot = args[i + 1]; del args[i:i + 2]
if len(args) != 2:
    print(__doc__); sys.exit(64)
navgraph, log = args

browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
driver_path = shutil.which("chromedriver")
if not browser or not driver_path:
    skip("no chromium and chromedriver here (scripts/setup installs Debian's chromium and chromium-driver)")

failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def tree_at(step, written):
    """The models `tree --at STEP` places in the lines written so far, as 'Type id' strings (as check-html-replay.py
    compares them): the last step of what was written may be a dump still being printed, which the page shows as if
    it had ended, as `tree` reads it at the end of its input."""
    if step == 0:
        return set()
    prefix = os.path.join(folder, "prefix.log")
    with open(prefix, "wb") as f:
        f.write(written)
    run = subprocess.run([navgraph, "tree", "--at", str(step), "--format", "json", prefix], capture_output=True,
                         text=True)
    if run.returncode != 0:
        failures.append("tree --at %d failed: %s" % (step, run.stderr.strip()))
        return set()
    result, pending = set(), list(json.loads(run.stdout)["roots"])
    while pending:
        node = pending.pop()
        result.add((node["type"] + " " + node["id"]).strip())
        pending.extend(node["children"])
    return result


# The lines of LOG, and after each the number of steps `history` counts for the lines so far (a line may make no
# step: the app's own output, a dump line before its dump ends).
lines = open(log, "rb").read().splitlines(keepends=True)
folder = tempfile.mkdtemp(prefix="navgraph-live-")
# Named as LOG, and given by its name from its folder: the page's title is LOG's name (the screenshot shows it).
followed = os.path.join(folder, os.path.basename(log))


def steps_of(data):
    with open(os.path.join(folder, "prefix.log"), "wb") as f:
        f.write(data)
    run = subprocess.run([navgraph, "history", "--format", "json", os.path.join(folder, "prefix.log")],
                         capture_output=True, text=True)
    return len(json.loads(run.stdout)) if run.returncode == 0 and run.stdout.strip() else 0


open(followed, "wb").close()
command = [os.path.abspath(navgraph), "serve", os.path.basename(followed), "--port", "0"] + (["--theme", theme] if theme else []) + (
    ["--keep-steps", keep] if keep else [])
server = subprocess.Popen(command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, cwd=folder)
url = None
said = []
deadline = time.time() + 20
while time.time() < deadline and url is None:
    line = server.stderr.readline()
    said.append(line)
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    if match:
        url = match.group(1)
if url is None:
    server.kill()
    print("navgraph serve printed no URL: %s" % "".join(said))
    sys.exit(1)

options = Options()
options.binary_location = browser
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1600,1000"]:
    options.add_argument(flag)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
try:
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
except Exception as error:
    server.kill()
    skip("chromium did not start: %s" % str(error).splitlines()[0])


def page_step():
    """The step shown and the newest, as the page numbers them (the input's steps, however many it keeps), what its
    live note says, and whether it follows."""
    return driver.execute_script("""var m = /step (\\d+) \\/ (\\d+)/.exec(document.getElementById('position').textContent);
        return [m ? Number(m[1]) : -1, m ? Number(m[2]) : -1, document.getElementById('live').textContent,
                document.getElementById('drawing').dataset.following];""")


def shown_models():
    """As `shown`, by name: the page's current data names the models (the embedded data is the first state only)."""
    return set(driver.execute_script("""
        var names = window.__navgraphModels();
        return Array.from(document.querySelectorAll('#drawing g.node[data-model]')).filter(function (g) {
            return !g.classList.contains('left') && !g.classList.contains('removed');
        }).map(function (g) { return names[Number(g.getAttribute('data-model'))]; });
    """))


# Where each model shown is drawn (its node's first coordinates, in drawing units), and which
# layout draws it: a model that stays from one step to the next should stay where it is.
PLACES = """
    var names = window.__navgraphModels(), result = {};
    var drawing = document.getElementById('drawing').dataset.drawing;
    var graph = document.querySelector('#drawing svg g');
    document.querySelectorAll('#drawing g.node[data-model]').forEach(function (g) {
        var shape = g.querySelector('polygon, ellipse, path');
        if (!shape) return;
        var at = shape.getAttribute('points') || shape.getAttribute('d') ||
            (shape.getAttribute('cx') + ',' + shape.getAttribute('cy'));
        // Graphviz's markup counts y up from the bottom, under the graph's translate: a drawing that grows
        // taller changes every y in it while nothing moves on the page. Where the page puts it is what counts.
        var numbers = at.match(/-?[0-9]*\.?[0-9]+/g) || [];
        if (numbers.length < 2) return;
        var list = graph && graph.transform && graph.transform.baseVal;
        var m = list && list.numberOfItems ? list.consolidate().matrix : {a: 1, b: 0, c: 0, d: 1, e: 0, f: 0};
        var x = parseFloat(numbers[0]), y = parseFloat(numbers[1]);
        result[names[Number(g.getAttribute('data-model'))]] = drawing + ' ' +
            (m.a * x + m.c * y + m.e).toFixed(1) + ',' + (m.b * x + m.d * y + m.f).toFixed(1);
    });
    return result;
"""


def provisional():
    """Whether the step shown is a dump still being printed (the page says so under the step)."""
    return "(provisional" in driver.find_element(By.ID, "what").text


def wait_for(condition, seconds):
    start = time.time()
    while time.time() - start < seconds:
        value = condition()
        if value:
            return time.time() - start
        time.sleep(0.01)
    return None


try:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    # The page's data is replaced at each change: a hook reads the models' names from the data the page holds now.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.__navgraphModels = function () { return window.__navgraphNames || []; };
        var original = JSON.parse;
        JSON.parse = function (text) {
            var value = original.apply(this, arguments);
            var page = value && (value.page || (value.models && value.steps ? value : null));
            if (page) window.__navgraphNames = page.models.map(function (m) { return (m.type + ' ' + m.id).trim(); });
            return value;
        };"""})
    driver.get(url)
    expect(wait_for(lambda: driver.execute_script("return document.body.dataset.ready === 'true'"), 10) is not None,
           "the page never became ready")
    policy = driver.execute_script(
        "return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content")
    expect("default-src 'none'" in policy and "connect-src 'self'" in policy, "the page's CSP is %r" % policy)
    expect(wait_for(lambda: page_step()[2] != "", 5) is not None, "the page says nothing of being live")
    # Nothing read yet: the input goes on, so nothing has leaked yet, and no format's advice is given before one is
    # detected.
    leaks = driver.find_element(By.ID, "leaks").text.lower()
    expect(leaks.startswith("left, not finished yet") and "cannot be told" not in leaks,
           "at step 0 of a followed file the leaks panel says %r" % leaks)

    body = driver.find_element(By.TAG_NAME, "body")
    written, steps, latencies, provisionals, stays, last_places = b"", 0, [], [], [], {}
    # The first lines, one at a time: each step on screen within a second, with the models tree --at places.
    first_part = max(1, len(lines) * 2 // 3)
    for index in range(first_part):
        with open(followed, "ab") as f:
            f.write(lines[index])
        written += lines[index]
        now = steps_of(written)
        if now == steps:
            continue
        steps = now
        took = wait_for(lambda: page_step()[:2] == [steps, steps], 5)
        if took is None:
            failures.append("line %d: step %d not shown within 5 s (the page is at %s)" % (index + 1, steps, page_step()))
            continue
        latencies.append(took)
        expect(took <= FOLLOWS_WITHIN, "line %d: step %d shown after %.2f s" % (index + 1, steps, took))
        if provisional():
            # A dump still being printed, drawn as tree --follow draws it (not as tree reads a log cut there).
            provisionals.append(steps)
            continue
        got, want = shown_models(), tree_at(steps, written)
        expect(got == want, "step %d shows %s; tree --at has %s" % (steps, sorted(got), sorted(want)))
        places = driver.execute_script(PLACES)
        kept = [m for m in places if m in last_places]
        moved = [m for m in kept if places[m].split(" ", 1)[1] != last_places[m].split(" ", 1)[1]]
        relaid = [m for m in kept if places[m].split(" ", 1)[0] != last_places[m].split(" ", 1)[0]]
        if kept:
            stays.append((len(kept), len(moved), len(relaid) > 0))
        last_places = places
    if latencies:
        print("followed %d steps: each on screen %.0f ms after its line at most (median %.0f ms); %d of them "
              "provisional (a dump still being printed)" % (
            len(latencies), max(latencies) * 1000, sorted(latencies)[len(latencies) // 2] * 1000, len(provisionals)))
    if stays:
        print("models that stayed from one step to the next: %d times in all; %d of them moved, at %d of %d steps "
              "(%d of those steps drawn with another layout: a new run)" % (
                  sum(k for k, _, _ in stays), sum(m for _, m, _ in stays), sum(1 for _, m, _ in stays if m),
                  len(stays), sum(1 for _, m, r in stays if m and r)))

    # A step back: the page stays, says how many steps arrived, and its note returns to the newest.
    body.send_keys(Keys.ARROW_LEFT)
    back = steps - 1
    expect(wait_for(lambda: page_step()[0] == back, 2) is not None, "← did not step back (at %s)" % page_step())
    arrived_before = steps
    for index in range(first_part, min(len(lines), first_part + 12)):
        with open(followed, "ab") as f:
            f.write(lines[index])
        written += lines[index]
    first_part = min(len(lines), first_part + 12)
    steps = steps_of(written)
    if steps > arrived_before:
        expect(wait_for(lambda: page_step()[1] == steps, 3) is not None, "the page never got step %d" % steps)
        state = page_step()
        expect(state[0] == back, "stepped back to %d, the page moved to %d as steps arrived" % (back, state[0]))
        arrived = steps - arrived_before
        expect(("%d new step" % arrived) in state[2], "the note says %r; %d steps arrived" % (state[2], arrived))
        expect(state[3] == "false", "the page says it follows while stepped back")
        driver.find_element(By.ID, "live").click()
        expect(wait_for(lambda: page_step()[:2] == [steps, steps], 2) is not None,
               "the note did not return to the newest step (at %s)" % page_step())

    # The rest at once: the newest step follows, and shows what tree has at the end.
    with open(followed, "ab") as f:
        f.write(b"".join(lines[first_part:]))
    written += b"".join(lines[first_part:])
    steps = steps_of(written)
    took = wait_for(lambda: page_step()[:2] == [steps, steps], 5)
    expect(took is not None and took <= FOLLOWS_WITHIN + 0.5, "the last %d lines: step %d after %s s" % (
        len(lines) - first_part, steps, took))
    if took is not None:
        print("the last %d lines at once: step %d on screen %.0f ms after they were written" % (
            len(lines) - first_part, steps, took * 1000))
    got, want = shown_models(), tree_at(steps, written)
    expect(provisional() or got == want, "the last step %d shows %s; tree has %s" % (steps, sorted(got), sorted(want)))
    expect("left, not finished yet" in driver.find_element(By.ID, "leaks").text.lower(),
           "following a file (no end of input), leaks are still only left: %r" % driver.find_element(By.ID, "leaks").text)
    # The drawing words it as the panel does: a model that left is not leaked before the input ends.
    words = driver.execute_script("return document.getElementById('drawing').textContent")
    expect("leaked" not in words, "following a file, the drawing labels a model leaked: %r" % words[:300])
    if screenshot:
        driver.save_screenshot(screenshot)

    # The file truncated and written again (another run of the app): the page starts over with it.
    restart_lines = lines[:min(len(lines), 8)]
    with open(followed, "wb") as f:
        f.write(b"".join(restart_lines))
    again = steps_of(b"".join(restart_lines))
    took = wait_for(lambda: page_step()[:2] == [again, again], 5)
    expect(took is not None, "after the file was truncated the page shows %s, not step %d" % (page_step(), again))

    # navgraph serve stopped and started again on the same port (the app run again): the page says it lost the
    # server, reconnects on its own, and shows the new one's state, though that one counts its versions anew.
    server.terminate()
    server.wait(timeout=10)
    expect(wait_for(lambda: "reconnecting" in page_step()[2], 10) is not None,
           "the page does not say it lost the server: %r" % page_step()[2])
    with open(followed, "wb") as f:
        f.write(b"".join(lines))
    port = re.search(r":(\d+)/", url).group(1)
    server = subprocess.Popen(command[:command.index("--port")] + ["--port", port] +
                              command[command.index("--port") + 2:],
                              stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL, cwd=folder)
    steps = steps_of(b"".join(lines))
    took = wait_for(lambda: page_step()[:2] == [steps, steps], 15)
    expect(took is not None, "after navgraph serve started again the page shows %s, not step %d" % (
        page_step(), steps))
except Exception as error:
    failures.append("%s: %s" % (type(error).__name__, error))
finally:
    try:
        for entry in driver.get_log("browser"):
            message = entry.get("message", "")
            # The event stream cut when the server was stopped on purpose, and its reconnection attempts meanwhile.
            if "/events - Failed to load resource" in message:
                continue
            if entry.get("level") == "SEVERE":
                failures.append("browser console: " + message)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok")
