"""Sharing a vacation (issue 34): the owner's Share… makes a link (a screen of its own on a
phone, a popover on a tablet) and shows its address once, with Copy link; a visitor without an
account opens it, turns its book and opens its map, in the same adaptive layouts and with
nothing else of the household; without JavaScript too, and past a password; Stop sharing ends it
under the visitor's finger; and an account it is shared with to add to finds it in Visit's
chooser. On `vacation_server` (vacation_pages.py), each test as accounts of its own. Keeping a
link offline is test_offline.py's; what each answer holds and hides is ShareLinkPagesTests'."""

import pytest

from pages import http_get, text_content
from vacation_pages import (
    BOOK,
    LAYOUTS,  # noqa: F401 (the layouts the other vacation tests run at)
    MENU,
    MENU_BOOK,
    MENU_ITINERARY,
    VISIT,
    VacationScreens,
    book_state,
    browser_as,
    share_link_over_http,
    share_with_over_http,
    stop_link_over_http,
    traveller,
    vacation_with,
)
from photo_pages import photo_ids

SHARE = f"{MENU} a.share"
NEW_LINK_FORM = "form.new-link-form"
LINK_ADDRESS = "input.link-address"
COPY_LINK = "button.copy-link"
PHOTOS = ["Central Park", "Brooklyn Bridge", "Golden Gate Bridge"]

# Pages turn and panes slide here as a person sees them.
pytestmark = pytest.mark.motion


def account_id(server, name: str) -> int:
    return server.query("SELECT id FROM accounts WHERE name = ?", name)[0][0]


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_a_visitor_opens_a_link_the_owner_made_turns_its_book_and_opens_its_map(vacation_server, browser, layout):
    account, session = traveller(vacation_server, f"Sharer {layout}")
    vacation = vacation_with(vacation_server, session, "Shared Bridges", PHOTOS)
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    # The owner: Share…, a new link with a password-less default, its address shown once.
    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Shared Bridges")
    container = screens.open_popover_link(SHARE)
    assert (container == "dialog.popover") == (layout != "phone"), "a popover on a tablet, a screen of its own on a phone"
    screens.find(f"{container} #link-label").send_keys("For the family")
    screens.press_submit(f"{container} {NEW_LINK_FORM}")
    screens.wait(lambda: screens.find_all(f"{container} {LINK_ADDRESS}"), "the new link's address should show")
    address = screens.find(f"{container} {LINK_ADDRESS}").get_attribute("value")
    assert address.startswith(vacation_server.url + "/s/") and len(address.rsplit("/", 1)[1]) == 24, address
    screens.assert_targets(f"{container} {COPY_LINK}")
    screens.click(f"{container} {COPY_LINK}")
    screens.wait(lambda: text_content(screens.find(f"{container} {COPY_LINK}")) in ("Copied", "Selected: copy it"), "Copy link should say what it did")
    assert "For the family" in screens.find(f"{container} ul.share-links").text
    b.screenshot(f"{layout}-vacation-share")

    # A visitor: no account, no cookies.
    b = browser(layout, server=vacation_server, signed_in=False)
    screens = VacationScreens(b)
    path = address.removeprefix(vacation_server.url)
    b.open(path)
    screens.wait(lambda: screens.find_all(MENU), "the shared vacation's menu should show")
    screens.show_master()
    assert "Shared by " + account.name in screens.find(MENU).text
    assert not screens.find_all("#app-tabs") and not screens.find_all("#tab-bar"), "nothing else of the household"
    b.screenshot(f"{layout}-vacation-shared-menu")

    # Its book turns with the arrow keys, page after page, under the link's own addresses.
    screens.mark_document()
    screens.click(MENU_BOOK)
    # Live first (its script has taken the keys): an arrow pressed before is the page's, not the book's.
    screens.wait(lambda: (book_state(screens) or {}).get("path") == f"{path}/book/1" and all((book_state(screens) or {}).get("images") or [False])
                 and (book_state(screens) or {}).get("live"), "the book's first page should show, its script running")
    assert screens.same_document(), "the book opens without a page load"
    screens.press("\ue014")
    screens.wait(lambda: (book_state(screens) or {}).get("path") == f"{path}/book/2", f"the book should turn to page 2: {book_state(screens)}")
    assert screens.exists(BOOK)
    b.screenshot(f"{layout}-vacation-shared-book")

    # Its itinerary's map.
    b.open(f"{path}/itinerary")
    canvas = ".itinerary-map-phone .map-canvas" if layout == "phone" else ".itinerary-detail .map-canvas"
    screens.wait(lambda: screens.find_all(f"{canvas}.leaflet-container") and screens.shown(canvas), "the itinerary's map should draw")
    b.screenshot(f"{layout}-vacation-shared-itinerary")


def test_where_the_browser_has_a_share_sheet_share_opens_it_and_times_are_the_readers(vacation_server, browser):
    """Web Share where the browser has it (issue 49, 13): Share… in place of Copy link hands the
    sheet the new link and the vacation's name; the time a link was last opened is written in
    the reader's own zone, not UTC. (This Chromium has no share sheet: the test gives it one
    that records what it was asked, before any page's script runs.)"""
    _, session = traveller(vacation_server, "Sheet Sharer")
    vacation = vacation_with(vacation_server, session, "Sheet Bridges", PHOTOS[:1])
    b = browser_as(browser, "phone", vacation_server, session)
    b.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Tokyo"})
    b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        window.sharedWith = [];
        navigator.share = (data) => { window.sharedWith.push(data); return Promise.resolve(); };"""})
    screens = VacationScreens(b)
    b.open(f"/vacations/{vacation}/share")
    screens.find("#link-label").send_keys("For the sheet")
    screens.press_submit(NEW_LINK_FORM)
    screens.wait(lambda: screens.shown("button.share-sheet"), "Share… should show where there is a share sheet")
    address = screens.find(LINK_ADDRESS).get_attribute("value")
    assert not screens.shown(COPY_LINK), "Copy link steps aside for the sheet"
    screens.assert_targets("button.share-sheet")
    screens.click("button.share-sheet")
    screens.wait(lambda: b.driver.execute_script("return window.sharedWith.length") == 1, "the sheet should be asked once")
    assert b.driver.execute_script("return window.sharedWith[0]") == {"title": "Sheet Bridges", "url": address}

    http_get(address)  # a visitor opens it
    b.open(f"/vacations/{vacation}/share")
    shown, expected = b.driver.execute_script("""
        const time = document.querySelector('.link-openings time.local-time');
        return [time.textContent, new Date(time.getAttribute('datetime')).toLocaleString([], {
          day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Tokyo'})];""")
    assert shown == expected and "UTC" not in shown, (shown, expected)


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_after_a_change_share_keeps_its_place_with_the_change_in_view(vacation_server, browser, layout):
    """Stop sharing the last of several links (issue 49, 13): Share… comes back where it was,
    that link's row in view saying it was stopped, not at the top of the page."""
    _, session = traveller(vacation_server, f"Place Keeper {layout}")
    vacation = vacation_with(vacation_server, session, "Many Links", PHOTOS[:1])
    for n in range(4):
        share_link_over_http(vacation_server, session, vacation, label=f"Link number {n}")
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)
    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Many Links")
    container = screens.open_popover_link(SHARE)
    rows = screens.find_all(f"{container} .share-link")
    last = rows[-1].get_attribute("id")
    assert len(rows) == 4 and last.startswith("link-"), [row.get_attribute("id") for row in rows]
    stop = f'{container} [id="{last}"] form.stop-sharing button'
    b.driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", stop)
    screens.click(stop)
    screens.wait(lambda: "ended" in (screens.find(f'#detail [id="{last}"]').get_attribute("class") or "").split(), "the row says it stopped")

    def in_view():
        return b.driver.execute_script("""
            const row = document.querySelector(`#detail [id="${arguments[0]}"]`), box = row.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= innerHeight && row.closest('.pane-content, html').scrollTop + scrollY > 0;""", last)
    screens.wait(in_view, "the stopped link's row in view, the page scrolled to it")
    b.screenshot(f"{layout}-vacation-share-kept-place")


def test_without_javascript_a_password_link_asks_first_then_shows_the_vacation(vacation_server, browser):
    account, session = traveller(vacation_server, "Password Sharer")
    vacation = vacation_with(vacation_server, session, "Secret Bridges", PHOTOS[:2])
    path = share_link_over_http(vacation_server, session, vacation, password="sardines", show_where="on", show_dates="on")
    b = browser("phone", javascript=False, server=vacation_server, signed_in=False)
    b.expect_log(r"Failed to load resource: .*403")
    screens = VacationScreens(b)

    b.open(path)
    assert b.status() == 403
    assert "This link asks for a password" in screens.find("#detail").text
    assert "Secret Bridges" not in b.driver.page_source
    screens.find("#link-password").send_keys("anchovies")
    screens.click("section.link-password button[type=submit]")
    screens.wait(lambda: "That is not the link’s password." in screens.find("#detail").text, "a wrong password is said so")
    screens.find("#link-password").send_keys("sardines")
    screens.click("section.link-password button[type=submit]")
    screens.wait(lambda: screens.find_all(MENU), "the right password opens the vacation")
    assert screens.path() == path
    b.screenshot("nojs-phone-vacation-shared-password")
    screens.click(f"{MENU} a.vacation-all-photos")
    screens.wait_path(f"{path}/photos")
    screens.click("#master-content ul.photo-grid a.photo-cell")
    screens.wait(lambda: screens.path().startswith(f"{path}/photos/"), "a photo opens in the viewer")
    assert screens.find_all("#detail section.photo-viewer")


def test_stop_sharing_while_the_visitor_has_it_open(vacation_server, browser):
    account, session = traveller(vacation_server, "Stopper")
    vacation = vacation_with(vacation_server, session, "Short Lived", PHOTOS[:1])
    path = share_link_over_http(vacation_server, session, vacation, show_where="on", show_dates="on")
    b = browser("tablet-portrait", server=vacation_server, signed_in=False)
    b.expect_log(r"Failed to load resource: .*410")
    screens = VacationScreens(b)
    b.open(path)
    screens.wait(lambda: screens.find_all(MENU), "the shared vacation's menu should show")
    screens.show_master()

    stop_link_over_http(vacation_server, session, vacation)
    screens.click(f"{MENU} a.vacation-all-photos")
    screens.wait(lambda: "This link has ended" in screens.find("#detail").text, "the next page says the link ended")
    assert "Short Lived" not in screens.find("#detail").text
    b.screenshot("tablet-portrait-vacation-shared-ended")


def test_an_account_it_is_shared_with_to_add_to_visits_from_the_chooser(vacation_server, browser):
    owner, owner_session = traveller(vacation_server, "Household Owner")
    member, member_session = traveller(vacation_server, "Household Member")
    vacation = vacation_with(vacation_server, owner_session, "Family Trip", PHOTOS[:1])
    share_with_over_http(vacation_server, owner_session, vacation, account_id(vacation_server, member.name), "add")
    photo = photo_ids(vacation_server)["Golden Gate Bridge"]
    b = browser_as(browser, "tablet-landscape", vacation_server, member_session)
    screens = VacationScreens(b)

    b.open("/vacations")
    screens.wait(lambda: screens.find_all("#master-content h2.shared-with-me"), "Vacations should list it under Shared with me")
    assert text_content(screens.find("#master-content h2.shared-with-me")) == "Shared with me"
    assert f"{owner.name} · Can add photos" in screens.find("#master-content ul.shared-vacations").text
    b.open(f"/photos/{photo}")
    container = screens.open_popover_link(VISIT)
    assert "Family Trip (Household Owner’s)" in screens.choices(container)
    screens.choose(container, "Family Trip (Household Owner’s)")
    screens.wait_popover_closed()
    screens.wait_visited_in(["Family Trip (Household Owner’s)"])
    assert vacation_server.query(
        "SELECT count(*) FROM vacation_photos WHERE vacation_id = ? AND added_by = ?", vacation, account_id(vacation_server, member.name)
    ) == [(1,)]
