"""Videos (issue 50): a phone's video uploaded like a photo shows its poster with how far its
rendition is, then plays in place in the viewer (the browser's own player, `playsinline`), its
bytes fetched in ranges as the player asks; its thumbnail carries its length.

On a server of this module's own (uploads change its library), at a phone's and a tablet's size:
the player is what differs between them. The clips are made here by FFmpeg's own sources, 2 s at
320×240, a different picture for each test so each is a new video."""

import json
import re
import struct
import subprocess
import uuid
from datetime import datetime, timezone
from pathlib import Path

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from pages import http_get
from test_offline import wait_controlled
from photo_pages import PhotoScreens, own_photo_server, photo_ids
from vacation_pages import create_over_http, share_link_over_http, visit_over_http

VIDEO = ".photo-viewer .photo-video"


@pytest.fixture(scope="module")
def video_server(artifacts):
    yield from own_photo_server(artifacts, "videos")


def make_clip(path: Path, pattern: str, tags: tuple[str, ...] = ()) -> Path:
    """2 s of an FFmpeg test picture with a tone, H.264/AAC in MP4, recorded now (the newest in the
    timeline), with `tags` (`-metadata` arguments) too."""
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", f"{pattern}=size=320x240:rate=25:duration=2",
         "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
         "-c:a", "aac", "-metadata", f"creation_time={now}", *tags, "-movflags", "+faststart", "-y", str(path)],
        check=True, timeout=60,
    )
    return path


def vacation_of(server, b, clip: Path, name: str) -> tuple[int, int]:
    """`clip` uploaded in `b`, its rendition made, and visited into a new vacation `name`: the
    vacation's id and the clip's id in it."""
    screens = PhotoScreens(b)
    b.open("/upload")
    screens.choose_files([clip])
    screens.wait(lambda: screens.summary() == "1 imported, 0 already there, 0 refused", "the upload's summary", timeout=60)
    photo = photo_ids(server)[clip.stem]
    screens.wait(lambda: server.query("SELECT rendition FROM videos WHERE photo_id = ?", photo) == [("ready",)],
                 "the rendition should be made", timeout=90)
    vacation = create_over_http(server, server.owner_session, name)
    visit_over_http(server, server.owner_session, photo, vacation)
    ((shown,),) = server.query("SELECT id FROM vacation_photos WHERE vacation_id = ?", vacation)
    return vacation, shown


def timeline_badge(b, photo: int) -> str | None:
    """What the photo's thumbnail in the timeline says in its corner."""
    b.open("/timeline")
    return b.driver.execute_script(
        "const cell = document.querySelector(`.photo-cell[data-photo-id='${arguments[0]}']`);"
        "return cell && cell.querySelector('.motion-badge')?.textContent", photo)


def video_state(b) -> dict:
    return b.driver.execute_script(
        """
        const video = document.querySelector(arguments[0]);
        if (!video) return null;
        const note = document.querySelector('.video-preparing');
        return { state: video.dataset.state, src: video.getAttribute('src'), poster: video.getAttribute('poster'),
                 time: video.currentTime, duration: video.duration, paused: video.paused, error: video.error && video.error.code,
                 playsinline: video.hasAttribute('playsinline'), note: note && note.textContent,
                 width: video.getBoundingClientRect().width, height: video.getBoundingClientRect().height };
        """,
        VIDEO,
    )


# The narrowest screen and the widest: the player fits each; the rest is the server's, seen once.
@pytest.mark.parametrize("layout,pattern", [("phone", "testsrc"), ("tablet-landscape", "yuvtestsrc")])
def test_an_uploaded_video_plays_in_the_viewer_in_ranges(video_server, browser, tmp_path, layout, pattern):
    b = browser(layout, server=video_server)
    screens = PhotoScreens(b)
    clip = make_clip(tmp_path / f"Tram {layout}.mp4", pattern)

    b.open("/upload")
    screens.choose_files([clip])
    screens.wait(lambda: screens.summary() == "1 imported, 0 already there, 0 refused", "the upload's summary", timeout=60)
    photo = photo_ids(video_server)[f"Tram {layout}"]

    # The thumbnail says how long it is, as iOS Photos does.
    assert timeline_badge(b, photo) == "0:02"

    # The viewer: the poster at once, the player when the rendition is made (the page asks how far it is).
    b.open(f"/photos/{photo}")
    first = video_state(b)
    assert first["poster"] == f"/photos/{photo}/preview" and first["playsinline"], first
    screens.wait(lambda: video_state(b)["state"] == "ready", "the rendition should be made and the player given it", timeout=90)
    assert video_state(b)["src"] == f"/photos/{photo}/video"
    assert not b.driver.find_elements("css selector", ".video-preparing")

    # Played in place: its time advances (muted: a test browser may not play sound unasked).
    b.driver.execute_script("const v = document.querySelector(arguments[0]); v.muted = true; v.play();", VIDEO)
    screens.wait(lambda: video_state(b)["time"] > 0.3, "the video should play: its time advancing")
    state = video_state(b)
    assert state["error"] is None and 1.9 < state["duration"] < 2.2, state
    assert state["width"] <= b.driver.execute_script("return innerWidth"), "the player fits the screen"
    assert state["height"] <= b.driver.execute_script("return innerHeight"), "the player fits the screen"
    b.screenshot(f"{layout}-video-playing")

    # Seeking back: the player asks for bytes, answered in ranges (206), never the whole file again unasked.
    b.driver.execute_script("const v = document.querySelector(arguments[0]); v.pause(); v.currentTime = 0.2;", VIDEO)
    screens.wait(lambda: abs(video_state(b)["time"] - 0.2) < 0.15, "the video should seek")
    answers = re.findall(rf"GET /photos/{photo}/video (\d+) ", video_server.log_text())
    assert answers and set(answers) <= {"206", "304"}, f"the player's requests should be answered in ranges: {answers}"


def test_space_plays_and_the_arrows_seek(video_server, browser, tmp_path):
    b = browser("tablet-landscape", server=video_server)
    screens = PhotoScreens(b)
    clip = make_clip(tmp_path / "Keys.mp4", "smptebars")
    b.open("/upload")
    screens.choose_files([clip])
    screens.wait(lambda: screens.summary() == "1 imported, 0 already there, 0 refused", "the upload's summary", timeout=60)
    photo = photo_ids(video_server)["Keys"]
    b.open(f"/photos/{photo}")
    screens.wait(lambda: video_state(b)["state"] == "ready", "the rendition", timeout=90)
    b.driver.execute_script("document.querySelector(arguments[0]).muted = true; document.querySelector('.video-stage').focus()", VIDEO)

    stage = b.driver.find_element("css selector", ".video-stage")
    stage.send_keys(" ")
    screens.wait(lambda: not video_state(b)["paused"], "Space should play")
    stage.send_keys(" ")
    screens.wait(lambda: video_state(b)["paused"], "Space again should pause")
    b.driver.execute_script("document.querySelector(arguments[0]).currentTime = 0", VIDEO)
    stage.send_keys("\ue014")  # the right arrow
    screens.wait(lambda: video_state(b)["time"] >= 1.9, "the right arrow should seek forward (to the end of a 2 s clip)")
    assert b.driver.execute_script("return location.pathname") == f"/photos/{photo}", "the arrows seek, not page"


def apple_maker_note(identifier: str) -> bytes:
    """An iPhone's MakerNote naming a Live Photo's identifier: "Apple iOS", a version, big-endian,
    one IFD entry (0x0011, ASCII, at an offset from the note's start) and the string after it."""
    value = identifier.encode() + b"\0"
    return b"Apple iOS\0" + b"\0\x01MM" + struct.pack(">H", 1) + struct.pack(">HHII", 0x0011, 2, len(value), 32) + b"\0" * 4 + value


def with_exif(jpeg: bytes, taken: str, maker_note: bytes) -> bytes:
    """The JPEG with an EXIF segment after its start: DateTimeOriginal and the MakerNote, in the
    Exif IFD that IFD0 points to (little-endian TIFF)."""
    taken_bytes = taken.encode() + b"\0"
    exif_ifd = 8 + 18  # after the header and IFD0 (one entry)
    data = exif_ifd + 2 + 2 * 12 + 4
    tiff = b"II*\0" + struct.pack("<I", 8)
    tiff += struct.pack("<H", 1) + struct.pack("<HHII", 0x8769, 4, 1, exif_ifd) + struct.pack("<I", 0)
    tiff += struct.pack("<H", 2)
    tiff += struct.pack("<HHII", 0x9003, 2, len(taken_bytes), data)
    tiff += struct.pack("<HHII", 0x927C, 7, len(maker_note), data + len(taken_bytes))
    tiff += struct.pack("<I", 0) + taken_bytes + maker_note
    payload = b"Exif\0\0" + tiff
    return jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + jpeg[2:]


def make_live_pair(folder: Path, name: str, pattern: str) -> tuple[Path, Path]:
    """A Live Photo as an iPhone exports it: a JPEG still and a one-second MOV, taken now, whose
    MakerNote and QuickTime keys name the same new content identifier."""
    identifier = str(uuid.uuid4()).upper()
    now = datetime.now(timezone.utc)
    plain = folder / f"{name}-plain.jpg"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", f"{pattern}=size=320x240", "-frames:v", "1", "-y", str(plain)],
                   check=True, timeout=60)
    still = folder / f"{name}.JPG"
    still.write_bytes(with_exif(plain.read_bytes(), now.strftime("%Y:%m:%d %H:%M:%S"), apple_maker_note(identifier)))
    movie = folder / f"{name}.MOV"
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", f"{pattern}=size=320x240:rate=25:duration=1", "-vf", "hue=h=90",
         "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-movflags", "use_metadata_tags",
         "-metadata", f"com.apple.quicktime.creationdate={now.strftime('%Y-%m-%dT%H:%M:%S+0000')}",
         "-metadata", f"com.apple.quicktime.content.identifier={identifier}", "-y", str(movie)],
        check=True, timeout=60,
    )
    return still, movie


def live_state(b) -> dict:
    return b.driver.execute_script(
        """
        const badge = document.querySelector('.photo-viewer .live-badge');
        if (!badge) return null;
        const video = document.querySelector('.photo-stage .photo-live');
        const box = badge.getBoundingClientRect();
        return { state: badge.dataset.state, shown: !!video, time: video ? video.currentTime : null,
                 badge: badge.textContent.trim(), badgeSize: [box.width, box.height], image: !!document.querySelector('.photo-stage .photo-image') };
        """
    )


@pytest.mark.parametrize("layout,pattern", [("phone", "testsrc"), ("tablet-landscape", "smptebars")])
def test_a_live_photo_is_one_item_whose_motion_plays_while_held(video_server, browser, tmp_path, layout, pattern):
    b = browser(layout, server=video_server)
    screens = PhotoScreens(b)
    title = f"Live {layout}"
    still, movie = make_live_pair(tmp_path, title, pattern)

    # Both halves in one upload, the motion first: one item, the still with a LIVE badge.
    b.open("/upload")
    screens.choose_files([movie, still])
    screens.wait(lambda: screens.summary() == "2 imported, 0 already there, 0 refused", "the upload's summary", timeout=60)
    rows = video_server.query("SELECT id, motion FROM photos WHERE title = ?", title)
    assert len(rows) == 1 and rows[0][1] == "live", f"one item, a Live Photo: {rows}"
    photo = rows[0][0]
    assert timeline_badge(b, photo) == "LIVE"

    # The viewer shows the still (pan and zoom as any photo) and the badge, a finger wide.
    b.open(f"/photos/{photo}")
    screens.wait(lambda: (live_state(b) or {}).get("state") == "ready", "the motion should be made and given to the page", timeout=90)
    state = live_state(b)
    assert state["image"] and not state["shown"] and state["badge"] == "LIVE", state
    assert min(state["badgeSize"]) >= 44, f"the badge is a finger wide: {state}"

    # Pressed and held on the photo, the motion plays over the still; let go, the still is back.
    # (One gesture, pressed, held and lifted: the page notes how far the motion played.)
    b.driver.execute_script(
        "window.livePlayed = 0; document.addEventListener('timeupdate', (event) => {"
        "  if (event.target.matches('.photo-live')) window.livePlayed = Math.max(window.livePlayed, event.target.currentTime); }, true)")
    stage = b.driver.find_element("css selector", ".photo-stage")
    kind = interaction.POINTER_TOUCH if layout == "phone" else interaction.POINTER_MOUSE
    hold = ActionBuilder(b.driver, mouse=PointerInput(kind, "finger" if layout == "phone" else "mouse"))
    hold.pointer_action.move_to(stage).pointer_down().pause(1.2).pointer_up()
    hold.perform()
    assert b.driver.execute_script("return window.livePlayed") > 0.3, "held, the motion should have played over the still"
    screens.wait(lambda: not live_state(b)["shown"], "let go, the still should be back")
    # The badge pressed plays it once, to its end.
    b.driver.find_element("css selector", ".live-badge").click()
    screens.wait(lambda: live_state(b)["shown"] and live_state(b)["time"] > 0.2, "the badge pressed, the motion should play")
    b.screenshot(f"{layout}-live-photo-playing")
    screens.wait(lambda: not live_state(b)["shown"], "played to its end, the still should be back")
    assert b.driver.execute_script("return location.pathname") == f"/photos/{photo}", "a hold is no swipe"


def format_tags(path: Path) -> dict:
    """The container's tags of a video, as ffprobe reads them."""
    report = subprocess.run(["ffprobe", "-v", "error", "-print_format", "json", "-show_format", str(path)],
                            check=True, capture_output=True, timeout=30).stdout
    return json.loads(report)["format"].get("tags", {})


def test_a_vacations_video_plays_under_a_link_that_hides_where_and_its_bytes_say_nothing_of_it(video_server, browser, tmp_path):
    # A video recorded in Lisbon (its MP4 says where), made playable, visited into a vacation
    # shared by a link with "Show where" off.
    b = browser("phone", server=video_server)
    clip = make_clip(tmp_path / "Lisbon tram.mp4", "smptehdbars", ("-metadata", "location=+38.7100-009.1500/"))
    assert "location" in format_tags(clip)
    vacation, shown = vacation_of(video_server, b, clip, "Lisbon by tram")
    link = share_link_over_http(video_server, video_server.owner_session, vacation, show_dates="on")

    # A visitor: the vacation's photo plays in place, from the link's own address.
    b = browser("phone", server=video_server, signed_in=False)
    b.open(f"{link}/photos/{shown}")
    screens = PhotoScreens(b)
    screens.wait(lambda: (video_state(b) or {}).get("state") == "ready", "the shared video's player")
    assert video_state(b)["src"] == f"{link}/photos/{shown}/video"
    b.driver.execute_script("const v = document.querySelector(arguments[0]); v.muted = true; v.play();", VIDEO)
    screens.wait(lambda: video_state(b)["time"] > 0.3, "the shared video should play")
    b.screenshot("phone-shared-video-playing")

    # Its page of the vacation's book: the poster with a play button a finger wide; tapped, it
    # plays in its page, and the book stays where it is.
    b.open(f"{link}/book/1")
    screens.wait(lambda: screens.shown("#book .book-play"), "the video's page should offer to play")
    screens.assert_targets("#book .book-play")
    tap = ActionBuilder(b.driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    tap.pointer_action.move_to(screens.find("#book .book-play")).pointer_down().pause(0.05).pointer_up()
    tap.perform()
    playing = "const v = document.querySelector('#book .book-video'); if (v) v.muted = true; return v && v.currentTime"
    screens.wait(lambda: (b.driver.execute_script(playing) or 0) > 0.3, "tapped, the video should play in its page")
    assert b.driver.execute_script("return location.pathname") == f"{link}/book/1", "a tap on play turns no page"
    b.screenshot("phone-book-video-playing")

    # What the visitor's browser was given says nothing of where: no tag of the original.
    answer = http_get(video_server(f"{link}/photos/{shown}/video"))
    assert answer.status == 200 and answer.header("Content-Type") == "video/mp4", answer.status
    given = tmp_path / "given.mp4"
    given.write_bytes(answer.body)
    assert not {key for key in format_tags(given) if "location" in key or "xyz" in key}, format_tags(given)


def test_a_vacation_kept_offline_with_its_videos_plays_them_while_roadtrip_is_away(video_server, browser, tmp_path):
    # A vacation of one video, made playable.
    b = browser("phone", server=video_server)
    screens = PhotoScreens(b)
    vacation, shown = vacation_of(video_server, b, make_clip(tmp_path / "Ferry.mp4", "testsrc2"), "Ferry days")

    # Keeping it says what its videos add before fetching them, and keeps them when asked to.
    b.open(f"/vacations/{vacation}")
    wait_controlled(b)
    row = "#master .keep-offline"
    screens.wait(lambda: screens.shown(f"{row} .keep-start"), "the row should offer to keep the vacation")
    screens.click(f"{row} .keep-start")
    screens.wait(lambda: screens.shown(f"{row} .keep-videos"), "the row should offer the videos, with their size")
    choice = screens.find(f"{row} .keep-videos").text
    assert re.fullmatch(r"Also keep 1 video · \d+(\.\d)? (KB|MB)", choice), choice
    screens.assert_targets(f"{row} .keep-videos")
    b.screenshot("phone-keep-with-videos")
    screens.click(f"{row} .keep-videos input")
    screens.click(f"{row} .keep-download")
    screens.wait(lambda: screens.find(f"{row} .keep-status").text.startswith("Available offline"), "the row should say it is kept", timeout=60)
    assert re.fullmatch(r"Available offline · \d+(\.\d)? (KB|MB), videos included · updated just now", screens.find(f"{row} .keep-status").text)

    # RoadTrip away: the kept video plays in the viewer, its ranges cut from the kept file (not
    # from the browser's own cache, emptied here: keeping fetched the whole file through it).
    b.driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    port = int(video_server.url.rsplit(":", 1)[1])
    assert video_server.stop() == 0
    try:
        b.open(f"/vacations/{vacation}/photos/{shown}")
        screens.wait(lambda: (video_state(b) or {}).get("state") == "ready", "the kept video's player")
        b.driver.execute_script("const v = document.querySelector(arguments[0]); v.muted = true; v.play();", VIDEO)
        screens.wait(lambda: video_state(b)["time"] > 0.3, "the kept video should play without RoadTrip")
        b.driver.execute_script("document.querySelector(arguments[0]).currentTime = 1.5;", VIDEO)
        screens.wait(lambda: video_state(b)["time"] >= 1.5 and not video_state(b)["error"], "it should seek within the kept file")
    finally:
        video_server.start(port=port)
