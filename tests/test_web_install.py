"""The page can be installed as an app (Chrome and Edge offer it): a manifest with its
name, icons of 192 and 512 pixels, start_url, scope and display standalone. Checked by
Chromium's own installability check, over the DevTools protocol."""

from __future__ import annotations

import json
import struct

import pytest

from tests import web_support as web

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    web.check_tools()
    return web.built_page(tmp_path_factory.getbasetemp())


def test_the_manifest_names_the_game_and_its_icons(built):
    manifest = json.loads((built / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == "Half Moon"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == manifest["scope"] == "./"
    for icon in manifest["icons"]:
        png = (built / icon["src"]).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert icon["sizes"] == f"{width}x{height}"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}
    files = json.loads((built / "build.json").read_text(encoding="utf-8"))["files"]
    assert {"manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png"} <= set(files)


def test_chromium_finds_the_page_installable(built, tmp_path):
    """In a profile of its own: Chromium offers no install in a private context."""
    from playwright.sync_api import sync_playwright

    served = web.Served(built)
    try:
        with sync_playwright() as playwright:
            made = playwright.chromium.launch_persistent_context(
                str(tmp_path / "profile"),
                executable_path=web.CHROMIUM,
                args=web.CHROMIUM_ARGS,
                locale="en-GB",
            )
            web.offline(made, served.url)
            page = made.new_page()
            page.goto(served.url)
            web.ready(page)
            devtools = made.new_cdp_session(page)
            errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == []
            assert devtools.send("Page.getAppManifest")["errors"] == []
            made.close()
    finally:
        served.close()
