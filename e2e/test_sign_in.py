"""Signing in (issue 3): every screen but sign-in, setup, /healthz and assets asks to sign in
first and then returns to where the person was going (same-site paths only); a wrong name
or password gives one message that does not say which; after 5 failures for an account or
an address within 15 minutes the page says how long to wait.

Failures count per address, and every test comes from 127.0.0.1: the tests that fail on
purpose each have a server of their own, so the session's server never sees a failure.

What the server decides is checked at one layout (the layouts are test_layouts.py's subject):
the sign-in form is plain HTML, posted the same way at every size. The lock-out after five
failures itself is the Swift suite's (SignInPageTests.afterFiveFailuresThePageSaysHowLongToWait,
SignInTests.fiveFailuresFromOneAddressHoldThatAddressForEveryName); what only a browser shows
here is that the device cookie it keeps spares it from a lock on its name."""

from urllib.parse import quote

import pytest

from pages import (
    ACCOUNTS_LINK,
    DEVICE_COOKIE,
    MEMBER,
    NOTICE,
    OWNER,
    SESSION_COOKIE,
    SIGN_IN_FORM,
    TOO_MANY_ATTEMPTS,
    VIEWER_TAB,
    WRONG_NAME_OR_PASSWORD,
    Account,
    Shell,
    assert_side_by_side,
    new_york,
    san_francisco,
)

# With JavaScript the page that follows is the app's (in-app navigation from then on); without,
# the server's alone.
JAVASCRIPT = [pytest.param(True, id="js"), pytest.param(False, id="nojs")]


@pytest.mark.parametrize("javascript", JAVASCRIPT)
def test_sign_in_returns_to_the_page_asked_for(browser, javascript):
    b = browser("phone", javascript, signed_in=False)
    shell = Shell(b)
    b.open(san_francisco().path)
    shell.wait_sign_in_page(next_path=san_francisco().path)
    assert shell.path() == "/signin?next=%2Fdestinations%2F2"
    assert b.status() == 200
    assert b.cookie(SESSION_COOKIE) is None
    b.screenshot(f"{b.name}-signin")

    shell.sign_in(OWNER)
    shell.wait_destination(san_francisco())
    shell.wait_shown("main#detail", "main#detail header.bar a.back")  # the phone's destination screen
    shell.wait_hidden("aside#master")
    shell.wait_signed_in_as(OWNER)
    assert b.cookie(SESSION_COOKIE), "signing in sets the session cookie"
    b.screenshot(f"{b.name}-signed-in-destination")

    # Signed in, the sign-in page itself goes on to where it would have gone.
    b.open("/signin?next=%2Fdestinations%2F1")
    shell.wait_destination(new_york())


# The server refuses every other site (SafeRedirectTests, 35 addresses); here the one a browser
# reads as another site where a server may not: a backslash, which browsers take for a slash.
@pytest.mark.parametrize("target", ["/\\evil.example"])
def test_sign_in_goes_home_instead_of_another_site(browser, target):
    b = browser("phone", signed_in=False)
    shell = Shell(b)
    b.open("/signin?next=" + quote(target, safe=""))
    shell.wait_sign_in_page(next_path=None)  # the page does not even carry it on
    # Nor does the server follow it when a form sends it (a form of this site, its token right).
    b.driver.execute_script(
        """const next = document.createElement('input');
           next.type = 'hidden'; next.name = 'next'; next.value = arguments[1];
           document.querySelector(arguments[0]).append(next);""",
        SIGN_IN_FORM,
        target,
    )
    shell.sign_in(OWNER)
    shell.wait_home()
    assert b.driver.current_url.startswith(b.server.url + "/"), f"still on RoadTrip: {b.driver.current_url}"
    shell.wait_signed_in_as(OWNER)


def test_wrong_password_or_name_gives_one_message(start_server, browser):
    own = start_server()
    b = browser("phone", server=own, signed_in=False)
    b.expect_log(r"/signin - Failed to load resource: .*401")
    shell = Shell(b)
    b.open(new_york().path)
    shell.wait_sign_in_page(next_path=new_york().path)

    messages = {}
    for case, account in (
        ("wrong password", Account(OWNER.name, "not the password at all")),
        ("unknown name", Account("Nobody Here", OWNER.password)),
    ):
        shell.sign_in(account)
        shell.wait_sign_in_page(next_path=new_york().path)
        shell.wait_shown(NOTICE)
        # With the script the refusal fills the form's pane in place (the page stays): its status
        # is the post's, as Resource Timing saw it.
        posted = b.driver.execute_script(
            "return performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/signin'"
            " && e.initiatorType === 'fetch').at(-1)?.responseStatus")
        assert posted == 401, f"{case}: {posted}"
        messages[case] = shell.notice()
        assert shell.find(f'{SIGN_IN_FORM} input[name="name"]').get_attribute("value") == account.name, "the name is kept"
        assert shell.find(f'{SIGN_IN_FORM} input[name="password"]').get_attribute("value") == "", "the password is not"
        assert b.cookie(SESSION_COOKIE) is None
        b.screenshot(f"{b.name}-signin-{case.replace(' ', '-')}")
    assert messages == {"wrong password": WRONG_NAME_OR_PASSWORD, "unknown name": WRONG_NAME_OR_PASSWORD}, (
        f"one message, that does not say which was wrong: {messages}"
    )
    assert own.query("SELECT count(*) FROM sign_in_failures")[0][0] == 2

    # Two failures hold nobody up: the right password goes on to the page asked for.
    shell.sign_in(OWNER)
    shell.wait_destination(new_york())
    shell.wait_signed_in_as(OWNER)


def test_lock_out_of_a_name_spares_a_browser_that_signed_in_before(start_server, browser):
    """Someone guessing the owner's password from elsewhere (5 failures for the name, from
    another address, put in the database) holds up unknown browsers, not the owner's own."""
    own = start_server()
    b = browser("phone", server=own, signed_in=False)
    b.expect_log(r"/signin - Failed to load resource: .*429")
    shell = Shell(b)
    b.sign_in(OWNER)  # this browser is now known to the owner's account
    device = b.cookie(DEVICE_COOKIE)
    assert device, "signing in marks the browser (rt_device)"
    b.clear_cookies()
    now = int(own.query("SELECT strftime('%s','now')")[0][0])
    for seconds_ago in range(5):
        own.query(
            "INSERT INTO sign_in_failures (name_key, address, failed_at) VALUES (?, ?, ?)",
            OWNER.name.casefold(), "203.0.113.7", now - 60 - seconds_ago,
        )

    # An unknown browser is held by the name's lock, with the right password.
    b.open("/signin")
    shell.sign_in(OWNER)
    shell.wait_shown(NOTICE)
    match = TOO_MANY_ATTEMPTS.match(shell.notice())
    assert match, shell.notice()
    assert match.group(2) == "14", f"the failures are a minute old: 14 minutes to wait, not {match.group(1)}"
    assert b.cookie(SESSION_COOKIE) is None

    # The owner's own browser (its device cookie) is not.
    b.add_cookie(DEVICE_COOKIE, device)
    b.open("/signin")
    shell.sign_in(OWNER)
    shell.wait_home()
    shell.wait_signed_in_as(OWNER)


def test_member_signs_in_without_the_accounts_link(browser):
    b = browser("tablet-landscape", signed_in=False)
    shell = Shell(b)
    b.open("/accounts")
    shell.wait_sign_in_page(next_path="/accounts")
    b.expect_log(r"/accounts - Failed to load resource: .*403")
    shell.sign_in(MEMBER)
    shell.wait_error_page(403)
    assert "Only the owner manages accounts" in shell.find(".empty-state.error").text
    shell.wait_signed_in_as(MEMBER)
    assert_side_by_side(shell)  # the list beside the error, for a signed-in person
    assert shell.shown(VIEWER_TAB) and not shell.find_all(ACCOUNTS_LINK), "a member has no Accounts link"
    b.screenshot("tablet-landscape-member-forbidden")


def test_signing_in_takes_the_sign_in_pages_place_in_the_history(server, browser):
    """Issue 33, 1: the page signing in leads to replaces the sign-in page, so Back does not
    return to a form that has done its work."""
    b = browser("phone", signed_in=False)
    shell = Shell(b)
    b.open("/signin")
    b.open("/account")  # signed out: the sign-in page, to go on to Your account
    shell.wait_sign_in_page(next_path="/account")
    length = b.driver.execute_script("return history.length")

    shell.fill(SIGN_IN_FORM, name=OWNER.name, password=OWNER.password)
    shell.click(f"{SIGN_IN_FORM} button[type=submit]")
    shell.wait_path("/account")
    shell.wait_signed_in_as(OWNER)

    assert b.driver.execute_script("return history.length") == length, "Your account took the sign-in page's entry"
    b.driver.back()  # the page before it: the plain sign-in page, which sends a signed-in person home
    shell.wait_path("/")
    shell.wait_home()
