#!/usr/bin/env python3
"""The browser build in a real browser: Debian's headless chromium, driven by chromedriver, loads
the page (scripts/web.sh's build-web/site) from a local server.

  page_test.py SITE SCANSCOPE first-frame      the first frame within 3 s in a running browser;
                                               its time printed
  page_test.py SITE SCANSCOPE lesson KEY       the lesson at a step, at a desk and in presenter
                                               mode, against the desktop app's own --layout-json
                                               and screenshot at the same size
  page_test.py SITE SCANSCOPE views KEY        every view of the lesson, against the desktop's
  page_test.py SITE SCANSCOPE keys             step, play, presenter, predict and its answers
  page_test.py SITE SCANSCOPE gpu-trace FILE   a trace captured on a GPU, opened as a user's file
  page_test.py SITE SCANSCOPE address          a link with a bad parameter says why, on the page
  page_test.py SITE SCANSCOPE save-png         File > Save step as PNG downloads the step
  page_test.py SITE SCANSCOPE high-dpi         2 device pixels per CSS pixel: sharp, mouse right
  page_test.py SITE SCANSCOPE shot QUERY OUT   the page at ?QUERY, as a PNG (the README's)

SCANSCOPE is the desktop binary (for the comparison). Exit 0 when it holds, 1 with the reasons.
"""

import base64
import functools
import http.server
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webdriver import Browser  # noqa: E402

WIDTH, HEIGHT = 1280, 720
FIRST_FRAME_LIMIT_MS = 3000
KEY = {"Right": "\ue014", "Left": "\ue012", "Home": "\ue011", "End": "\ue010",
       "Space": " ", "F2": "\ue032"}

failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)
    return ok


class Site:
    """The page's folder on a local HTTP server, and extra files beside it (a trace to open)."""

    def __init__(self, folder, extra=()):
        self.dir = tempfile.mkdtemp(prefix="scanscope-site-")
        for name in os.listdir(folder):
            os.symlink(os.path.abspath(os.path.join(folder, name)), os.path.join(self.dir, name))
        for path in extra:
            shutil.copy(path, self.dir)
        handler = functools.partial(QuietHandler, directory=self.dir)
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self):
        self.server.shutdown()
        shutil.rmtree(self.dir)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def size_window(browser):
    """The window's size counts the browser's own frame: makes the page's inside WIDTH x HEIGHT."""
    browser.get("about:blank")
    outer = browser.script("return [window.outerWidth - window.innerWidth,"
                           " window.outerHeight - window.innerHeight]")
    browser._session("POST", "/window/rect",
                     {"width": WIDTH + outer[0], "height": HEIGHT + outer[1]})


def open_page(browser, url):
    """Loads `url` with the viewport at WIDTH x HEIGHT; returns the first frame's time in ms."""
    size_window(browser)
    browser.get(url)
    return browser.wait_for("return window.scanscope && window.scanscope.firstFrameMs", 60,
                            "the first frame")


def page_error(browser, or_first_frame=False):
    """Waits for the page's status line to say an error ({"error": text}), or, with
    or_first_frame, for the program's first frame instead ({"ok": True})."""
    drawn = "window.scanscope.firstFrameMs" if or_first_frame else "false"
    return browser.wait_for(f"""const s = document.getElementById('status');
        if (s.className === 'error') return {{error: s.textContent}};
        return {drawn} ? {{ok: true}} : null;""", 60 if or_first_frame else 30,
                            "the page" if or_first_frame else "the error")


def state(browser):
    return browser.script("return window.scanscope.state()")


def press(browser, *names):
    for name in names:
        key = KEY.get(name, name)
        browser._session("POST", "/actions", {"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": key}, {"type": "pause", "duration": 80},
            {"type": "keyUp", "value": key}, {"type": "pause", "duration": 80}]}]})
    time.sleep(0.15)


def read_png_rgb(data):
    """RGB rows of an 8-bit RGB or RGBA PNG (what chromium and the desktop app write)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "only 8-bit RGB(A) PNGs"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line[i] for i in range(stride) if i % channels < 3))
        prev = line
    return width, height, rows


def mean_difference(a, b, rect):
    """The mean absolute difference of two RGB images' channels inside rect [x, y, w, h]."""
    x0, y0, w, h = (int(round(v)) for v in rect)
    total = count = 0
    for y in range(y0, y0 + h):
        ra, rb = a[y][x0 * 3:(x0 + w) * 3], b[y][x0 * 3:(x0 + w) * 3]
        total += sum(abs(p - q) for p, q in zip(ra, rb))
        count += len(ra)
    return total / max(count, 1)


def desktop_shot(scanscope, lesson, step, out_dir, extra=()):
    png, layout = os.path.join(out_dir, "desktop.png"), os.path.join(out_dir, "desktop.json")
    command = [scanscope, "--lesson", lesson, "--step", str(step), "--size",
               f"{WIDTH}x{HEIGHT}", "--screenshot", png, "--layout-json", layout, *extra]
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1920x1200x24"] + command
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                   timeout=300)
    with open(layout) as f:
        frames = json.load(f)["frames"]
    with open(png, "rb") as f:
        return frames[-1], f.read()


# The window's two ways of showing a step: at a desk, and presenter mode as a projector shows it
# (light, the UI at 1.5): the address's parameters and the desktop's options that ask for each.
MODES = [("desk", "", []),
         ("presenter", "&presenter=1&scale=1.5&theme=light",
          ["--presenter", "--ui-scale", "1.5", "--theme", "light"])]


# The panels whose drawing is the same scene on both (the status line, the controls and the
# timings say what differs in a browser).
SAME_PANELS = ("canvas", "banks")


def compare_layouts(page, desktop, what):
    ok = check(page.get("view") == desktop.get("view") and page.get("frame") == desktop.get("frame"),
               f"{what}: view and step as on the desktop ({page.get('view')} "
               f"{page.get('frame')}/{page.get('frames')})")
    for key in ("canvas", "banks"):
        ok &= check(all(abs(p - d) <= 1 for p, d in zip(page[key], desktop[key])),
                    f"{what}: the {key} panel where the desktop puts it ({page[key]})")
    texts = {p: [t for t in page["texts"] if t["panel"] == p] for p in SAME_PANELS}
    wanted = {p: [t for t in desktop["texts"] if t["panel"] == p] for p in SAME_PANELS}
    for panel in SAME_PANELS:
        a, b = texts[panel], wanted[panel]
        same = len(a) == len(b) and all(
            x["text"] == y["text"] and x["role"] == y["role"] and
            abs(x["font_px"] - y["font_px"]) < 0.01 and
            all(abs(p - q) <= 1.0 for p, q in zip(x["box"], y["box"])) for x, y in zip(a, b))
        if not same:
            for i, (x, y) in enumerate(zip(a, b)):
                if x["text"] != y["text"] or any(abs(p - q) > 1 for p, q in zip(x["box"], y["box"])):
                    print(f"     first difference, text {i}: page {x['text']!r} {x['box']}, "
                          f"desktop {y['text']!r} {y['box']}")
                    break
        ok &= check(same, f"{what}: {len(a)} texts of the {panel} panel as the desktop draws "
                          f"them ({len(b)}), text, role, size and place")
    return ok


# A page that only asks for a WebGL 2 context: it starts the browser's renderer and GPU
# processes, as a student's running browser already has them.
BROWSER_START_PAGE = ("<!doctype html><canvas id=c></canvas><script>"
                      "window.scanscope = {firstFrameMs: null};"
                      "document.getElementById('c').getContext('webgl2');"
                      "requestAnimationFrame(() => "
                      "{ window.scanscope.firstFrameMs = performance.now(); });</script>")


def test_first_frame(site):
    """The page's first frame, asked for in a running browser with nothing of the page cached.
    A fresh headless chromium's own start (its processes, its first WebGL context) took 0.5 to
    1.9 s on the 2-core CI machine, whatever the page: it is printed, not counted."""
    with open(os.path.join(site.dir, "browser-start.html"), "w") as f:
        f.write(BROWSER_START_PAGE)
    with Browser(WIDTH, HEIGHT) as browser:
        start_ms = open_page(browser, site.url + "browser-start.html")
        ms = open_page(browser, site.url + "index.html")
        # transferSize is 0 for what came from the browser's cache.
        fetched = browser.script("return Object.fromEntries(performance.getEntriesByType("
                                 "'resource').map(e => [e.name.split('/').pop(), e.transferSize]))")
        check(all(fetched.get(n, 0) > 0 for n in ("scanscope.js", "scanscope.wasm",
                                                 "scanscope.data")),
              f"the page's script, wasm and data came over the network, none from a cache: "
              f"{fetched}")
        check(ms < FIRST_FRAME_LIMIT_MS,
              f"first frame at {ms:.0f} ms after the page was asked for (limit "
              f"{FIRST_FRAME_LIMIT_MS} ms; the browser's own start before it: {start_ms:.0f} ms)")
        s = state(browser)
        check(s["loaded"] and s["lesson"] == "01-harris-blelloch",
              "with no address parameters the first lesson opens")
        check("web page" in s["device"], f"the device line says where it runs: {s['device']!r}")
        sizes = {n: os.path.getsize(os.path.join(site.dir, n))
                 for n in ("scanscope.wasm", "scanscope.data", "scanscope.js", "index.html")}
        print(f"     page size: {sum(sizes.values()) / 1e6:.1f} MB ({sizes})")


def test_lesson(site, scanscope, lesson):
    with Browser(WIDTH, HEIGHT) as browser, tempfile.TemporaryDirectory() as tmp:
        # A step into the lesson: its third, or its last where it has fewer.
        open_page(browser, site.url + f"index.html?lesson={lesson}")
        frames = state(browser)["frames"]
        step = min(3, frames)
        for mode, query, options in MODES:
            what = f"{lesson} ({mode})"
            open_page(browser, site.url + f"index.html?lesson={lesson}&step={step}{query}")
            s = state(browser)
            check(s["loaded"] and s["lesson"] == lesson and s["frame"] == step and
                  s["presenter"] == (mode == "presenter"),
                  f"{what}: opened at step {step} of {frames}")
            page_layout = browser.script("return window.scanscope.layout()")
            page_png = browser.screenshot_png()
            desktop_layout, desktop_png = desktop_shot(scanscope, lesson, step, tmp, options)
            compare_layouts(page_layout, desktop_layout, what)
            pw, ph, page_rgb = read_png_rgb(page_png)
            dw, dh, desktop_rgb = read_png_rgb(desktop_png)
            if check((pw, ph) == (dw, dh) == (WIDTH, HEIGHT), f"{what}: both shots {pw}x{ph}"):
                for panel in SAME_PANELS:
                    if desktop_layout[panel][2] < 1 or desktop_layout[panel][3] < 1:
                        continue  # presenter mode may give the Banks drawing no room
                    d = mean_difference(page_rgb, desktop_rgb, desktop_layout[panel])
                    check(d < 1.5, f"{what}: the {panel} panel's pixels differ from the "
                                   f"desktop's by {d:.2f} levels on average (limit 1.5)")
            keep = os.environ.get("SCANSCOPE_WEB_SHOTS")
            if keep:
                os.makedirs(keep, exist_ok=True)
                for name, data in (("page", page_png), ("desktop", desktop_png)):
                    with open(os.path.join(keep, f"{lesson}-{mode}-{name}.png"), "wb") as f:
                        f.write(data)


VIEWS = ["array", "tree", "pingpong", "reduction", "multiblock", "lookback", "scatter", "grid",
         "compare"]


def test_views(site, scanscope, lesson):
    """Every view of a lesson, as the desktop draws it; a view it has nothing for is refused by
    both, with the same sentence."""
    with Browser(WIDTH, HEIGHT) as browser, tempfile.TemporaryDirectory() as tmp:
        shown = 0
        for view in VIEWS:
            try:
                desktop_layout, _ = desktop_shot(scanscope, lesson, 2, tmp, ["--view", view])
            except subprocess.CalledProcessError:
                desktop_layout = None
            size_window(browser)
            browser.get(site.url + f"index.html?lesson={lesson}&step=2&view={view}")
            outcome = page_error(browser, or_first_frame=True)
            if desktop_layout is None:
                check("error" in outcome and "nothing to show" in outcome["error"],
                      f"{lesson}: the {view} view is refused, as on the desktop")
                continue
            if not check("ok" in outcome, f"{lesson}: the {view} view opens"):
                continue
            shown += 1
            compare_layouts(browser.script("return window.scanscope.layout()"), desktop_layout,
                            f"{lesson} ({view})")
        check(shown >= 2, f"{lesson}: {shown} views compared")


def take_shot(site, query, out):
    """The page at WIDTH x HEIGHT, opened at `query` (scripts/screenshots.sh: the README's)."""
    with Browser(WIDTH, HEIGHT) as browser:
        open_page(browser, site.url + "index.html" + query)
        time.sleep(0.5)
        with open(out, "wb") as f:
            f.write(browser.screenshot_png())


def test_keys(site):
    with Browser(WIDTH, HEIGHT) as browser:
        open_page(browser, site.url + "index.html?lesson=01-harris-blelloch")
        browser.script("document.getElementById('canvas').focus()")
        s = state(browser)
        check(s["frame"] == 1, "the lesson opens at its first step")
        press(browser, "Right", "Right")
        check(state(browser)["frame"] == 3, "Right twice: step 3")
        press(browser, "Left")
        check(state(browser)["frame"] == 2, "Left: step 2")
        press(browser, "End")
        s = state(browser)
        check(s["frame"] == s["frames"], f"End: the last step ({s['frames']})")
        press(browser, "Home")
        check(state(browser)["frame"] == 1, "Home: step 1")
        press(browser, "Space")
        check(state(browser)["playing"], "Space: playing")
        press(browser, "Space")
        check(not state(browser)["playing"], "Space again: paused")
        press(browser, "Home", "p")
        check(state(browser)["presenter"], "P: presenter mode")
        press(browser, "p")
        check(not state(browser)["presenter"], "P again: presenter mode off")
        press(browser, "F2")
        check(state(browser)["predict"]["enabled"], "F2: predict mode")
        press(browser, "Right")
        s = state(browser)
        check(s["predict"]["pending"], f"Right in predict mode asks first: "
                                       f"{s['predict'].get('prompt', '')!r}")
        choices = len(s["predict"].get("choices", []))
        check(2 <= choices <= 8, f"{choices} choices, keys A to {chr(ord('A') + choices - 1)}")
        press(browser, "a")
        s2 = state(browser)
        check(s2["predict"]["asked"] == 1 and not s2["predict"]["pending"],
              f"A answers it ({s2['predict']['right']} of {s2['predict']['asked']} right)")
        kept = s2["predict"]["kept_asked"]
        check(kept >= 1, f"the lesson's score book holds it ({kept} asked in all)")
        # The score book is in the browser's storage: the next visit still has it.
        open_page(browser, site.url + "index.html?lesson=01-harris-blelloch")
        s3 = state(browser)
        check(s3["predict"]["kept_asked"] == kept,
              f"after a reload the browser's storage still holds {kept} answer(s) "
              f"(got {s3['predict']['kept_asked']})")


def click(browser, x, y):
    browser._session("POST", "/actions", {"actions": [{
        "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [{"type": "pointerMove", "x": x, "y": y}, {"type": "pause", "duration": 100},
                    {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 100},
                    {"type": "pointerUp", "button": 0}, {"type": "pause", "duration": 100}]}]})
    time.sleep(0.3)


def test_save_png(site):
    """File > Save step as PNG: the window at the step, handed over as a download."""
    with Browser(WIDTH, HEIGHT) as browser:
        open_page(browser, site.url + "index.html?lesson=02-kirk-hwu-ping-pong&step=2")
        browser.script("""window.__downloads = [];
            window.scanscopePage.download = (path, name, mime) => {
              const bytes = Module.FS.readFile(path);
              let text = '';
              for (const b of bytes) text += String.fromCharCode(b);
              window.__downloads.push({name, mime, png: btoa(text)});
            };""")
        click(browser, 28, 13)    # File (ImGui's menu bar at scale 1)
        click(browser, 60, 67)    # its second item, Save step as PNG
        downloads = browser.wait_for("return window.__downloads.length && window.__downloads",
                                     10, "the download")
        d = downloads[0]
        check(d["name"] == "02-kirk-hwu-ping-pong-pingpong-2.png" and d["mime"] == "image/png",
              f"a download named {d['name']!r} ({d['mime']})")
        w, h, rows = read_png_rgb(base64.b64decode(d["png"]))
        check((w, h) == (WIDTH, HEIGHT), f"the PNG is the window's size, {w}x{h}")
        page = read_png_rgb(browser.screenshot_png())[2]
        layout = browser.script("return window.scanscope.layout()")
        diff = mean_difference(rows, page, layout["canvas"])
        check(diff < 1.0, f"its canvas is the page's (differs by {diff:.2f} levels on average)")


def test_gpu_trace(site, trace_path):
    name = os.path.basename(trace_path)
    with Browser(WIDTH, HEIGHT) as browser:
        open_page(browser, site.url + "index.html")
        # As the page's picker or a drop hands it over: a File, read into the page.
        browser.script("""
            const name = arguments[0];
            window.__opened = null;
            fetch(name).then(r => r.blob()).then(b => window.scanscopePage.openTraceFile(
                new File([b], name))).then(() => { window.__opened = true; });""", name)
        browser.wait_for("return window.__opened", 30, "the trace file")
        time.sleep(0.2)
        s = state(browser)
        with open(trace_path) as f:
            trace = json.load(f)
        device = trace.get("source", {}).get("device", "")
        check(s["loaded"] and s["variant"] == trace["variant"],
              f"{name}: opened, variant {s.get('variant')}")
        check(any(device and device in n for n in s["notices"]),
              f"{name}: the notice names the GPU it was captured on ({device!r})")
        press(browser, "End")
        s = state(browser)
        check(s["frame"] == s["frames"] and s["frames"] > 1, f"{name}: steps 1..{s['frames']}")


def test_high_dpi(site):
    """A laptop's high-DPI screen (2 device pixels per CSS pixel): the canvas holds the device's
    pixels and the UI is drawn twice as large in them, so the page looks as at 1 but sharp; the
    mouse still hits the menu and the keys still step."""
    with Browser(WIDTH, HEIGHT, scale=2) as browser:
        open_page(browser, site.url + "index.html?lesson=02-kirk-hwu-ping-pong&step=2")
        size = browser.script("const c = document.getElementById('canvas');"
                              "return [c.width, c.height, window.devicePixelRatio]")
        check(size == [2 * WIDTH, 2 * HEIGHT, 2],
              f"the canvas holds {size[0]}x{size[1]} device pixels at a ratio of {size[2]}")
        layout = browser.script("return window.scanscope.layout()")
        check(abs(layout["ui_scale"] - 2) < 1e-6, f"the UI at scale {layout['ui_scale']}")
        press(browser, "Right")
        check(state(browser)["frame"] == 3, "Right: step 3")
        browser.script("""window.__downloads = [];
            window.scanscopePage.download = (path, name) =>
              window.__downloads.push([name, Module.FS.readFile(path).length]);""")
        click(browser, 28, 13)    # File, in CSS pixels as the user points
        click(browser, 60, 67)    # Save step as PNG
        downloads = browser.wait_for("return window.__downloads.length && window.__downloads",
                                     10, "the download")
        check(downloads[0][0].endswith("-3.png"), f"the menu took the click: {downloads[0][0]}")


def test_bad_address(site):
    with Browser(WIDTH, HEIGHT) as browser:
        browser.get(site.url + "index.html?lesson=no-such-lesson")
        text = page_error(browser)["error"]
        check("no lesson 'no-such-lesson'" in text, f"an unknown lesson is said: {text[:80]!r}")
        browser.get(site.url + "index.html?colour=red")
        text = page_error(browser)["error"]
        check("'colour'" in text, f"an unknown parameter is said: {text[:80]!r}")


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    folder, scanscope, what = sys.argv[1], sys.argv[2], sys.argv[3]
    if not os.path.isfile(os.path.join(folder, "scanscope.wasm")):
        print(f"page_test: no page at {folder}: build it with scripts/web.sh")
        return 1
    extra = [sys.argv[4]] if what == "gpu-trace" else []
    site = Site(folder, extra)
    try:
        if what == "first-frame":
            test_first_frame(site)
        elif what == "lesson":
            test_lesson(site, scanscope, sys.argv[4])
        elif what == "keys":
            test_keys(site)
        elif what == "gpu-trace":
            test_gpu_trace(site, sys.argv[4])
        elif what == "address":
            test_bad_address(site)
        elif what == "save-png":
            test_save_png(site)
        elif what == "high-dpi":
            test_high_dpi(site)
        elif what == "views":
            test_views(site, scanscope, sys.argv[4])
        elif what == "shot":
            take_shot(site, sys.argv[4], sys.argv[5])
        else:
            print(f"page_test: unknown test {what!r}")
            return 2
    finally:
        site.close()
    if failures:
        print(f"{len(failures)} check(s) failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
