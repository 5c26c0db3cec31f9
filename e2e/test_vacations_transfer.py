"""Export then import (issue 6, "Vacations"): Export in a vacation's menu downloads its document
(one SQLite file); Import takes it back as a new vacation, "Name (2)" since the name is taken,
with the same photos; a file that is not a vacation is refused with the reason and nothing
changes. On `vacation_server` (vacation_pages.py), each test as an account of its own.

Each runs at one layout: the download, the file and the import are the same at every size (the
layouts are test_layouts.py's subject); the Swift suite checks them over HTTP too
(VacationPagesTests.exportThenImportAddsACopyAndAForeignFileIsRefused)."""

from pages import text_content
from vacation_pages import (
    EXPORT,
    IMPORT,
    IMPORT_ERROR,
    IMPORT_FORM,
    VacationScreens,
    all_photos,
    browser_as,
    document_photos,
    download,
    import_leftovers,
    traveller,
    vacation_rows,
    vacation_with,
    vacations_of,
)

TITLES = ["Golden Gate Bridge", "Painted Ladies", "Times Square"]


def test_export_then_import_makes_a_copy_with_the_same_photos(vacation_server, browser, tmp_path):
    layout = "phone"
    account, session = traveller(vacation_server, f"Exporter {layout}")
    vacation = vacation_with(vacation_server, session, "Shore Trip", TITLES)
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Shore Trip")
    export = screens.find(EXPORT)
    assert text_content(export) == "Export" and export.get_attribute("download") is not None
    folder = tmp_path / "downloads"
    folder.mkdir()
    file = download(b, lambda: screens.click(EXPORT), folder)
    assert file.name == "Shore Trip.vacation", "the file is named for the vacation"
    assert file.read_bytes()[:16] == b"SQLite format 3\0", "a vacation is one SQLite document"
    assert document_photos(file) == sorted(TITLES)
    assert screens.path() == f"/vacations/{vacation}", "downloading leaves the screen as it was"
    original = all_photos(screens, vacation)
    assert sorted(original) == sorted(TITLES)

    screens.open_list()
    screens.mark_document()
    screens.click(IMPORT)
    screens.wait_path("/vacations/import")
    screens.wait_shown(IMPORT_FORM)
    screens.find(f"{IMPORT_FORM} input#vacation-file").send_keys(str(file))
    screens.submit(IMPORT_FORM)
    screens.wait(lambda: "Shore Trip (2)" in vacations_of(vacation_server, account.name), "the import should add “Shore Trip (2)”")
    copy = vacations_of(vacation_server, account.name)["Shore Trip (2)"]
    assert copy != vacation
    screens.wait_menu(copy, "Shore Trip (2)")
    assert screens.menu() == {"itinerary": "2 places", "tags": "0 tags", "all photos": "3 photos", "book": ""}
    b.screenshot(f"{layout}-vacation-imported")
    assert import_leftovers(vacation_server) == [], "the private copy of the file is gone"
    assert all_photos(screens, copy) == original, "the copy holds the same photos, in the same order"
    screens.open_list()
    assert [name for name, _ in screens.list_rows()] == ["Shore Trip", "Shore Trip (2)"]


def test_importing_a_file_that_is_not_a_vacation_changes_nothing(vacation_server, browser, tmp_path):
    layout = "tablet-landscape"
    account, session = traveller(vacation_server, f"Importer {layout}")
    vacation_with(vacation_server, session, "Only One", ["Muir Woods"])
    b = browser_as(browser, layout, vacation_server, session)
    b.expect_log(r"/vacations/import\?upload=[A-Za-z0-9_-]+ - Failed to load resource: .*422")
    screens = VacationScreens(b)
    rows = vacation_rows(vacation_server)
    fake = tmp_path / "Holiday.vacation"
    fake.write_text("Just some notes about a holiday, not a database.\n" * 20)

    b.open("/vacations/import")
    screens.wait_shown(IMPORT_FORM)
    screens.find(f"{IMPORT_FORM} input#vacation-file").send_keys(str(fake))
    screens.submit(IMPORT_FORM)
    assert b.status() == 422
    screens.wait_shown(IMPORT_ERROR)
    message = text_content(screens.find(IMPORT_ERROR))
    assert message.startswith("This file is not a RoadTrip vacation: ") and message.endswith(". Nothing was imported."), message
    assert screens.find_all(IMPORT_FORM), "the form is there to try another file"
    b.screenshot(f"{layout}-vacation-import-refused")

    assert list(vacations_of(vacation_server, account.name)) == ["Only One"], "nothing was added"
    assert vacation_rows(vacation_server) == rows, "no row was kept"
    assert import_leftovers(vacation_server) == [], "no file was left behind"
    screens.open_list()
    assert screens.list_rows() == [("Only One", "1 photo · 5 May 2025")]
