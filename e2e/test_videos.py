"""Videos (issue 50): a phone's video uploaded like a photo shows its poster with how far its
rendition is, then plays in place in the viewer (the browser's own player, `playsinline`), its
bytes fetched in ranges as the player asks; its thumbnail carries its length.

On a server of this module's own (uploads change its library), at a phone's and a tablet's size:
the player is what differs between them. The clips are made here by FFmpeg's own sources, 2 s at
320×240, a different picture for each test so each is a new video."""

import re
import subprocess
from datetime import datetime, timezone
from pathlib import Path

import pytest

from photo_pages import PhotoScreens, own_photo_server, photo_ids

VIDEO = ".photo-viewer .photo-video"


@pytest.fixture(scope="module")
def video_server(artifacts):
    yield from own_photo_server(artifacts, "videos")


def make_clip(path: Path, pattern: str) -> Path:
    """2 s of an FFmpeg test picture with a tone, H.264/AAC in MP4, recorded now (the newest in the timeline)."""
    now = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    subprocess.run(
        ["ffmpeg", "-nostdin", "-v", "error", "-f", "lavfi", "-i", f"{pattern}=size=320x240:rate=25:duration=2",
         "-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p",
         "-c:a", "aac", "-metadata", f"creation_time={now}", "-movflags", "+faststart", "-y", str(path)],
        check=True, timeout=60,
    )
    return path


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


@pytest.mark.parametrize("layout,pattern", [("phone", "testsrc"), ("phone-landscape", "testsrc2"), ("tablet-portrait", "rgbtestsrc"),
                                            ("tablet-landscape", "yuvtestsrc")])
def test_an_uploaded_video_plays_in_the_viewer_in_ranges(video_server, browser, tmp_path, layout, pattern):
    b = browser(layout, server=video_server)
    screens = PhotoScreens(b)
    clip = make_clip(tmp_path / f"Tram {layout}.mp4", pattern)

    b.open("/upload")
    screens.choose_files([clip])
    screens.wait(lambda: screens.summary() == "1 imported, 0 already there, 0 refused", "the upload's summary", timeout=60)
    photo = photo_ids(video_server)[f"Tram {layout}"]

    # The thumbnail says how long it is, as iOS Photos does.
    b.open("/timeline")
    badge = b.driver.execute_script(
        "const cell = document.querySelector(`.photo-cell[data-photo-id='${arguments[0]}']`);"
        "return cell && cell.querySelector('.motion-badge')?.textContent", photo)
    assert badge == "0:02"

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
