"""RoadTrip | Photos | the account (issue 12, "The switch between RoadTrip and Photos"; issue 33,
2 and 5): the app tab bar — a phone's bottom tab bar, the foot of the master column beside the
detail on a tablet in landscape, the foot of the whole screen in tablet portrait (so that the
switch and the account are one tap away there too, not inside the list's overlay) — on screen
without scrolling however long the list and however far it is scrolled, the current half marked
with aria-current="page", switched by a click, by the keyboard (Tab, Enter) and without JavaScript."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from pages import APP_TABS, MASTER, SIGN_OUT, VIEWER_TAB, Shell
from photo_pages import GRID_CELLS, PhotoScreens, photo_ids, place_ids

TABS = APP_TABS
ROADTRIP_TAB = f'{TABS} a.app-tab[href="/"]'
PHOTOS_TAB = f'{TABS} a.app-tab[href="/places"]'
LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]


def current_tabs(shell: Shell) -> list[str]:
    """The labels of the tabs marked current (there should be exactly one)."""
    return [e.text.strip() for e in shell.find_all(f'{TABS} a.app-tab[aria-current="page"] .app-tab-label')]


def assert_tabs_on_screen(shell: Shell) -> None:
    """The three tabs shown, wholly inside the viewport, at its foot: under the master column
    on a tablet in landscape, across the screen on a phone and in tablet portrait."""
    width, height = shell.viewport()
    for tab in (ROADTRIP_TAB, PHOTOS_TAB, VIEWER_TAB):
        assert shell.shown(tab), f"{tab} should be shown on {shell.where()}"
        box = shell.driver.execute_script("return arguments[0].getBoundingClientRect().toJSON()", shell.find(tab))
        assert box["top"] >= 0 and box["bottom"] <= height and box["left"] >= 0 and box["right"] <= width, f"{tab} off screen: {box}"
    bar = shell.rect(TABS)
    assert abs(bar["y"] + bar["height"] - height) <= 1, f"the bar is at the foot of the screen: {bar}"
    if shell.browser.layout.name == "tablet-landscape":
        master = shell.rect(MASTER)
        assert (bar["x"], bar["width"]) == (master["x"], master["width"]) and abs(master["y"] + master["height"] - bar["y"]) <= 1, (
            f"under the column: {bar} {master}"
        )
    else:
        assert (bar["x"], bar["width"]) == (0, width), f"across the screen: {bar}"


def show_list(screens: PhotoScreens) -> None:
    """The list on screen where it does not cover the tab bar: tablet portrait's overlay would."""
    if screens.browser.layout.name != "tablet-portrait":
        screens.show_master()


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
    show_list(screens)
    content = screens.driver.execute_script("const e = document.querySelector('#master-content'); return [e.scrollHeight, e.clientHeight]")
    assert content[0] > content[1], f"the list should be long enough to scroll: {content}"
    scroll_everything(screens)
    assert screens.driver.execute_script("return document.querySelector('#master-content').scrollTop") > 0, "the list scrolled"
    assert_tabs_on_screen(screens)
    assert current_tabs(screens) == ["Photos"]
    b.screenshot(f"{b.name}-app-tabs-photos")

    b.open("/")
    show_list(screens)
    assert_tabs_on_screen(screens)
    assert current_tabs(screens) == ["RoadTrip"]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_switching_by_click_and_by_keyboard(browser, layout):
    b = browser(layout)
    shell = PhotoScreens(b)
    b.open("/")
    shell.wait_home()
    show_list(shell)
    shell.mark_document()
    shell.click(PHOTOS_TAB)
    shell.wait_path("/places")
    show_list(shell)
    shell.wait(lambda: current_tabs(shell) == ["Photos"], "Photos should be the current tab")
    assert shell.same_document(), "with JavaScript the switch swaps the panes"

    # The keyboard: from the last control before the bar, Tab reaches RoadTrip, Enter follows it.
    shell.driver.execute_script(
        """const tabs = document.querySelector(arguments[0]);
           const before = [...document.querySelectorAll('a[href], button, input')].filter((e) =>
             e.checkVisibility() && e.tabIndex >= 0 && (e.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING));
           before.at(-1).focus();""", TABS)
    ActionChains(shell.driver).send_keys(Keys.TAB).perform()
    focused = shell.driver.execute_script("return document.activeElement.matches(arguments[0])", ROADTRIP_TAB)
    assert focused, "Tab after the last control of the panes should focus the RoadTrip tab"
    ActionChains(shell.driver).send_keys(Keys.ENTER).perform()
    shell.wait_path("/")
    shell.wait_home()
    show_list(shell)
    shell.wait(lambda: current_tabs(shell) == ["RoadTrip"], "RoadTrip should be the current tab")
    assert_tabs_on_screen(shell)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_switching_without_javascript(browser, layout):
    b = browser(layout, javascript=False)
    shell = PhotoScreens(b)
    b.open("/")
    show_list(shell)
    assert current_tabs(shell) == ["RoadTrip"]
    shell.click(PHOTOS_TAB)
    shell.wait_path("/places")
    b.wait_loaded()
    show_list(shell)
    assert current_tabs(shell) == ["Photos"]
    assert_tabs_on_screen(shell)
    shell.click(ROADTRIP_TAB)
    shell.wait_path("/")
    b.wait_loaded()
    show_list(shell)
    assert current_tabs(shell) == ["RoadTrip"]


def test_tablet_portrait_switch_and_sign_out_are_one_tap_from_every_screen(photo_server, browser):
    """In tablet portrait the list is an overlay behind a button; the app tabs are not in it but at
    the foot of every screen, uncovered, and the account's tab leads to Sign out."""
    b = browser("tablet-portrait", server=photo_server)
    shell = PhotoScreens(b)
    ids, places = photo_ids(photo_server), place_ids(photo_server)
    for path in ["/", "/destinations/1", "/places", f"/places/{places['Lisbon']}", f"/photos/{ids['Central Park']}", "/recents",
                 "/vacations", "/map", "/upload", "/account", "/settings"]:
        b.open(path)
        covered = shell.driver.execute_script(
            """return [...document.querySelectorAll(arguments[0] + ' a.app-tab')].filter((tab) => {
                 const r = tab.getBoundingClientRect();
                 return !tab.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }).map((tab) => tab.textContent.trim());""",
            TABS)
        assert not covered, f"{path}: tabs not on top, one tap away: {covered}"
        assert_tabs_on_screen(shell)
        if path.startswith("/places/"):  # a place's own address: its grid is the screen, not "Choose a photo"
            shell.wait_shown(GRID_CELLS)
            assert not shell.shown("#detail .empty-state"), "no placeholder behind the grid"
    # Each tab returns to where it was left (issue 49, 7); a tap on the current tab goes to its first screen.
    shell.click(ROADTRIP_TAB)
    shell.wait_path("/destinations/1")
    shell.click(ROADTRIP_TAB)
    shell.wait_path("/")
    shell.click(VIEWER_TAB)
    shell.wait_path("/settings")
    shell.click(VIEWER_TAB)
    shell.wait_path("/account")
    shell.wait_shown(SIGN_OUT)


DETAIL_TABS = "#detail nav.detail-tabs"


def photo_tab(name: str, where: str = "") -> str:
    return f'{where or "nav.tab-bar"} a.tab[href="{name}"]'


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_photo_tabs_keep_their_stacks_and_the_timeline_zooms_in_place(photo_server, browser, layout):
    """As iOS tab bars (issue 49, 7): Places, Timeline, Recents, Vacations and Map are tabs, each
    with its picture; the Timeline and the Map are their tabs' first screens, so on a phone both
    tab bars stay on them; each tab returns to where it was left, the app tabs too; Years, Months
    and Days change the Timeline in place, adding no history entry."""
    b = browser(layout, server=photo_server)
    screens = PhotoScreens(b)
    phone = layout == "phone"
    places = place_ids(photo_server)
    b.open(f"/places/{places['Lisbon']}")  # a place pushed onto the Places tab
    screens.wait_shown(GRID_CELLS)

    tabs = DETAIL_TABS if phone else "#tab-bar"
    screens.click(photo_tab("/timeline", "#tab-bar"))
    screens.wait_path("/timeline")
    screens.wait_shown(".timeline-days")
    for bar in (tabs, APP_TABS):
        screens.wait_shown(bar)
    icons = b.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' a')].map((tab) => [tab.textContent.trim(), !!tab.querySelector('svg.tab-icon')])", tabs)
    assert icons == [["Places", True], ["Timeline", True], ["Recents", True], ["Vacations", True], ["Map", True]], icons
    assert not screens.shown("#detail header.bar a.back"), "the tab's first screen has no Back"
    screens.assert_targets(f"{tabs} a.tab")
    b.screenshot(f"{layout}-timeline-tab")

    entries = b.driver.execute_script("return history.length")
    screens.click('#detail a.timeline-zoom-level[href="/timeline/years"]')
    screens.wait_path("/timeline/years")
    year = screens.find("#detail a.timeline-tile").get_attribute("href")
    screens.click("#detail a.timeline-tile")
    screens.wait(lambda: b.driver.current_url == year, "a year's tile opens its months in place")
    assert b.driver.execute_script("return history.length") == entries, "zoom levels change the view in place: no history entry"

    screens.click(photo_tab("/map", tabs))
    screens.wait_path("/map")
    screens.wait_shown(tabs, APP_TABS, '#detail header.bar a.bar-button[href="/map/tracks"]')
    screens.click(photo_tab("/timeline", tabs))
    screens.wait_path(year.removeprefix(photo_server("")))  # the Timeline as it was left
    screens.click(photo_tab("/places", tabs))
    screens.wait_path(f"/places/{places['Lisbon']}")  # Places as it was left: the place, not its first screen
    screens.wait_shown(GRID_CELLS)
    screens.click(ROADTRIP_TAB)
    screens.wait_path("/")
    screens.click(PHOTOS_TAB)
    screens.wait_path(f"/places/{places['Lisbon']}")  # the Photos half returns where it was too
