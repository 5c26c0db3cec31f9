"""Every photo in its place (issue 36): photos chosen in a grid's select mode and placed by a
place's name or a point on the map, and photos placed along a GPS track after a preview, with
Undo; at a phone's and a tablet's sizes, and without JavaScript.

On a server of its own (placing changes its library). Each test imports photos of its own
without a position (photo_files.py), named after the test, and finds them by their titles."""

import re
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from pages import text_content
from photo_files import PhotoFacts, write_jpeg
from photo_pages import PhotoScreens, import_folder, own_photo_server, photo_ids, place_ids

@pytest.fixture(scope="module")
def tracks_server(artifacts):
    yield from own_photo_server(artifacts, "tracks")


def unplaced(server, folder: Path, prefix: str, count: int, day: int, start_colour: int = 40) -> list[str]:
    """`count` photos without a position, taken a minute apart from 09:01 on `day` June 2024 (a
    day of each test's own, so that no test's photos are near another's in time), imported."""
    folder.mkdir(exist_ok=True)
    for index in range(count):
        facts = PhotoFacts(taken_at=f"2024-06-{day:02d}T09:0{index + 1}:00", make="Apple", model="iPhone 15")
        write_jpeg(folder / f"{prefix}-{index}.jpg", facts, start_colour + index)
    import_folder(server.data, folder)
    return [f"{prefix}-{index}" for index in range(count)]


def positions(server, titles: list[str]) -> dict[str, tuple]:
    return {title: (lat, lon, source) for title, lat, lon, source in server.query(
        f"SELECT title, latitude, longitude, position_source FROM photos WHERE title IN ({','.join('?' * len(titles))})", *titles)}


def cell(ids: dict[str, int], title: str) -> str:
    return f'#master-content a.photo-cell[data-photo-id="{ids[title]}"]'


def wait_placed(screens: PhotoScreens, count: int) -> None:
    screens.wait(lambda: screens.path().startswith("/photos/placings/"), "the placement's page")
    screens.wait(lambda: text_content(screens.find(".placement .section-title")) == f"Placed {count} photos", "how many were placed")


def selecting_unplaced(tracks_server, browser, tmp_path, name: str, *, day: int):
    """Three unplaced photos named after `name`, and a phone's No location grid in select mode:
    (browser, screens, their titles, every photo's id by title)."""
    b = browser("phone", server=tracks_server)
    screens = PhotoScreens(b)
    titles = unplaced(tracks_server, tmp_path / "photos", name, 3, day=day)
    ids = photo_ids(tracks_server)
    b.open("/places/none")
    screens.show_master()
    screens.assert_targets("form.grid-select .select-toggle")
    screens.click("form.grid-select .select-toggle")
    return b, screens, titles, ids


def test_select_mode_adds_the_chosen_photos_to_a_vacation_new_or_existing(tracks_server, browser, tmp_path):
    """Beside Place, "Add N to vacation…" (issue 49, 9): the account's vacations to choose from,
    or a new one by name; the chosen photos, and only those, are in it after."""
    b, screens, titles, ids = selecting_unplaced(tracks_server, browser, tmp_path, "to-vacation", day=12)
    for title in titles[:2]:
        screens.click(cell(ids, title))
    screens.wait(lambda: text_content(screens.find(".grid-select .add-selected")) == "Add 2 to vacation…", "Add beside Place, with the count")
    screens.assert_targets(".grid-select .add-selected, .grid-select .place-selected")
    b.screenshot("phone-select-mode-add")
    screens.click(".grid-select .add-selected")
    screens.wait(lambda: screens.path().startswith("/photos/add-to-vacation"), "the vacations to choose from")
    assert text_content(screens.find(".visit-choice h2")) == "Add 2 photos to…"
    screens.fill("form.new-vacation-visit", name="Chosen Together")
    screens.click("form.new-vacation-visit button[type=submit]")
    screens.wait(lambda: re.fullmatch(r"/vacations/\d+/photos", screens.path()), "the new vacation's photos")
    vacation = int(screens.path().split("/")[2])
    held = {title for (title,) in tracks_server.query("SELECT title FROM vacation_photos WHERE vacation_id = ?", vacation)}
    assert held == set(titles[:2]), held

    # Again, into the vacation that now exists: the third joins the two.
    b.open("/places/none")
    screens.show_master()
    screens.click("form.grid-select .select-toggle")
    screens.click(cell(ids, titles[2]))
    screens.click(".grid-select .add-selected")
    screens.wait(lambda: screens.find_all(".visit-choice button.row.choice"), "the vacations to choose from")
    [chosen] = [button for button in screens.find_all(".visit-choice button.row.choice") if text_content(button) == "Chosen Together"]
    chosen.click()
    screens.wait(lambda: screens.path() == f"/vacations/{vacation}/photos", "the vacation's photos")
    assert len(tracks_server.query("SELECT id FROM vacation_photos WHERE vacation_id = ?", vacation)) == 3


def test_select_mode_places_photos_by_a_place_found_by_name_and_undo_puts_them_back(tracks_server, browser, tmp_path):
    b, screens, titles, ids = selecting_unplaced(tracks_server, browser, tmp_path, "by-name", day=10)
    assert "selecting" in screens.find(".photo-grid-screen").get_attribute("class").split()
    for title in titles[:2]:
        screens.click(cell(ids, title))
    screens.wait(lambda: text_content(screens.find(".grid-select .selected-count")) == "2 photos selected", "the count of the chosen")
    assert screens.path() == "/places/none", "a tap in select mode chooses, it does not open the photo"
    assert text_content(screens.find(".grid-select .place-selected")) == "Place 2…"
    b.screenshot("phone-select-mode")
    screens.click(".grid-select .place-selected")
    screens.wait(lambda: screens.path().startswith("/photos/place-many"), "the placing screen")
    assert text_content(screens.find(".place-many .section-title")) == "Place 2 photos"

    screens.fill(".place-many form.search-form", q="Lisbon")
    screens.click(".place-many form.search-form button[type=submit]")
    screens.wait_shown(".place-choices button.choice")
    portugal = [button for button in screens.find_all(".place-choices button.choice") if text_content(button).endswith("Portugal")]
    assert portugal, "Lisbon, Portugal among the places found"
    portugal[0].click()
    wait_placed(screens, 2)
    placed = positions(tracks_server, titles)
    [lisbon] = tracks_server.query("SELECT latitude, longitude FROM places WHERE name = 'Lisbon' AND country = 'Portugal'")
    for title in titles[:2]:
        assert placed[title] == (lisbon[0], lisbon[1], "hand"), placed
    assert placed[titles[2]] == (None, None, None), "the one not chosen stays where it was"
    b.screenshot("phone-placed")

    screens.click(".placement form button[type=submit]")
    screens.wait(lambda: text_content(screens.find(".placement .section-title")) == "Put back", "Undo")
    assert all(value == (None, None, None) for value in positions(tracks_server, titles[:2]).values())


def test_ctrl_and_shift_choose_a_run_and_a_tap_on_the_map_places_them(tracks_server, browser, tmp_path):
    b = browser("tablet-landscape", server=tracks_server)
    screens = PhotoScreens(b)
    titles = unplaced(tracks_server, tmp_path / "photos", "on-map", 3, day=20, start_colour=60)
    ids = photo_ids(tracks_server)

    b.open("/places/none")
    screens.show_master()
    # Newest first: on-map-2, on-map-1, on-map-0. A ctrl-click chooses one, a shift-click the run to another.
    ActionChains(b.driver).key_down(Keys.CONTROL).click(screens.find(cell(ids, titles[2]))).key_up(Keys.CONTROL).perform()
    ActionChains(b.driver).key_down(Keys.SHIFT).click(screens.find(cell(ids, titles[0]))).key_up(Keys.SHIFT).perform()
    screens.wait(lambda: text_content(screens.find(".grid-select .selected-count")) == "3 photos selected", "the run chosen")
    screens.click(".grid-select .place-selected")
    screens.wait(lambda: screens.path().startswith("/photos/place-many"), "the placing screen")
    screens.wait(lambda: screens.find(".point-map-pick").get_attribute("data-ready") == "true", "the map to tap")

    canvas = screens.find(".point-map-pick .map-canvas")
    ActionChains(b.driver).move_to_element(canvas).click().perform()
    screens.wait(lambda: screens.find(".point-map-pick").get_attribute("data-picked"), "the point tapped")
    latitude, longitude = map(float, screens.find(".point-map-pick").get_attribute("data-picked").split(","))
    assert screens.find("#pick-latitude").get_property("value") == f"{latitude:.5f}"
    b.screenshot("tablet-landscape-pick")
    screens.click(".point-pick button[type=submit]")
    wait_placed(screens, 3)
    placed = positions(tracks_server, titles)
    assert all(value == (pytest.approx(latitude, abs=1e-5), pytest.approx(longitude, abs=1e-5), "hand") for value in placed.values()), placed


def test_photos_uploaded_with_a_track_are_placed_along_it_after_a_preview(tracks_server, browser, tmp_path):
    b = browser("tablet-portrait", server=tracks_server)
    screens = PhotoScreens(b)
    # A walk in Lisbon, 1 June 2024, 08:00–08:10 UTC; two photos at 09:01 and 09:02 UTC+01:00.
    points = "".join(f'<trkpt lat="{38.70 + i * 0.001:.3f}" lon="-9.15"><time>2024-06-01T08:{i:02d}:00Z</time></trkpt>' for i in range(11))
    track = tmp_path / "tram walk.gpx"
    track.write_text(f'<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1"><trk><name>Tram walk</name><trkseg>{points}</trkseg></trk></gpx>')
    folder = tmp_path / "upload"
    folder.mkdir()
    photos = [write_jpeg(folder / f"tram-{i}.jpg", PhotoFacts(taken_at=f"2024-06-01T09:0{i + 1}:00", make="Apple", model="iPhone 15", offset="+01:00"), 80 + i)
              for i in range(2)]

    b.open("/upload")
    screens.choose_files([track, *photos])
    screens.wait(lambda: screens.summary() == "3 imported, 0 already there, 0 refused", "the upload's summary", timeout=30)
    track_row = [row for row in screens.upload_rows() if row["name"] == track.name][0]
    assert track_row["status"] == "Track: Tram walk · 11 points · 1.1 km · 10 min", track_row

    b.open("/map/tracks")
    screens.show_master()
    screens.click('#master-content .tracks a.row')
    screens.wait(lambda: screens.path().startswith("/map/tracks/"), "the track")
    screens.wait(lambda: screens.find(".point-map-track").get_attribute("data-ready") == "true", "the track's map")
    screens.click(".track-actions a.button.primary")
    screens.wait(lambda: screens.path().startswith("/photos/placing"), "the preview")
    summary = text_content(screens.find(".placing-summary"))
    assert summary.startswith("2 photos would be placed: 2 along the track."), summary
    screens.wait(lambda: screens.find(".point-map-placing").get_attribute("data-ready") == "true", "the photos on the map along the track")
    assert len(screens.find_all(".point-map-placing .leaflet-marker-icon:not(.place-label)")) == 2
    assert all(value[0] is None for value in positions(tracks_server, ["tram-0", "tram-1"]).values()), "a preview changes nothing"
    b.screenshot("tablet-portrait-placing-preview")
    screens.click('.placing-options button[value="place"]')
    wait_placed(screens, 2)
    placed = positions(tracks_server, ["tram-0", "tram-1"])
    assert placed["tram-0"] == (pytest.approx(38.701), pytest.approx(-9.15), "track"), placed

    b.open(f"/photos/{photo_ids(tracks_server)['tram-0']}")
    screens.click("details.photo-info summary")
    screens.wait_shown(".info-position-source")
    assert text_content(screens.find(".info-position-source")) == "From the track “Tram walk” (placed by Morgan)"
    assert place_ids(tracks_server)["Lisbon"]


def test_without_javascript_the_boxes_choose_and_a_place_found_by_name_places_them(tracks_server, browser, tmp_path):
    b = browser("phone", javascript=False, server=tracks_server)
    screens = PhotoScreens(b)
    titles = unplaced(tracks_server, tmp_path / "photos", "no-script", 2, day=28, start_colour=90)
    ids = photo_ids(tracks_server)

    b.open("/places/none")
    for title in titles:
        box = screens.find(f'input.select-photo[value="{ids[title]}"]')
        assert box.is_displayed()
        box.click()
    screens.click(".grid-select .place-selected")
    screens.wait(lambda: screens.path().startswith("/photos/place-many"), "the placing screen")
    assert text_content(screens.find(".place-many .section-title")) == "Place 2 photos"
    screens.fill(".place-many form.search-form", q="Lisbon")
    screens.click(".place-many form.search-form button[type=submit]")
    screens.wait_shown(".place-choices button.choice")
    [button for button in screens.find_all(".place-choices button.choice") if text_content(button).endswith("Portugal")][0].click()
    wait_placed(screens, 2)
    assert all(value[2] == "hand" for value in positions(tracks_server, titles).values())


def test_on_a_phone_the_placing_screen_fits_says_the_result_first_and_takes_a_zone_by_name(tracks_server, browser, tmp_path):
    """Issue 49, 8: at 390 px nothing is wider than the screen; the result and why photos are
    left out come before the form; a camera's clock is a zone typed by its name (found in a list
    of names as it is typed), in any letter case."""
    unplaced(tracks_server, tmp_path / "zones", "zone", 2, day=21)
    b = browser("phone", server=tracks_server)
    screens = PhotoScreens(b)
    b.open("/photos/placing")
    screens.wait_shown(".placing-summary", ".placing-options input.clock-zone")
    widths = b.driver.execute_script(
        "const pane = document.querySelector('#detail .pane-content');"
        "return [document.documentElement.scrollWidth, pane.scrollWidth, pane.clientWidth, innerWidth]")
    assert widths[0] <= widths[3] and widths[1] <= widths[2], f"wider than the phone: {widths}"
    order = b.driver.execute_script(
        "return ['.placing-summary', '.left-out-reason', '.placing-options'].map((css) => document.querySelector(css).getBoundingClientRect().top)")
    assert order == sorted(order), f"the result, then why, then the form: {order}"
    field = screens.find(".placing-options input.clock-zone")
    assert field.get_attribute("list") == "clock-zones" and screens.find_all("#clock-zones option[value='Europe/Zagreb']")
    screens.assert_targets(".placing-options input.clock-zone")
    b.screenshot("phone-placing")
    field.send_keys("europe/zagreb")
    screens.click('.placing-options button[value="preview"]')
    screens.wait(lambda: screens.find(".placing-options input.clock-zone").get_attribute("value") == "Europe/Zagreb",
                 "the zone, as its name is written")
