"""Places in a large library (issue 15): past 200 places the Places screen lists the countries
with their counts, a country opens its places 100 at a time with More places, and the top places
come 100 at a time too. On this module's server: the demo photos, then 250 places in
"Testland" and one in "Otherland" written as rows while it runs (the screens read rows); the
tests only read it. Each runs at one layout: the pages of places are the server's, the same at
every size (the layouts are test_layouts.py's subject)."""

from pathlib import Path

import pytest

from pages import text_content
from photo_pages import MASTER_TITLE, PLACE_ROWS, SEGMENTS, TOP_PLACES, PhotoScreens, own_photo_server

COUNTRY_ROWS = "#master-content ul.countries a.row.country-row"
MORE_PLACES = "#master-content a.more-places"
TESTLAND = 250


def photos_of(index: int) -> int:
    return index % 3 + 1


def add_places(server) -> None:
    """Testland's places 1…250 (place i with i % 3 + 1 photos) and Otherland's Lone Town (2)."""
    places = [(900_000_000 + i, f"Place {i:03d}", "Testland", "TL", photos_of(i)) for i in range(1, TESTLAND + 1)]
    places.append((900_001_000, "Lone Town", "Otherland", "OL", 2))
    database = server.database()
    try:
        database.execute("BEGIN")
        for place_id, name, country, code, photos in places:
            database.execute(
                "INSERT INTO places (id, name, region, country, country_code, latitude, longitude, folded_name)"
                " VALUES (?, ?, NULL, ?, ?, 10.0, 20.0, ?)", (place_id, name, country, code, name.lower()))
            for photo in range(photos):
                database.execute(
                    "INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, place_id, imported_at)"
                    " VALUES (?, 'jpeg', 1, 4, 3, 'photo', '2024-01-01T00:00:00', ?, 0)", (f"{place_id * 10 + photo:064x}", place_id))
        database.execute("COMMIT")
    finally:
        database.close()


def titles(screens: PhotoScreens, css: str) -> list[str]:
    return [title for title, _ in screens.rows(css)]


@pytest.fixture(scope="module")
def large_library(artifacts: Path, server):
    """The module's server with the large library (the demo photos and the rows above)."""
    for running in own_photo_server(artifacts, "places-large"):
        add_places(running)
        yield running


def places_of_a_large_library(large_library, browser, layout: str):
    """A browser on the large library's Places screen."""
    b = browser(layout, server=large_library)
    screens = PhotoScreens(b)
    b.open("/places")
    screens.show_master()
    return b, screens


def test_a_large_librarys_places_go_by_country_then_a_page_at_a_time(large_library, browser):
    # MUT: the Places screen
    layout = "tablet-portrait"
    b, screens = places_of_a_large_library(large_library, browser, layout)

    # validate: countries A to Z with their places and photos; no place listed on the screen itself
    countries = screens.rows(COUNTRY_ROWS)
    names = [name for name, _ in countries]
    assert names == sorted(names, key=str.lower), "countries A to Z"
    testland_photos = sum(photos_of(i) for i in range(1, TESTLAND + 1))
    assert ("Testland", f"{TESTLAND} places · {testland_photos} photos") in countries
    assert ("Otherland", "1 place · 2 photos") in countries
    assert not screens.find_all(PLACE_ROWS)
    b.screenshot(f"{layout}-places-countries")

    # MUT: a country, then More places twice
    screens.click(f'{COUNTRY_ROWS}[href="/places/countries/TL"]')
    screens.wait_path("/places/countries/TL")
    screens.show_master()
    screens.wait(lambda: len(screens.find_all(PLACE_ROWS)) == 100, "a country's first 100 places")
    assert text_content(screens.find(MASTER_TITLE)) == "Testland"
    seen = titles(screens, PLACE_ROWS)
    for expected_count in (100, 50):
        previous = seen[-1]
        screens.click(MORE_PLACES)
        screens.wait(lambda: titles(screens, PLACE_ROWS)[-1:] != [previous], "the next page of places")
        screens.show_master()
        page = titles(screens, PLACE_ROWS)
        assert len(page) == expected_count
        seen += page

    # validate: every place once, A to Z, and no More on the last page
    assert seen == [f"Place {i:03d}" for i in range(1, TESTLAND + 1)]
    assert not screens.find_all(MORE_PLACES)


def test_a_large_librarys_top_places_come_a_page_at_a_time(large_library, browser):
    _, screens = places_of_a_large_library(large_library, browser, "phone")
    screens.click(f'{SEGMENTS}[href="/places?order=top"]')
    screens.wait_path("/places?order=top")
    screens.show_master()
    screens.wait(lambda: len(screens.find_all(TOP_PLACES)) == 100, "the first 100 top places")
    first = screens.rows(TOP_PLACES)
    counts = [int(subtitle.split(" · ")[-1].split()[0]) for _, subtitle in first]
    assert counts == sorted(counts, reverse=True), "most photos first"

    screens.click(MORE_PLACES)
    screens.wait(lambda: titles(screens, TOP_PLACES)[:1] != [first[0][0]], "the next page of the top places")
    screens.show_master()
    second = titles(screens, TOP_PLACES)
    assert len(second) == 100 and not set(second) & {title for title, _ in first}
