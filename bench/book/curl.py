"""The page curl's frame rate on a slow phone: a drag across page 1 of the Events book at 390×844
(from its right-hand edge, and from its middle, where the page's frame takes the finger),
in Chromium with its CPU slowed 4× (DevTools' Emulation.setCPUThrottlingRate), driven by real
pointer input (Input.dispatchTouchEvent, a move every 16 ms) and measured in the page with
requestAnimationFrame; beside it, in the same browser and run, the baseline: a CSS transition of
an element of the page's size across the same distance. Prints frames per second and the longest
frame of each, and their ratio.

Usage: python3 bench/book/curl.py BASE_URL SESSION_COOKIE_VALUE"""

import statistics
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

CHROMIUM = "/usr/lib/chromium/chromium-headless-shell"
CHROMEDRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 390, 844
THROTTLE = 4
RUNS = 5

RECORD = """
window.__frames = [];
window.__folds = new Set();
const record = (now) => {
  window.__frames.push(now);
  const fold = document.getElementById('book')?.dataset.fold;
  if (fold) window.__folds.add(fold);
  if (!window.__stop) requestAnimationFrame(record);
};
window.__stop = false;
requestAnimationFrame(record);
"""
STOP = "window.__stop = true; return window.__frames;"
FOLDS = "return window.__folds.size;"


def figures(frames: list[float]) -> tuple[float, float]:
    """Frames per second and the longest frame (ms) of a run's frame times."""
    gaps = [b - a for a, b in zip(frames, frames[1:])]
    return (len(gaps) / ((frames[-1] - frames[0]) / 1000), max(gaps)) if gaps else (0.0, 0.0)


def curl_run(driver, rect, start_at: float) -> tuple[float, float]:
    """A drag from `start_at` of the page's width to its left edge, a move a frame, then let go.
    From the right-hand edge the book's strip takes the finger; from the middle the page's frame
    does, and its gesture script (frame-gesture.js) reports each move to the book by postMessage."""
    y = rect["top"] + rect["height"] * 0.6
    start, end = rect["left"] + rect["width"] * start_at, rect["left"] + rect["width"] * 0.05
    touch = lambda kind, x: driver.execute_cdp_cmd("Input.dispatchTouchEvent", {  # noqa: E731
        "type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]})
    touch("touchStart", start)
    driver.execute_script(RECORD)
    steps = 45  # about three quarters of a second
    for step in range(1, steps + 1):
        touch("touchMove", start + (end - start) * step / steps)
        time.sleep(0.016)
    frames = driver.execute_script(STOP)
    drawn = driver.execute_script(FOLDS)
    touch("touchEnd", end)
    # The drag must really have curled the page, a fold a frame or nearly: else this measured nothing.
    if drawn < steps // 2:
        raise SystemExit(f"the drag drew the curl in {drawn} frames of {len(frames)}: it did not curl the page")
    driver.execute_script("return new Promise(r => setTimeout(r, 800))")  # the turn settles
    return figures(frames)


def transition_run(driver, rect) -> tuple[float, float]:
    """The baseline: an element of the page's size slid across the same distance by CSS."""
    driver.execute_script("""
        const box = document.createElement('div');
        box.id = 'bench-box';
        Object.assign(box.style, {position: 'fixed', left: arguments[0].left + 'px', top: arguments[0].top + 'px',
          width: arguments[0].width + 'px', height: arguments[0].height + 'px', background: '#f4f1ea',
          boxShadow: '0 1px 6px rgba(0,0,0,.3)', zIndex: 9999, transition: 'transform 720ms linear'});
        document.body.append(box);
        box.getBoundingClientRect();""", rect)
    driver.execute_script(RECORD + "document.getElementById('bench-box').style.transform = `translateX(${-arguments[0].width * 0.9}px)`;", rect)
    time.sleep(0.75)
    frames = driver.execute_script(STOP)
    driver.execute_script("document.getElementById('bench-box').remove()")
    return figures(frames)


def main() -> None:
    base, session = sys.argv[1], sys.argv[2]
    options = Options()
    options.binary_location = CHROMIUM
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--window-size={WIDTH},{HEIGHT}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 3, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
        driver.get(base + "/signin")
        driver.add_cookie({"name": "rt_session", "value": session, "path": "/"})
        results = {"curl": [], "middle": [], "transition": []}
        for _ in range(RUNS):
            driver.get(base + "/trip/events/1")
            driver.execute_script("return new Promise(r => setTimeout(r, 1500))")  # frames load, neighbours ahead
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
            rect = driver.execute_script("return document.querySelector('#book .book-stage').getBoundingClientRect().toJSON()")
            results["transition"].append(transition_run(driver, rect))
            results["curl"].append(curl_run(driver, rect, 0.95))
            driver.get(base + "/trip/events/1")
            driver.execute_script("return new Promise(r => setTimeout(r, 1500))")
            results["middle"].append(curl_run(driver, rect, 0.6))
            driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 1})
    finally:
        driver.quit()
    print(f"Page curl at {WIDTH}×{HEIGHT}, CPU slowed {THROTTLE}×, {RUNS} runs (medians); goal ≥ 55 fps, longest frame < 32 ms")
    print(f"{'':34} {'fps':>8} {'longest ms':>11} {'fps / baseline':>15}")
    base_fps = statistics.median(fps for fps, _ in results["transition"])
    for name, label in (("transition", "CSS transition, same size (base)"), ("curl", "page curl, from the edge"),
                        ("middle", "page curl, from the middle (frame)")):
        fps = statistics.median(f for f, _ in results[name])
        longest = statistics.median(m for _, m in results[name])
        print(f"{label:34} {fps:8.1f} {longest:11.1f} {fps / base_fps if base_fps else 0:15.2f}")


if __name__ == "__main__":
    main()
