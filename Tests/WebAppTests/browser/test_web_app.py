#!/usr/bin/env python3
"""The web clock app in a real headless Chromium, against the built `worldclock serve`.

    test_web_app.py --worldclock .build/debug/worldclock [--screenshots .build/web-screenshots]

Exit 0 when every test passes, 1 when one fails, 3 when Chromium, its driver or selenium is
missing (the message says what to install). Run by Tests/WebAppTests (swift test) and .ci/run.
"""

import argparse
import datetime
import os
import sys
import time
import unittest

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness  # noqa: E402

ARGS = None
SERVER = None
DRIVER = None

# The page's own query parameters for a deterministic reference zone.
SEOUL = "?from=Asia/Seoul"


def iso(seconds):
    return datetime.datetime.fromtimestamp(seconds, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class WebAppTests(unittest.TestCase):
    """One browser for all tests; each starts from an empty localStorage at the desktop size."""

    def setUp(self):
        harness.viewport(DRIVER, 1280, 800)
        # The page itself (it names its icon: any other page of the origin makes Chromium ask for
        # /favicon.ico, a 404 logged as an error whenever it lands).
        self.open()
        DRIVER.execute_script("localStorage.clear()")
        DRIVER.get_log("browser")  # drop what came before

    def tearDown(self):
        severe = [entry["message"] for entry in DRIVER.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(severe, [], "console errors")

    # Helpers

    def open(self, query=SEOUL):
        harness.open_app(DRIVER, SERVER.base, query)

    def js(self, script, *args):
        return DRIVER.execute_script(script, *args)

    def wait(self, condition, message, timeout=10):
        from selenium.webdriver.support.ui import WebDriverWait
        return WebDriverWait(DRIVER, timeout).until(lambda d: condition(), message)

    def title_element(self, title):
        from selenium.webdriver.common.by import By
        return next(e for e in DRIVER.find_elements(By.CSS_SELECTOR, ".index-title") if e.text == title)

    def section_offset(self, title):
        """How far the section's top is below the sticky line (0: its header is at the top)."""
        return self.js("""const s = document.querySelector(`.section[data-title="${arguments[0]}"]`);
            return s.getBoundingClientRect().top - document.getElementById('top').getBoundingClientRect().bottom;""", title)

    def assert_last_section_on_top(self):
        """The last section's header at the top, or (a short last section) the page at its end, never past it."""
        last = self.js("return [...document.querySelectorAll('.section')].at(-1).dataset.title")
        at_end = self.js("return Math.abs(window.scrollY + innerHeight - document.documentElement.scrollHeight) <= 1")
        self.assertTrue(at_end or abs(self.section_offset(last)) <= 1, f"the last section {last} should be at the top, or the list at its end")
        self.assertLessEqual(self.js("return window.scrollY + innerHeight"), self.js("return document.documentElement.scrollHeight"))
        return last

    def add_by_search(self, text, expected):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        box = DRIVER.find_element(By.ID, "search-input")
        box.clear()
        box.send_keys(text)
        self.wait(lambda: self.js("return document.querySelector('#search-results .option .name')?.textContent") == expected,
                  f"search {text} did not offer {expected}")
        box.send_keys(Keys.ENTER)
        self.wait(lambda: expected in self.cards(), f"{expected} not added")

    def cards(self):
        return self.js("return [...document.querySelectorAll('#my-clocks .card')].map(c => c.dataset.name)")

    def card_text(self, name, part):
        return self.js("return document.querySelector(`#my-clocks .card[data-name=\"${arguments[0]}\"] ${arguments[1]}`).textContent",
                       name, part)

    # Tests

    def test_01_loads_every_place_without_console_errors(self):
        self.open()
        meta = SERVER.json("/v1/meta")
        self.assertEqual(self.js("return document.querySelectorAll('.row').length"), meta["place_count"])
        titles = self.js("return [...document.querySelectorAll('.index-title')].map(e => e.textContent)")
        self.assertEqual(titles[:14], list("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ"))
        self.assertEqual(titles[-1], "#")
        time_text = self.js("return document.querySelector('.row .time').textContent")
        self.assertRegex(time_text, r"^(오전|오후) \d{1,2}:\d\d$")

    def test_02_tapping_a_title_brings_its_header_to_the_top(self):
        from selenium.webdriver.common.action_chains import ActionChains
        self.open()
        ActionChains(DRIVER).move_to_element(self.title_element("ㅅ")).click().perform()
        self.assertAlmostEqual(self.section_offset("ㅅ"), 0, delta=1)
        self.assertEqual(self.js("return document.querySelector('.index-track').getAttribute('aria-valuetext')"), "ㅅ 섹션")

    def test_03_a_title_without_places_jumps_to_the_next_and_never_past_the_end(self):
        from selenium.webdriver.common.action_chains import ActionChains
        self.open()
        empty = self.js("return [...document.querySelectorAll('.index-title.empty')].map(e => e.textContent)")
        self.assertIn("#", empty, "the catalogue has no # section; the test needs a title without places")
        ActionChains(DRIVER).move_to_element(self.title_element("#")).click().perform()
        last = self.assert_last_section_on_top()
        self.assertEqual(self.js("return document.querySelector('.index-track').getAttribute('aria-valuetext')"), f"{last} 섹션")

    def drag_along_bar(self, kind):
        """Presses on ㄱ and slides to ㅎ in small steps; returns the sections the bar selected and
        the sections that came to the top while scrolling, in order."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        self.js("""window.__selected = []; window.__tops = []; window.__bubble = [];
            const bubble = document.getElementById('bubble');
            new MutationObserver(() => __bubble.push(bubble.hidden ? null : bubble.textContent))
              .observe(bubble, {attributes: true, childList: true, subtree: true, characterData: true});
            new MutationObserver(() => __selected.push(document.querySelector('.index-track').getAttribute('aria-valuetext')))
              .observe(document.querySelector('.index-track'), {attributes: true, attributeFilter: ['aria-valuetext']});
            addEventListener('scroll', () => {
              const line = document.getElementById('top').getBoundingClientRect().bottom + 1;
              let top = null;
              for (const s of document.querySelectorAll('.section')) { if (s.getBoundingClientRect().top > line) break; top = s.dataset.title; }
              if (__tops.at(-1) !== top) __tops.push(top);
            });""")
        start, end = self.title_element("ㄱ").rect, self.title_element("ㅎ").rect
        x = int(start["x"] + start["width"] / 2)
        y0, y1 = int(start["y"] + start["height"] / 2), int(end["y"] + end["height"] / 2)
        builder = ActionBuilder(DRIVER, mouse=PointerInput(kind, kind), duration=16)
        pointer = builder.pointer_action
        pointer.move_to_location(x, y0).pointer_down()
        steps = 3 * 14
        for i in range(1, steps + 1):
            pointer.move_to_location(x, y0 + (y1 - y0) * i // steps)
        pointer.pointer_up()
        builder.perform()
        return self.js("return __selected"), self.js("return __tops"), self.js("return __bubble")

    def check_drag(self, kind):
        hangul = self.js("return [...document.querySelectorAll('.section')].map(s => s.dataset.title).filter(t => /^[ㄱ-ㅎ]$/.test(t))")
        selected, tops, bubble = self.drag_along_bar(kind)
        self.assertEqual([s.removesuffix(" 섹션") for s in selected if s != "ㄱ 섹션"], hangul[1:],
                         "the drag should select every section from ㄱ to ㅎ once, in order")
        order = [hangul.index(t) for t in tops]
        self.assertEqual(order, sorted(order), f"sections came to the top out of order: {tops}")
        self.assertGreater(len(tops), 5)
        self.assertIn("ㅅ", bubble, "the bubble should show the title under the pointer")

    def test_04_dragging_along_the_bar_with_a_mouse_scrubs_through_the_sections_in_order(self):
        from selenium.webdriver.common.actions import interaction
        self.open()
        self.check_drag(interaction.POINTER_MOUSE)

    def test_05_dragging_with_a_finger_on_a_phone_scrubs_likewise(self):
        from selenium.webdriver.common.actions import interaction
        harness.viewport(DRIVER, 390, 844, mobile=True)
        self.open()
        self.check_drag(interaction.POINTER_TOUCH)

    def test_06_searching_the_unfinished_syllable_finds_new_york_with_its_match_highlighted(self):
        from selenium.webdriver.common.by import By
        self.open()
        DRIVER.find_element(By.ID, "search-input").send_keys("늉")
        self.wait(lambda: self.js("return document.querySelector('#search-results .option .name')?.textContent") == "뉴욕",
                  "search 늉 did not show 뉴욕 first")
        # The API's range is 뉴욕; 욕 is the syllable being typed (only its ㅇ), marked apart.
        self.assertEqual(self.js("return document.querySelector('#search-results .option .name mark:not(.partial)').textContent"), "뉴")
        self.assertEqual(self.js("return document.querySelector('#search-results .option .name mark.partial').textContent"), "욕")
        self.assertIn("입력 중", self.js("return document.querySelector('#search-results .option .reason').textContent"))
        DRIVER.find_element(By.ID, "search-input").clear()
        DRIVER.find_element(By.ID, "search-input").send_keys("sbdyr")
        self.wait(lambda: "뉴욕" in (self.js("return document.getElementById('search-status').textContent") or ""),
                  "sbdyr was not read as 뉴욕")

    def test_07_a_clock_ticks_every_second(self):
        self.open()
        self.add_by_search("뉴욕", "뉴욕")
        first = self.card_text("뉴욕", ".sec")
        self.wait(lambda: self.card_text("뉴욕", ".sec") != first, "the seconds did not advance", timeout=5)
        second = self.card_text("뉴욕", ".sec")
        self.assertEqual((int(first[1:]) + 1) % 60, int(second[1:]) % 60)

    def test_08_a_clock_set_one_second_before_a_transition_shows_the_new_offset_after_it(self):
        zone = SERVER.json("/v1/zones/America/New_York")
        transition = zone["next_transition"]
        at = datetime.datetime.fromisoformat(transition["at"].replace("Z", "+00:00")).timestamp()
        self.js("localStorage.setItem('worldclock.my-clocks.v1', JSON.stringify([{name: '뉴욕', zone: 'America/New_York', country: '미국'}]))")
        self.open(SEOUL + "&now=" + iso(at - 1))
        before, time_before = self.card_text("뉴욕", ".abbr"), self.card_text("뉴욕", ".big")
        self.assertNotIn(transition["abbreviation"], before)
        self.wait(lambda: transition["abbreviation"] in self.card_text("뉴욕", ".abbr"),
                  f"after {transition['at']} the clock should say {transition['abbreviation']}", timeout=5)
        hours = transition["utc_offset_seconds"] // 3600
        self.assertIn(f"UTC\u2212{-hours}" if hours < 0 else f"UTC+{hours}", self.card_text("뉴욕", ".abbr"))
        # 1:59:59 EST → 3:00:00 EDT in spring, 1:59:59 EDT → 1:00:00 EST in autumn.
        self.assertNotEqual(self.card_text("뉴욕", ".big"), time_before)

    def test_08b_the_reference_zone_may_be_an_alias_the_server_resolves(self):
        self.js("localStorage.setItem('worldclock.my-clocks.v1', JSON.stringify([{name: '서울', zone: 'Asia/Seoul', country: '대한민국'}]))")
        self.open("?from=Asia/Calcutta")  # → Asia/Kolkata, UTC+5:30, no DST
        self.wait(lambda: "+3시간 30분" in self.card_text("서울", ".card-rel"), "서울 is 3 h 30 min ahead of India")

    def test_09_my_clocks_survive_a_reload_in_their_order(self):
        from selenium.webdriver.common.actions import interaction
        from selenium.webdriver.common.actions.action_builder import ActionBuilder
        from selenium.webdriver.common.actions.pointer_input import PointerInput
        from selenium.webdriver.common.by import By
        self.open()
        for name in ("뉴욕", "런던", "서울"):
            self.add_by_search(name, name)
        # Drag 서울's handle above 뉴욕.
        handle = DRIVER.find_element(By.CSS_SELECTOR, '#my-clocks .card[data-name="서울"] .handle')
        target = DRIVER.find_element(By.CSS_SELECTOR, '#my-clocks .card[data-name="뉴욕"]').rect
        h = handle.rect
        builder = ActionBuilder(DRIVER, mouse=PointerInput(interaction.POINTER_MOUSE, "mouse"), duration=30)
        x, y = int(h["x"] + h["width"] / 2), int(h["y"] + h["height"] / 2)
        builder.pointer_action.move_to_location(x, y).pointer_down()
        for step in range(1, 11):
            builder.pointer_action.move_to_location(x, int(y + (target["y"] + 5 - y) * step / 10))
        builder.pointer_action.pointer_up()
        builder.perform()
        self.assertEqual(self.cards(), ["서울", "뉴욕", "런던"])
        DRIVER.refresh()
        harness.open_app(DRIVER, SERVER.base, SEOUL)
        self.assertEqual(self.cards(), ["서울", "뉴욕", "런던"])
        self.assertEqual(self.js("return document.querySelector('.row[data-name=\"서울\"] .add').getAttribute('aria-pressed')"), "true")

    def test_10_keyboard_only(self):
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        self.js("localStorage.setItem('worldclock.my-clocks.v1', JSON.stringify([{name: '뉴욕', zone: 'America/New_York', country: '미국'}]))")
        self.open()

        def press(*keys):
            ActionChains(DRIVER).send_keys(*keys).perform()

        def focused():
            return self.js("const e = document.activeElement; return e.id || e.className")

        press(Keys.TAB)
        self.assertEqual(focused(), "skip")
        press(Keys.TAB)
        self.assertEqual(focused(), "search-input")
        self.assertNotEqual(self.js("return getComputedStyle(document.activeElement).outlineStyle"), "none")
        press("런던")
        self.wait(lambda: self.js("return document.querySelector('#search-results .option .name')?.textContent") == "런던",
                  "search 런던")
        press(Keys.ARROW_DOWN, Keys.ARROW_UP, Keys.ENTER)
        self.wait(lambda: self.cards() == ["뉴욕", "런던"], "Enter should add 런던")
        press(Keys.TAB)
        self.assertEqual(focused(), "clock-24h")
        press(Keys.SPACE)
        self.wait(lambda: ":" in self.card_text("런던", ".big") and "오" not in self.card_text("런던", ".big"), "24-hour style")
        press(Keys.TAB)
        self.assertEqual(focused(), "index-track")
        press(Keys.END)
        self.assert_last_section_on_top()
        press(Keys.HOME)
        self.assertAlmostEqual(self.section_offset("ㄱ"), 0, delta=1)
        press(Keys.ARROW_DOWN)
        self.assertAlmostEqual(self.section_offset("ㄴ"), 0, delta=1)
        press(Keys.TAB)
        self.assertEqual(focused(), "handle")
        press(Keys.ARROW_DOWN)
        self.assertEqual(self.cards(), ["런던", "뉴욕"])
        self.assertEqual(self.js("return document.activeElement.closest('.card').dataset.name"), "뉴욕")
        press(Keys.TAB, Keys.ENTER)
        self.assertEqual(self.cards(), ["런던"])
        self.wait(lambda: "삭제" in self.js("return document.getElementById('announcer').textContent"), "removal announced")

    def test_11_screenshots_of_the_desktop_and_phone_layouts(self):
        if not ARGS.screenshots:
            self.skipTest("no --screenshots folder")
        os.makedirs(ARGS.screenshots, exist_ok=True)
        self.js("localStorage.setItem('worldclock.my-clocks.v1', JSON.stringify(["
                "{name: '서울', zone: 'Asia/Seoul', country: '대한민국'}, {name: '뉴욕', zone: 'America/New_York', country: '미국'},"
                "{name: '런던', zone: 'Europe/London', country: '영국'}, {name: '시드니', zone: 'Australia/Sydney', country: '오스트레일리아'}]))")
        for name, width, height, mobile, dark in (("desktop", 1280, 800, False, False), ("phone", 390, 844, True, False),
                                                  ("phone-dark", 390, 844, True, True)):
            harness.viewport(DRIVER, width, height, mobile=mobile, dark=dark)
            self.open()
            path = os.path.join(ARGS.screenshots, f"{name}.png")
            self.assertTrue(DRIVER.save_screenshot(path), path)
        from selenium.webdriver.common.by import By
        harness.viewport(DRIVER, 1280, 800)
        self.open()
        DRIVER.find_element(By.ID, "search-input").send_keys("늉")
        self.wait(lambda: self.js("return document.querySelectorAll('#search-results .option').length") > 0, "search")
        DRIVER.save_screenshot(os.path.join(ARGS.screenshots, "search.png"))


def main():
    global ARGS, SERVER, DRIVER
    parser = argparse.ArgumentParser()
    parser.add_argument("--worldclock", required=True, help="the built worldclock executable")
    parser.add_argument("--screenshots", help="folder for the layout screenshots")
    parser.add_argument("tests", nargs="*", help="test names to run (default: all)")
    ARGS = parser.parse_args()
    missing = harness.missing_tools()
    if missing:
        print("browser tests: missing " + "; ".join(missing) + ". Install: " + harness.INSTALL_HINT, file=sys.stderr)
        return 3
    SERVER = harness.Server(ARGS.worldclock)
    try:
        DRIVER = harness.chromium()
        try:
            loader = unittest.TestLoader()
            suite = loader.loadTestsFromNames(ARGS.tests, WebAppTests) if ARGS.tests else loader.loadTestsFromTestCase(WebAppTests)
            result = unittest.TextTestRunner(verbosity=2, stream=sys.stderr).run(suite)
            return 0 if result.wasSuccessful() else 1
        finally:
            DRIVER.quit()
    finally:
        SERVER.stop()


if __name__ == "__main__":
    sys.exit(main())
