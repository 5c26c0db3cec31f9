"""A place's photos (issue 5, "Places"): a grid of thumbnails with their titles, newest first,
50 at a time, more loaded on scrolling (photo-grid.js) or by the "More photos" link without
JavaScript; the grid beside a photo keeps its scroll and its further pages. On `photo_server`,
whose Lisbon has 60 generated photos, "Lisbon 01" (oldest) to "Lisbon 60" (newest)."""

import pytest
from selenium.webdriver.common.keys import Keys

from pages import MASTER, text_content
from photo_pages import (
    GRID_CELLS,
    GRID_HEADING,
    LISBON_COUNT,
    MASTER_BACK,
    MASTER_TITLE,
    MORE_PHOTOS,
    PLACE_ROWS,
    PhotoScreens,
    demo_photos,
    photo_ids,
    place_ids,
)

LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]
LISBON_NEWEST_FIRST = [f"Lisbon {n:02d}" for n in range(LISBON_COUNT, 0, -1)]


def thumbnails_loaded(screens: PhotoScreens) -> list[str]:
    """The cells whose thumbnail has not loaded (once scrolled into view: they load lazily)."""
    return screens.driver.execute_script(
        """
        return [...document.querySelectorAll(arguments[0])]
          .filter(a => { const i = a.querySelector('img'); return !(i.complete && i.naturalWidth > 0); })
          .map(a => a.dataset.photoId);
        """,
        GRID_CELLS,
    )


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_place_opens_its_photos_newest_first(photo_server, browser, layout):
    b = browser(layout, server=photo_server)
    screens = PhotoScreens(b)
    tokyo = place_ids(photo_server)["Tokyo"]
    b.open("/places")
    screens.show_master()
    screens.click(f'{PLACE_ROWS}[href="/places/{tokyo}"]')
    screens.wait_path(f"/places/{tokyo}")
    screens.show_master()
    screens.wait(lambda: screens.grid_titles() == ["Ueno Park", "Tokyo Tower", "Senso-ji", "Shibuya crossing"], "Tokyo's photos, newest first")
    assert text_content(screens.find(MASTER_TITLE)) == "Tokyo"
    assert text_content(screens.find(MASTER_BACK)) == "‹ Places"
    assert text_content(screens.find(f"{GRID_HEADING} .section-title")) == "Tokyo"
    assert text_content(screens.find(f"{GRID_HEADING} .row-subtitle")) == "Japan · 4 photos"
    ids = photo_ids(photo_server)
    assert [photo_id for photo_id, _ in screens.grid()] == [ids[t] for t in screens.grid_titles()]
    for photo_id, _ in screens.grid():
        assert screens.find(screens.cell(photo_id)).get_attribute("href") == photo_server(f"/photos/{photo_id}")
    screens.wait(lambda: not thumbnails_loaded(screens), "every thumbnail should load")
    assert not screens.current_cells(), "no photo is open yet"
    b.screenshot(f"{layout}-place-grid")

    # The demo's places the same way: newest first.
    b.open(f"/places/{place_ids(photo_server)['New York City']}")
    screens.show_master()
    assert screens.grid_titles() == [p.title for p in demo_photos("New York City")] == ["The High Line", "Times Square", "Brooklyn Bridge"]


# Not tablet portrait: there the grid is the whole screen (issue 33, 5), and its first 50 do not
# fill it, so the rest load at once, without a scroll.
@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_scrolling_the_grid_loads_the_rest(photo_server, browser, layout):
    b = browser(layout, server=photo_server)
    screens = PhotoScreens(b)
    lisbon = place_ids(photo_server)["Lisbon"]
    b.open(f"/places/{lisbon}")
    screens.show_master()
    assert screens.grid_titles() == LISBON_NEWEST_FIRST[:50], "the first 50, newest first"
    assert text_content(screens.find(f"{GRID_HEADING} .row-subtitle")) == "Portugal · 60 photos"
    screens.mark_document()

    screens.scroll_master_down()  # with the wheel, as a person does
    screens.wait(lambda: len(screens.grid()) == LISBON_COUNT, f"scrolling should load the rest ({len(screens.grid())} shown)")
    assert screens.grid_titles() == LISBON_NEWEST_FIRST, "all 60, newest first, none twice"
    screens.wait(lambda: not screens.find_all(MORE_PHOTOS), "no More photos once all are in")
    assert screens.same_document(), "loaded into the page, not a page load"
    assert screens.path() == f"/places/{lisbon}"
    screens.driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", screens.find_all(GRID_CELLS)[-1])
    screens.wait(lambda: not thumbnails_loaded(screens), "the new thumbnails load too")
    b.screenshot(f"{layout}-place-grid-all")


def test_grid_beside_a_photo_keeps_its_further_pages_and_scroll(photo_server, browser):
    b = browser("tablet-landscape", server=photo_server)
    screens = PhotoScreens(b)
    ids = photo_ids(photo_server)
    b.open(f"/places/{place_ids(photo_server)['Lisbon']}")
    screens.driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", screens.find_all(GRID_CELLS)[-1])
    screens.wait(lambda: len(screens.grid()) == LISBON_COUNT, "the rest loaded")
    screens.open_cell(ids["Lisbon 03"])  # on the second page
    screens.wait_viewer(ids["Lisbon 03"], "Lisbon 03")
    scroll = screens.driver.execute_script("return document.getElementById('master-content').scrollTop")
    assert scroll > 0
    screens.press(Keys.ARROW_LEFT)  # the newer one
    screens.wait_viewer(ids["Lisbon 04"], "Lisbon 04")
    assert len(screens.grid()) == LISBON_COUNT, "the grid keeps its second page"
    assert screens.current_cells() == [ids["Lisbon 04"]]
    assert screens.driver.execute_script("return document.getElementById('master-content').scrollTop") == scroll, "and its scroll"


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_more_photos_without_javascript(photo_server, browser, layout):
    b = browser(layout, javascript=False, server=photo_server)
    screens = PhotoScreens(b)
    ids = photo_ids(photo_server)
    lisbon = place_ids(photo_server)["Lisbon"]
    b.open(f"/places/{lisbon}")
    assert screens.grid_titles() == LISBON_NEWEST_FIRST[:50]
    more = screens.find(MORE_PHOTOS)
    assert text_content(more) == "More photos"
    assert more.get_attribute("href") == photo_server(f"/places/{lisbon}?after={ids['Lisbon 11']}")
    screens.driver.execute_script("arguments[0].scrollIntoView({block: 'end'})", more)
    b.screenshot(f"nojs-{layout}-place-grid-more")
    screens.mark_document()
    more.click()
    screens.wait(lambda: not screens.same_document(), "More photos loads the next page")
    b.wait_loaded()
    assert screens.path() == f"/places/{lisbon}?after={ids['Lisbon 11']}"
    assert screens.grid_titles() == LISBON_NEWEST_FIRST[50:], "the last 10, still newest first"
    assert not screens.find_all(MORE_PHOTOS), "nothing after the last page"
    assert screens.shown(MASTER)
