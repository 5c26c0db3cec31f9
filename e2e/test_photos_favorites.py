"""Favourites (issue 51): the viewer's heart fills at a tap, in place (the photo keeps its zoom, no
page is loaded), the grid beside gains its heart, and the Favourites row at the top of Places opens
the album, whose viewer turns through the favourites alone. At a phone and a tablet side by side.

On the session's `server` and its demo photos; the hearts given are taken back at the end, so the
other tests see the library as it was."""

import pytest

from photo_pages import GRID_CELLS, VIEWER, PhotoScreens, photo_ids, place_ids

HEART = f"{VIEWER} .favorite-button"
FAVOURITES_ROW = "#master-content a.row.favorites-row"


def pressed(screens: PhotoScreens) -> bool:
    return screens.find(HEART).get_attribute("aria-pressed") == "true"


def tap_heart(screens: PhotoScreens, now: bool) -> None:
    screens.click(HEART)
    screens.wait(lambda: pressed(screens) == now, f"the heart should be {'filled' if now else 'empty'} at once")
    glyph = screens.find(f"{HEART} .heart").text
    assert glyph == ("♥" if now else "♡"), glyph


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_a_heart_fills_in_place_and_the_favourites_album_turns_through_the_favourites(server, browser, layout):
    b = browser(layout)
    screens = PhotoScreens(b)
    ids = photo_ids(server)
    painted = ids["Painted Ladies"]
    san_francisco = place_ids(server)["San Francisco"]
    b.open(f"/photos/{painted}")
    screens.wait_viewer(painted, "Painted Ladies")
    try:
        # The heart: a finger-sized button under the photo; a tap fills it without loading a page.
        box = screens.rect(HEART)
        assert box["width"] >= 44 and box["height"] >= 44, f"the heart should be a 44-point target: {box}"
        screens.mark_document()
        tap_heart(screens, True)
        assert screens.same_document(), "the heart should change in place, not by loading the viewer again"
        if layout == "tablet-landscape":
            # The grid beside: its cell gains the heart at once.
            cell = f'{GRID_CELLS}[data-photo-id="{painted}"] .favorite-badge'
            screens.wait(lambda: screens.shown(cell), "the photo's cell beside should show its heart")
        b.screenshot(f"favourites-viewer-{layout}")

        # Places begins with Favourites, which holds it alone; its viewer's heart is filled.
        b.open("/places")
        screens.show_master()
        screens.wait(lambda: "1 photo" in screens.find(FAVOURITES_ROW).text, "Favourites should count the one photo")
        b.screenshot(f"favourites-places-{layout}")
        screens.click(FAVOURITES_ROW)
        screens.wait_path("/favorites")
        screens.show_master()
        screens.wait(lambda: [int(c.get_attribute("data-photo-id")) for c in screens.find_all(GRID_CELLS)] == [painted],
                     "the album should hold the Painted Ladies alone")
        b.screenshot(f"favourites-album-{layout}")
        screens.open_cell(painted)
        screens.wait_path(f"/favorites/photos/{painted}")
        screens.wait_viewer(painted, "Painted Ladies")
        assert pressed(screens), "the album's viewer shows the heart filled"
        assert screens.viewer()["next"] == "" and screens.viewer()["previous"] == "", \
            "the album turns through the favourites alone: the place's other photos are not in it"
        tap_heart(screens, False)
    finally:
        # Whatever happened, the shared library is left without the heart.
        b.open(f"/photos/{painted}")
        screens.wait_viewer(painted, "Painted Ladies")
        if pressed(screens):
            tap_heart(screens, False)
    b.open(f"/places/{san_francisco}")
    screens.show_master()
    screens.wait(lambda: len(screens.find_all(GRID_CELLS)) == 3, "San Francisco's grid")
    assert not any(screens.shown(f'{GRID_CELLS}[data-photo-id="{i}"] .favorite-badge') for i in ids.values()), \
        "no heart is left on the shared library"
