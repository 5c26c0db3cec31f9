"""Everything works with JavaScript off: plain links load whole pages, the layouts are the
same, and in tablet portrait the list opens as an overlay through #master (:target)."""

from pages import (
    BACK,
    BACKDROP,
    DETAIL,
    MASTER,
    OPEN_MASTER,
    Shell,
    assert_side_by_side,
    new_york,
    san_francisco,
)


def follow(shell: Shell, click) -> None:
    """Do `click` and wait for the whole new page it loads (the marker is lost)."""
    shell.mark_document()
    click()
    shell.wait(lambda: not shell.same_document(), "with JavaScript off a link loads a whole new page")
    shell.browser.wait_loaded()


def test_javascript_really_is_off(browser):
    """The app's script would open the overlay without touching the address; here the plain
    link must go to #master, and no class is added to the body."""
    b = browser("tablet-portrait", javascript=False)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.click(OPEN_MASTER)
    shell.wait(lambda: shell.fragment() == "master", "the plain link should go to #master")
    assert "master-open" not in shell.body_classes(), "no script should have run"


def test_phone_without_javascript(browser):
    b = browser("phone", javascript=False)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.wait_shown(MASTER)
    shell.wait_hidden(DETAIL, BACK)
    b.screenshot("nojs-phone-home")

    follow(shell, lambda: shell.choose(new_york()))
    shell.wait_destination(new_york())
    shell.wait_shown(DETAIL, BACK)
    shell.wait_hidden(MASTER)
    b.screenshot("nojs-phone-destination")

    follow(shell, lambda: shell.click(BACK))
    shell.wait_home()
    shell.wait_shown(MASTER)
    shell.wait_hidden(DETAIL, BACK)


def test_phone_back_and_forward_without_javascript(browser):
    b = browser("phone", javascript=False)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    follow(shell, lambda: shell.choose(san_francisco()))
    shell.wait_destination(san_francisco())

    b.driver.back()
    shell.wait_home()
    shell.wait_shown(MASTER)
    shell.wait_hidden(DETAIL)
    b.driver.forward()
    shell.wait_destination(san_francisco())
    shell.wait_shown(DETAIL, BACK)
    shell.wait_hidden(MASTER)


def test_tablet_landscape_without_javascript(browser):
    b = browser("tablet-landscape", javascript=False)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    assert_side_by_side(shell)
    b.screenshot("nojs-tablet-landscape-home")

    follow(shell, lambda: shell.choose(san_francisco()))
    shell.wait_destination(san_francisco())
    assert_side_by_side(shell)
    b.screenshot("nojs-tablet-landscape-destination")

    follow(shell, lambda: shell.choose(new_york()))
    shell.wait_destination(new_york())
    assert_side_by_side(shell)


def open_overlay_without_javascript(shell: Shell) -> None:
    shell.wait_shown(OPEN_MASTER)
    shell.click(OPEN_MASTER)
    shell.wait(lambda: shell.fragment() == "master", "the link should go to #master")
    shell.wait_shown(MASTER, BACKDROP)
    master, detail = shell.rect(MASTER), shell.rect(DETAIL)
    assert master["x"] == 0 and 0 < master["width"] < detail["width"], f"the list overlays the left of the detail: {master}"


def test_tablet_portrait_overlay_without_javascript(browser):
    b = browser("tablet-portrait", javascript=False)
    b.open("/")
    shell = Shell(b)
    shell.wait_home()
    shell.wait_shown(DETAIL, OPEN_MASTER)
    shell.wait_hidden(MASTER, BACKDROP)
    b.screenshot("nojs-tablet-portrait-home")

    open_overlay_without_javascript(shell)
    b.screenshot("nojs-tablet-portrait-overlay")

    follow(shell, lambda: shell.choose(new_york()))
    shell.wait_destination(new_york())
    assert shell.fragment() == ""
    shell.wait_shown(DETAIL, OPEN_MASTER)
    shell.wait_hidden(MASTER, BACKDROP, BACK)
    b.screenshot("nojs-tablet-portrait-destination")


def test_tablet_portrait_backdrop_and_done_close_the_overlay_without_javascript(browser):
    b = browser("tablet-portrait", javascript=False)
    b.open(new_york().path)
    shell = Shell(b)
    shell.wait_destination(new_york())

    for closer in ("backdrop", "done"):
        open_overlay_without_javascript(shell)
        if closer == "backdrop":
            shell.tap_backdrop()
        else:
            shell.click("aside#master a.close-master")
        shell.wait(lambda: shell.fragment() != "master", f"the {closer} link should leave #master")
        shell.wait_hidden(MASTER, BACKDROP)
        shell.wait_shown(DETAIL, OPEN_MASTER)
        assert shell.path() == new_york().path
        shell.check_destination(new_york())
