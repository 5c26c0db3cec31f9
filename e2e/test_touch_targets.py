"""Every control on every screen is a finger's target, at least 44 × 44 px, as Apple's Human
Interface Guidelines ask (issue 33, 7), on a phone and on a tablet in landscape (the split view).
Links inside running text (a paragraph) are the text's and not measured."""

import pytest

from pages import Shell
from trip_pages import TEST_TOWN, choose_over_http

SCREENS = ["/", "/destinations/1", "/trip/events/1", "/trip/weather", "/places", "/recents", "/vacations",
           "/account", "/settings", "/accounts", "/map", "/upload"]

SMALL = """
return [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary')]
  .filter((e) => e.getClientRects().length && !e.closest('[hidden], p, .page-source, .leaflet-control-attribution'))
  .filter((e) => { const r = e.getBoundingClientRect(); return r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight; })
  .filter((e) => getComputedStyle(e).visibility !== 'hidden')
  .map((e) => { const r = e.getBoundingClientRect(); return [e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : ''),
                (e.textContent || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30), Math.round(r.width), Math.round(r.height)]; })
  .filter(([, , width, height]) => width < 44 || height < 44);
"""


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_every_control_is_at_least_44_px(book_server, browser, layout):
    choose_over_http(book_server, TEST_TOWN)  # the trip's screens: its book and weather
    b = browser(layout, server=book_server)
    shell = Shell(b)
    small = {}
    for path in SCREENS:
        b.open(path)
        b.wait_loaded()
        b.settle()
        found = b.driver.execute_script(SMALL)
        if found:
            small[path] = found
    assert not small, f"controls under 44 px: {small}"
    assert shell.path() == SCREENS[-1]
