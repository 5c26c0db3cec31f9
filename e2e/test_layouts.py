"""The three layouts of the adaptive shell, with JavaScript on (DESIGN.md §Pages in the
browser; issue 2, "What a user sees"):

- phone 390×844: a navigation stack, one pane at a time, a back button in the top bar; the
  same on a phone on its side (844×390, 932×430), however wide;
- tablet landscape 1180×820 (and a desktop): the master column beside the detail;
- tablet portrait 820×1180: the detail fills the screen and a top-bar button opens the
  master as an overlay, closed by choosing in it, by Escape, or by tapping outside.
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from pages import (
    BACK,
    BACKDROP,
    DETAIL,
    MASTER,
    OPEN_MASTER,
    OWNER,
    VIEWER_TAB,
    Shell,
    assert_side_by_side,
    assert_titles_fit,
    demo,
    new_york,
    san_francisco,
)

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion


@pytest.mark.parametrize("layout", ["phone", "phone-landscape", "phone-landscape-large", "tablet-portrait", "tablet-landscape", "desktop"])
def test_viewport_is_the_layout_size(browser, layout):
    b = browser(layout)
    b.open("/")
    shell = Shell(b)
    assert shell.viewport() == (b.layout.width, b.layout.height)


# --------------------------------------------------------------------------------------
# Phone


PHONES = ["phone", "phone-landscape", "phone-landscape-large"]


@pytest.mark.parametrize("layout", PHONES)
def test_phone_home_is_the_list_alone(browser, layout):
    b = browser(layout)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.wait_shown(MASTER)
    shell.wait_hidden(DETAIL, BACK, OPEN_MASTER, BACKDROP)
    master = shell.rect(MASTER)
    assert master["x"] == 0 and master["width"] == b.layout.width, f"the list should fill the phone's width: {master}"
    for destination in demo():
        assert shell.row(destination).is_displayed(), f"{destination.name} should be listed"
    b.screenshot(f"{layout}-home")


@pytest.mark.parametrize("layout", PHONES)
def test_phone_choosing_slides_in_the_detail_and_back_returns(browser, layout):
    b = browser(layout)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.mark_document()

    shell.choose(new_york())
    shell.wait_destination(new_york())
    shell.wait_shown(DETAIL, BACK)
    shell.wait_hidden(MASTER, OPEN_MASTER)
    assert shell.screen() == "detail"
    detail = shell.rect(DETAIL)
    assert detail["width"] == b.layout.width, f"the detail should fill the phone's width: {detail}"
    assert shell.same_document(), "choosing a destination should swap the panes, not load a new page"
    b.screenshot(f"{layout}-destination")

    shell.click(BACK)
    shell.wait_home()
    shell.wait_shown(MASTER)
    shell.wait_hidden(DETAIL, BACK)
    assert shell.same_document(), "the back button should swap the panes, not load a new page"


# --------------------------------------------------------------------------------------
# Tablet landscape and desktop: side by side


@pytest.mark.parametrize("layout", ["tablet-landscape", "desktop"])
def test_wide_screens_show_master_beside_detail(browser, layout):
    b = browser(layout)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    assert_side_by_side(shell)
    b.screenshot(f"{layout}-home")

    shell.mark_document()
    shell.choose(san_francisco())
    shell.wait_destination(san_francisco())
    assert_side_by_side(shell)
    assert shell.same_document(), "choosing a destination should swap the detail, not load a new page"
    b.screenshot(f"{layout}-destination")

    shell.choose(new_york())
    shell.wait_destination(new_york())
    assert_side_by_side(shell)
    assert shell.same_document()


# --------------------------------------------------------------------------------------
# Tablet portrait: the master as an overlay


def open_overlay(shell: Shell) -> None:
    shell.wait_shown(OPEN_MASTER)
    shell.click(OPEN_MASTER)
    shell.wait(lambda: "master-open" in shell.body_classes(), "opening the list should add master-open to the body")
    shell.wait_shown(MASTER, BACKDROP)
    master, detail = shell.rect(MASTER), shell.rect(DETAIL)
    assert master["x"] == 0 and 0 < master["width"] < detail["width"], f"the list overlays the left of the detail: {master}"
    assert shell.fragment() == "", "with JavaScript the overlay opens without changing the address"


def assert_overlay_closed(shell: Shell) -> None:
    shell.wait(lambda: "master-open" not in shell.body_classes(), "the overlay should close")
    shell.wait_hidden(MASTER, BACKDROP)
    shell.wait_shown(DETAIL, OPEN_MASTER)


def test_tablet_portrait_detail_fills_the_screen(browser):
    b = browser("tablet-portrait")
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.wait_shown(DETAIL, OPEN_MASTER)
    shell.wait_hidden(MASTER, BACK, BACKDROP)
    detail = shell.rect(DETAIL)
    assert detail["x"] == 0 and detail["width"] == b.layout.width, f"the detail should fill the screen: {detail}"
    b.screenshot("tablet-portrait-home")

    shell.mark_document()
    open_overlay(shell)
    b.screenshot("tablet-portrait-overlay")

    shell.choose(new_york())
    shell.wait_destination(new_york())
    assert_overlay_closed(shell)
    shell.wait_hidden(BACK)
    assert shell.rect(DETAIL)["width"] == b.layout.width
    assert shell.same_document(), "choosing in the overlay should swap the detail, not load a new page"
    b.screenshot("tablet-portrait-destination")


def test_tablet_portrait_escape_closes_the_overlay(browser):
    b = browser("tablet-portrait")
    b.open(new_york().path)
    shell = Shell(b)
    shell.wait_destination(new_york())
    open_overlay(shell)
    ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()
    assert_overlay_closed(shell)
    assert shell.path() == new_york().path, "Escape should not navigate"
    shell.check_destination(new_york())


def test_tablet_portrait_tapping_outside_closes_the_overlay(browser):
    b = browser("tablet-portrait")
    b.open(new_york().path)
    shell = Shell(b)
    shell.wait_destination(new_york())
    open_overlay(shell)
    shell.tap_backdrop()
    assert_overlay_closed(shell)
    assert shell.path() == new_york().path, "closing the overlay should not navigate"
    assert shell.fragment() == ""


def test_tablet_portrait_done_button_closes_the_overlay(browser):
    b = browser("tablet-portrait")
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    open_overlay(shell)
    shell.wait_shown("aside#master a.close-master")
    shell.click("aside#master a.close-master")
    assert_overlay_closed(shell)
    assert shell.path() == "/"


@pytest.mark.parametrize(
    "layout, path, overlay",
    [
        ("phone", "/", False),
        ("phone", "/destinations/2", False),
        ("tablet-landscape", "/destinations/2", False),
        ("tablet-portrait", "/destinations/2", False),
        ("tablet-portrait", "/destinations/2", True),
    ],
)
def test_top_bar_titles_are_not_cut_off(browser, layout, path, overlay):
    b = browser(layout)
    b.open(path)
    shell = Shell(b)
    shell.wait_shown("header.bar .bar-title")
    if overlay:
        open_overlay(shell)
    assert_titles_fit(shell)



@pytest.mark.parametrize("closer", ["escape", "backdrop", "done", "choosing"])
def test_tablet_portrait_overlay_opened_by_address_closes(browser, closer):
    """A link or bookmark to …#master (what the button does without JavaScript, or before
    the script has loaded) opens the overlay through :target; with JavaScript on, Escape,
    Done, the backdrop and choosing a destination must still close it."""
    b = browser("tablet-portrait")
    b.open(new_york().path + "#master")
    shell = Shell(b)
    shell.wait_destination(new_york())
    shell.wait_shown(MASTER, BACKDROP)
    if closer == "escape":
        ActionChains(b.driver).send_keys(Keys.ESCAPE).perform()
    elif closer == "backdrop":
        shell.tap_backdrop()
    elif closer == "done":
        shell.click("aside#master a.close-master")
    else:
        shell.choose(san_francisco())
    expected = san_francisco() if closer == "choosing" else new_york()
    shell.wait_destination(expected)
    shell.wait(lambda: shell.fragment() != "master", f"{closer}: the address should leave #master")
    b.screenshot(f"tablet-portrait-overlay-by-address-after-{closer}")
    shell.wait_hidden(MASTER, BACKDROP)
    shell.wait_shown(DETAIL, OPEN_MASTER)


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_colour_scheme_follows_the_system(browser, layout):
    b = browser(layout)
    colours = {}
    try:
        for scheme in ("light", "dark"):
            b.driver.execute_cdp_cmd(
                "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}
            )
            b.open(new_york().path)
            shell = Shell(b)
            shell.wait_destination(new_york())
            colours[scheme] = b.driver.execute_script(
                """
                const luminance = (css) => {
                  const [r, g, b] = css.match(/[\\d.]+/g).map(Number);
                  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
                };
                const detail = getComputedStyle(document.querySelector('#detail'));
                const name = getComputedStyle(document.querySelector('.destination-name'));
                return {background: luminance(detail.backgroundColor), text: luminance(name.color)};
                """
            )
            b.screenshot(f"{layout}-destination-{scheme}")
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert colours["light"]["background"] > 0.6 > colours["light"]["text"], f"light scheme: {colours['light']}"
    assert colours["dark"]["background"] < 0.4 < colours["dark"]["text"], f"dark scheme: {colours['dark']}"


@pytest.mark.parametrize("layout", ["desktop"])
def test_the_account_tab_shows_who_is_signed_in(browser, layout):
    """The account's tab of the app tab bar names the person, on screen under the list (the
    other layouts: test_app_tabs.py); no footer of links under every list (issue 33, 2)."""
    b = browser(layout)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.wait_signed_in_as(OWNER)
    tab, master = shell.rect(VIEWER_TAB), shell.rect(MASTER)
    _, height = shell.viewport()
    assert tab["y"] + tab["height"] <= height + 1 and tab["y"] >= master["y"] + master["height"] - 1, f"under the list: {tab} {master}"
    assert not shell.find_all("footer"), "no account footer"
