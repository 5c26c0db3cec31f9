"""The cluster (issue 10), for real: two `roadtrip serve` instances over one PostgreSQL and one
storage folder, behind nginx round robin (cluster.py). A person signs in through nginx and
works while their requests alternate between the instances; what one instance stores, the
other shows; background work is finished by whichever instance is alive; an instance killed
mid-upload loses nothing it acknowledged; PostgreSQL going away gives prompt 503s, then
service again; and `roadtrip migrate` moves a SQLite data folder into PostgreSQL whole.

Browsers are this module's own (they resolve cluster.test), at phone and tablet landscape. What
is checked is what the instances did, the same at every size: each test runs at one of the two.
Each test works as an account of its own, added with `roadtrip user add`."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import time

import pytest
from selenium.webdriver.common.keys import Keys

from cluster import Cluster, ClusterBrowsers, Instance, PSQLSession, wait_until
from cluster_faults import (
    LoadLoop,
    UploadBurst,
    age,
    fault_photos,
    held_by,
    kill_while_busy,
    leases,
    misnamed_originals,
    rendition_path,
    temporary_files,
    whole_image,
)
from conftest import RoadTripServer, data_folder, quit_drivers, roadtrip_binary
from pages import OWNER, ROWS, SESSION_COOKIE, TRIP_EVENTS, TRIP_NAME, Account, text_content
from photo_pages import (
    PLACE_ROWS,
    RECENT_ROWS,
    UPLOAD_FORM,
    LibraryPhoto,
    PhotoScreens,
    import_folder,
    photo_ids,
    place_ids,
    subtitle,
    write_photos,
)
from trip_pages import SAMPLE, Book
from vacation_pages import (
    EXPORT,
    IMPORT_FORM,
    UNVISIT,
    VISIT,
    VacationScreens,
    all_photos,
    create_over_http,
    document_photos,
    download,
    vacation_rows,
    vacation_with,
    vacations_of,
)

DATABASE_AWAY = "RoadTrip cannot reach its database just now."
PREVIEW_BOUND = 15  # seconds for a queued preview to be made by some instance's worker (they look every second)


@pytest.fixture(scope="module")
def cluster(artifacts):
    running = Cluster(artifacts)
    try:
        running.start()
        yield running
    finally:
        statuses = running.close()
    assert all(status == 0 for _, status in statuses), f"after SIGTERM every instance should exit 0: {statuses}"


@pytest.fixture(scope="module")
def cluster_drivers(cluster):
    """This module's browsers, quit before the cluster stops."""
    pool: dict = {}
    yield pool
    quit_drivers(pool)


@pytest.fixture
def browser(cluster, cluster_drivers, artifacts) -> ClusterBrowsers:
    return ClusterBrowsers(cluster_drivers, cluster.front, artifacts)


def account_of(cluster: Cluster, name: str) -> tuple[Account, str]:
    cluster.ensure_running()
    account = Account(name, "a long enough password")
    return account, cluster.add_account(account)


# --------------------------------------------------------------------------------------
# Working through nginx


def test_signed_in_through_nginx_places_a_destination_the_book_and_recents_come_from_both_instances(cluster, browser):
    layout = "phone"
    account, _ = account_of(cluster, f"Sign-in {layout}")
    ids, places = photo_ids(cluster.a), place_ids(cluster.a)
    [(sample,)] = cluster.a.query("SELECT id FROM destinations WHERE name = ?", SAMPLE)
    b = browser(layout)
    screens = PhotoScreens(b)
    started = time.time()

    b.clear_cookies()
    b.open("/places")
    screens.wait_sign_in_page("/places")
    screens.sign_in(account)
    screens.wait_path("/places")
    screens.wait_signed_in_as(account)
    session = b.cookie(SESSION_COOKIE)

    # Places → New York City → a photo
    screens.show_master()
    assert ("New York City", subtitle("New York City", "United States", 3)) in dict(screens.place_sections())["United States"]
    screens.click(f'{PLACE_ROWS}[href="/places/{places["New York City"]}"]')
    screens.wait(lambda: screens.grid_titles() == ["The High Line", "Times Square", "Brooklyn Bridge"], "New York City's photos, newest first")
    b.screenshot(f"{layout}-cluster-places")
    screens.open_cell(ids["Brooklyn Bridge"])
    screens.wait_viewer(ids["Brooklyn Bridge"], "Brooklyn Bridge")

    # A destination's page, chosen as the trip; its menu; the Events book
    b.open(f"/destinations/{sample}")
    screens.wait_path(f"/destinations/{sample}")
    screens.submit("form.choose-form")
    screens.wait_path("/")
    screens.show_master()
    screens.wait(lambda: text_content(screens.find(TRIP_NAME)) == SAMPLE, f"the trip menu should name {SAMPLE}")
    assert [text_content(row.find_element("css selector", ".row-title")) for row in screens.find_all(ROWS)][-1] == SAMPLE
    b.screenshot(f"{layout}-cluster-trip-menu")
    screens.click(TRIP_EVENTS)
    book = Book(b)
    book.wait_page(1, count=12)
    book.press(Keys.ARROW_RIGHT)
    book.wait_page(2)
    b.screenshot(f"{layout}-cluster-book")

    # Recents
    b.open("/recents")
    screens.show_master()
    screens.wait(lambda: screens.current_tab() == "Recents", "the Recents tab is current")
    assert [title for title, _ in screens.rows(RECENT_ROWS)] == ["Brooklyn Bridge"]
    b.screenshot(f"{layout}-cluster-recents")

    # The same session was served by both instances: nginx's log of the browser's requests,
    # the browser's own fetches, and plain requests with its cookie.
    served = [entry for entry in cluster.nginx.access_log(since=started) if entry["session"]]
    assert {entry["upstream"] for entry in served} == {cluster.a.address, cluster.b.address}, served
    assert all(entry["status"] < 500 for entry in served), [entry for entry in served if entry["status"] >= 500]
    fetched = b.driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1], seen = [];
        (async () => {
          for (let n = 0; n < 6; n++) {
            const response = await fetch('/account', { credentials: 'same-origin' });
            const page = await response.text();
            seen.push([response.status, response.headers.get('X-Upstream'), page.match(/<a class="app-tab viewer"[^>]*>(?:<svg.*?<\\/svg>)?<span class="app-tab-label">([^<]*)<\\/span>/)?.[1]]);
          }
          done(seen);
        })();
        """
    )
    assert {upstream for _, upstream, _ in fetched} == {cluster.a.address, cluster.b.address}, fetched
    assert all(status == 200 and name == account.name for status, _, name in fetched), f"signed in on every answer: {fetched}"
    answers = [cluster.front.fetch("GET", "/account", session=session) for _ in range(4)]
    assert [answer.status for answer in answers] == [200] * 4
    assert all(account.name in answer.text for answer in answers)
    assert {answer.header("X-Upstream") for answer in answers} == {cluster.a.address, cluster.b.address}


# --------------------------------------------------------------------------------------
# What one instance stores, the other shows



def test_a_photo_uploaded_on_one_instance_shows_on_the_other_with_the_preview_a_worker_made(cluster, browser, tmp_path):
    layout = "tablet-landscape"
    _, session = account_of(cluster, f"Uploader {layout}")
    city, country, latitude, longitude = "Helsinki", "Finland", 60.1695, 24.9354
    title = f"{city} harbour"
    taken = LibraryPhoto(title, city, country, "2024-06-01T10:00:00", "Nikon Z 6", None, latitude, longitude, (2400, 1600))
    [path] = write_photos(tmp_path, [taken], first_colour=4)

    # Uploaded on A, through its upload screen
    b = browser(layout, cluster.a, session)
    screens = PhotoScreens(b)
    b.open("/upload")
    screens.wait_shown(UPLOAD_FORM)
    screens.choose_files([path])
    screens.wait(lambda: screens.summary() == "1 imported, 0 already there, 0 refused", "the upload's summary", timeout=30)
    photo = int(re.fullmatch(r"/photos/(\d+)", screens.upload_rows()[0]["link"]).group(1))
    b.screenshot(f"{layout}-cluster-uploaded-on-a")
    [(sha256,)] = cluster.a.query("SELECT sha256 FROM photos WHERE id = ?", photo)

    # Its preview is made by a queued job — nobody has asked for it yet — by whichever worker claims it.
    preview, thumbnail = rendition_path(cluster.storage, "preview", sha256), rendition_path(cluster.storage, "thumbnail", sha256)
    queued = time.monotonic()
    wait_until(lambda: preview.exists() and not cluster.a.query("SELECT id FROM jobs WHERE key = ?", str(photo)),
               f"the preview of photo {photo} should be made in the background", PREVIEW_BOUND)
    print(f"preview of photo {photo} made in the background after {time.monotonic() - queued:.1f} s")
    assert whole_image(preview) and whole_image(thumbnail)

    # On B: thumbnail, preview, the viewer, Places
    for size, file, kind in (("thumbnail", thumbnail, "image/webp"), ("preview", preview, "image/jpeg")):
        answer = cluster.b.fetch("GET", f"/photos/{photo}/{size}", session=session)
        assert (answer.status, answer.header("Content-Type")) == (200, kind), f"{size} from B: {answer.status}"
        assert answer.body == file.read_bytes(), f"B serves the {size} in the shared storage"
    b = browser(layout, cluster.b, session)
    screens = PhotoScreens(b)
    b.open(f"/photos/{photo}")
    viewer = screens.wait_viewer(photo, title)
    assert viewer["src"].endswith(f"/photos/{photo}/preview") and (viewer["width"], viewer["height"]) == (2400, 1600)
    b.screenshot(f"{layout}-cluster-viewer-on-b")
    b.open("/places")
    screens.show_master()
    assert (city, subtitle(city, country, 1)) in dict(screens.place_sections())[country]
    screens.click(f'{PLACE_ROWS}[href="/places/{place_ids(cluster.b)[city]}"]')
    screens.wait(lambda: screens.grid_titles() == [title], f"{city}'s grid on B")
    b.screenshot(f"{layout}-cluster-places-on-b")


def test_visited_on_one_instance_and_unvisited_on_the_other_both_count_the_same(cluster, browser):
    layout = "phone"
    _, session = account_of(cluster, f"Visitor {layout}")
    name = "Bay Weekend"
    vacation = create_over_http(cluster.a, session, name)
    ids = photo_ids(cluster.a)
    photos = [(ids[title], title) for title in ("Golden Gate Bridge", "Painted Ladies")]

    b = browser(layout, cluster.a, session)
    screens = VacationScreens(b)
    for photo, title in photos:
        b.open(f"/photos/{photo}")
        screens.wait_viewer(photo, title)
        where = screens.open_popover_link(VISIT)
        screens.choose(where, name)
        screens.wait_path(f"/photos/{photo}")
        screens.wait_popover_closed()
        screens.wait_visited_in([name])
    b.screenshot(f"{layout}-cluster-visited-on-a")

    b = browser(layout, cluster.b, session)
    screens = VacationScreens(b)
    photo, title = photos[0]
    b.open(f"/photos/{photo}")
    screens.wait_viewer(photo, title)
    screens.wait_visited_in([name])
    where = screens.open_popover_link(UNVISIT)
    screens.choose(where, name)
    screens.wait_path(f"/photos/{photo}")
    screens.wait_popover_closed()
    screens.wait_visited_in([])
    b.screenshot(f"{layout}-cluster-unvisited-on-b")

    for instance in (cluster.a, cluster.b):
        b = browser(layout, instance, session)
        screens = VacationScreens(b)
        screens.open_list()
        assert screens.list_rows() == [(name, "1 photo · 3 May 2025")], f"the list on {instance.name}"
        b.open(f"/vacations/{vacation}")
        screens.wait_menu(vacation, name)
        assert screens.menu()["all photos"] == "1 photo", f"the menu on {instance.name}"
        assert all_photos(screens, vacation) == ["Painted Ladies"]
    assert vacation_rows(cluster.a, vacation)["vacation_photos"] == 1


def test_a_vacation_exported_from_one_instance_imports_on_the_other_with_the_same_photos(cluster, browser, tmp_path):
    layout = "tablet-landscape"
    account, session = account_of(cluster, f"Exporter {layout}")
    titles = ["Golden Gate Bridge", "Painted Ladies", "Times Square"]
    vacation = vacation_with(cluster.a, session, "Shore Trip", titles)

    b = browser(layout, cluster.a, session)
    screens = VacationScreens(b)
    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Shore Trip")
    folder = tmp_path / "downloads"
    folder.mkdir()
    file = download(b, lambda: screens.click(EXPORT), folder)
    assert file.name == "Shore Trip.vacation" and document_photos(file) == sorted(titles)
    original = all_photos(screens, vacation)

    b = browser(layout, cluster.b, session)
    screens = VacationScreens(b)
    b.open("/vacations/import")
    screens.wait_shown(IMPORT_FORM)
    screens.find(f"{IMPORT_FORM} input#vacation-file").send_keys(str(file))
    screens.submit(IMPORT_FORM)
    copy = wait_until(lambda: vacations_of(cluster.b, account.name).get("Shore Trip (2)"), "B should import “Shore Trip (2)”", 10)
    screens.wait_menu(copy, "Shore Trip (2)")
    assert screens.menu()["all photos"] == "3 photos"
    b.screenshot(f"{layout}-cluster-imported-on-b")
    assert all_photos(screens, copy) == original, "the same photos, in the same order"

    b = browser(layout, cluster.a, session)
    screens = VacationScreens(b)
    screens.open_list()
    assert [name for name, _ in screens.list_rows()] == ["Shore Trip", "Shore Trip (2)"], "A lists B's import"
    assert vacation_rows(cluster.a, copy) == vacation_rows(cluster.a, vacation)


# --------------------------------------------------------------------------------------
# Faults


def test_an_instance_killed_mid_upload_loses_no_answered_photo_and_the_other_finishes_its_jobs(cluster, browser):
    _, session = account_of(cluster, "Survivor")
    # Enough that the burst is still going when A is caught with an upload and a job: imports
    # take one decode now, and 32 were all answered before that moment came.
    files = fault_photos(96)
    watch = PSQLSession(cluster.postgresql.url)
    try:
        burst = UploadBurst(cluster.front, session, files, concurrency=4).start()
        held = kill_while_busy(cluster.a, watch, burst, cluster.nginx.process.pid)
        killed = time.time()
        uploads = burst.join()

        # Every upload was answered: 200 (imported), or nginx's 502 for those A died in the middle of.
        answered = [upload for upload in uploads if upload.status == 200]
        lost = [upload for upload in uploads if upload.status != 200]
        print(f"A died holding jobs {[lease.id for lease in held]}; {len(answered)} uploads answered, {len(lost)} cut off")
        assert lost, "A died serving an upload: nginx answers it 502 (a POST it has sent is not retried on B)"
        assert all(upload.status == 502 and upload.answered_by == cluster.a.address for upload in lost), [vars(u) for u in lost]
        assert all(upload.answer["outcome"] == "imported" for upload in answered), [u.answer for u in answered]
        assert {upload.answered_by for upload in answered} == {cluster.a.address, cluster.b.address}, "both took uploads"

        # Each answered photo is in the library, through B.
        stored = {title: (id, sha256) for id, title, sha256 in cluster.b.query("SELECT id, title, sha256 FROM photos")}
        for upload in answered:
            id, _ = stored[upload.name.removesuffix(".jpg")]
            assert upload.answer["photo"] == f"/photos/{id}"
            page = cluster.b.fetch("GET", f"/photos/{id}", session=session)
            assert page.status == 200 and upload.name.removesuffix(".jpg") in page.text, f"photo {id} on B: {page.status}"
            assert cluster.b.fetch("GET", f"/photos/{id}/thumbnail", session=session).status == 200

        print(f"cut off, and stored whole or not at all: {[(u.name, u.name.removesuffix('.jpg') in stored) for u in lost]}")

        # The jobs A died holding: B leaves them while their leases last, takes each once it has
        # run out, and every job ends. A lease lasts a minute (JobQueue.lease; JobQueueTests
        # prove its length on a clock of their own); here it is not waited for: once B has been
        # seen leaving the held jobs alone for several of its looks (once a second), their
        # leases are made to end now, as a minute would.
        assert min(lease.lease_until for lease in held) > time.time() + 4, "A died with its leases running (past the 3 s looked at below)"
        held_ids = {lease.id for lease in held}
        taken: dict[int, float] = {}

        def note_taken() -> None:
            for lease in leases(watch):
                if lease.id in held_ids and f":{cluster.b.process.pid}:" in lease.leased_by:
                    taken.setdefault(lease.id, time.time())

        def all_done() -> bool:
            note_taken()
            return watch.rows("SELECT count(*) FROM jobs WHERE kind = 'renditions'") == [["0"]]

        respected = time.monotonic() + 3
        while time.monotonic() < respected:
            note_taken()
            time.sleep(0.05)
        assert not taken, f"B took a job whose lease still ran: {taken}"
        lease_ends = int(time.time())
        watch.rows(f"UPDATE jobs SET lease_until = {lease_ends} WHERE id IN ({', '.join(map(str, sorted(held_ids)))})")
        wait_until(all_done, "every renditions job should be finished", PREVIEW_BOUND, poll=0.05)
        assert all(when >= lease_ends for when in taken.values()), f"taken before the lease ran out: {taken} vs {lease_ends}"
        print(f"B took {len(taken)} of A's jobs {', '.join(f'{when - killed:.1f}' for when in taken.values())} s after the kill")
        assert not held_by(cluster.a, leases(watch)), "no job is left held by A"
        for upload in answered:
            _, sha256 = stored[upload.name.removesuffix(".jpg")]
            for kind in ("thumbnail", "preview"):
                assert whole_image(rendition_path(cluster.storage, kind, sha256)), f"the {kind} of {upload.name}"
    finally:
        watch.close()

    # Nothing half-written under a final name: every original is its own digest, and every
    # photo's row has its original (an upload cut off may have been stored, but then whole). What A was
    # writing when it died is under temporary names; once stale (aged here: an hour is not
    # waited for), the next instance to start removes it, and not B's upload arriving now.
    assert misnamed_originals(cluster.storage) == []
    rows = cluster.b.query("SELECT sha256 FROM photos")
    assert all(list((cluster.storage / "originals" / sha256[:2]).glob(f"{sha256}.*")) for (sha256,) in rows), "an original per photo"
    leftovers = temporary_files(cluster.storage)
    print(f"left by the kill: {leftovers}")
    for path in leftovers:
        age(cluster.storage / path, hours=2)
    arriving = cluster.storage / "cache" / "incoming" / f"upload-{'5' * 32}"
    arriving.write_bytes(b"the first bytes of an upload B is receiving")
    cluster.ensure_running()  # A starts again on its port
    assert temporary_files(cluster.storage) == [str(arriving.relative_to(cluster.storage))]
    if leftovers:
        assert f"removed {len(leftovers)} files left by interrupted uploads and writes" in cluster.a.log_text()
    arriving.unlink()

    # B shows Tromsø whole.
    b = browser("tablet-landscape", cluster.b, session)
    screens = PhotoScreens(b)
    b.open(f"/places/{place_ids(cluster.b)['Tromsø']}")
    screens.show_master()
    stored_count = len(cluster.b.query("SELECT id FROM photos WHERE place_id IS NOT NULL AND title LIKE 'Tromsø%'"))
    while len(screens.grid()) < stored_count:  # more than a page: scrolling loads the rest
        shown = len(screens.grid())
        screens.scroll_master_down()
        screens.wait(lambda: len(screens.grid()) > shown, f"scrolling should load more of the {stored_count} photos")
    assert {upload.name.removesuffix(".jpg") for upload in answered} <= set(screens.grid_titles())
    b.screenshot("tablet-landscape-cluster-after-kill")


def test_while_postgresql_is_away_every_answer_is_a_prompt_503_and_both_instances_recover(cluster, browser):
    _, session = account_of(cluster, "Outage")
    photo = photo_ids(cluster.a)["Muir Woods"]
    loop = LoadLoop(cluster.front, session, ["/places", "/healthz", "/", "/recents", "/vacations", f"/photos/{photo}"]).start()
    b = browser("phone", cluster.front, session)
    b.expect_log(r"Failed to load resource: the server responded with a status of 503")
    screens = PhotoScreens(b)
    try:
        time.sleep(1.5)
        pausing = time.monotonic()
        cluster.postgresql.pause()
        paused = time.monotonic()
        b.open("/places")
        assert b.status() == 503
        screens.wait_error_page(503)
        assert DATABASE_AWAY in text_content(screens.find(".empty-state.error"))
        b.screenshot("phone-cluster-database-away")
        time.sleep(max(0, paused + 10 - time.monotonic()))
        resuming = time.monotonic()
    finally:
        cluster.postgresql.resume()
    resumed = time.monotonic()
    recovered: dict[str, float] = {}
    while len(recovered) < 2 and time.monotonic() < resumed + 10:
        for instance in cluster.instances:
            if instance.name not in recovered and all(
                instance.fetch("GET", path, session=session).status == 200 for path in ("/healthz", "/places")
            ):
                recovered[instance.name] = time.monotonic() - resumed
        time.sleep(0.05)
    back = time.monotonic()
    time.sleep(1)
    answers = loop.stop()
    b.open("/places")
    assert b.status() == 200
    b.screenshot("phone-cluster-database-back")

    print(f"{len(answers)} answers; PostgreSQL away {resuming - paused:.1f} s; back after {recovered}")
    assert set(recovered) == {"A", "B"}, f"both instances should answer 200 within 10 s of the resume: {recovered}"
    slow = [a for a in answers if a.ended - a.started > 20]
    failed = [a for a in answers if a.status not in (200, 503)]
    assert not slow and not failed, f"no answer slower than 20 s, none but 200 or 503: {[vars(a) for a in slow + failed][:5]}"
    before = [a for a in answers if a.ended < pausing]
    away = [a for a in answers if a.started > paused and a.ended < resuming]
    after = [a for a in answers if a.started > back]
    assert before and all(a.status == 200 for a in before), [vars(a) for a in before if a.status != 200][:3]
    assert len(away) >= 20, f"the loop kept asking while PostgreSQL was away: {len(away)}"
    assert {a.upstream for a in away} == {cluster.a.address, cluster.b.address}
    wrong = [vars(a) for a in away if a.status != 503 or a.retry_after is None
             or ("database unreachable" if a.path == "/healthz" else DATABASE_AWAY) not in a.text]
    assert not wrong, f"every answer while PostgreSQL was away is a 503 saying so, with Retry-After: {wrong[:3]}"
    assert after and all(a.status == 200 for a in after), [vars(a) for a in after if a.status != 200][:3]


# --------------------------------------------------------------------------------------
# From SQLite to PostgreSQL


def test_migrate_moves_a_sqlite_folder_into_postgresql_and_an_instance_serves_all_of_it(cluster, browser, artifacts, tmp_path):
    data = data_folder(prefix="roadtrip-e2e-migrate-")
    household: RoadTripServer | None = None
    instance: Instance | None = None
    try:
        # A household on SQLite: the demo, the owner, photos imported, two vacations.
        log = artifacts / "server-cluster-sqlite.log"
        log.unlink(missing_ok=True)
        household = RoadTripServer(roadtrip_binary(), data, log).start().set_up(OWNER)
        photos = [LibraryPhoto(f"Porto {n}", "Porto", "Portugal", f"2023-09-0{n}T10:00:00", "Canon EOS R6", None, 41.1485, -8.611) for n in (1, 2, 3)]
        photos.append(LibraryPhoto("Basel ferry", "Basel", "Switzerland", "2023-09-08T10:00:00", "Canon EOS R6", None, 47.5584, 7.5733))
        folder = tmp_path / "photos"
        write_photos(folder, photos)
        report = import_folder(data, folder)
        assert f"Imported {len(photos)}, already there 0, refused 0." in report, report
        vacation_with(household, household.owner_session, "Douro", ["Porto 1", "Porto 2", "Porto 3"])
        vacation_with(household, household.owner_session, "Rhine", ["Basel ferry", "Golden Gate Bridge"])
        sqlite_photos = sorted(household.query("SELECT id, sha256, title FROM photos"))
        sqlite_vacations = vacation_rows(household)
        old_session = household.owner_session
        assert household.stop() == 0

        # Moved into a fresh database of the cluster's server.
        cluster.postgresql.psql("CREATE DATABASE migrated")
        done = subprocess.run([str(roadtrip_binary()), "migrate", "--from", str(data), "--to", cluster.postgresql.database_url("migrated")],
                              capture_output=True, text=True, timeout=120)
        moved = done.stdout
        assert done.returncode == 0, f"roadtrip migrate exited {done.returncode}: {done.stdout} {done.stderr}"
        assert "every count matches" in moved, moved
        counts = re.findall(r"^\s+(\w+): (\d+) of (\d+)$", moved, re.MULTILINE)
        assert counts and all(copied == source for _, copied, source in counts), moved
        assert dict((table, int(n)) for table, n, _ in counts)["photos"] == len(sqlite_photos)

        # Served from PostgreSQL over the same folder.
        instance = Instance("migrated", data, cluster.postgresql, artifacts / "server-cluster-migrated.log", None, database="migrated").start()
        assert sorted(instance.query("SELECT id, sha256, title FROM photos")) == sqlite_photos
        assert instance.fetch("GET", "/places", session=old_session).status == 303, "sessions were not copied: sign in again"
        b = browser("tablet-landscape", instance)
        screens = VacationScreens(b)
        b.clear_cookies()
        b.open("/vacations")
        screens.wait_sign_in_page("/vacations")
        screens.sign_in(OWNER)
        screens.wait_path("/vacations")
        screens.show_master()
        assert screens.list_rows() == [("Douro", "3 photos · 1 Sep 2023 – 3 Sep 2023"), ("Rhine", "2 photos · 8 Sep 2023 – 3 May 2025")]
        b.screenshot("tablet-landscape-cluster-migrated-vacations")
        assert vacation_rows(instance) == sqlite_vacations
        session = b.cookie(SESSION_COOKIE)
        for id, sha256, title in sqlite_photos:
            page = instance.fetch("GET", f"/photos/{id}", session=session)
            assert page.status == 200 and title in page.text, f"photo {id} ({title}): {page.status}"
            for size in ("thumbnail", "preview", "original"):
                image = instance.fetch("GET", f"/photos/{id}/{size}", session=session)
                assert image.status == 200 and (image.header("Content-Type") or "").startswith("image/"), f"{title} {size}: {image.status}"
            assert hashlib.sha256(image.body).hexdigest() == sha256, f"the original of {title}"
        ids = {title: id for id, _, title in sqlite_photos}
        b.open(f"/photos/{ids['Basel ferry']}")
        screens.wait_viewer(ids["Basel ferry"], "Basel ferry")
        b.screenshot("tablet-landscape-cluster-migrated-photo")
    finally:
        if household:
            household.stop()
        status = instance.stop() if instance else 0
        shutil.rmtree(data, ignore_errors=True)
    assert status == 0, f"the migrated instance should exit 0 after SIGTERM, not {status}"
