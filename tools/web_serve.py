"""Serve the built page (tools/web_build.py) on 127.0.0.1 only, for local play and tests.

    python tools/web_serve.py [--folder build/web] [--port 8031]

Plain static files, with the types a browser insists on (WebAssembly, JavaScript
modules); a file's gzip copy (name.gz, made by the build) is sent in its place to a
browser that accepts gzip. Nothing is computed here. The page works offline once loaded.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".wav": "audio/wav",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css",
}


class Files(http.server.SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012 (the base class's own attribute, extended)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }

    packed_from: str | None = None  # the file whose gzip copy this answer sends

    def send_head(self):  # type: ignore[no-untyped-def]  # the base class's, untyped
        """The file's gzip copy, when the build made one and the browser takes gzip: the
        same file to the page, fewer bytes on the way (Pyodide's WebAssembly: a third).
        The base class does the rest, "not modified" included."""
        path = super().translate_path(self.path)
        takes = "gzip" in self.headers.get("Accept-Encoding", "")
        found = takes and os.path.isfile(path) and os.path.isfile(path + ".gz")
        self.packed_from = path if found else None
        return super().send_head()

    def translate_path(self, path: str) -> str:
        found = super().translate_path(path)
        return found + ".gz" if found == self.packed_from else found

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        if self.packed_from is not None and str(path) == self.packed_from + ".gz":
            path = self.packed_from  # the type of what the browser unpacks
        return super().guess_type(path)

    def end_headers(self) -> None:
        if self.packed_from is not None:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Cache-Control", "no-cache")  # a new build is seen at once
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        return  # quiet: a terminal read by a screen reader


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        """A browser that closes a connection while a file is sent (a tab closed or
        reloaded while loading) is no error: nothing is printed, where the base class
        prints a traceback, which a screen reader would read out whole."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def server(folder: Path, port: int = 0) -> Server:
    """A server of `folder` on 127.0.0.1 (`port` 0: any free port), not yet started."""
    handler = functools.partial(Files, directory=str(folder))
    return Server(("127.0.0.1", port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve Half Moon's browser page locally.")
    parser.add_argument("--folder", default=str(ROOT / "build" / "web"))
    parser.add_argument("--port", type=int, default=8031)
    args = parser.parse_args(argv)
    folder = Path(args.folder)
    if not (folder / "build.json").exists():
        print(f"No page in {folder}. Build it first: python tools/web_build.py")
        return 1
    with server(folder, args.port) as httpd:
        print(f"Half Moon is at http://127.0.0.1:{httpd.server_port}/ . Ctrl-C stops.")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            print("Stopped.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
