"""Places (issue 5, "Places"): sections by country A to Z and cities A to Z within, each row the
city over its region, country and photo count; the Top places switch; Find, with case and
accents ignored; "No location" and setting a photo's place from the gazetteer. On `photo_server`
(the demo photos and the generated world library, photo_pages.py); the test that changes a
library has a server of its own.

Each runs at one layout: the lists, their order and counts are the server's, the same at every
size; the layouts (the list beside, over or instead of the detail) are test_layouts.py's and
test_photos_viewer.py's subject."""

import pytest

from pages import BACK, MASTER, text_content
from photo_pages import (
    DEMO_PHOTOS,
    FIND_RESULTS,
    GRID_CELLS,
    INFO,
    MASTER_BACK,
    MASTER_TITLE,
    NO_LOCATION,
    PLACE_ROWS,
    RESULT_COUNT,
    SEARCH,
    SEGMENTS,
    TOP_PLACES,
    UPLOAD_BUTTON,
    VIEWER,
    PhotoScreens,
    folded,
    photo_ids,
    place_counts,
    subtitle,
)


def expected_by_country(photos) -> list[tuple[str, list[tuple[str, str]]]]:
    """Countries A to Z, cities A to Z within (accents and case ignored, as a person reads them)."""
    counts = place_counts(photos)
    countries = sorted({country for _, country in counts}, key=folded)
    return [
        (country, [(place, subtitle(place, country, counts[(place, country)])) for place in sorted((p for p, c in counts if c == country), key=folded)])
        for country in countries
    ]


def expected_top(photos) -> list[tuple[str, str]]:
    """Most photos first; places with as many in name order."""
    counts = place_counts(photos)
    ordered = sorted(counts.items(), key=lambda item: (-item[1], folded(item[0][0])))
    return [(place, subtitle(place, country, count)) for (place, country), count in ordered]


def test_places_by_country_and_the_top_places(photo_server, browser):
    layout = "tablet-portrait"
    b = browser(layout, server=photo_server)
    screens = PhotoScreens(b)
    b.open("/places")
    # Behind the closed list, "Choose a photo" offers Upload photos and Show places, apart (issue 49, 14).
    upload, show = (screens.rect(f"#detail .placeholder-open a{which}") for which in ('[href="/upload"]', ".open-master"))
    apart = max(show["x"] - (upload["x"] + upload["width"]), show["y"] - (upload["y"] + upload["height"]))
    assert apart >= 8, f"the two buttons touch: {upload} {show}"
    screens.assert_targets("#detail .placeholder-open a")
    screens.show_master()

    assert text_content(screens.find(MASTER_TITLE)) == "Places"
    assert screens.current_tab() == "Places", "the tab bar: Places (current) | Recents"
    assert [(text_content(s), s.get_attribute("aria-current")) for s in screens.find_all(SEGMENTS)] == [
        ("By country", "true"), ("Top places", None)]
    sections = screens.place_sections()
    expected = expected_by_country(photo_server.photos)
    assert [country for country, _ in sections] == [country for country, _ in expected], "countries A to Z"
    for (country, rows), (_, wanted) in zip(sections, expected):
        assert rows == wanted, f"the cities of {country}, A to Z, each with region, country and count"
    assert screens.rows(NO_LOCATION) == [("No location", "1 photo")]
    assert screens.find(UPLOAD_BUTTON).text.strip() == "Upload photos"
    b.screenshot(f"{layout}-places")

    # The switch: the top places, most photos first.
    screens.click(f'{SEGMENTS}[href="/places?order=top"]')
    screens.wait_path("/places?order=top")
    screens.show_master()
    screens.wait(lambda: screens.find_all(TOP_PLACES), "the top places should be listed")
    assert [(text_content(s), s.get_attribute("aria-current")) for s in screens.find_all(SEGMENTS)] == [
        ("By country", None), ("Top places", "true")]
    assert screens.rows(TOP_PLACES) == expected_top(photo_server.photos)
    assert screens.rows(TOP_PLACES)[0] == ("Lisbon", "Portugal · 60 photos")
    assert not screens.place_sections(), "no sections by country in the top places"
    b.screenshot(f"{layout}-places-top")

    # And back.
    screens.click(f'{SEGMENTS}[href="/places"]')
    screens.wait_path("/places")
    screens.show_master()
    screens.wait(lambda: screens.place_sections() == expected, "back to the sections by country")


def test_find_ignores_case(photo_server, browser):
    layout = "phone"
    b = browser(layout, server=photo_server)
    screens = PhotoScreens(b)
    b.open("/places")
    screens.show_master()
    screens.fill(SEARCH, q="SAN fran")
    screens.click(f"{SEARCH} button[type=submit]")
    screens.wait_path("/find?q=SAN+fran")
    screens.show_master()
    screens.wait(lambda: screens.find_all(FIND_RESULTS), "Find should list the matching places")
    assert text_content(screens.find(MASTER_TITLE)) == "Find"
    assert screens.rows(FIND_RESULTS) == [("San Francisco", "California, United States · 3 photos")]
    assert text_content(screens.find(RESULT_COUNT)) == "1 place"
    assert screens.find("#master-content input#find-query").get_attribute("value") == "SAN fran", "the query stays in its field"
    b.screenshot(f"{layout}-find")

    screens.click(f'{FIND_RESULTS}[href]')
    screens.show_master()
    screens.wait(lambda: screens.grid_titles() == [p.title for p in sorted(
        (p for p in DEMO_PHOTOS if p.place == "San Francisco"), key=lambda p: p.taken_at, reverse=True)],
        "a result opens the place's photos")


@pytest.mark.parametrize(
    "query, expected",
    [
        ("sao paulo", [("São Paulo", "Brazil · 1 photo")]),
        ("ZURICH", [("Zürich", "Switzerland · 2 photos")]),
        ("Évora", [("Évora", "Portugal · 1 photo")]),
        ("evora", [("Évora", "Portugal · 1 photo")]),
        ("reykjavik", [("Reykjavík", "Iceland · 1 photo")]),
        # Names that start with it first, then a word that does, most photos first within.
        ("new", [("New York City", "New York, United States · 3 photos")]),
        ("pa", [("Paris", "France · 1 photo"), ("São Paulo", "Brazil · 1 photo")]),
        # Then any name that holds it.
        ("ky", [("Kyoto", "Japan · 1 photo"), ("Tokyo", "Japan · 4 photos")]),
    ],
)
def test_find_ignores_accents(photo_server, browser, query, expected):
    b = browser("tablet-landscape", server=photo_server)
    screens = PhotoScreens(b)
    b.open(f"/find?q={query}")
    assert screens.rows(FIND_RESULTS) == expected, f"Find {query!r}"
    counted = f"{len(expected)} place" + ("s" if len(expected) != 1 else "")
    assert text_content(screens.find(RESULT_COUNT)) == counted


def test_find_says_when_nothing_matches(photo_server, browser):
    b = browser("phone", server=photo_server)
    screens = PhotoScreens(b)
    b.open("/find?q=Atlantis")
    assert not screens.find_all(FIND_RESULTS)
    assert text_content(screens.find("#master-content .find .empty-note")) == "No place called “Atlantis” has photos."


def test_no_location_lists_the_photo_without_a_position(photo_server, browser):
    layout = "tablet-landscape"
    b = browser(layout, server=photo_server)
    screens = PhotoScreens(b)
    b.open("/places")
    screens.show_master()
    screens.click(NO_LOCATION)
    screens.wait_path("/places/none")
    screens.show_master()
    screens.wait(lambda: screens.grid_titles() == ["IMG_0042"], "No location holds IMG_0042 alone")
    assert text_content(screens.find(MASTER_TITLE)) == "No location"
    assert text_content(screens.find("#master-content .grid-heading .row-subtitle")) == "1 photo"
    b.screenshot(f"{layout}-no-location")


def test_setting_the_place_of_a_photo_moves_it(start_server, browser):
    # setup: a library of its own (this changes it): the demo photos, IMG_0042 without a place
    layout = "phone"
    own = start_server()
    b = browser(layout, server=own)
    screens = PhotoScreens(b)
    photo = photo_ids(own)["IMG_0042"]

    # MUT: from the photo's info panel, search the gazetteer, choose Lisbon, Portugal
    b.open(f"/photos/{photo}")
    screens.wait_viewer(photo, "IMG_0042")
    info = screens.info()
    assert info["Place"] == "No location Set the place…"
    assert "Coordinates" not in info
    screens.click(f"{INFO} a.set-place")
    screens.wait_path(f"/photos/{photo}/place")
    screens.wait_shown("#detail section.set-place-form")
    assert text_content(screens.find("#detail section.set-place-form h2")) == "Where was “IMG_0042” taken?"
    screens.fill("#detail section.set-place-form form.search-form", q="lisbon")
    screens.click("#detail section.set-place-form form.search-form button[type=submit]")
    screens.wait_path(f"/photos/{photo}/place?q=lisbon")
    choices = screens.rows("#detail ul.place-choices button.row")
    assert choices[0] == ("Lisbon", "Portugal"), f"the capital first (largest first): {choices}"
    assert ("Lisbon", "Ohio, United States") in choices, "every Lisbon the gazetteer knows"
    b.screenshot(f"{layout}-set-place")
    screens.submit("#detail ul.place-choices li:first-child form.choice-form")

    # validate: back on the photo, now in Lisbon; Places lists it there and No location is gone
    screens.wait_path(f"/photos/{photo}")
    screens.wait_viewer(photo, "IMG_0042")
    assert screens.info()["Place"] == "Lisbon, Portugal Change…"
    b.open("/places")
    screens.show_master()
    assert ("Portugal", [("Lisbon", "Portugal · 1 photo")]) in screens.place_sections()
    assert not screens.find_all(NO_LOCATION), "no photo is left without a place"
    screens.click(f'{PLACE_ROWS}[href="/places/2267057"]')  # Lisbon's GeoNames id
    screens.show_master()
    screens.wait(lambda: screens.grid_titles() == ["IMG_0042"], "Lisbon's grid holds the photo")
    assert screens.shown(MASTER)


def test_on_a_phone_back_pops_place_and_photo_off_the_stack(photo_server, browser):
    """Places → a place → a photo, then the top bar's back twice: each back names the screen
    underneath and returns to it without an entry of its own (issue 33, 1)."""
    b = browser("phone", server=photo_server)
    screens = PhotoScreens(b)
    b.open("/places")
    screens.wait_shown(PLACE_ROWS)
    length = b.driver.execute_script("return history.length")
    screens.click(PLACE_ROWS)
    screens.wait_shown(GRID_CELLS)
    place_path, place = screens.path(), text_content(screens.find(MASTER_TITLE))
    assert text_content(screens.find(MASTER_BACK)) == "‹ Places"
    screens.click(GRID_CELLS)
    screens.wait_shown(VIEWER)
    assert b.driver.execute_script("return history.length") == length + 2
    assert text_content(screens.find(BACK)) == f"‹ {place}", "named after the place it was opened from"

    screens.click(BACK)
    screens.wait(lambda: screens.path() == place_path, "back on the place")
    screens.wait_shown(GRID_CELLS)
    screens.click(MASTER_BACK)
    screens.wait(lambda: screens.path() == "/places", "back on Places")
    screens.wait_shown(PLACE_ROWS)
    assert b.driver.execute_script("return history.length") == length + 2, "the backs pushed nothing"
    b.driver.forward()
    screens.wait(lambda: screens.path() == place_path, "Forward brings the popped place back")
