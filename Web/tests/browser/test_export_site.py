#!/usr/bin/env python3
"""The static site of `worldclock export`, served by nginx alone (Scripts/ops/nginx-export.conf, no
worldclock process running), in a real headless Chromium: the page loads, search runs in the page
(the WebAssembly engine; the export has no /v1/search), my clocks survive a reload, and with
nginx stopped the service worker still gives the app, my clocks and search.

    test_export_site.py --worldclock .build/debug/worldclock

The site is exported at the current time (no --at: the clocks are live) with the bundled tz rules
into a temporary folder that nginx serves on a free loopback port; both are gone afterwards, also
when a test fails. Exit 0 when every test passes, 1 when one fails (or the export or nginx fails),
3 when Chromium, its driver, selenium or nginx is missing (the message says what to install). Run
by Tests/WebAppTests (swift test).
"""

import argparse
import datetime
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
import urllib.error
import urllib.request

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CONFIG = os.path.join(ROOT, "Scripts", "ops", "nginx-export.conf")
NGINX = os.environ.get("WORLDCLOCK_NGINX") or next((p for p in ("/usr/sbin/nginx", "/usr/bin/nginx") if os.access(p, os.X_OK)),
                                                    "/usr/sbin/nginx")
ENV = dict(os.environ, TZ="Asia/Seoul", LANG="C.UTF-8")

# What is typed, and the place the CLI is expected to find first (checked against the CLI itself).
QUERIES = {"뉴": "뉴욕", "ㄴㅇ": "뉴욕", "sbdyr": "뉴욕", "UTC+9": "서울"}
LIMIT = 20  # the page's search box shows as many as the CLI's default

ARGS = None
SITE = None
DRIVER = None
CLI = {}  # query → the CLI's result names, in order (see cli)


def local_time(local_seconds):
    """("오후 2:05", ":09"): what a card shows for a wall-clock instant, in 12-hour style."""
    d = datetime.datetime.fromtimestamp(int(local_seconds), datetime.timezone.utc)
    hour = d.hour % 12 or 12
    return (f"{'오전' if d.hour < 12 else '오후'} {hour}:{d.minute:02d}", f":{d.second:02d}")


class Site:
    """`worldclock export` in a temporary folder, served by nginx on 127.0.0.1 and a free port."""

    def __init__(self, worldclock):
        self.work = tempfile.mkdtemp(prefix="worldclock-export-site-")
        self.process = None
        try:
            self.make(worldclock)
        except BaseException:
            self.remove()
            raise

    def make(self, worldclock):
        # nginx's worker runs as nobody when started by root: it must be able to read the tree.
        os.chmod(self.work, 0o755)
        self.log = os.path.join(self.work, "nginx.log")
        site = os.path.join(self.work, "site")
        export = subprocess.run([worldclock, "export", site, "--tzdata", "bundled"], capture_output=True, text=True, env=ENV)
        if export.returncode != 0:
            raise RuntimeError(f"worldclock export exited with {export.returncode}: {export.stderr}")
        self.export_log = (export.stdout + export.stderr).strip()
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        with open(CONFIG, encoding="utf-8") as file:
            config = file.read()
        config = (config.replace("ROOT", site).replace("PORT", str(self.port))
                  .replace("PIDFILE", os.path.join(self.work, "nginx.pid")))
        self.config = os.path.join(self.work, "nginx.conf")
        with open(self.config, "w", encoding="utf-8") as file:
            file.write(config)
        self.start()

    def start(self):
        """Starts nginx (again, on the same port, after stop()) and waits until it answers /."""
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen([NGINX, "-c", self.config, "-p", self.work, "-e", "stderr"],
                                            stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                pass
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited with {self.process.returncode}: {self.read_log()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"nginx did not answer / on port {self.port} within 60 s (a guard, not a delay): {self.read_log()}")
            time.sleep(0.1)

    def read_log(self):
        with open(self.log, encoding="utf-8", errors="replace") as file:
            return file.read()

    def get(self, path):
        """(status, headers, body) of GET `path`, an error status included."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as response:
                return response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def json(self, path):
        status, _, body = self.get(path)
        if status != 200:
            raise RuntimeError(f"{path}: HTTP {status}")
        return json.loads(body)

    def stop(self):
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()  # SIGTERM: nginx's fast shutdown, its worker with it
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def remove(self):
        self.stop()
        shutil.rmtree(self.work, ignore_errors=True)


def cli(query):
    """The CLI's result names for `query` (up to the page's limit), on the same bundled rules as the export."""
    if query not in CLI:
        CLI[query] = cli_search(query)
    return CLI[query]


def cli_search(query):
    out = subprocess.run([ARGS.worldclock, "search", query, "--json", "--limit", str(LIMIT), "--tzdata", "bundled"],
                         capture_output=True, text=True, env=ENV)
    if out.returncode != 0:
        raise RuntimeError(f"worldclock search {query} exited with {out.returncode}: {out.stderr}")
    return [r["place"]["name"] for r in json.loads(out.stdout)["results"]]


class ExportSiteTests(harness.PageChecks, unittest.TestCase):
    """One browser for all tests; each starts from an empty localStorage (my clocks) at the desktop size."""

    def setUp(self):
        harness.viewport(DRIVER, 1280, 800)
        self.open()
        DRIVER.execute_script("localStorage.clear()")
        DRIVER.get_log("browser")  # drop what came before

    # Helpers

    def open(self):
        """The page at / (the browser is in Asia/Seoul, a zone of the feed: no ?from= needed)."""
        harness.open_app(DRIVER, SITE.base, timeout=60)

    def wait(self, condition, message, timeout=30):
        """Waits for `condition()` (a deadline, not a delay); else fails saying `message` (a string, or
        a function giving one then, with what the page shows at the deadline)."""
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.ui import WebDriverWait
        try:
            return WebDriverWait(DRIVER, timeout).until(lambda d: condition())
        except TimeoutException:
            raise self.failureException(f"{message() if callable(message) else message} (waited {timeout} s)") from None

    def result_names(self):
        return self.js("return [...document.querySelectorAll('#search-results .option .name')].map(e => e.textContent)")

    def search(self, query):
        """Types `query` in the search box (emptied first) and waits for the CLI's results, in its order."""
        from selenium.webdriver.common.by import By
        box = DRIVER.find_element(By.ID, "search-input")
        box.clear()
        box.send_keys(query)
        expected = cli(query)
        self.wait(lambda: self.result_names() == expected,
                  lambda: f"search {query}: the page shows {self.result_names()}, the CLI {expected}; status: "
                  + str(self.js("return document.getElementById('search-status').textContent")))
        return box

    def add_by_search(self, text, expected):
        """Adds `expected` from the results for `text`: Enter on the first result."""
        from selenium.webdriver.common.keys import Keys
        box = self.search(text)
        self.assertEqual(self.result_names()[0], expected)
        box.send_keys(Keys.ENTER)
        self.wait(lambda: expected in self.cards(), f"{expected} not added")

    def saved_clocks(self):
        return json.loads(self.js("return localStorage.getItem('worldclock.my-clocks.v1')") or "[]")

    # Tests

    def test_0_only_nginx_serves_the_site_it_has_no_search_endpoint(self):
        # The export is files: /v1/search is not among them, so nothing dynamic answers it (a
        # `worldclock serve` would); nginx says 404. Every search below is the page's own.
        for path in ("/v1/search?q=%EB%89%B4", "/v1/search"):
            status, headers, _ = SITE.get(path)
            self.assertEqual(status, 404, f"{path} should be a 404 from nginx, not an answer")
            self.assertTrue((headers.get("Server") or "").startswith("nginx"), f"{path}: Server {headers.get('Server')}")
        status, headers, _ = SITE.get("/v1/sections")
        self.assertEqual(status, 200)
        self.assertTrue(headers["Server"].startswith("nginx"))
        assets = self.js("return new URL(document.querySelector('script[type=module]').src).pathname").rsplit("/", 1)[0]
        status, headers, body = SITE.get(assets + "/search.wasm")
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Type"], "application/wasm", "streamed compilation needs the wasm media type")
        self.assertEqual(body[:4], b"\0asm")

    def test_1_the_page_loads_every_section_and_place_without_console_errors(self):
        self.open()
        places = SITE.json("/v1/meta")["place_count"]
        self.assertGreater(places, 400)
        self.assertEqual(self.js("return document.querySelectorAll('.row').length"), places)
        titles = self.js("return [...document.querySelectorAll('.index-title')].map(e => e.textContent)")
        self.assertEqual(titles[:14], list("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ"))
        self.assertGreater(self.js("return document.querySelectorAll('.section[data-title=\"ㄱ\"] .row').length"), 5)
        self.assertEqual(self.js("return document.querySelector('.row[data-name=\"서울\"]').closest('.section').dataset.title"), "ㅅ")
        self.assertRegex(self.js("return document.querySelector('.row .time').textContent"), r"^(오전|오후) \d{1,2}:\d\d$")
        status = self.js("return document.getElementById('list-status').textContent")
        self.assertIn(f"{places}곳", status)
        self.assertNotIn("오프라인", status)
        self.assertNotIn("못", status)  # 불러오지 못했습니다, 새로 받지 못함, 찾지 못해

    def test_2_search_runs_in_the_page_and_gives_the_clis_results(self):
        from selenium.webdriver.common.by import By
        self.open()
        for query, first in QUERIES.items():
            self.assertEqual(cli(query)[0], first, f"the CLI's first result for {query}")
            self.search(query)
            self.assertEqual(self.result_names()[0], first)
            if query == "뉴":
                self.assertEqual(self.js("return document.querySelector('#search-results .option .name mark').textContent"), "뉴")
            if query == "sbdyr":
                self.assertIn("‘sbdyr’ → ‘뉴욕’", self.js("return document.getElementById('search-status').textContent"))
        DRIVER.find_element(By.ID, "search-input").clear()
        # From the WebAssembly engine: instantiated in the page, its module fetched, and no request
        # for /v1/search ever made.
        self.assertEqual(self.js("return performance.getEntriesByName('worldclock:search-engine-instantiate').length"), 1)
        resources = self.js("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
        self.assertTrue(any(r.endswith("/search.wasm") for r in resources), resources)
        self.assertEqual([r for r in resources if r.startswith("/v1/search")], [])

    def test_3_my_clocks_added_from_search_survive_a_reload_in_their_order(self):
        from selenium.webdriver.common.by import By
        self.open()
        self.add_by_search("뉴", "뉴욕")
        # 런던 by clicking its result.
        box = DRIVER.find_element(By.ID, "search-input")
        box.clear()
        box.send_keys("런던")
        self.wait(lambda: "런던" in self.result_names(), "search 런던 did not offer 런던")
        option = next(o for o in DRIVER.find_elements(By.CSS_SELECTOR, "#search-results .option")
                      if o.find_element(By.CSS_SELECTOR, ".name").text == "런던")
        option.click()
        self.wait(lambda: self.cards() == ["뉴욕", "런던"], "런던 not added after 뉴욕")
        self.assertEqual([(c["name"], c["zone"]) for c in self.saved_clocks()],
                         [("뉴욕", "America/New_York"), ("런던", "Europe/London")])
        DRIVER.refresh()
        harness.open_app(DRIVER, SITE.base, timeout=60)
        self.assertEqual(self.cards(), ["뉴욕", "런던"])
        for name in ("뉴욕", "런던"):
            self.assertEqual(self.js("return document.querySelector(`.row[data-name=\"${arguments[0]}\"] .add`).getAttribute('aria-pressed')", name),
                             "true", f"{name}'s row says it is mine")
        # The clock is live (no --at in the export): the seconds advance, and what is shown is New
        # York's time at an instant between the moments before and after.
        first = self.card_text("뉴욕", ".sec")
        t0 = self.js("return Date.now()") / 1000
        self.wait(lambda: self.card_text("뉴욕", ".sec") != first, "the seconds did not advance")
        big, sec = self.card_text("뉴욕", ".big"), self.card_text("뉴욕", ".sec")
        t1 = self.js("return Date.now()") / 1000
        zone = SITE.json("/v1/zones/America/New_York")
        offset = zone["raw_offset"] + zone["dst_offset"]
        possible = {local_time(t + offset) for t in range(int(t0), int(t1) + 1)}
        self.assertIn((big, sec), possible, f"shown {big}{sec}, true time between {t0} and {t1}")

    def test_3b_the_meeting_view_plans_my_clocks_on_the_export(self):
        """회의 시간 on the static site: the planner runs in the page's engine, nothing asks a server."""
        from selenium.webdriver.common.by import By
        self.js("localStorage.setItem('worldclock.my-clocks.v1', JSON.stringify([{name: '서울', zone: 'Asia/Seoul', country: '대한민국'},"
                "{name: '뉴욕', zone: 'America/New_York', country: '미국'}]))")
        self.open()
        DRIVER.find_element(By.ID, "meeting-toggle").click()
        self.wait(lambda: self.js("return document.querySelectorAll('#meeting-table tbody tr').length") == 2, "the plan's table")
        self.assertEqual(self.js("return [...document.querySelectorAll('#meeting-table tbody th')].map(t => t.textContent)"), ["서울", "뉴욕"])
        self.assertGreater(self.js("return document.querySelectorAll('#meeting-best button').length"), 0)
        self.assertIn("#meeting?", self.js("return document.getElementById('meeting-link').href"))

    def test_4_with_nginx_stopped_a_reload_keeps_the_app_my_clocks_and_search(self):
        self.open()
        self.add_by_search("뉴", "뉴욕")
        self.add_by_search("런던", "런던")
        self.wait_for_service_worker(timeout=60)
        self.open()  # loaded through the service worker: the app, its engine and the feed are kept
        places = SITE.json("/v1/meta")["place_count"]
        SITE.stop()
        try:
            with self.assertRaises(OSError, msg="nothing answers on the site's port"):
                urllib.request.urlopen(SITE.base + "/", timeout=5).close()
            DRIVER.refresh()
            harness.open_app(DRIVER, SITE.base, timeout=60)
            self.assertEqual(self.cards(), ["뉴욕", "런던"])
            self.assertEqual(self.js("return document.querySelectorAll('.row').length"), places)
            self.assertIn("오프라인", self.js("return document.getElementById('list-status').textContent"))
            self.assertRegex(self.card_text("뉴욕", ".big"), r"^(오전|오후) \d{1,2}:\d\d$")
            self.search("뉴")
            self.assertEqual(self.result_names()[0], "뉴욕")
            severe = [e["message"] for e in DRIVER.get_log("browser") if e["level"] == "SEVERE"]
            self.assertEqual(severe, [], "the service worker answers every request of the page: no console error")
        finally:
            SITE.start()


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--worldclock", required=True, help="the built worldclock executable (worldclock-server beside it)")
    parser.add_argument("tests", nargs="*", help="test names to run (default: all)")
    ARGS = parser.parse_args()
    # axe-core is not used here.
    missing = [p for p in harness.missing_tools() if not p.startswith("axe-core")]
    if not os.access(NGINX, os.X_OK):
        missing.append(f"{NGINX} (Debian package nginx-light)")
    if missing:
        print("export site browser tests: missing " + "; ".join(missing)
              + ". Install: apt-get install -y chromium chromium-driver nginx-light && pip install selenium", file=sys.stderr)
        return 3
    # Killed (a test run's timeout), nginx and the temporary folder still go: SIGTERM raises
    # KeyboardInterrupt, which unittest lets through (any other exception would only fail one test).
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        return run()
    except KeyboardInterrupt:
        print("export site browser tests: stopped", file=sys.stderr)
        return 1


def run():
    global SITE, DRIVER
    started = time.monotonic()
    try:
        for query in QUERIES:
            cli(query)
        SITE = Site(ARGS.worldclock)
    except (OSError, RuntimeError, ValueError) as error:
        print(f"export site browser tests: {error}", file=sys.stderr)
        return 1
    try:
        print(f"{SITE.export_log}; nginx on {SITE.base}", file=sys.stderr)
        DRIVER = harness.chromium()
        ExportSiteTests.driver = DRIVER
        try:
            loader = unittest.TestLoader()
            suite = (unittest.TestSuite(loader.loadTestsFromName(name, ExportSiteTests) for name in ARGS.tests) if ARGS.tests
                     else loader.loadTestsFromTestCase(ExportSiteTests))
            result = unittest.TextTestRunner(verbosity=2, stream=sys.stderr).run(suite)
            print(f"export site browser tests: {time.monotonic() - started:.0f} s", file=sys.stderr)
            return 0 if result.wasSuccessful() else 1
        finally:
            DRIVER.quit()
    finally:
        SITE.remove()

if __name__ == "__main__":
    sys.exit(main())
