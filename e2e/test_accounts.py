"""Your account and the owner's Accounts screen (issue 3): reached by the account's tab of the app
tab bar (issue 33, 2 and 5), in the shell like every signed-in page; everyone changes their own
password (the old one required, the other sessions end); the owner adds and removes accounts."""

import pytest

from pages import (
    ACCOUNTS_LINK,
    APP_TABS,
    BACK,
    MEMBER,
    OWNER,
    SESSION_COOKIE,
    SIGN_OUT,
    VIEWER_TAB,
    Account,
    Shell,
    assert_side_by_side,
    assert_titles_fit,
    http_get,
    text_content,
)

LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]
PASSWORD_FORM = 'form[action="/account/password"]'
ADD_FORM = 'form[action="/accounts"]'


def assert_detail_layout(shell: Shell, back: str | None) -> None:
    """A detail screen of the account's half; on a phone with `back` (or, Your account, none:
    the half's first screen, with the tab bar under it)."""
    layout = shell.browser.layout.name
    if layout == "tablet-landscape":
        assert_side_by_side(shell)
    else:
        shell.wait_shown("main#detail", BACK if layout == "phone" and back else "main#detail")
        shell.wait_hidden("aside#master")
        assert shell.rect("main#detail")["width"] == shell.browser.layout.width, "the page fills the screen"
    if layout == "tablet-portrait":
        assert text_content(shell.find("main#detail header.bar a.open-master")) == "☰ Account", "names the list it opens"
    if layout == "phone":
        assert [text_content(e) for e in shell.find_all(BACK) if e.is_displayed()] == ([f"‹ {back}"] if back else [])
        assert shell.shown(APP_TABS) == (back is None), "the tab bar under the half's first screen only"
    assert text_content(shell.find(f'{APP_TABS} a[aria-current="page"]')) == OWNER.name, "the account's tab is the current one"
    assert_titles_fit(shell)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_account_and_accounts_pages(server, browser, layout):
    b = browser(layout)
    shell = Shell(b)

    b.open("/")
    shell.wait_home()
    shell.click(VIEWER_TAB)  # on every layout the tab bar is on screen at home
    shell.wait_path("/account")
    shell.wait(lambda: b.driver.title == "Your account · RoadTrip", "the account page's title")
    shell.wait_shown(PASSWORD_FORM, SIGN_OUT)
    assert shell.detail_title() == "Your account"
    assert text_content(shell.find("section.form-page .account-name")) == OWNER.name
    assert text_content(shell.find("section.form-page .account-who p.hint")) == "Owner of this RoadTrip"
    for name in ("current", "password", "repeated"):
        assert shell.find(f'{PASSWORD_FORM} input[name="{name}"]').get_attribute("type") == "password"
    sign_out_token = shell.hidden_value("form.sign-out", "csrf")
    assert sign_out_token and shell.hidden_value(PASSWORD_FORM, "csrf") == sign_out_token, "one form token per session"
    assert_detail_layout(shell, back=None)
    b.screenshot(f"{layout}-account")

    # Accounts: in the screen on a phone, in the account's list beside it on a tablet.
    if layout != "phone":
        shell.reveal_master()
    shell.click(ACCOUNTS_LINK.split(", ")[0 if layout == "phone" else 1])
    shell.wait_path("/accounts")
    shell.wait(lambda: b.driver.title == "Accounts · RoadTrip", "the accounts page's title")
    shell.wait_shown(ADD_FORM)
    rows = {
        text_content(li.find_element("css selector", ".row-title")): text_content(li.find_element("css selector", ".row-subtitle"))
        for li in shell.find_all("ul.accounts li.account")
    }
    assert rows == {OWNER.name: "Owner", MEMBER.name: "Member"}, rows
    assert [text_content(x) for x in shell.find_all("button.danger")] == [f"Remove {MEMBER.name}"], "not the owner themself"
    assert len(shell.find_all('form.reset button[type="submit"]')) == 1, "the other account's password can be reset"
    assert [text_content(x) for x in shell.find_all('ul.accounts a[href="/account"]')] == ["Change your password"], \
        "the owner's own password is changed under Your account"
    assert all(value == sign_out_token for value in
               (i.get_attribute("value") for i in shell.find_all('section.form-page input[name="csrf"]')))
    assert_detail_layout(shell, back="Your account")
    b.screenshot(f"{layout}-accounts")


def test_owner_adds_an_account_who_changes_their_password_and_is_removed(start_server, browser):
    own = start_server()
    sam = Account("Sam Rivera", "sam's first password")
    new_password = "sam's second password"

    owner = browser("tablet-landscape", server=own)
    owner.expect_log(r"/accounts - Failed to load resource: .*422")
    shell = Shell(owner)
    owner.open("/accounts")
    shell.wait_shown(ADD_FORM)

    # A refused add keeps the name and says why; then the real one.
    shell.fill(ADD_FORM, name=sam.name, password=sam.password, repeated="something else!")
    shell.submit(ADD_FORM)
    assert shell.notice() == "The two passwords are not the same."
    assert owner.status() == 422
    assert shell.find(f'{ADD_FORM} input[name="name"]').get_attribute("value") == sam.name
    shell.fill(ADD_FORM, name=sam.name, password=sam.password, repeated=sam.password)
    shell.submit(ADD_FORM)
    assert shell.notice() == f"Added {sam.name}."
    assert sam.name in [text_content(t) for t in shell.find_all("ul.accounts .row-title")]
    assert own.account_names() == sorted([OWNER.name, sam.name])

    # Sam signs in on a phone: a member, no Accounts link.
    phone = browser("phone", server=own, signed_in=False)
    phone.expect_log(r"/account/password - Failed to load resource: .*422")
    sam_shell = Shell(phone)
    phone.open("/account")
    sam_shell.wait_sign_in_page(next_path="/account")
    sam_shell.sign_in(sam)
    sam_shell.wait_path("/account")
    assert text_content(sam_shell.find("section.form-page .account-who p.hint")) == "Member of this RoadTrip"
    sam_shell.wait_signed_in_as(sam)
    assert not sam_shell.find_all(ACCOUNTS_LINK), "a member has no Accounts, in the screen or in the list"
    first_session = phone.cookie(SESSION_COOKIE)

    # The old password is required.
    sam_shell.fill(PASSWORD_FORM, current="not my password", password=new_password, repeated=new_password)
    sam_shell.submit(PASSWORD_FORM)
    assert sam_shell.notice() == "The current password is not right."
    assert phone.status() == 422
    sam_shell.fill(PASSWORD_FORM, current=sam.password, password=new_password, repeated=new_password)
    sam_shell.submit(PASSWORD_FORM)
    assert sam_shell.notice() == "Your password is changed. You are signed out everywhere else."
    second_session = phone.cookie(SESSION_COOKIE)
    assert second_session and second_session != first_session, "a new session id with the new password"
    assert own.session_row(first_session) is None
    assert http_get(own("/account"), cookies={SESSION_COOKIE: second_session}).status == 200
    phone.screenshot("phone-account-password-changed")

    # The owner removes Sam: Sam's session ends with the account.
    owner.open("/accounts")
    shell.wait_shown(ADD_FORM)
    shell.submit('form[action$="/remove"]')
    assert shell.notice() == f"Removed {sam.name}."
    assert own.account_names() == [OWNER.name]
    phone.open("/")
    sam_shell.wait_sign_in_page(next_path=None)
