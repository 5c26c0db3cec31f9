"""Recents (issue 5, "Recents and the tablet layout"): opening a photo records it in the
account's Recents — newest first, no duplicates, at most 20 — a tab beside Places; a photo
opened from Recents turns through Recents, in its order (looking through Recents does not
reorder it: the next photo would become the first and Next would go back and forth between
two). Each account has its own. On `photo_server`, each test with accounts of its own
(Recents are per account, and other tests open photos too)."""

import pytest

from pages import (
    BACK,
    MASTER,
    MEMBER,
    SESSION_COOKIE,
    Account,
    HTTPResult,
    add_account_over_http,
    http_get,
    sign_in_over_http,
    text_content,
)
from photo_pages import (
    MASTER_TITLE,
    NEXT,
    PREVIOUS,
    RECENT_ROWS,
    TABS,
    PhotoScreens,
    photo_ids,
)

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion

# Recents' order is the server's; where a photo opened from it shows Recents is the layout's: Back
# to it on a phone, the list beside it on a tablet.
LAYOUTS = ["phone", "tablet-landscape"]
EMPTY = "Photos you open appear here, the last one first."


def new_account(server, name: str) -> tuple[Account, str]:
    """An account of the test's own, and a session of it."""
    account = Account(name, "a long enough password")
    add_account_over_http(server.url, server.owner_session, account)
    return account, sign_in_over_http(server.url, account)


def as_account(browser, server, layout: str, session: str) -> PhotoScreens:
    b = browser(layout, server=server)
    b.clear_cookies()
    b.set_cookie(SESSION_COOKIE, session)
    return PhotoScreens(b)


def open_over_http(server, session: str, photo_id: int) -> HTTPResult:
    page = http_get(server(f"/photos/{photo_id}"), cookies={SESSION_COOKIE: session})
    assert page.status == 200, f"opening photo {photo_id}: {page.status}"
    return page


def recents(screens: PhotoScreens) -> list[str]:
    return [title for title, _ in screens.rows(RECENT_ROWS)]


def open_recents_tab(screens: PhotoScreens) -> None:
    """The Recents tab, from wherever the person is: on a phone's photo, back to the list first."""
    if screens.shown(BACK) and not screens.shown(MASTER):
        screens.click(BACK)
        screens.wait_shown(MASTER)
    screens.show_master()
    screens.click(f'{TABS}[href="/recents"]')
    screens.wait_path("/recents")
    screens.show_master()
    screens.wait(lambda: screens.current_tab() == "Recents", "the Recents tab is current")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_recents_newest_first_without_duplicates(photo_server, browser, layout):
    _, session = new_account(photo_server, f"Recent viewer {layout}")
    screens = as_account(browser, photo_server, layout, session)
    ids = photo_ids(photo_server)

    screens.browser.open("/recents")
    screens.show_master()
    assert text_content(screens.find("#master-content section.recents .empty-note")) == EMPTY
    assert text_content(screens.find(MASTER_TITLE)) == "Recents"

    # A, B, then A again: each opened from its place, as a person does.
    for title in ("Pont Neuf", "Hallgrímskirkja", "Pont Neuf"):
        screens.browser.open(f"/photos/{ids[title]}")
        screens.wait_viewer(ids[title], title)
    open_recents_tab(screens)
    assert recents(screens) == ["Pont Neuf", "Hallgrímskirkja"], "newest first, each once"
    rows = screens.find_all(RECENT_ROWS)
    assert [r.get_attribute("href") for r in rows] == [photo_server(f"/photos/{ids[t]}?from=recents") for t in ("Pont Neuf", "Hallgrímskirkja")]
    screens.wait(lambda: all(screens.driver.execute_script("const i = arguments[0].querySelector('img'); return i.complete && i.naturalWidth > 0", r) for r in rows), "thumbnails")
    screens.browser.screenshot(f"{layout}-recents")

    # A photo opened from Recents: the list beside it (or Back to it) is Recents.
    screens.click(f'{RECENT_ROWS}[href="/photos/{ids["Hallgrímskirkja"]}?from=recents"]')
    screens.wait_viewer(ids["Hallgrímskirkja"], "Hallgrímskirkja")
    assert screens.path() == f"/photos/{ids['Hallgrímskirkja']}?from=recents"
    if layout == "phone":
        assert text_content(screens.find(BACK)) == "‹ Recents"
    else:
        screens.show_master()
        assert screens.current_tab() == "Recents"
    screens.browser.open("/recents")
    screens.show_master()
    assert recents(screens) == ["Pont Neuf", "Hallgrímskirkja"], "looking through Recents does not reorder it"

    # Opened again from its place, it moves to the top.
    screens.browser.open(f"/photos/{ids['Hallgrímskirkja']}")
    screens.wait_viewer(ids["Hallgrímskirkja"], "Hallgrímskirkja")
    open_recents_tab(screens)
    assert recents(screens) == ["Hallgrímskirkja", "Pont Neuf"], "opening it again moved it to the top"


def test_turning_through_recents(photo_server, browser):
    """Previous/next from Recents go through Recents in its order, and back, reaching every photo."""
    _, session = new_account(photo_server, "Recent turner")
    ids = photo_ids(photo_server)
    for title in ("Fushimi Inari", "Rhine ferry", "Ribeira"):  # opened in this order: Recents is the reverse
        open_over_http(photo_server, session, ids[title])
    screens = as_account(browser, photo_server, "tablet-landscape", session)
    screens.browser.open("/recents")
    assert recents(screens) == ["Ribeira", "Rhine ferry", "Fushimi Inari"]
    screens.click(f'{RECENT_ROWS}[href="/photos/{ids["Ribeira"]}?from=recents"]')
    screens.wait_viewer(ids["Ribeira"], "Ribeira")
    assert not screens.find_all(PREVIOUS), "the first of Recents has no previous"
    seen = ["Ribeira"]
    for title in ("Rhine ferry", "Fushimi Inari"):
        screens.click(NEXT)
        screens.wait_viewer(ids[title], title)
        seen.append(title)
        assert screens.path() == f"/photos/{ids[title]}?from=recents"
    assert seen == ["Ribeira", "Rhine ferry", "Fushimi Inari"]
    assert not screens.find_all(NEXT), "the last of Recents has no next"
    screens.click(PREVIOUS)
    screens.wait_viewer(ids["Rhine ferry"], "Rhine ferry")


def test_recents_belong_to_each_account(photo_server, browser):
    _, session = new_account(photo_server, "Recent owner of two")
    ids = photo_ids(photo_server)
    for title in ("Temple of Diana", "Grossmünster"):
        open_over_http(photo_server, session, ids[title])
    member = sign_in_over_http(photo_server.url, MEMBER)
    member_recents = http_get(photo_server("/recents"), cookies={SESSION_COOKIE: member})
    already = [t for t in ("Temple of Diana", "Grossmünster") if f"/photos/{ids[t]}?from=recents" in member_recents.text]
    assert not already, f"the member's Recents should not hold another account's photos: {already}"

    screens = as_account(browser, photo_server, "phone", member)
    screens.browser.open(f"/photos/{ids['Avenida Paulista']}")
    screens.wait_viewer(ids["Avenida Paulista"], "Avenida Paulista")
    open_recents_tab(screens)
    assert "Avenida Paulista" in recents(screens)[:1], "the member's own, last first"
    assert not {"Temple of Diana", "Grossmünster"} & set(recents(screens)), "nothing of another account's"
    screens.browser.screenshot("phone-recents-member")

    screens = as_account(browser, photo_server, "phone", session)
    screens.browser.open("/recents")
    assert recents(screens) == ["Grossmünster", "Temple of Diana"], "and the other account keeps its own"


def test_recents_keeps_the_last_20(photo_server, browser):
    _, session = new_account(photo_server, "Recent collector")
    ids = photo_ids(photo_server)
    opened = [f"Lisbon {n:02d}" for n in range(1, 22)]  # 21 photos
    for title in opened:
        open_over_http(photo_server, session, ids[title])
    screens = as_account(browser, photo_server, "tablet-landscape", session)
    screens.browser.open("/recents")
    assert recents(screens) == list(reversed(opened))[:20], "the last 20, the last opened first; the first one dropped"
    assert screens.shown(MASTER)
    screens.browser.screenshot("tablet-landscape-recents-20")
