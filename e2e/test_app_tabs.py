"""RoadTrip | Photos (issue 12, "The switch between RoadTrip and Photos"): a tab bar at the foot of
the master column — a phone's bottom tab bar, the foot of the column (beside the detail, or in the
portrait overlay) on a tablet — on screen without scrolling however long the list and however far
it is scrolled, the current half marked with aria-current="page", switched by a click, by the
keyboard (Tab, Enter) and without JavaScript."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from pages import MASTER, Shell
from photo_pages import PhotoScreens, place_ids

TABS = "aside#master nav#app-tabs"
ROADTRIP_TAB = f'{TABS} a.app-tab[href="/"]'
PHOTOS_TAB = f'{TABS} a.app-tab[href="/places"]'
SIGN_OUT = 'aside#master footer.master-footer form[action="/signout"] button[type="submit"]'
LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]


def current_tabs(shell: Shell) -> list[str]:
    """The labels of the tabs marked current (there should be exactly one)."""
    return [e.text.strip() for e in shell.find_all(f'{TABS} a.app-tab[aria-current="page"] .app-tab-label')]


def assert_tabs_on_screen(shell: Shell) -> None:
    """Both tabs shown, wholly inside the viewport, and the bar at the foot of the master column."""
    width, height = shell.viewport()
    for tab in (ROADTRIP_TAB, PHOTOS_TAB):
        assert shell.shown(tab), f"{tab} should be shown on {shell.where()}"
        box = shell.driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", shell.find(tab))
        assert box["top"] >= 0 and box["bottom"] <= height and box["left"] >= 0 and box["right"] <= width, f"{tab} off screen: {box}"
    bar, master = shell.rect(TABS), shell.rect(MASTER)
    assert abs(bar["y"] + bar["height"] - (master["y"] + master["height"])) <= 1, f"the bar ends the column: {bar} {master}"


def scroll_everything(shell: Shell) -> None:
    """Scroll the list (and the page, should it scroll at all) as far down as it goes."""
    shell.driver.execute_script(
        "document.querySelector('#master-content').scrollTop = 1e6; window.scrollTo(0, 1e6); document.scrollingElement.scrollTop = 1e6"
    )


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_tabs_stay_on_screen_with_a_long_list_scrolled(photo_server, browser, layout, javascript):  # noqa: F811
    b = browser(layout, javascript, server=photo_server)
    screens = PhotoScreens(b)
    lisbon = place_ids(photo_server)["Lisbon"]
    b.open(f"/places/{lisbon}")  # a grid of 60 photos in the master column
    screens.show_master()
    content = screens.driver.execute_script("const e = document.querySelector('#master-content'); return [e.scrollHeight, e.clientHeight]")
    assert content[0] > content[1] * 1.5, f"the list should be long enough to scroll: {content}"
    scroll_everything(screens)
    assert screens.driver.execute_script("return document.querySelector('#master-content').scrollTop") > 0, "the list scrolled"
    assert_tabs_on_screen(screens)
    assert current_tabs(screens) == ["Photos"]
    b.screenshot(f"{b.name}-app-tabs-photos")

    b.open("/")
    screens.show_master()
    assert_tabs_on_screen(screens)
    assert current_tabs(screens) == ["RoadTrip"]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_switching_by_click_and_by_keyboard(browser, layout):
    b = browser(layout)
    shell = PhotoScreens(b)
    b.open("/")
    shell.wait_home()
    shell.show_master()
    shell.mark_document()
    shell.click(PHOTOS_TAB)
    shell.wait_path("/places")
    shell.show_master()
    shell.wait(lambda: current_tabs(shell) == ["Photos"], "Photos should be the current tab")
    assert shell.same_document(), "with JavaScript the switch swaps the panes"

    # The keyboard: from the last control before the bar, Tab reaches RoadTrip, Enter follows it.
    shell.driver.execute_script("arguments[0].focus()", shell.find(SIGN_OUT))
    ActionChains(shell.driver).send_keys(Keys.TAB).perform()
    focused = shell.driver.execute_script("return document.activeElement.matches(arguments[0])", ROADTRIP_TAB)
    assert focused, "Tab after Sign out should focus the RoadTrip tab"
    ActionChains(shell.driver).send_keys(Keys.ENTER).perform()
    shell.wait_path("/")
    shell.wait_home()
    shell.show_master()
    shell.wait(lambda: current_tabs(shell) == ["RoadTrip"], "RoadTrip should be the current tab")
    assert_tabs_on_screen(shell)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_switching_without_javascript(browser, layout):
    b = browser(layout, javascript=False)
    shell = PhotoScreens(b)
    b.open("/")
    shell.show_master()
    assert current_tabs(shell) == ["RoadTrip"]
    shell.click(PHOTOS_TAB)
    shell.wait_path("/places")
    b.wait_loaded()
    shell.show_master()
    assert current_tabs(shell) == ["Photos"]
    assert_tabs_on_screen(shell)
    shell.click(ROADTRIP_TAB)
    shell.wait_path("/")
    b.wait_loaded()
    shell.show_master()
    assert current_tabs(shell) == ["RoadTrip"]
