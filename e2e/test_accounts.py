"""Your account and the owner's Accounts screen (issue 3): reached from the footer under the
list, in the shell like every signed-in page; everyone changes their own password (the old
one required, the other sessions end); the owner adds and removes accounts."""

import pytest

from pages import (
    BACK,
    FOOTER,
    FOOTER_ACCOUNTS,
    FOOTER_NAME,
    MEMBER,
    OWNER,
    SESSION_COOKIE,
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


def assert_detail_layout(shell: Shell) -> None:
    layout = shell.browser.layout.name
    if layout == "tablet-landscape":
        assert_side_by_side(shell)
    else:
        shell.wait_shown("main#detail", BACK if layout == "phone" else "main#detail header.bar a.open-master")
        shell.wait_hidden("aside#master")
        assert shell.rect("main#detail")["width"] == shell.browser.layout.width, "the page fills the screen"
    if layout == "phone":  # opened from the list: named after it, as a pushed screen's back is
        assert text_content(shell.find(BACK)) == "‹ RoadTrip"
    assert_titles_fit(shell)


def follow_footer_link(shell: Shell, css: str, path: str) -> None:
    shell.browser.open("/")
    shell.wait_home()
    shell.reveal_master()
    shell.click(css)
    shell.wait_path(path)
    shell.wait(lambda: shell.screen() == "detail", f"{path} is a detail screen")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_account_and_accounts_pages(server, browser, layout):
    b = browser(layout)
    shell = Shell(b)

    follow_footer_link(shell, FOOTER_NAME, "/account")
    shell.wait(lambda: b.driver.title == "Your account · RoadTrip", "the account page's title")
    shell.wait_shown(PASSWORD_FORM)
    assert shell.detail_title() == "Your account"
    assert text_content(shell.find("section.form-page > h2")) == OWNER.name
    assert text_content(shell.find("section.form-page > p.hint")) == "Owner of this RoadTrip"
    for name in ("current", "password", "repeated"):
        assert shell.find(f'{PASSWORD_FORM} input[name="{name}"]').get_attribute("type") == "password"
    footer_token = shell.hidden_value(FOOTER + " form", "csrf")
    assert footer_token and shell.hidden_value(PASSWORD_FORM, "csrf") == footer_token, "one form token per session"
    assert_detail_layout(shell)
    b.screenshot(f"{layout}-account")

    follow_footer_link(shell, FOOTER_ACCOUNTS, "/accounts")
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
    assert all(value == footer_token for value in
               (i.get_attribute("value") for i in shell.find_all('section.form-page input[name="csrf"]')))
    assert_detail_layout(shell)
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
    assert text_content(sam_shell.find("section.form-page > p.hint")) == "Member of this RoadTrip"
    sam_shell.wait_signed_in_as(sam)
    assert not sam_shell.find_all(FOOTER_ACCOUNTS)
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
