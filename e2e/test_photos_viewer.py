"""The photo viewer (issue 5, "The photo viewer" and "Recents and the tablet layout"): the photo
first fills the view, centred; pan by drag; zoom by wheel, trackpad pinch, double-click or
double tap, + and − keys and buttons, between 0.1× and 10×, the original loaded beyond the
preview's resolution; the title always visible; previous/next by buttons, arrows and swipe;
the info panel; the spinner. Then the layouts: tablet landscape updates the detail beside the
grid in place, tablet portrait opens the grid as an overlay, a phone is a navigation stack.

On the session's `server` and its demo photos (photo_pages.DEMO_PHOTOS): San Francisco's three,
1600 × 1200 each, newest first Ferry Building, Painted Ladies, Golden Gate Bridge."""

import math

import time

import pytest
from selenium.webdriver.common.keys import Keys

from pages import BACK, BACKDROP, MASTER, OPEN_MASTER, text_content
from photo_pages import (
    DEMO_PHOTOS,
    DEMO_SIZE,
    GRID,
    GRID_CELLS,
    IMAGE,
    INFO,
    MASTER_TITLE,
    MAX_SCALE,
    MIN_SCALE,
    NEXT,
    PLACE_ROWS,
    PREVIOUS,
    STAGE,
    VIEWER,
    ZOOM_IN,
    ZOOM_LEVEL,
    ZOOM_OUT,
    PhotoScreens,
    demo_photos,
    photo_ids,
    place_ids,
)

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion

LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]
# Zooming, panning and loading the original are the same at every size; what differs is the
# input, a finger on a phone and a mouse, wheel and keys on a tablet. Where the photo sits on
# each screen is `test_a_photo_opens_filling_the_view_centred_with_its_title`'s.
INPUTS = ["phone", "tablet-landscape"]
SAN_FRANCISCO = [p.title for p in demo_photos("San Francisco")]  # Ferry Building, Painted Ladies, Golden Gate Bridge


def photo(title: str):
    return next(p for p in DEMO_PHOTOS if p.title == title)


def open_photo(server, browser, layout: str, title: str) -> tuple[PhotoScreens, int]:
    """Open a San Francisco photo the way a person does: Places, San Francisco, the photo."""
    b = browser(layout)
    screens = PhotoScreens(b)
    ids = photo_ids(server)
    b.open("/places")
    screens.show_master()
    place = place_ids(server)["San Francisco"]
    screens.click(f'{PLACE_ROWS}[href="/places/{place}"]')
    screens.wait_path(f"/places/{place}")
    screens.wait(lambda: screens.grid_titles() == SAN_FRANCISCO, "San Francisco's grid, newest first")
    screens.show_master()
    screens.open_cell(ids[title])
    screens.wait_viewer(ids[title], title)
    return screens, ids[title]


def assert_fills_and_centred(screens: PhotoScreens) -> dict:
    """scale = max(width ratio, height ratio) of the stage and the photo; the photo's middle on the stage's."""
    v = screens.viewer()
    wanted = max(v["stageWidth"] / v["width"], v["stageHeight"] / v["height"])
    assert v["scale"] == pytest.approx(wanted, abs=1e-4), f"the photo should fill the view: {v}"
    assert v["fill"] == pytest.approx(wanted, abs=1e-4), f"data-fill-scale: {v}"
    assert_centred(v)
    # Filling: the photo covers the whole stage, overflowing it in one direction only.
    assert v["image"]["width"] >= v["stageWidth"] - 1 and v["image"]["height"] >= v["stageHeight"] - 1, v
    assert min(v["image"]["width"] - v["stageWidth"], v["image"]["height"] - v["stageHeight"]) <= 1, v
    return v


def assert_centred(v: dict, zoomed_by: float = 1.0) -> None:
    """Within a pixel; after a pinch that zoomed `zoomed_by` times, within that and the half pixel
    WebDriver puts the fingers off the stage's middle (on a whole pixel), magnified by the zoom."""
    image, stage = v["image"], v["stage"]
    slack = 1 + 0.5 * abs(zoomed_by - 1)
    assert image["x"] + image["width"] / 2 == pytest.approx(stage["x"] + stage["width"] / 2, abs=slack), f"centred across: {v}"
    assert image["y"] + image["height"] / 2 == pytest.approx(stage["y"] + stage["height"] / 2, abs=slack), f"centred down: {v}"


def assert_title_visible(screens: PhotoScreens, title: str) -> None:
    """The title in the detail's top bar, on screen and in full."""
    element = screens.find("main#detail header.bar h2#detail-title")
    assert element.is_displayed() and text_content(element) == title
    box = element.rect
    width, _ = screens.viewport()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 80, f"the title sits in the top bar: {box}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, f"the title is on screen: {box}"
    assert screens.driver.execute_script("const e = arguments[0]; return e.scrollWidth <= e.clientWidth", element), "not cut"
    assert screens.driver.title == f"{title} · RoadTrip"


@pytest.mark.parametrize("layout", [*LAYOUTS, "phone-landscape"])
def test_a_photo_opens_filling_the_view_centred_with_its_title(server, browser, layout):
    screens, _ = open_photo(server, browser, layout, "Painted Ladies")
    v = assert_fills_and_centred(screens)
    assert (v["width"], v["height"]) == DEMO_SIZE
    assert v["src"].endswith(f"/photos/{v['id']}/preview"), "the screen-size preview first"
    assert v["original"] is None, "the original is not loaded at the fill scale"
    assert not v["spinnerShown"]
    assert v["level"] == f"{math.floor(v['scale'] * 100 + 0.5)}%", "the scale as a percentage, rounded half up as JavaScript does"
    assert_title_visible(screens, "Painted Ladies")
    if layout == "phone-landscape":
        # A phone on its side is a phone: the viewer has the whole screen, not a tablet's detail
        # pane beside a 22rem list (where the stage was 490 px wide and 190 px tall).
        width, height = screens.viewport()
        assert v["stage"]["x"] == 0 and v["stageWidth"] == width, f"the photo spans the screen: {v}"
        assert v["stageHeight"] >= 0.6 * height, f"the bars leave the photo most of the height: {v}"
    if layout.startswith("phone"):
        assert text_content(screens.find(BACK)) == "‹ San Francisco"
        assert not screens.shown(MASTER), "a phone shows one screen at a time"
    else:
        assert not screens.shown(BACK), "a tablet has no back button in the detail's bar"
    screens.browser.screenshot(f"{layout}-photo-viewer")


@pytest.mark.parametrize("layout", INPUTS)
def test_zoom_by_wheel_pinch_keys_and_buttons_within_the_limits(server, browser, layout):
    screens, _ = open_photo(server, browser, layout, "Painted Ladies")
    fill = screens.scale()

    screens.wheel(-200)  # a wheel turned away: closer
    wheel_in = screens.wait_scale(lambda s: s > fill * 1.2, "a wheel turn up should zoom in")
    screens.wheel(200)
    screens.wait_scale(lambda s: s == pytest.approx(fill, abs=2e-3), "the same turn back should zoom back")
    screens.wheel(-60, ctrl=True)  # a trackpad pinch: a wheel event with ctrlKey
    screens.wait_scale(lambda s: s > fill * 1.2, "a trackpad pinch should zoom in")
    assert wheel_in > fill

    screens.focus_stage()
    screens.press("0")
    screens.wait_scale(lambda s: s == pytest.approx(fill, abs=1e-4), "0 goes back to the fill scale")
    assert_centred(screens.viewer())
    screens.press("+")
    plus = screens.wait_scale(lambda s: s > fill * 1.1, "+ should zoom in")
    assert_centred(screens.viewer())  # about the middle
    screens.press("=")
    screens.wait_scale(lambda s: s > plus * 1.1, "= (+ without shift) zooms in too")
    screens.press("-")
    screens.wait_scale(lambda s: s == pytest.approx(plus, abs=1e-3), "− zooms out by as much")
    screens.press("_")
    screens.wait_scale(lambda s: s == pytest.approx(fill, abs=1e-3), "_ (− with shift) zooms out too")

    screens.click(ZOOM_IN)
    button_in = screens.wait_scale(lambda s: s > fill * 1.2, "the + button zooms in")
    assert text_content(screens.find(ZOOM_LEVEL)) == f"{round(button_in * 100)}%"
    screens.click(ZOOM_OUT)
    screens.wait_scale(lambda s: s == pytest.approx(fill, abs=1e-3), "the − button zooms back")

    # The limits: 0.1× and 10×.
    screens.focus_stage()
    screens.press("-" * 25)
    screens.wait_scale(lambda s: s == pytest.approx(MIN_SCALE, abs=1e-4), "zooming out stops at 0.1×")
    assert_centred(screens.viewer())  # a photo smaller than the view stays in its middle
    screens.wheel(400)
    assert screens.scale() == pytest.approx(MIN_SCALE, abs=1e-4), "never below 0.1×"
    screens.browser.screenshot(f"{layout}-photo-zoomed-out")
    screens.press("+" * 40)
    screens.wait_scale(lambda s: s == pytest.approx(MAX_SCALE, abs=1e-4), "zooming in stops at 10×")
    screens.wheel(-600)
    assert screens.scale() == pytest.approx(MAX_SCALE, abs=1e-4), "never above 10×"
    assert text_content(screens.find(ZOOM_LEVEL)) == "1000%"


@pytest.mark.parametrize("layout", ["phone", "tablet-portrait"])
def test_pinch_zooms_about_the_fingers(server, browser, layout):
    screens, photo_id = open_photo(server, browser, layout, "Painted Ladies")
    fill = screens.scale()
    screens.pinch(80, 280)
    spread = screens.wait_scale(lambda s: s > fill * 2.5, "spreading two fingers 3.5 times apart should zoom in")
    assert spread == pytest.approx(fill * 3.5, rel=0.1), "as far as the fingers spread"
    assert_centred(screens.viewer(), zoomed_by=spread / fill)  # the fingers' middle is the stage's: it stays there
    screens.pinch(280, 80)
    screens.wait_scale(lambda s: s == pytest.approx(fill, rel=0.1), "pinching them back zooms back out")
    screens.pinch(200, 10)
    screens.wait_scale(lambda s: s < fill * 0.5, "and further out, below the fill scale")
    assert screens.viewer()["id"] == photo_id, "a pinch is no swipe"
    assert_centred(screens.viewer())
    screens.browser.screenshot(f"{layout}-photo-pinched")


@pytest.mark.parametrize("layout", INPUTS)
def test_zooming_beyond_the_preview_loads_the_original(server, browser, layout):
    screens, photo_id = open_photo(server, browser, layout, "Golden Gate Bridge")
    v = screens.viewer()
    assert v["src"].endswith(f"/photos/{photo_id}/preview") and v["original"] is None
    # The preview is 1440 px on its long side: up to 1440/1600 = 0.9× it is enough.
    screens.focus_stage()
    while screens.scale() * 1.25 <= 0.94:  # + zooms by 1.25
        screens.press("+")
    assert screens.viewer()["original"] is None, f"not while the preview is as sharp as the screen ({screens.scale()}×)"
    screens.press("++")
    screens.wait(lambda: screens.viewer()["original"] == "loaded", "the original should replace the preview")
    v = screens.viewer()
    assert v["src"].endswith(f"/photos/{photo_id}/original")
    assert v["loaded"] and not v["spinnerShown"], "loaded, the spinner hidden"
    natural = screens.driver.execute_script("const i = document.querySelector(arguments[0]); return [i.naturalWidth, i.naturalHeight]", IMAGE)
    assert tuple(natural) == DEMO_SIZE, "the original's full resolution"
    screens.browser.screenshot(f"{layout}-photo-original")


def test_a_small_photo_fills_the_view_and_zooming_in_never_shrinks_it(photo_server, browser):
    """A 48 × 32 photo fills a tablet's view beyond 10×: that is where it starts, and the most it zooms."""
    b = browser("tablet-landscape", server=photo_server)
    screens = PhotoScreens(b)
    ids = photo_ids(photo_server)
    b.open(f"/photos/{ids['Pont Neuf']}")
    v = screens.wait_viewer(ids["Pont Neuf"], "Pont Neuf")
    assert (v["width"], v["height"]) == (48, 32)
    fill = assert_fills_and_centred(screens)["scale"]
    assert fill > MAX_SCALE
    screens.focus_stage()
    screens.press("+")
    screens.wheel(-300)
    assert screens.scale() == pytest.approx(fill, abs=1e-4), "no deeper than the fill scale, and never smaller for a zoom in"
    screens.press("-")
    screens.wait_scale(lambda s: s < fill * 0.9, "− zooms out")
    screens.press("+++")
    screens.wait_scale(lambda s: s == pytest.approx(fill, abs=1e-4), "+ back up to the fill scale")
    assert screens.viewer()["original"] is None, "the preview holds every pixel of a small photo: no original to load"


@pytest.mark.parametrize("layout", INPUTS)
def test_double_click_or_double_tap_zooms_in_and_back(server, browser, layout):
    screens, _ = open_photo(server, browser, layout, "Painted Ladies")
    fill = screens.scale()
    if layout == "phone":
        screens.double_tap()
    else:
        screens.double_click_stage()
    zoomed = screens.wait_scale(lambda s: s > fill * 1.5, "a double click (tap) should zoom in")
    screens.browser.screenshot(f"{layout}-photo-double-tap")
    if layout == "phone":
        screens.double_tap()
    else:
        screens.double_click_stage()
    screens.wait_scale(lambda s: s == pytest.approx(fill, abs=1e-4), f"another should go back to the fill scale (from {zoomed})")
    assert_centred(screens.viewer())


@pytest.mark.parametrize("layout", INPUTS)
def test_drag_pans_the_zoomed_photo_and_never_past_its_edges(server, browser, layout):
    screens, _ = open_photo(server, browser, layout, "Painted Ladies")
    touch = layout == "phone"
    screens.focus_stage()
    screens.press("+++")
    screens.wait_scale(lambda s: s > 1.5 * screens.viewer()["fill"], "zoomed in")
    before = screens.viewer()["image"]

    screens.drag(-90, -70, touch=touch)
    screens.wait(lambda: screens.viewer()["image"]["x"] != before["x"], "the photo should follow the drag")
    after = screens.viewer()["image"]
    assert after["x"] - before["x"] == pytest.approx(-90, abs=3) and after["y"] - before["y"] == pytest.approx(-70, abs=3), (before, after)
    assert after["width"] == pytest.approx(before["width"]), "a drag does not zoom"

    # Down and right, again and again, until the photo's corner meets the stage's (a busy machine
    # may take more drags to get there: each is drawn when the browser gets to it); then once
    # more, far past it: the corner stays where it stopped.
    v = screens.viewer()
    reach = int(min(v["stageWidth"], v["stageHeight"]) * 0.6)

    def at_corner() -> bool:
        v = screens.viewer()
        return v["image"]["x"] == pytest.approx(v["stage"]["x"], abs=1) and v["image"]["y"] == pytest.approx(v["stage"]["y"], abs=1)

    for _ in range(12):
        screens.drag(reach, reach, touch=touch, start=(-reach // 2, -reach // 2))
        if at_corner():
            break
    screens.drag(reach, reach, touch=touch, start=(-reach // 2, -reach // 2))
    time.sleep(0.3)
    v = screens.viewer()
    assert at_corner(), v
    assert v["id"] == photo_id_of(screens, "Painted Ladies"), "a drag of a zoomed photo pans; it does not turn to the neighbour"
    screens.browser.screenshot(f"{layout}-photo-panned")


def photo_id_of(screens: PhotoScreens, title: str) -> int:
    return photo_ids(screens.browser.server)[title]


@pytest.mark.parametrize("layout", INPUTS)  # buttons, keys and a finger's swipe or a mouse's drag
def test_previous_and_next_by_buttons_arrows_and_swipe(server, browser, layout):
    screens, first = open_photo(server, browser, layout, "Ferry Building")
    ids = photo_ids(server)
    screens.mark_document()
    length = screens.driver.execute_script("return history.length")

    # The newest photo has no previous one.
    assert not screens.find_all(PREVIOUS) and "disabled" in screens.find(".photo-previous").get_attribute("class")
    assert text_content(screens.find(".photo-previous")) == "‹ Previous"
    screens.press(Keys.ARROW_LEFT)  # nothing before the first
    assert screens.viewer()["id"] == first

    screens.click(NEXT)
    screens.wait_viewer(ids["Painted Ladies"], "Painted Ladies")
    assert_fills_and_centred(screens)
    screens.press(Keys.ARROW_RIGHT)
    screens.wait_viewer(ids["Golden Gate Bridge"], "Golden Gate Bridge")
    assert "disabled" in screens.find(".photo-next").get_attribute("class"), "the oldest has no next"
    screens.press(Keys.ARROW_RIGHT)
    assert screens.viewer()["id"] == ids["Golden Gate Bridge"]
    screens.press(Keys.ARROW_LEFT)
    screens.wait_viewer(ids["Painted Ladies"], "Painted Ladies")
    screens.click(PREVIOUS)
    screens.wait_viewer(first, "Ferry Building")

    # Swipes. At the fill scale the photo overflows the stage: a drag first pans it to its edge
    # (the photo stays), a swipe past the edge turns to the neighbour.
    touch = layout == "phone"
    v = screens.viewer()
    overflow = round((v["image"]["width"] - v["stageWidth"]) / 2)
    edge = v["stageWidth"] // 2 - 10  # from near the right edge leftwards, and back
    screens.drag(-(overflow + 30), 0, touch=touch, start=(edge, 0))
    v = screens.viewer()
    assert v["image"]["x"] + v["image"]["width"] == pytest.approx(v["stage"]["x"] + v["stage"]["width"], abs=1), "panned to its right edge"
    assert v["id"] == first and screens.path() == f"/photos/{first}", "30 px past the edge is a pan, not a swipe"
    screens.drag(-int(v["stageWidth"] * 0.6), 0, touch=touch, start=(edge, 0))  # to the left: the next
    screens.wait_viewer(ids["Painted Ladies"], "Painted Ladies")
    v = screens.viewer()
    overflow = round((v["image"]["width"] - v["stageWidth"]) / 2)
    screens.drag(overflow + 30, 0, touch=touch, start=(-edge, 0))
    screens.drag(int(v["stageWidth"] * 0.6), 0, touch=touch, start=(-edge, 0))  # to the right: the previous
    screens.wait_viewer(first, "Ferry Building")
    assert screens.same_document(), "turning photos swaps the detail, never loads a whole page"
    assert screens.path() == f"/photos/{first}", "the address follows the photo on screen"

    # Paging replaced the photo on screen, as the Photos app pages (issue 49, 6): no entry a
    # photo, the back button still names the album, and one Back returns to it.
    assert screens.driver.execute_script("return history.length") == length, "paging pushes no screen"
    place = place_ids(server)["San Francisco"]
    if layout == "phone":
        assert text_content(screens.find(BACK)) == "‹ San Francisco"
        screens.click(BACK)
    else:
        screens.driver.back()
    screens.wait_path(f"/places/{place}")
    screens.wait(lambda: screens.grid_titles() == SAN_FRANCISCO, "back to the album in one step")


@pytest.mark.parametrize("layout", LAYOUTS + ["phone-landscape"])
def test_info_panel_shows_date_camera_place_and_coordinates(server, browser, layout):
    screens, _ = open_photo(server, browser, layout, "Painted Ladies")
    stage = screens.rect(STAGE)
    info = screens.info()
    expected = {
        "Description": "Alamo Square",
        "Taken": "3 May 2025, 16:20",
        "Camera": "Sony ILCE-7M4",
        "Place": "San Francisco, California, United States Change…",
        "Coordinates": "37.7763° N, 122.4328° W",
        "Position": "From the camera’s GPS",
        "Size": "1600 × 1200 · JPEG",
    }
    assert {term: info.get(term) for term in expected} == expected, info
    assert list(info)[:7] == list(expected), "in this order"
    screens.browser.screenshot(f"{layout}-photo-info")
    # The place, Change… and Download the original are finger-sized (issue 49, 14).
    screens.assert_targets(f"{INFO} .info-sheet a.tap-target")
    assert len(screens.find_all(f"{INFO} .info-sheet a.tap-target")) == 3
    # Info lies over the photo (issue 33, 3): the stage keeps its place and size, the photo its fill.
    assert screens.rect(STAGE) == stage, "opening Info leaves the photo's area as it was"
    sheet, width = screens.rect(f"{INFO} .info-sheet"), screens.viewport()[0]
    assert sheet["y"] < stage["y"] + stage["height"] and sheet["y"] + sheet["height"] > stage["y"], f"over the photo: {sheet} {stage}"
    if layout == "phone":
        assert sheet["x"] == 0 and sheet["width"] == width, f"a sheet across the phone: {sheet}"
    else:
        assert sheet["width"] <= min(430, width * 0.7) and sheet["x"] + sheet["width"] >= stage["x"] + stage["width"] - 14, (
            f"a panel at the side: {sheet} {stage}"
        )
    assert screens.viewer()["scale"] == pytest.approx(max(stage["width"] / 1600, stage["height"] / 1200), abs=1e-4), "still filled"
    assert_centred(screens.viewer())
    link = screens.find(f"{VIEWER} details.photo-info a[download]")
    assert link.get_attribute("href").endswith(f"/photos/{screens.viewer()['id']}/original")


def test_tablet_landscape_updates_the_detail_beside_the_grid_in_place(server, browser):
    screens, first = open_photo(server, browser, "tablet-landscape", "Ferry Building")
    ids = photo_ids(server)
    screens.wait_shown(MASTER, VIEWER)
    assert screens.current_cells() == [first]
    screens.mark_document()
    screens.driver.execute_script("document.querySelector(arguments[0]).__kept = 'the same grid'", GRID)

    screens.click(screens.cell(ids["Golden Gate Bridge"]))
    screens.wait_viewer(ids["Golden Gate Bridge"], "Golden Gate Bridge")
    assert screens.same_document()
    assert screens.driver.execute_script("return document.querySelector(arguments[0]).__kept", GRID) == "the same grid", (
        "the grid beside the viewer is kept, not rebuilt")
    assert screens.current_cells() == [ids["Golden Gate Bridge"]], "aria-current moved to the photo on screen"
    assert text_content(screens.find(MASTER_TITLE)) == "San Francisco"
    assert screens.current_tab() == "Places"
    assert_fills_and_centred(screens)
    # The arrow keys move the mark too.
    screens.press(Keys.ARROW_LEFT)
    screens.wait_viewer(ids["Painted Ladies"], "Painted Ladies")
    assert screens.current_cells() == [ids["Painted Ladies"]]
    assert screens.driver.execute_script("return document.querySelector(arguments[0]).__kept", GRID) == "the same grid"
    screens.browser.screenshot("tablet-landscape-photo-beside-grid")


def test_tablet_portrait_opens_the_grid_as_an_overlay(server, browser):
    screens, first = open_photo(server, browser, "tablet-portrait", "Ferry Building")
    ids = photo_ids(server)
    screens.wait_hidden(MASTER)
    button = screens.find(OPEN_MASTER)
    assert button.is_displayed() and text_content(button) == "☰ Places", "a list's icon and the list it opens"
    assert_fills_and_centred(screens)
    width, _ = screens.viewport()
    assert screens.viewer()["stage"]["width"] == pytest.approx(width, abs=1), "the photo has the whole width"

    screens.click(OPEN_MASTER)
    screens.wait_shown(MASTER, BACKDROP)
    screens.browser.settle()
    assert screens.current_cells() == [first]
    assert text_content(screens.find(MASTER_TITLE)) == "San Francisco"
    screens.browser.screenshot("tablet-portrait-photo-overlay")
    screens.click(screens.cell(ids["Painted Ladies"]))
    screens.wait_viewer(ids["Painted Ladies"], "Painted Ladies")
    screens.wait_hidden(MASTER, BACKDROP)
    assert_fills_and_centred(screens)

    # Escape closes the overlay too; the photo stays.
    screens.click(OPEN_MASTER)
    screens.wait_shown(MASTER)
    screens.press(Keys.ESCAPE)
    screens.wait_hidden(MASTER)
    assert screens.viewer()["id"] == ids["Painted Ladies"]


def test_tablet_portrait_overlay_stays_open_while_browsing_places(server, browser):
    """Like the original's popover: going from Places into a place stays in the overlay; only
    choosing a photo closes it."""
    b = browser("tablet-portrait")
    screens = PhotoScreens(b)
    ids = photo_ids(server)
    b.open("/places")
    screens.click(OPEN_MASTER)
    screens.wait_shown(MASTER)
    screens.click(f'{PLACE_ROWS}[href="/places/{place_ids(server)["San Francisco"]}"]')
    screens.wait(lambda: screens.grid_titles() == SAN_FRANCISCO, "the place's grid in the overlay")
    screens.browser.settle()
    assert screens.shown(MASTER), "the overlay stays open while browsing the list"
    screens.click(screens.cell(ids["Golden Gate Bridge"]))
    screens.wait_viewer(ids["Golden Gate Bridge"], "Golden Gate Bridge")
    screens.wait_hidden(MASTER)


def test_phone_is_a_navigation_stack(server, browser):
    b = browser("phone")
    screens = PhotoScreens(b)
    ids = photo_ids(server)
    b.open("/places")
    assert screens.shown(MASTER) and not screens.shown(VIEWER)
    screens.mark_document()
    screens.click(f'{PLACE_ROWS}[href="/places/{place_ids(server)["San Francisco"]}"]')
    screens.wait(lambda: screens.grid_titles() == SAN_FRANCISCO, "the place's grid")
    assert text_content(screens.find(MASTER_TITLE)) == "San Francisco"
    assert text_content(screens.find("aside#master header#master-bar a.master-back")) == "‹ Places"

    screens.open_cell(ids["Painted Ladies"])
    screens.wait_viewer(ids["Painted Ladies"], "Painted Ladies")
    screens.wait_hidden(MASTER)
    assert text_content(screens.find(BACK)) == "‹ San Francisco"
    assert_fills_and_centred(screens)
    assert screens.viewer()["stage"]["width"] == pytest.approx(390, abs=1)

    screens.click(BACK)
    screens.wait(lambda: screens.shown(GRID_CELLS) and not screens.shown(VIEWER), "back to the grid")
    assert screens.path() == f"/places/{place_ids(server)['San Francisco']}"
    assert screens.grid_titles() == SAN_FRANCISCO
    screens.click("aside#master header#master-bar a.master-back")
    screens.wait(lambda: screens.place_sections(), "back to Places")
    assert screens.path() == "/places"
    assert screens.same_document()

    # The backs popped: the history holds the stack, and Forward pushes it again (issue 33, 1).
    screens.driver.forward()
    screens.wait(lambda: screens.path() == f"/places/{place_ids(server)['San Francisco']}" and screens.grid_titles() == SAN_FRANCISCO, "Forward: the grid")
    screens.driver.forward()
    screens.wait(lambda: screens.path() == f"/photos/{ids['Painted Ladies']}", "Forward: the photo")
    screens.wait_viewer(ids["Painted Ladies"], "Painted Ladies")
    assert_fills_and_centred(screens)
    screens.wait_shown(BACK)
    assert text_content(screens.find(BACK)) == "‹ San Francisco"


@pytest.mark.parametrize("layout", ["phone", "tablet-portrait"])
def test_viewer_without_javascript_shows_the_preview_fitted_with_links(server, browser, layout):
    b = browser(layout, javascript=False)
    screens = PhotoScreens(b)
    ids = photo_ids(server)
    b.open(f"/photos/{ids['Painted Ladies']}")
    assert screens.detail_title() == "Painted Ladies"
    v = screens.viewer()
    assert v["loaded"] and v["scale"] is None, "no script: no data-scale"
    stage, image = v["stage"], v["image"]
    assert image["width"] <= stage["width"] + 1 and image["height"] <= stage["height"] + 1, f"fitted in the stage: {v}"
    assert max(image["width"] / stage["width"], image["height"] / stage["height"]) == pytest.approx(1, abs=0.01), "as large as fits"
    assert_centred(v)
    assert not screens.shown(ZOOM_IN), "the zoom buttons need the script"
    b.screenshot(f"nojs-{layout}-photo-viewer")
    screens.click(NEXT)
    screens.wait(lambda: (screens.viewer() or {}).get("id") == ids["Golden Gate Bridge"], "Next ›: a page of its own")
    assert screens.detail_title() == "Golden Gate Bridge"
