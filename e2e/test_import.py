"""The owner's Import screen (issue 51): a Takeout part whose upload broke goes on where it
stopped when chosen again, the report comes first and then the import, both done by the
server's import worker while the page follows them, and Undo, asked first, takes the import
back. At a phone and a tablet side by side, on a server of the test's own (it imports photos)
with a folder on the server to import from."""

import json
import zipfile
from pathlib import Path

import pytest

from pages import DETAIL, Shell
from photo_files import PhotoFacts, write_jpeg

LAYOUTS = ["phone", "tablet-landscape"]
STATE = f"{DETAIL} .asked-import .import-state"
REPORT = f"{DETAIL} .asked-import .import-report"


def takeout(folder: Path) -> Path:
    """A Takeout part: one photo without a date, and its sidecar with the date, the caption and the heart."""
    photo = write_jpeg(folder / "IMG_0001.jpg", PhotoFacts(make="Google", model="Pixel 8"), 3)
    part = folder / "takeout-20261207T000000Z-001.zip"
    sidecar = {"title": "IMG_0001.jpg", "description": "Tram 28", "favorited": True,
               "photoTakenTime": {"timestamp": "1559990000"}, "geoData": {"latitude": 38.7071, "longitude": -9.1355}}
    with zipfile.ZipFile(part, "w") as archive:
        archive.write(photo, "Takeout/Google Photos/Lisbon/IMG_0001.jpg", compress_type=zipfile.ZIP_STORED)
        archive.writestr("Takeout/Google Photos/Lisbon/IMG_0001.jpg.json", json.dumps(sidecar))
        archive.writestr("Takeout/Google Photos/Lisbon/metadata.json", json.dumps({"title": "Lisbon"}))
    return part


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_broken_upload_goes_on_then_a_report_an_import_and_undo(start_server, browser, tmp_path, layout):
    on_server = tmp_path / "on-server"
    (on_server / "Phone").mkdir(parents=True)
    write_jpeg(on_server / "Phone" / "IMG_0900.jpg", PhotoFacts(taken_at="2024-05-01T10:00:00"), 5)
    server = start_server(arguments=("--import-from", str(on_server)))
    part = takeout(tmp_path)
    data = part.read_bytes()
    # An earlier upload of the part broke halfway: its first half is on the server.
    half = len(data) // 2
    incoming = server.data / "imports" / ".incoming" / str(len(data))
    incoming.mkdir(parents=True)
    (incoming / part.name).write_bytes(data[:half])

    photos = server.query("SELECT count(*) FROM photos")[0][0]  # the demo photos
    b = browser(layout, server=server)
    shell = Shell(b)
    b.open("/import")
    shell.wait_shown(f"{DETAIL} .import-screen")
    assert shell.shown(f'{DETAIL} input[name=entry][value="server:Phone"]'), "the server's folder is listed"

    # Choosing the part again: it goes on from the half the server has, and is then listed.
    shell.find(f"{DETAIL} #import-files").send_keys(str(part))
    shell.wait(lambda: "Uploaded" in shell.find(f"{DETAIL} .import-upload-row .upload-status").text, "the part should finish uploading")
    assert (server.data / "imports" / part.name).read_bytes() == data, "the part on the server is the file, whole"
    offsets = b.driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('offset='))"
        ".map(n => Number(new URL(n).searchParams.get('offset')))")
    assert offsets == [half], f"only the missing half should have been sent: pieces at {offsets}"
    entry = f'{DETAIL} input[name=entry][value="uploaded:{part.name}"]'
    shell.wait(lambda: shell.shown(entry), "the part should be listed among what can be imported")
    b.screenshot(f"import-screen-{layout}")

    # The report first: nothing imported, what would be said.
    shell.click(entry)
    shell.click(f"{DETAIL} .import-form .form-actions button:not([name])")
    shell.wait(lambda: shell.path().startswith("/import/requests/"), "the report asked for should open")
    shell.wait(lambda: shell.find(STATE).text == "Report ready", "the page should follow the report until it is ready")
    report = shell.find(REPORT).text
    assert "Would import 1 photo and 0 videos." in report and "Nothing was imported yet: this is the report." in report, report
    assert server.query("SELECT count(*) FROM photos") == [(photos,)], "a report imports nothing"
    b.screenshot(f"import-report-{layout}")

    # Then the import, from the report.
    shell.click(f"{DETAIL} .asked-import button[name=import]")
    shell.wait(lambda: shell.find(STATE).text == "Imported", "the page should follow the import until it is done")
    report = shell.find(REPORT).text
    assert "Imported 1, already there 0, refused 0." in report and "Albums: 1 became a vacation of" in report, report
    assert server.query("SELECT description, taken_at FROM photos WHERE title = 'IMG_0001'") == [("Tram 28", "2019-06-08T11:33:20")]
    b.screenshot(f"import-done-{layout}")

    # Undo, asked first.
    shell.click(f"{DETAIL} .asked-import a[href='/import']")
    shell.wait_path("/import")
    shell.click(f"{DETAIL} .import-runs a.undo-run")
    shell.wait(lambda: shell.shown(f"{DETAIL} .undo-import"), "Undo should ask first")
    b.screenshot(f"import-undo-{layout}")
    shell.click(f"{DETAIL} .undo-import button")
    shell.wait(lambda: "Undid import run 1: removed 1 photo or video and 1 vacation." in shell.find(f"{DETAIL} .notice").text,
               "the screen should say what Undo removed")
    assert server.query("SELECT count(*) FROM photos") == [(photos,)]
