"""Shared by the browser tests (test_web_app.py) and Scripts/bench/bench-web: starts the built
`worldclock serve` on a free loopback port and a headless Chromium driven by selenium.

Only the system's browser is used: Debian's `chromium` and `chromium-driver` at fixed paths
(override with WORLDCLOCK_CHROMIUM, WORLDCLOCK_CHROMEDRIVER), given to selenium explicitly, with
Selenium Manager told to stay offline, so nothing is ever downloaded.
"""

import json
import os
import socket
import subprocess
import time
import urllib.request

CHROMIUM = os.environ.get("WORLDCLOCK_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("WORLDCLOCK_CHROMEDRIVER", "/usr/bin/chromedriver")
INSTALL_HINT = ("apt-get install -y chromium chromium-driver && pip install selenium && pip install --no-deps axe-playwright-python==0.1.8"
                " (or run Scripts/test, which installs them)")
# axe-core's rule sets the page is held to: WCAG 2.2 A and AA (2.0, 2.1, 2.2's new AA rules such as
# target-size) and Deque's best practices.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def missing_tools():
    """What is not installed, with the package that provides it."""
    problems = []
    if not os.access(CHROMIUM, os.X_OK):
        problems.append(f"{CHROMIUM} (Debian package chromium)")
    if not os.access(CHROMEDRIVER, os.X_OK):
        problems.append(f"{CHROMEDRIVER} (Debian package chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        problems.append("the Python module selenium (pip install selenium)")
    if axe_path() is None:
        problems.append("axe-core (pip install --no-deps axe-playwright-python==0.1.8)")
    return problems


def axe_path():
    """axe.min.js (axe-core 4.12.1) as axe-playwright-python ships it, or None. Only the JS file is
    used, injected with selenium: the package's Playwright half is never imported (nor installed)."""
    import importlib.util
    spec = importlib.util.find_spec("axe_playwright_python")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = os.path.join(list(spec.submodule_search_locations)[0], "axe.min.js")
    return path if os.path.exists(path) else None


def axe(driver, exclude=()):
    """axe-core run on the page as it is now, with AXE_TAGS and target-size: its violations, each
    {id, impact, help, nodes: [{target}]}, and the version that ran. `exclude` names parts (CSS
    selectors) left out, for a part another run has checked as it is now; the page-level rules
    still run, as axe runs them on the whole document."""
    with open(axe_path(), encoding="utf-8") as file:
        driver.execute_script(file.read())
    # axe walks the whole page (540 rows): on a loaded 2-core machine that took longer than the
    # 20-30 s script timeout other tests set. The timeout only guards against a hang.
    driver.set_script_timeout(300)
    result = driver.execute_async_script("""const [exclude, options, done] = arguments;
        const context = exclude.length ? {exclude: exclude.map((s) => [s])} : document;
        axe.run(context, options).then((r) => done({version: axe.version, violations: r.violations,
                                                      ran: [...r.violations, ...r.passes, ...r.incomplete].map((x) => x.id)}),
                                        (e) => done({error: String(e)}));""",
                                         # Only violations are reported node by node (axe's option for large
                                         # pages): every rule still checks every node; a pass or an
                                         # incomplete result names its rule with one node (`ran`).
                                         list(exclude), {"runOnly": {"type": "tag", "values": AXE_TAGS}, "resultTypes": ["violations"],
                                          "rules": {"target-size": {"enabled": True}}})
    if "error" in result:
        raise RuntimeError("axe-core: " + result["error"])
    return result



# Resolves with the active service worker's state once it is `activated`: `ready` resolves while
# it may still be `activating`, so the script waits for its statechange (an event, not a sleep).
WORKER_ACTIVATED = """const done = arguments[0];
    navigator.serviceWorker.ready.then((r) => {
        const worker = r.active;
        if (worker.state === 'activated') return done(worker.state);
        worker.addEventListener('statechange', () => {
            if (worker.state === 'activated' || worker.state === 'redundant') done(worker.state);
        });
    }, (e) => done(String(e)));"""

class Server:
    """`worldclock serve` on 127.0.0.1 and a free port, until stop()."""

    def __init__(self, executable, arguments=("--tzdata", "bundled", "--metrics-address", "off")):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.command = [executable, "serve", "--host", "127.0.0.1", "--port", str(self.port), "--quiet", *arguments]
        self.start()

    def start(self):
        """Starts the server (again, on the same port after stop()) and waits for /healthz."""
        env = dict(os.environ, TZ="Asia/Seoul", LANG="C.UTF-8")
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(self.base + "/healthz", timeout=1):
                    return
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"worldclock serve exited with {self.process.returncode}: {self.process.stderr.read().decode()}")
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"worldclock serve did not answer /healthz on port {self.port} within 120 s (a guard against a server that never starts)")
                time.sleep(0.1)

    def json(self, path):
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            return json.load(response)

    def head(self, path):
        """The response headers of GET `path`."""
        with urllib.request.urlopen(self.base + path, timeout=10) as response:
            response.read()
            return response.headers

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def chromium(width=1280, height=800, default_font_size=None, user_data_dir=None):
    """A headless Chromium (the system's), logging the console, in the Asia/Seoul zone; with
    `default_font_size`, the user's text size set as in the browser's settings (16 px by default);
    with `user_data_dir`, that profile folder (kept after quit(), for a browser started on it again:
    a returning user's), else a fresh one chromedriver makes and deletes."""
    os.environ["SE_OFFLINE"] = "true"        # Selenium Manager must not download a driver or browser
    os.environ["SE_AVOID_STATS"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                     "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--lang=ko-KR", "--hide-scrollbars", f"--window-size={width},{height}"):
        options.add_argument(argument)
    if user_data_dir:
        options.add_argument(f"--user-data-dir={user_data_dir}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if default_font_size:
        options.add_experimental_option("prefs", {"webkit.webprefs.default_font_size": default_font_size})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Seoul"})
    viewport(driver, width, height)
    return driver


class CDP:
    """A second DevTools connection to the browser that selenium drives, for what selenium's
    `execute_cdp_cmd` cannot do: receive events (tracing, network) and reach other targets (the
    service worker) through flattened sessions. `send` waits for the reply; events are kept."""

    def __init__(self, driver):
        import threading
        import websocket  # websocket-client, a dependency of selenium
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as response:
            url = json.load(response)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, max_size=None, suppress_origin=True)
        self.next_id = 0
        self.replies = {}
        self.events = []
        self.changed = threading.Condition()
        threading.Thread(target=self._receive, daemon=True).start()

    def _receive(self):
        while True:
            try:
                message = json.loads(self.socket.recv())
            except Exception:  # the connection closed: every wait ends at its deadline
                return
            with self.changed:
                if "id" in message:
                    self.replies[message["id"]] = message
                else:
                    self.events.append(message)
                self.changed.notify_all()

    def send(self, method, params=None, session=None, timeout=120):
        """The result of `method` (in the target of `session`, else the browser); raises on a CDP error."""
        with self.changed:
            self.next_id += 1
            number = self.next_id
        message = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        with self.changed:
            if not self.changed.wait_for(lambda: number in self.replies, timeout=timeout):
                raise TimeoutError(f"CDP {method}: no reply within {timeout} s")
            reply = self.replies.pop(number)
        if "error" in reply:
            raise RuntimeError(f"CDP {method}: {reply['error']}")
        return reply["result"]

    def wait_for(self, predicate, what, timeout=60):
        """The first kept event for which `predicate(event)` holds, waiting up to `timeout` (a deadline, not a delay)."""
        with self.changed:
            found = []
            if not self.changed.wait_for(lambda: found.extend(e for e in self.events if predicate(e)) or found, timeout=timeout):
                raise TimeoutError(f"CDP: {what} within {timeout} s")
            return found[0]

    def trace(self, categories, action):
        """The trace events recorded while `action()` runs."""
        self.send("Tracing.start", {"categories": categories, "transferMode": "ReportEvents"})
        try:
            action()
        finally:
            self.send("Tracing.end")
        self.wait_for(lambda e: e["method"] == "Tracing.tracingComplete", "the trace", timeout=300)
        with self.changed:
            events = [t for e in self.events if e["method"] == "Tracing.dataCollected" for t in e["params"]["value"]]
            self.events = [e for e in self.events if not e["method"].startswith("Tracing.")]
        return events

    def close(self):
        self.socket.close()


def viewport(driver, width, height, mobile=False, dark=False):
    """Sets the page's viewport (a phone gets touch), and the colour scheme."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": mobile, "maxTouchPoints": 5} if mobile else {"enabled": False})
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})


def open_app(driver, base, query="", timeout=20):
    """Loads the page and waits until the list is drawn and the clock ticks."""
    from selenium.webdriver.support.ui import WebDriverWait
    driver.get(base + "/" + query)
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script("return document.documentElement.dataset.ready === 'true'"))


class PageChecks:
    """What both browser scripts' test cases ask of the page, on the class's `driver` (set by the
    script): no console error after each test, a script's value, my clocks' cards, the service
    worker in control. A test case mixes it in before `unittest.TestCase` and has its own `wait`."""

    driver = None

    def tearDown(self):
        severe = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(severe, [], "console errors")

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def cards(self):
        return self.js("return [...document.querySelectorAll('#my-clocks .card')].map(c => c.dataset.name)")

    def card_text(self, name, part):
        return self.js("return document.querySelector(`#my-clocks .card[data-name=\"${arguments[0]}\"] ${arguments[1]}`).textContent",
                       name, part)

    def wait_for_service_worker(self, timeout=30):
        self.driver.set_script_timeout(timeout)
        state = self.driver.execute_async_script(WORKER_ACTIVATED)
        self.assertEqual(state, "activated")
        # The page that registered it is claimed; its next load goes through it.
        self.wait(lambda: self.js("return !!navigator.serviceWorker.controller"), "the service worker controls the page", timeout=timeout)
