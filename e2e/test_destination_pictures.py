"""Missing destination pictures (issue 12, "Missing destination pictures"): a destination whose
`DestinationImage` is not in `DIR/destination-images/` shows a drawn placeholder (its initials
on a colour of its own) in the list and on its page, and the browser logs no 404 (the fixtures
fail a test on any SEVERE console entry). A destination whose picture is there keeps it. At one
layout: the drawing is the server's, the same at every size."""

from conftest import catalogue_folder
from pages import ROWS, Shell

MISSING = "Île <b>Rouge</b>"
PRESENT = "Harbour Town"


def catalogue() -> dict:
    def destination(name: str, image: str) -> dict:
        return {
            "DestinationName": name,
            "DestinationImage": image,
            "DestinationLocation": {"Title": name, "Subtitle": "Somewhere", "Latitude": 45.0, "Longitude": 5.0},
            "Events": [],
            "Weather": "https://example.com/weather",
        }

    # The present picture is one the build bundles, so it is found without copying a file.
    return {"DestinationData": [destination(MISSING, "Rouge.png"), destination(PRESENT, "NewYorkCity.svg")]}


def loaded(browser, css: str) -> bool:
    return browser.driver.execute_script(
        "const i = document.querySelector(arguments[0]); return !!i && i.complete && i.naturalWidth > 0", css
    )


def test_a_missing_picture_is_a_drawn_placeholder_without_a_404(start_server, browser, tmp_path):
    layout = "tablet-landscape"
    # setup: the catalogue imported before the server's first start, one picture missing
    server = start_server(catalogue_folder(tmp_path / "data", catalogue()))
    ids = {name: id for id, name in server.query("SELECT id, name FROM destinations")}
    missing, present = ids[MISSING], ids[PRESENT]
    b = browser(layout, server=server)
    shell = Shell(b)

    # MUT: the destination's page, then the list
    b.open(f"/destinations/{missing}")
    shell.wait(lambda: loaded(b, "img.destination-picture"), "the placeholder should load on the destination's page")
    b.settle()
    b.screenshot(f"{layout}-destination-placeholder")
    b.open("/")
    row = f'{ROWS}[href="/destinations/{missing}"] img.row-picture'  # the list beside the detail
    shell.wait(lambda: loaded(b, row), "the placeholder should load in the list")
    shell.wait(lambda: loaded(b, f'{ROWS}[href="/destinations/{present}"] img.row-picture'), "the present picture should load")

    # validate: what the browser was given is the drawing, named and escaped; the present picture is its own
    drawing = server.get(f"/destinations/{missing}/image")
    assert drawing.status == 200
    assert drawing.header("Content-Type") == "image/svg+xml"
    assert ">ÎB</text>" in drawing.text, drawing.text
    assert "<title>Île &lt;b&gt;Rouge&lt;/b&gt;</title>" in drawing.text
    kept = server.get(f"/destinations/{present}/image")
    assert kept.status == 200 and "</text>" not in kept.text and "Manhattan" in kept.text
