"""Installing RoadTrip (issue 17): Chromium reads the manifest every page links and finds
RoadTrip installable, with its icons, in a window of its own; the bar takes the light or the
dark colour with the appearance."""

import json

import pytest

from pages import SESSION_COOKIE, SIGN_OUT, VIEWER_TAB, Account, Shell, add_account_over_http, sign_in_over_http


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_chromium_finds_roadtrip_installable(browser, layout):
    b = browser(layout)
    b.open("/")
    b.wait_loaded()

    manifest = b.driver.execute_cdp_cmd("Page.getAppManifest", {})
    Shell(b).wait(lambda: b.driver.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == [],
                  f"Chromium should find RoadTrip installable: {b.driver.execute_cdp_cmd('Page.getInstallabilityErrors', {})}")

    assert manifest["errors"] == []
    assert manifest["url"].startswith(b.server.url + "/static/manifest.")
    assert json.loads(manifest["data"])["display"] == "standalone"


@pytest.mark.parametrize("scheme, colour", [("light", "#f9f9fb"), ("dark", "#1c1c1e")])
def test_the_bar_colour_follows_the_appearance(browser, scheme, colour):
    b = browser("phone")
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        b.open("/")
        chosen = b.driver.execute_script(
            "return [...document.querySelectorAll('meta[name=theme-color]')].filter(m => matchMedia(m.media).matches).map(m => m.content)")
        assert chosen == [colour]
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


KEEP = """
const done = arguments[arguments.length - 1];
(async () => {
  const cache = await caches.open('roadtrip-kept');
  await cache.put('/kept-page', new Response('kept for ' + arguments[0]));
  await new Promise((resolve, reject) => {
    const open = indexedDB.open('roadtrip-changes', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('changes', { autoIncrement: true });
    open.onsuccess = () => {
      const put = open.result.transaction('changes', 'readwrite').objectStore('changes').put({ visit: 1 });
      put.onsuccess = () => { open.result.close(); resolve(); };
      put.onerror = reject;
    };
    open.onerror = reject;
  });
  done([await caches.keys(), (await indexedDB.databases()).map(d => d.name)]);
})().catch(e => done(String(e)));
"""

KEPT = """
const done = arguments[arguments.length - 1];
(async () => done([await caches.keys(), (await indexedDB.databases()).map(d => d.name)]))().catch(e => done(String(e)));
"""


def test_signing_out_empties_cache_storage_and_indexeddb(vacation_server, browser):
    # Not the session's server: the account it adds would show in other tests' lists of accounts.
    # The vacation tests' server has accounts of every test's own (vacation_pages.py).
    server = vacation_server
    account = Account("Kept Traveller", "a long enough password")
    add_account_over_http(server.url, server.owner_session, account)
    b = browser("phone", server=server, signed_in=False)
    b.set_cookie(SESSION_COOKIE, sign_in_over_http(server.url, account))
    b.open("/")
    # The service worker installed (its own cache made) before anything is kept, as on a phone in use.
    Shell(b).wait(lambda: b.driver.execute_script("return !!navigator.serviceWorker.controller"), "the service worker should start")
    cache_names, databases = b.driver.execute_async_script(KEEP, account.name)
    assert "roadtrip-kept" in cache_names and "roadtrip-changes" in databases

    # MUT: sign out as a person does
    Shell(b).click(VIEWER_TAB)
    Shell(b).click(SIGN_OUT)

    Shell(b).wait(lambda: Shell(b).path().startswith("/signin"), "signing out should land on the sign-in page")
    Shell(b).wait(lambda: b.driver.execute_async_script(KEPT) == [[], []],
                  f"nothing kept for the account stays on the browser: {b.driver.execute_async_script(KEPT)}")
    assert b.driver.execute_script("return navigator.serviceWorker.getRegistrations().then(r => r.length)") == 0, "nor its service worker"
