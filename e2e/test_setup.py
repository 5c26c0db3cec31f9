"""The first start (issue 3, "What a user sees"): with no account, `roadtrip serve` prints a
one-time setup link; that page creates the owner (name, password typed twice, at least 10
characters) and signs them in. The link then stops working; `/setup` without it explains
how to get one and creates nothing. Each test has a fresh server with its own data folder.

Each runs at one layout: the forms and their answers are the server's, the same at every size
(SetupPageTests checks them over HTTP too); the layouts are test_layouts.py's subject."""

from pages import (
    ACCOUNTS_LINK,
    FORM_COOKIE,
    FORM_PAGE,
    NOTICE,
    VIEWER_TAB,
    Account,
    Shell,
    http_get,
    http_post,
    text_content,
)

SETUP_FORM = 'form[action="/setup"]'
FIRST_OWNER = Account("Avery Quinn", "a long enough password")


def wait_setup_help(shell: Shell, heading: str) -> None:
    shell.wait_shown(FORM_PAGE)
    assert shell.driver.title == "Set up RoadTrip · RoadTrip"
    assert text_content(shell.find(f"{FORM_PAGE} h2")) == heading
    assert not shell.find_all(SETUP_FORM), "without a valid link there is no form to create an account with"
    assert not shell.find_all("input[type=password]")
    assert "single" in shell.body_classes() and not shell.find_all("aside#master")


def test_setup_without_the_link_explains_and_creates_nothing(start_server, browser):
    fresh = start_server(setup=False)
    assert fresh.setup_link, "a first start with no account prints the setup link"
    b = browser("phone", server=fresh, signed_in=False)
    shell = Shell(b)

    # Every page asks to sign in, and the sign-in page says RoadTrip is not set up yet.
    b.open("/destinations/1")
    shell.wait_sign_in_page(next_path="/destinations/1")
    assert "not set up yet" in text_content(shell.find(f"{FORM_PAGE} p.notice"))

    # /setup without a token: how to get a link, and no form.
    b.open("/setup")
    wait_setup_help(shell, "Setting up RoadTrip")
    assert b.status() == 200
    explanation = text_content(shell.find(FORM_PAGE))
    for words in ("one-time link", "roadtrip serve", "/setup?token=", "roadtrip user add NAME --owner"):
        assert words in explanation, f"the setup page should explain how to get a link ({words!r}): {explanation}"
    assert not shell.find_all(NOTICE), "asking without a link is no error"
    b.screenshot(f"{b.name}-setup-help")

    # A made-up token: refused, and says so.
    b.expect_log(r"/setup\?token=.* - Failed to load resource: .*403")
    b.open("/setup?token=" + "A" * 43)
    wait_setup_help(shell, "Setting up RoadTrip")
    assert b.status() == 403
    assert "not valid" in shell.notice(), shell.notice()

    # A post without a valid token (a form of this site, its form token right) creates nothing.
    page = http_get(fresh("/signin"))  # a form token for a browser without a session
    refused = http_post(
        fresh("/setup"),
        {"csrf": page.form_token(), "name": "Intruder", "password": "0123456789ab", "repeated": "0123456789ab"},
        cookies={FORM_COOKIE: page.set_cookies()[FORM_COOKIE]},
    )
    assert refused.status == 403, f"a setup post without a token: {refused.status}"
    assert fresh.account_names() == [], "nothing was created"
    # And the printed link still works: looking was not using it.
    assert "Create the owner account" in http_get(fresh.setup_link).text


def test_setup_through_the_printed_link_then_it_stops_working(start_server, browser):
    fresh = start_server(setup=False)
    b = browser("tablet-portrait", server=fresh, signed_in=False)
    shell = Shell(b)

    b.driver.get(fresh.setup_link)
    b.wait_loaded()
    shell.wait_shown(FORM_PAGE, SETUP_FORM)
    assert shell.driver.title == "Set up RoadTrip · RoadTrip"
    assert text_content(shell.find(f"{FORM_PAGE} h2")) == "Welcome to RoadTrip"
    assert shell.hidden_value(SETUP_FORM, "csrf"), "the setup form carries its form token"
    assert shell.hidden_value(SETUP_FORM, "token") == fresh.setup_link.split("token=")[1]
    for name, kind in (("name", "text"), ("password", "password"), ("repeated", "password")):
        field = shell.find(f'{SETUP_FORM} input[name="{name}"]')
        assert field.is_displayed() and field.get_attribute("type") == kind, f"the setup form asks for {name} ({kind})"
    b.screenshot(f"{b.name}-setup")

    # Too short, then typed differently: said so, nothing created, the name kept.
    b.expect_log(r"/setup - Failed to load resource: .*422")
    for password, repeated, message in (
        ("too short", "too short", "A password needs at least 10 characters."),
        (FIRST_OWNER.password, FIRST_OWNER.password + "!", "The two passwords are not the same."),
    ):
        shell.fill(SETUP_FORM, name=FIRST_OWNER.name, password=password, repeated=repeated)
        shell.submit(SETUP_FORM)
        shell.wait_shown(NOTICE)
        assert shell.notice() == message
        assert b.status() == 422
        assert shell.find(f'{SETUP_FORM} input[name="name"]').get_attribute("value") == FIRST_OWNER.name
        assert fresh.account_names() == []
    b.screenshot(f"{b.name}-setup-refused")

    # Right (typed key by key): the owner is created and signed in, home with the list.
    for name, value in (("name", FIRST_OWNER.name), ("password", FIRST_OWNER.password), ("repeated", FIRST_OWNER.password)):
        shell.type_into(f'{SETUP_FORM} input[name="{name}"]', value)
    shell.submit(SETUP_FORM)
    shell.wait_home()
    shell.wait_signed_in_as(FIRST_OWNER)
    assert fresh.account_names() == [FIRST_OWNER.name]
    shell.click(VIEWER_TAB)
    shell.wait_path("/account")
    assert shell.find_all(ACCOUNTS_LINK), "the owner gets the Accounts link"
    b.screenshot(f"{b.name}-setup-done")

    # The link has done its work: it shows that RoadTrip is set up, and no form.
    b.driver.get(fresh.setup_link)
    b.wait_loaded()
    wait_setup_help(shell, "RoadTrip is set up")
    assert "does nothing any more" in text_content(shell.find(FORM_PAGE))
    assert shell.find(f'{FORM_PAGE} a.button[href="/signin"]').is_displayed()

    # Sending the form of the link again (another browser that still has it open) creates nothing.
    page = http_get(fresh("/signin"))
    again = http_post(
        fresh("/setup"),
        {"csrf": page.form_token(), "token": fresh.setup_link.split("token=")[1], "name": "Second Owner",
         "password": "another long password", "repeated": "another long password"},
        cookies={FORM_COOKIE: page.set_cookies()[FORM_COOKIE]},
    )
    assert again.status == 403, f"the spent setup link's form should be refused: {again.status}"
    assert fresh.account_names() == [FIRST_OWNER.name]
