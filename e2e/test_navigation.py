"""Moving around with JavaScript on: links swap the panes without a full reload, the
address bar follows, Back and Forward restore the right screen, a reload lands on the
same screen, and an unknown address is a real page in the shell (for a signed-in person;
a page of its own, without the list, for anyone else)."""

import pytest

from pages import (
    APP_TABS,
    BACK,
    BACKDROP,
    DETAIL,
    MASTER,
    OPEN_MASTER,
    OWNER,
    Shell,
    assert_side_by_side,
    demo,
    new_york,
    san_francisco,
    text_content,
)

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion


def test_back_and_forward_after_in_app_navigation(browser):
    b = browser("tablet-landscape")
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.mark_document()

    shell.choose(new_york())
    shell.wait_destination(new_york())
    shell.choose(san_francisco())
    shell.wait_destination(san_francisco())

    b.driver.back()
    shell.wait_destination(new_york())
    b.driver.back()
    shell.wait_home()
    shell.wait(
        lambda: text_content(shell.find("#detail-content")).startswith("Where to?"),
        "Back to the home page should show the placeholder again",
    )
    b.driver.forward()
    shell.wait_destination(new_york())
    b.driver.forward()
    shell.wait_destination(san_francisco())
    assert_side_by_side(shell)
    assert shell.same_document(), "Back and Forward between in-app pages should not reload the page"


def test_phone_back_and_forward_restore_the_screen(browser):
    b = browser("phone")
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.mark_document()

    shell.choose(san_francisco())
    shell.wait_destination(san_francisco())
    shell.wait_shown(DETAIL, BACK)
    shell.wait_hidden(MASTER)

    b.driver.back()
    shell.wait_home()
    shell.wait_shown(MASTER)
    shell.wait_hidden(DETAIL, BACK)

    b.driver.forward()
    shell.wait_destination(san_francisco())
    shell.wait_shown(DETAIL, BACK)
    shell.wait_hidden(MASTER)
    assert shell.same_document()


def test_phone_back_button_pops_the_stack(browser):
    """The top bar's back button pops, as UINavigationController's: it names the screen the
    detail was pushed from and returns to it without a history entry of its own, so browser
    Forward brings the popped screen back (issue 33, 1)."""
    b = browser("phone")
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    length = b.driver.execute_script("return history.length")
    shell.choose(new_york())
    shell.wait_destination(new_york())
    assert b.driver.execute_script("return history.length") == length + 1
    assert text_content(shell.find(BACK)) == "‹ RoadTrip", "named after the screen underneath"
    shell.click(BACK)
    shell.wait_home()
    shell.wait_shown(MASTER)
    assert b.driver.execute_script("return history.length") == length + 1, "Back pushes nothing"
    b.driver.forward()
    shell.wait_destination(new_york())
    shell.wait_shown(DETAIL, BACK)
    shell.wait_hidden(MASTER)


def test_phone_back_at_the_bottom_of_the_stack_goes_up_in_place(browser):
    """A screen opened at its own address has nothing under it: Back goes to its parent in its
    place (a replace), and the parent's Back is the parent's own."""
    b = browser("phone")
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    b.open(new_york().path)
    shell.wait_destination(new_york())
    length = b.driver.execute_script("return history.length")
    shell.click(BACK)
    shell.wait_home()
    assert b.driver.execute_script("return history.length") == length, "the parent took the screen's entry"
    assert shell.path() == "/"


def test_tablet_portrait_back_after_choosing_in_the_overlay(browser):
    b = browser("tablet-portrait")
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.click(OPEN_MASTER)
    shell.wait_shown(MASTER)
    shell.choose(san_francisco())
    shell.wait_destination(san_francisco())
    shell.wait_hidden(MASTER, BACKDROP)

    b.driver.back()
    shell.wait_home()
    shell.wait_shown(DETAIL, OPEN_MASTER)
    shell.wait_hidden(MASTER, BACKDROP)


@pytest.mark.parametrize("layout", ["phone", "tablet-portrait", "tablet-landscape"])
def test_reload_shows_the_same_screen(browser, layout):
    b = browser(layout)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    if layout == "tablet-portrait":
        shell.click(OPEN_MASTER)  # the list is an overlay there
    shell.choose(new_york())
    shell.wait_destination(new_york())
    shell.mark_document()

    b.driver.refresh()
    shell.wait(lambda: not shell.same_document(), "refresh should load the page anew")
    b.wait_loaded()
    shell.wait_destination(new_york())
    assert shell.screen() == "detail"
    if layout == "phone":
        shell.wait_shown(DETAIL, BACK)
        shell.wait_hidden(MASTER)
    elif layout == "tablet-portrait":
        shell.wait_shown(DETAIL, OPEN_MASTER)
        shell.wait_hidden(MASTER, BACKDROP)
    else:
        assert_side_by_side(shell)


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_unknown_address_is_a_page_in_the_shell(browser, layout):
    b = browser(layout)
    b.expect_log(r"/nowhere - Failed to load resource: .*404")
    b.open("/nowhere")
    shell = Shell(b)
    shell.wait_shown(DETAIL, ".empty-state.error")
    assert b.driver.title == "Not found · RoadTrip"
    assert shell.detail_title() == "Not found"
    assert shell.find(".empty-state.error .status-code").text.strip() == "404"
    assert "Page not found" in shell.find(".empty-state.error").text
    assert shell.screen() == "detail"
    # Signed in, the list (and the account footer) stays beside the error.
    assert shell.row_names() == [d.name for d in demo()]
    shell.wait_signed_in_as(OWNER)
    if layout == "tablet-landscape":
        assert_side_by_side(shell)
    else:
        shell.wait_hidden(MASTER)
    b.screenshot(f"{layout}-not-found")

    shell.mark_document()
    shell.click(".empty-state.error a.button")
    shell.wait_home()
    assert shell.same_document(), "the way home from the 404 page is an in-app link too"


def test_unknown_destination_is_a_404_in_the_shell(browser):
    b = browser("tablet-landscape")
    b.expect_log(r"/destinations/999 - Failed to load resource: .*404")
    b.open("/destinations/999")
    shell = Shell(b)
    shell.wait_shown(DETAIL, ".empty-state.error")
    assert shell.find(".empty-state.error .status-code").text.strip() == "404"
    assert "no such destination" in shell.find(".empty-state.error").text.lower()


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_unknown_address_without_a_session_is_a_page_of_its_own(browser, layout):
    """Signed out, an unknown address is still a real page, without the list; its way home
    (an in-app link) meets the sign-in page, and the browser lands there."""
    b = browser(layout, signed_in=False)
    b.expect_log(r"/nowhere - Failed to load resource: .*404")
    b.open("/nowhere")
    shell = Shell(b)
    shell.wait_shown(DETAIL, ".empty-state.error")
    assert shell.find(".empty-state.error .status-code").text.strip() == "404"
    assert b.driver.title == "Not found · RoadTrip"
    assert "single" in shell.body_classes()
    assert not shell.find_all(MASTER) and not shell.find_all(APP_TABS), "no list, no account, for someone not signed in"
    detail = shell.rect(DETAIL)
    assert detail["x"] == 0 and detail["width"] == b.layout.width, f"the page fills the screen: {detail}"
    b.screenshot(f"{layout}-not-found-signed-out")

    shell.click(".empty-state.error a.button")
    shell.wait_sign_in_page(next_path=None)
    assert shell.path() == "/signin?next=%2F"
