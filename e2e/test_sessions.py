"""Sessions (issue 3): signing out ends the session wherever its cookie is used; sessions end
after 7 days unused or 30 days in all; a form sent without its token is refused with a page
that explains, and changes nothing.

The clock is not waited for: the session's row in the server's database is aged instead
(created_at and last_used_at moved back), which is what the passing of days does to it.

Each runs at one layout: what is checked is what the server did (and, for signing out and an
expired session, what the app's script and the browser's history then show), the same at
every size; the layouts are test_layouts.py's subject. The ages at which a session ends are
the Swift suite's (SessionStoreTests, SessionGateTests.anExpiredSessionIsSentToSignIn), the
refused tokens too (CSRFTests)."""

import time

import pytest

from pages import (
    ERROR_STATE,
    FORM_REFUSED,
    OWNER,
    SESSION_COOKIE,
    SIGN_OUT,
    Shell,
    assert_side_by_side,
    demo,
    http_get,
    new_york,
    san_francisco,
    text_content,
    token_hash,
)

DAY = 24 * 3600


# With JavaScript, Back after signing out goes through the app's script (and its service
# worker); without, through the browser's own history and cache.
@pytest.mark.parametrize("javascript", [pytest.param(True, id="js"), pytest.param(False, id="nojs")])
def test_sign_out_ends_the_session(server, browser, javascript):
    b = browser("phone", javascript)
    shell = Shell(b)
    b.open("/")
    shell.wait_home()
    session = b.cookie(SESSION_COOKIE)
    assert session and server.session_row(session), "the browser has a live session"

    shell.wait_signed_in_as(OWNER)
    shell.open_account()
    assert text_content(shell.find(SIGN_OUT)) == "Sign out"
    b.screenshot(f"{b.name}-account-sign-out")
    shell.submit("form.sign-out")
    shell.wait_sign_in_page(next_path=None)
    assert shell.path() == "/signin"
    assert b.cookie(SESSION_COOKIE) is None, "the session cookie is deleted"
    assert server.session_row(session) is None, "the session is gone from the server, not only from this browser"

    # Back does not bring the signed-in page back (from a cache): it asks to sign in.
    b.driver.back()
    b.wait_loaded()
    shell.wait_sign_in_page(next_path="/account")  # where Sign out was
    assert shell.path() == "/signin?next=%2Faccount"
    assert not shell.find_all("#master-content a.row"), "no destination shows after signing out"

    # The old cookie, put back (as a copy elsewhere would still send it), opens nothing.
    b.add_cookie(SESSION_COOKIE, session)
    b.open(new_york().path)
    shell.wait_sign_in_page(next_path=new_york().path)
    assert http_get(server("/"), cookies={SESSION_COOKIE: session}).status == 303


def age_session(server, token: str, created_days_ago: float, last_used_days_ago: float) -> None:
    now = int(time.time())
    connection = server.database()
    try:
        changed = connection.execute(
            "UPDATE sessions SET created_at = ?, last_used_at = ? WHERE token_hash = ?",
            (now - int(created_days_ago * DAY), now - int(last_used_days_ago * DAY), token_hash(token)),
        ).rowcount
    finally:
        connection.close()
    assert changed == 1, "the browser's session should be in the database"


@pytest.mark.parametrize(
    "ages",
    [
        pytest.param((8, 8), id="unused-8-days"),
        pytest.param((31, 0.01), id="31-days-old-used-a-minute-ago"),
    ],
)
def test_expired_session_asks_to_sign_in_again(server, browser, ages):
    b = browser("tablet-landscape")
    shell = Shell(b)
    b.open("/")
    shell.wait_home()
    shell.mark_document()
    session = b.cookie(SESSION_COOKIE)

    # Still fine at the edge: 6 days unused, 29 days old.
    age_session(server, session, 29, 6)
    shell.reveal_master()
    shell.choose(new_york())
    shell.wait_destination(new_york())
    assert shell.same_document(), "a live session: in-app navigation as usual"

    created, last_used = ages
    age_session(server, session, created, last_used)
    # The next page asked for: the app's script fetches it, meets the sign-in page, and
    # lets the browser load the address itself, which lands on the sign-in page.
    shell.reveal_master()
    shell.choose(san_francisco())
    shell.wait_sign_in_page(next_path=san_francisco().path)
    assert server.session_row(session) is None, "the expired session is deleted"
    assert b.status() == 200

    shell.sign_in(OWNER)
    shell.wait_destination(san_francisco())
    new_session = b.cookie(SESSION_COOKIE)
    assert new_session and new_session != session, "signing in again starts a new session"


@pytest.mark.parametrize("how", ["removed", "wrong"])
def test_sign_out_without_the_form_token_is_refused(server, browser, how):
    b = browser("tablet-landscape")
    shell = Shell(b)
    b.open("/")
    shell.wait_home()
    session = b.cookie(SESSION_COOKIE)
    shell.open_account()
    if how == "removed":
        b.driver.execute_script("document.querySelector(arguments[0]).remove()", 'form.sign-out input[name="csrf"]')
    else:
        b.driver.execute_script("document.querySelector(arguments[0]).value = 'A'.repeat(43)", 'form.sign-out input[name="csrf"]')
    b.expect_log(r"/signout - Failed to load resource: .*403")
    shell.submit("form.sign-out")

    shell.wait_error_page(403)
    assert b.status() == 403
    assert shell.path() == "/signout"
    assert b.driver.title == "Forbidden · RoadTrip"
    assert FORM_REFUSED in text_content(shell.find(ERROR_STATE)), text_content(shell.find(ERROR_STATE))
    # Still signed in: the list and the footer beside the explanation.
    shell.wait_signed_in_as(OWNER)
    assert shell.row_names() == [d.name for d in demo()]
    assert_side_by_side(shell)
    b.screenshot(f"{b.name}-forbidden-{how}")

    assert b.cookie(SESSION_COOKIE) == session and server.session_row(session), "nothing was changed"
    b.open("/")
    shell.wait_home()
    shell.wait_signed_in_as(OWNER)
