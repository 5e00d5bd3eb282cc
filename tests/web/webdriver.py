"""A WebDriver client in the standard library only (urllib): enough of the W3C protocol to drive
Debian's chromium through Debian's chromedriver, for the browser tests (tests/web/page_test.py)."""

import base64
import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriverError(RuntimeError):
    pass


class Browser:
    """Headless chromium at a fixed window size (in CSS pixels; `scale` device pixels each, 2 as
    on a high-DPI laptop), WebGL 2 on SwiftShader (no GPU, no display)."""

    def __init__(self, width, height, chromedriver="/usr/bin/chromedriver",
                 chromium="/usr/bin/chromium", scale=1):
        self.port = free_port()
        self.driver = subprocess.Popen(
            [chromedriver, f"--port={self.port}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 20
        while True:
            try:
                self._call("GET", "/status")
                break
            except (urllib.error.URLError, ConnectionError):
                if time.time() > deadline:
                    self.driver.kill()
                    raise WebDriverError("chromedriver did not start")
                time.sleep(0.1)
        args = ["--headless=new", "--no-sandbox", "--use-angle=swiftshader",
                "--enable-unsafe-swiftshader", f"--window-size={width},{height}",
                f"--force-device-scale-factor={scale}", "--hide-scrollbars",
                "--disable-dev-shm-usage"]  # containers' /dev/shm is small
        caps = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {"binary": chromium, "args": args}}}}
        self.session = self._call("POST", "/session", caps)["sessionId"]

    def _call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read()).get("value")
        except urllib.error.HTTPError as e:
            raise WebDriverError(f"{method} {path}: {e.read().decode(errors='replace')[:2000]}")

    def _session(self, method, path, body=None):
        return self._call(method, f"/session/{self.session}{path}", body)

    def get(self, url):
        self._session("POST", "/url", {"url": url})

    def script(self, source, *args):
        return self._session("POST", "/execute/sync", {"script": source, "args": list(args)})

    def wait_for(self, source, timeout=30, what="the page"):
        """Polls `source` (a script's body that returns a value) until the value is truthy."""
        deadline = time.time() + timeout
        while True:
            value = self.script(source)
            if value:
                return value
            if time.time() > deadline:
                raise WebDriverError(f"timed out waiting for {what}: {source}")
            time.sleep(0.05)

    def press(self, *keys):
        """Presses and releases each key (W3C key values, e.g. '\\uE014' for Right) in turn."""
        actions = []
        for key in keys:
            actions += [{"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]
        self._session("POST", "/actions", {"actions": [
            {"type": "key", "id": "keyboard", "actions": actions}]})

    def screenshot_png(self):
        return base64.b64decode(self._session("GET", "/screenshot"))

    def console(self):
        try:
            return self._session("POST", "/se/log", {"type": "browser"}) or []
        except WebDriverError:
            return []

    def close(self):
        try:
            self._session("DELETE", "")
        except Exception:
            pass
        self.driver.kill()
        self.driver.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
