"""A first visit sends fewer bytes: the build keeps a gzip copy beside each file gzip
makes notably smaller (Pyodide's WebAssembly, its JavaScript, the sounds), and the
page's server sends it to a browser that accepts gzip, with the file's own type and
"not modified" as for the file itself. The page's other tests all load it so."""

from __future__ import annotations

import gzip
import json
import urllib.request
from email.utils import formatdate

import pytest

from tests import web_support as web

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    web.check_tools()
    return web.built_page(tmp_path_factory.getbasetemp())


@pytest.fixture(scope="module")
def served(built):
    found = web.Served(built)
    yield found
    found.close()


def fetch(url: str, **headers: str):
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
        return answer.status, dict(answer.headers), answer.read()


def test_the_build_keeps_a_gzip_copy_where_it_saves_bytes(built):
    files = json.loads((built / "build.json").read_text(encoding="utf-8"))["files"]
    assert not any(name.endswith(".gz") for name in files)  # no file of the page's own
    sizes = {name: (built / name).stat().st_size for name in files}
    packed = {
        name: (built / (name + ".gz")).stat().st_size
        for name in files
        if (built / (name + ".gz")).exists()
    }
    assert {"pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.mjs", "game.js"} <= set(packed)
    for name, size in packed.items():
        assert gzip.decompress((built / (name + ".gz")).read_bytes()) == (built / name).read_bytes()
        assert size <= 0.9 * sizes[name]
    sent = sum(packed.get(name, size) for name, size in sizes.items())
    assert sent < 0.6 * sum(sizes.values())  # 7.2 MB of 14.7 MB here


def test_the_server_sends_the_copy_only_to_a_browser_that_takes_gzip(served):
    url = served.url + "pyodide/pyodide.asm.wasm?v=1"
    status, headers, body = fetch(url, **{"Accept-Encoding": "gzip, deflate, br"})
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Content-type"] == "application/wasm"
    assert headers["Vary"] == "Accept-Encoding"
    plain = gzip.decompress(body)
    assert plain[:4] == b"\0asm"
    status, headers, body = fetch(url)  # urllib asks no encoding: the file as it is
    assert "Content-Encoding" not in headers and body == plain
    assert headers["Content-type"] == "application/wasm"


def test_not_modified_is_said_for_the_copy_as_for_the_file(served):
    url = served.url + "game.js"
    later = formatdate(2**31 - 1, usegmt=True)
    request = urllib.request.Request(
        url, headers={"Accept-Encoding": "gzip", "If-Modified-Since": later}
    )
    with pytest.raises(urllib.error.HTTPError) as answer:
        urllib.request.urlopen(request)
    assert answer.value.code == 304


def test_a_connection_the_browser_closed_prints_nothing(tmp_path, capsys):
    """A tab closed while a file is sent breaks the connection: the server goes on and
    prints nothing (a traceback would be read out whole); any other error is printed."""
    httpd = web.tool("web_serve").server(tmp_path)
    try:
        for gone in (BrokenPipeError(32, "Broken pipe"), ConnectionResetError(104, "reset")):
            try:
                raise gone
            except ConnectionError:
                httpd.handle_error(None, ("127.0.0.1", 1))
            assert capsys.readouterr().err == ""
        try:
            raise ValueError("a fault of the server's own")
        except ValueError:
            httpd.handle_error(None, ("127.0.0.1", 1))
        assert "ValueError: a fault of the server's own" in capsys.readouterr().err
    finally:
        httpd.server_close()
