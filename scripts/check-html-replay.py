#!/usr/bin/env python3
"""Checks a `navgraph replay --html` page in headless Chromium (Selenium with Debian's chromedriver).

Usage: check-html-replay.py NAVGRAPH LOG PAGE [--screenshot PNG] [--hostile TEXT] [--measure | --measure-only]

Opens PAGE, steps with the keys (Home, →, End, ←) and the slider, and at each step compares the models the drawing
shows with `NAVGRAPH tree --at STEP --format json LOG`; checks the URL fragment follows the step, that no script
error was logged, and (--hostile) that TEXT from the log shows as text and made no element. --measure prints how
long the page took to become interactive; --measure-only prints that and checks only for script errors. Exit 0 when every check passed, 1 with the failures listed, 77 when
Chromium or Selenium cannot be had here (a skip, with the reason).
"""
import json
import os
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
try:
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
except Exception as error:  # a browser that cannot start here is a skip, not a pass
    skip("chromium did not start: %s" % str(error).splitlines()[0])

failures = []


def expect(condition, message):
    if not condition:
        failures.append(message)


def tree_at(step):
    """The models `tree --at STEP` places, as 'Type id' strings."""
    run = subprocess.run([navgraph, "tree", "--at", str(step), "--format", "json", log], capture_output=True, text=True)
    if step == 0:
        return set()
    if run.returncode != 0:
        failures.append("tree --at %d failed: %s" % (step, run.stderr.strip()))
        return set()
    result, pending = set(), list(json.loads(run.stdout)["roots"])
    while pending:
        node = pending.pop()
        result.add((node["type"] + " " + node["id"]).strip())
        pending.extend(node["children"])
    return result


def shown():
    """The models the drawing shows as placed (not hidden, not left, not the ghost of one removed this step)."""
    return set(driver.execute_script("""
        var data = JSON.parse(document.getElementById('navgraph-data').textContent);
        return Array.from(document.querySelectorAll('#drawing g.node[data-model]')).filter(function (g) {
            return !g.classList.contains('off') && !g.classList.contains('left') && !g.classList.contains('removed');
        }).map(function (g) { var m = data.models[Number(g.getAttribute('data-model'))]; return (m.type + ' ' + m.id).trim(); });
    """))


def drawn():
    return set(driver.execute_script("""
        var data = JSON.parse(document.getElementById('navgraph-data').textContent);
        return Array.from(document.querySelectorAll('#drawing g.node[data-model]'))
            .map(function (g) { var m = data.models[Number(g.getAttribute('data-model'))]; return (m.type + ' ' + m.id).trim(); });
    """))


def current_step():
    return int(driver.execute_script("return Number(document.getElementById('slider').value)"))


def check(step, how):
    expect(current_step() == step, "%s: at step %d, expected %d" % (how, current_step(), step))
    expect(driver.execute_script("return location.hash") == "#step=%d" % step,
           "%s: fragment %s, expected #step=%d" % (how, driver.execute_script("return location.hash"), step))
    want = tree_at(step) & drawn()  # models folded out of the drawing are not compared
    got = shown()
    expect(got == want, "%s: step %d shows %s; tree --at has %s" % (how, step, sorted(got), sorted(want)))


try:
    driver.get("file://" + os.path.abspath(page))
    for _ in range(600):
        if driver.execute_script("return document.body && document.body.dataset.ready === 'true'"):
            break
        time.sleep(0.05)
    expect(driver.execute_script("return document.body.dataset.ready") == "true", "the page never became ready")
    if measure:
        interactive = driver.execute_script("return Number(document.body.dataset.readyAt)")
        print("interactive after %.0f ms (navigation start to the first step drawn), %d bytes"
              % (interactive, os.path.getsize(page)))
    if measure_only:
        raise StopIteration
    total = int(driver.execute_script("return Number(document.getElementById('slider').max)"))
    expect(len(drawn()) > 0, "the drawing holds no model of the history")
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
    driver.get("file://" + os.path.abspath(page) + "#step=%d" % (total // 3))
    time.sleep(0.2)
    check(total // 3, "fragment")

    # A click on a model shows its lifetime; a click on an event row jumps there.
    clickable = driver.find_elements(By.CSS_SELECTOR, "#drawing g.node[data-model]:not(.off)")
    if clickable:
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", clickable[0])
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
        expect(int(driver.execute_script("return Number(document.getElementById('slider').max)")) == total,
               "a filter changed the steps")
        driver.execute_script("arguments[0].click()", first_event[0])

    if hostile is not None:
        expect(driver.execute_script("return document.querySelectorAll('img, iframe, object, embed').length") == 0,
               "markup from the log became elements")
        expect(hostile in driver.find_element(By.ID, "events").text, "the hostile name is not shown as text")
        expect(driver.execute_script("return window.__navgraphPwned === undefined"), "script from the log ran")

    if screenshot:
        # The moment the first leaked model left, with its lifetime open: what the page is for.
        leaks = driver.find_elements(By.CSS_SELECTOR, "#leaks button.model")
        if leaks:
            driver.execute_script("arguments[0].click()", leaks[0])
        driver.save_screenshot(screenshot)
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
