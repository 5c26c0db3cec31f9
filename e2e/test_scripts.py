"""What the scripts export, run in the browser as the pages load them: the book's model
(book-model.js, the cases of Tests/RoadTripTests/BookTests.swift, so the two models agree),
the viewer's fill scale (photo-viewer.js), and the layouts shared.js reads from app.css's
breakpoints, at each size. The modules are found by their fingerprinted names: the first among
the assets the service worker keeps, the next through the imports of the one before."""

from __future__ import annotations

import pytest

# Imports the module a chain of scripts leads to (book.js → book-model.js): the first found
# among the service worker's assets, each next one's fingerprinted name read from the imports
# of the one before.
IMPORT = """
const [chain, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const assets = await (await fetch("/service-worker.js")).text();
  const first = assets.match(new RegExp(`/static/${chain[0]}\\.[0-9a-f]{16}\\.js`))?.[0];
  if (!first) throw new Error(`the service worker keeps no ${chain[0]}.js`);
  let url = new URL(first, location.href).href;
  for (const stem of chain.slice(1)) {
    const text = await (await fetch(url)).text();
    const name = text.match(new RegExp(`["']\\\\./(${stem}\\\\.[0-9a-f]{16}\\\\.js)["']`))?.[1];
    if (!name) throw new Error(`${url} imports no ${stem}.js`);
    url = new URL(name, url).href;
  }
  window.__module = await import(url);
  done({ url });
})().catch((error) => done({ error: String(error) }));
"""


def load_module(b, *chain: str) -> str:
    b.open("/")
    b.driver.set_script_timeout(10)
    answer = b.driver.execute_async_script(IMPORT, list(chain))
    assert "error" not in answer, answer
    return answer["url"]


def test_the_book_model_turns_as_book_swift_does(browser):
    b = browser("phone")
    load_module(b, "book", "book-model")

    results = b.driver.execute_script(
        """
        const { BookModel, FORWARD, BACKWARD } = window.__module;
        const seven = new BookModel(7), six = new BookModel(6), big = new BookModel(10000);
        return {
          pages: [seven.page(1), seven.page(7), seven.page(0), seven.page(8), seven.page(-3), seven.page(1.5), new BookModel(0).page(1)],
          spreadsOfSeven: [1, 2, 3, 6, 7].map((n) => seven.visiblePages(n, "spread")),
          spreadsOfSix: [1, 5, 6].map((n) => six.visiblePages(n, "spread")),
          single: seven.visiblePages(4, "single"),
          turns: [
            seven.destination(FORWARD, 3, "single"), seven.destination(BACKWARD, 3, "single"),
            seven.destination(FORWARD, 1, "spread"), seven.destination(FORWARD, 3, "spread"),
            seven.destination(BACKWARD, 5, "spread"), seven.destination(BACKWARD, 3, "spread"),
          ],
          refused: [
            seven.destination(BACKWARD, 1, "single"), seven.destination(FORWARD, 7, "single"),
            seven.destination(BACKWARD, 1, "spread"), seven.destination(FORWARD, 6, "spread"),
            six.destination(FORWARD, 6, "spread"),
          ],
          sixFromFive: six.destination(FORWARD, 5, "spread"),
          big: [big.destination(FORWARD, 10000, "single"), big.destination(BACKWARD, 10000, "single"), big.visiblePages(10000, "spread")[0]],
        };
        """
    )

    assert results["pages"] == [1, 7, None, None, None, None, None]
    assert results["spreadsOfSeven"] == [[None, 1], [2, 3], [2, 3], [6, 7], [6, 7]], "the even page on the left"
    assert results["spreadsOfSix"] == [[None, 1], [4, 5], [6, None]]
    assert results["single"] == [None, 4]
    assert results["turns"] == [4, 2, 2, 4, 2, 1]
    assert results["refused"] == [None, None, None, None, None], "nothing before the first page or after the last"
    assert results["sixFromFive"] == 6
    assert results["big"] == [None, 9999, 10000]


def test_a_dragged_turn_completes_past_half_way_or_when_flicked(browser):
    b = browser("phone")
    load_module(b, "book", "page-turn")

    results = b.driver.execute_script(
        """
        const { turnsWhenLetGo } = window.__module;
        const track = (speed) => [{ now: 1000, moved: 0 }, { now: 1100, moved: speed * 100 }];
        return [
          turnsWhenLetGo(track(0.05), 1110, 0.6), turnsWhenLetGo(track(0.05), 1110, 0.4),  // slow: half way decides
          turnsWhenLetGo(track(0.5), 1110, 0.2),    // flicked on, short of half way: it turns
          turnsWhenLetGo(track(-0.5), 1110, 0.8),   // flicked back past half way: it falls back
          turnsWhenLetGo(track(0.5), 1250, 0.2),    // a fast drag, then a rest before letting go: no flick
          turnsWhenLetGo([{ now: 1000, moved: 40 }], 1010, 0.3), turnsWhenLetGo([], 1000, 0.7),
          turnsWhenLetGo(track(0.3), 1100, 0.1), turnsWhenLetGo(track(0.29), 1100, 0.1),  // the threshold
        ];
        """
    )

    assert results == [True, False, True, False, False, False, True, True, False]


def test_the_viewer_fills_the_view_within_its_zoom_limits(browser):
    b = browser("phone")
    load_module(b, "photo-viewer")

    results = b.driver.execute_script(
        """
        const { fillScale, MIN_SCALE, MAX_SCALE } = window.__module;
        return [fillScale(400, 300, 800, 600), fillScale(400, 800, 1000, 500), fillScale(390, 700, 39, 70), MIN_SCALE, MAX_SCALE];
        """
    )

    assert results == [0.5, 1.6, 10, 0.1, 10], "the larger of the two ratios: the photo covers the view"


@pytest.mark.parametrize(
    "layout, expected",
    [
        ("phone", {"phone": True, "spread": False, "overlay": False}),
        ("phone-landscape", {"phone": True, "spread": False, "overlay": False}),
        ("tablet-portrait", {"phone": False, "spread": False, "overlay": True}),
        ("tablet-landscape", {"phone": False, "spread": True, "overlay": False}),
    ],
)
def test_the_scripts_read_the_layout_from_the_stylesheets_breakpoints(browser, layout, expected):
    b = browser(layout)
    load_module(b, "book", "shared")

    assert b.driver.execute_script("return window.__module.currentLayout()") == expected


# The browsers' motion preference (conftest's Browser.reset): reduced unless a test is
# marked `motion`, so that the tests about turning and sliding see the frames a person sees.
REDUCED = "return matchMedia('(prefers-reduced-motion: reduce)').matches"


def test_a_browser_asks_for_reduced_motion_unless_the_test_is_about_motion(browser):
    b = browser("phone")
    b.open("/")
    assert b.driver.execute_script(REDUCED) is True


@pytest.mark.motion
def test_a_test_about_motion_gets_a_browser_with_motion(browser):
    b = browser("phone")  # the same pooled browser as the test before
    b.open("/")
    assert b.driver.execute_script(REDUCED) is False
