"""Upload (issue 5, "Getting photos in"): many files at once by the picker or dropped on the
screen, each with its progress and outcome, then the summary — imported, already there,
refused with the reason; the same photo twice is stored once; the new photos appear under
Places. Without JavaScript the form posts all the files and a summary page follows.

On a server of this module's own (uploads change its library): each test uploads photos of its
own, generated here (photo_files.py) with positions in a city of its own. Each runs at one
layout: what is uploaded, its rows and the summary are the same at every size (the layouts are
test_layouts.py's subject)."""

from pathlib import Path

import pytest

from pages import MASTER, text_content
from photo_pages import (
    DROP_ZONE,
    NOT_AN_IMAGE,
    PLACE_ROWS,
    UPLOAD_FORM,
    UPLOAD_INPUT,
    UPLOAD_ITEMS,
    UPLOAD_OUTCOMES,
    UPLOAD_SUMMARY,
    UPLOAD_TOTALS,
    LibraryPhoto,
    PhotoScreens,
    own_photo_server,
    photo_ids,
    place_ids,
    write_photos,
)
from photo_files import PhotoFacts, write_jpeg

# A city of its own for each test's photos (GeoNames positions), so each finds its own under Places.
CITIES = {
    "tablet-portrait": ("Kraków", "Poland", 50.0614, 19.9366),
    "nojs-phone": ("Vienna", "Austria", 48.2085, 16.3721),
}
REFUSED_STATUS = f"Refused: {NOT_AN_IMAGE}"


@pytest.fixture(scope="module")
def upload_server(artifacts):
    yield from own_photo_server(artifacts, "upload")


def files_for(folder: Path, name: str, first_colour: int) -> tuple[list[Path], Path, tuple[str, str]]:
    """Two new photos taken in the test's city, and a text file named like a photo."""
    city, country, latitude, longitude = CITIES[name]
    photos = [
        LibraryPhoto(f"{city} {n}", city, country, f"2024-0{n}-1{n}T10:00:00", "Nikon Z 6", None, latitude, longitude)
        for n in (1, 2)
    ]
    paths = write_photos(folder, photos, first_colour=first_colour)
    text = folder / f"notes from {city}.jpg"
    text.write_text("Not a photo at all: a shopping list.\n")
    return paths, text, (city, country)


def wait_summary(screens: PhotoScreens, expected: str) -> None:
    screens.wait(lambda: screens.summary() == expected, f"the summary should read {expected!r}, not {screens.summary()!r}", timeout=30)


def check_in_places(screens: PhotoScreens, server, city: str, country: str, titles: list[str]) -> None:
    """The city under its country on the Places screen, its grid holding the photos, newest first."""
    screens.browser.open("/places")
    screens.show_master()
    sections = dict(screens.place_sections())
    assert (city, f"{country} · {len(titles)} photos") in sections.get(country, []), f"{city} should be listed: {sections}"
    screens.click(f'{PLACE_ROWS}[href="/places/{place_ids(server)[city]}"]')
    screens.show_master()
    screens.wait(lambda: screens.grid_titles() == titles, f"{city}'s photos, newest first")


def test_upload_by_the_picker_with_progress_and_summary(upload_server, browser, tmp_path):
    layout = "tablet-portrait"
    b = browser(layout, server=upload_server)
    screens = PhotoScreens(b)
    (first, second), text, (city, country) = files_for(tmp_path, layout, first_colour=10)
    b.expect_log(r"/upload/file\?name=notes%20from%20.*\.jpg - Failed to load resource: .* 422")

    # From the "+" in the Photos bar (issue 33, 8), as iOS adds to a list.
    b.open("/places")
    screens.show_master()
    add = screens.find("#master-bar a.bar-add")
    assert (text_content(add), add.get_attribute("aria-label")) == ("+", "Upload photos")
    screens.click("#master-bar a.bar-add")
    screens.wait_path("/upload")
    screens.wait_shown(UPLOAD_FORM)
    assert screens.detail_title() == "Upload photos"
    # The drop zone: one large target, the picker's label, that reads as what it does; with the
    # script, choosing sends, so the bare file input and Upload are out of sight.
    target = screens.find(f"{DROP_ZONE} label.drop-target")
    assert " ".join(target.get_property("innerText").split()) == "+ Add photos and videos Tap to choose them, or drop them here"
    assert target.get_attribute("for") == "upload-files" == screens.find(UPLOAD_INPUT).get_attribute("id")
    assert target.rect["height"] >= 150 and target.rect["width"] >= 250, f"a zone a finger finds: {target.rect}"
    assert not screens.find(UPLOAD_INPUT).is_displayed() and not screens.shown(f"{UPLOAD_FORM} button.upload-send")
    assert screens.find(UPLOAD_INPUT).get_attribute("multiple") is not None
    screens.mark_document()

    screens.choose_files([first, text, second])
    screens.wait(lambda: len(screens.upload_rows()) == 3, "a row per file")
    wait_summary(screens, "2 imported, 0 already there, 1 refused")
    rows = {row["name"]: row for row in screens.upload_rows()}
    assert [row["name"] for row in screens.upload_rows()] == [first.name, text.name, second.name], "in the order chosen"
    ids = photo_ids(upload_server)
    for path in (first, second):
        row = rows[path.name]
        assert (row["outcome"], row["status"], row["progress"]) == ("imported", "Imported", 100), row
        assert row["link"] == f"/photos/{ids[path.stem]}", "the name links to the new photo"
        assert row["thumbnail"] == f"/photos/{ids[path.stem]}/thumbnail"
    refused = rows[text.name]
    assert (refused["outcome"], refused["progress"], refused["link"]) == ("refused", 100, None), refused
    assert refused["status"] == REFUSED_STATUS, "the refusal names its reason"
    screens.wait(lambda: screens.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + '.imported img.upload-thumb')].every(i => i.complete && i.naturalWidth > 0)", UPLOAD_ITEMS),
        "the new photos' thumbnails show")
    assert screens.same_document(), "uploads happen in the page"
    b.screenshot(f"{layout}-upload")

    # The same photo again: stored once.
    screens.choose_files([second])
    wait_summary(screens, "0 imported, 1 already there, 0 refused")
    again = screens.upload_rows()[-1]
    assert (again["name"], again["outcome"], again["status"], again["progress"]) == (second.name, "already-there", "Already in the library", 100)
    assert again["link"] == f"/photos/{ids[second.stem]}"
    assert upload_server.query("SELECT count(*) FROM photos WHERE title = ?", second.stem) == [(1,)]
    b.screenshot(f"{layout}-upload-again")

    check_in_places(screens, upload_server, city, country, [second.stem, first.stem])


def test_progress_shows_while_a_large_photo_uploads(upload_server, browser, tmp_path):
    """A 24-megapixel photo over a slow connection (upload throttled through DevTools): its
    bar and status move through the percentages before it is imported."""
    big = write_jpeg(tmp_path / "Harbour at dawn.jpg", PhotoFacts("2024-07-01T05:30:00", 59.9127, 10.7461, "Nikon", "Z 6"), 77, size=(6000, 4000))
    b = browser("phone", server=upload_server)
    screens = PhotoScreens(b)
    b.open("/upload")
    screens.wait_shown(UPLOAD_FORM)
    screens.driver.execute_script(
        """
        window.__seen = [];
        const list = document.querySelector('#detail ol.upload-list');
        new MutationObserver(() => {
          for (const row of list.querySelectorAll('li.upload-item')) {
            window.__seen.push([row.querySelector('progress').value, row.querySelector('.upload-status').textContent]);
          }
        }).observe(list, { subtree: true, childList: true, characterData: true, attributes: true });
        """
    )
    throughput = max(64 * 1024, big.stat().st_size // 3)  # about three seconds
    screens.driver.execute_cdp_cmd("Network.enable", {})
    screens.driver.execute_cdp_cmd(
        "Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": throughput})
    try:
        screens.choose_files([big])
        wait_summary(screens, "1 imported, 0 already there, 0 refused")
    finally:
        screens.driver.execute_cdp_cmd(
            "Network.emulateNetworkConditions", {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    seen = screens.driver.execute_script("return window.__seen")
    partway = sorted({value for value, status in seen if 0 < value < 100 and status == f"Uploading… {value}%"})
    assert len(partway) >= 2, f"the bar should move through the upload, with its percentage: {seen[:40]}"
    values = [value for value, _ in seen]
    assert values == sorted(values), "never backwards"
    assert seen[-1] == [100, "Imported"]


def test_dropped_files_upload(upload_server, browser):
    b = browser("tablet-landscape", server=upload_server)
    screens = PhotoScreens(b)
    b.open("/upload")
    screens.wait_shown(UPLOAD_FORM)
    # Two photos drawn in the page (canvas → JPEG), dropped on the zone as a person drops files.
    dropped = screens.driver.execute_async_script(
        """
        const [zone, done] = [document.querySelector(arguments[0]), arguments[arguments.length - 1]];
        const draw = (name, colour) => new Promise((resolve) => {
          const canvas = document.createElement('canvas');
          canvas.width = 320; canvas.height = 200;
          const context = canvas.getContext('2d');
          context.fillStyle = colour; context.fillRect(0, 0, 320, 200);
          context.fillStyle = '#fff'; context.fillText(name, 20, 100);
          canvas.toBlob((blob) => resolve(new File([blob], name, { type: 'image/jpeg' })), 'image/jpeg', 0.9);
        });
        Promise.all([draw('Dropped sunrise.jpg', '#e07a3f'), draw('Dropped dusk.jpg', '#3f51e0')]).then((files) => {
          const data = new DataTransfer();
          files.forEach((file) => data.items.add(file));
          for (const type of ['dragenter', 'dragover']) {
            zone.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
          }
          const highlighted = zone.classList.contains('dragging');
          zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
          done({ highlighted, names: files.map((f) => f.name) });
        });
        """,
        DROP_ZONE,
    )
    assert dropped["highlighted"], "the zone shows it will take the files while they are dragged over it"
    wait_summary(screens, "2 imported, 0 already there, 0 refused")
    assert [(r["name"], r["outcome"], r["progress"]) for r in screens.upload_rows()] == [
        ("Dropped sunrise.jpg", "imported", 100), ("Dropped dusk.jpg", "imported", 100)]
    assert "dragging" not in screens.find(DROP_ZONE).get_attribute("class")
    b.screenshot("tablet-landscape-upload-dropped")

    # Photos with no position: under No location.
    ids = photo_ids(upload_server)
    b.open("/places/none")
    assert {"Dropped sunrise", "Dropped dusk"} <= set(screens.grid_titles())
    screens.open_cell(ids["Dropped dusk"])
    v = screens.wait_viewer(ids["Dropped dusk"], "Dropped dusk")
    assert (v["width"], v["height"]) == (320, 200)


def test_files_dropped_beside_the_zone_upload_too(upload_server, browser, tmp_path):
    """Anywhere on the upload screen takes the files, not only the dashed zone."""
    b = browser("tablet-portrait", server=upload_server)
    screens = PhotoScreens(b)
    b.open("/upload")
    screens.wait_shown(UPLOAD_FORM)
    screens.driver.execute_script(
        """
        const data = new DataTransfer();
        data.items.add(new File(['just words'], 'words.jpg', { type: 'image/jpeg' }));
        const target = document.querySelector('#detail .upload');
        for (const type of ['dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        """
    )
    b.expect_log(r"/upload/file\?name=words\.jpg - Failed to load resource: .* 422")
    wait_summary(screens, "0 imported, 0 already there, 1 refused")
    assert screens.upload_rows()[0]["status"] == REFUSED_STATUS


def test_upload_without_javascript_posts_the_form(upload_server, browser, tmp_path):
    layout = "phone"
    b = browser(layout, javascript=False, server=upload_server)
    screens = PhotoScreens(b)
    name = f"nojs-{layout}"
    (first, second), text, (city, country) = files_for(tmp_path, name, first_colour=40 + 5 * len(layout))
    b.open("/upload")
    assert not screens.find_all(UPLOAD_ITEMS)
    screens.choose_files([first, second, text])
    screens.submit(UPLOAD_FORM)
    assert b.status() == 200
    # The form posts to its address with the session's upload token, which admits the body
    # before it is read; the summary is that address's answer.
    path, _, query = screens.path().partition("?")
    assert path == "/upload" and query.startswith("upload=")
    assert text_content(screens.find(UPLOAD_TOTALS)) == "2 imported, 0 already there, 1 refused"
    outcomes = [
        (text_content(o.find_element("css selector", ".row-title")), text_content(o.find_element("css selector", ".row-subtitle")))
        for o in screens.find_all(UPLOAD_OUTCOMES)
    ]
    assert outcomes == [(first.name, "Imported"), (second.name, "Imported"), (text.name, REFUSED_STATUS)]
    b.screenshot(f"nojs-{layout}-upload-summary")

    # Once more: already there.
    screens.click("#detail .upload-result a.button[href='/upload']")
    b.wait_loaded()
    screens.choose_files([first])
    screens.submit(UPLOAD_FORM)
    assert text_content(screens.find(UPLOAD_TOTALS)) == "0 imported, 1 already there, 0 refused"
    assert [text_content(o.find_element("css selector", ".row-subtitle")) for o in screens.find_all(UPLOAD_OUTCOMES)] == ["Already in the library"]

    b.open("/places")
    sections = dict(screens.place_sections())
    assert (city, f"{country} · 2 photos") in sections.get(country, []), sections
    assert screens.shown(MASTER)


def test_upload_without_files_says_so(upload_server, browser):
    b = browser("phone", javascript=False, server=upload_server)
    screens = PhotoScreens(b)
    b.expect_log(r"/upload\?upload=[A-Za-z0-9_-]+ - Failed to load resource: .* 422")
    b.open("/upload")
    screens.submit(UPLOAD_FORM)
    assert b.status() == 422
    assert text_content(screens.find("#detail .notice.error")) == "Choose one or more photos to upload."
    assert screens.find_all(UPLOAD_FORM), "the form is there again"
    assert not screens.find_all(UPLOAD_SUMMARY) or not screens.find(UPLOAD_SUMMARY).is_displayed()


def test_a_busy_server_is_asked_again_after_its_retry_after(upload_server, browser, tmp_path):
    """A 503 (the server's bound on uploads reached) is not a refusal: the row says RoadTrip is
    busy and counts down the seconds the answer's Retry-After gives, then the file is sent
    again. The first upload's answer is made a 503 in the page (the server's own 503 and its
    Retry-After are tested in BoundedWorkTests); the second try goes to the server."""
    photo = write_jpeg(tmp_path / "Busy harbour.jpg", PhotoFacts("2024-07-02T07:00:00", 59.9127, 10.7461, "Nikon", "Z 6"), 191)
    b = browser("phone", server=upload_server)
    screens = PhotoScreens(b)
    b.open("/upload")
    screens.wait_shown(UPLOAD_FORM)
    screens.driver.execute_script(
        """
        window.__sent = 0;
        window.__statuses = [];
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (body) {
          window.__sent += 1;
          if (window.__sent > 1) return send.call(this, body);
          Object.defineProperty(this, 'status', { value: 503 });
          Object.defineProperty(this, 'responseText', { value: 'busy' });
          this.getResponseHeader = (name) => (name.toLowerCase() === 'retry-after' ? '2' : null);
          setTimeout(() => this.dispatchEvent(new Event('load')), 0);
        };
        const list = document.querySelector('#detail ol.upload-list');
        new MutationObserver(() => {
          for (const status of list.querySelectorAll('.upload-status')) window.__statuses.push(status.textContent);
        }).observe(list, { subtree: true, childList: true, characterData: true });
        """
    )
    screens.choose_files([photo])
    wait_summary(screens, "1 imported, 0 already there, 0 refused")
    statuses = screens.driver.execute_script("return window.__statuses")
    assert "RoadTrip is busy; trying again in 2 s" in statuses, statuses
    assert "RoadTrip is busy; trying again in 1 s" in statuses, "it counts down"
    assert not any(s.startswith("Refused") for s in statuses), statuses
    assert screens.driver.execute_script("return window.__sent") == 2, "sent once more, after the wait"
    assert [(r["name"], r["outcome"], r["status"]) for r in screens.upload_rows()] == [("Busy harbour.jpg", "imported", "Imported")]
