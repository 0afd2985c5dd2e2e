"""Build the browser page (issue 31): a folder of static files that plays Half Moon.

    python tools/web_build.py            # makes build/web
    python tools/web_serve.py            # serves it on http://127.0.0.1:8031/

The folder holds the page (`web/`), Pyodide (npm, pinned in web/package-lock.json),
the game's own wheel, the wheels it needs (web/requirements.txt, pinned with hashes),
the sounds (made by `voice/earcons.py`, as at a terminal) and `build.json`: the page's
words in every language (from the catalogs), the wheels to load, every file for the
service worker, and a version that changes with any file.

Needs npm and, the first time, the npm registry and PyPI; after that it runs offline.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import web_icons  # beside this file: tools/ is on the path when it runs, and in tests

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PAGE_FILES = (
    "index.html",
    "game.js",
    "store.js",
    "page.css",
    "sw.js",
    "manifest.webmanifest",
    "words.js",
)
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def pinned_pyodide() -> str:
    return str(json.loads((WEB / "package.json").read_text())["dependencies"]["pyodide"])


def npm_packages() -> Path:
    """web/node_modules with the pinned Pyodide, installed by `npm ci` when it is not."""
    modules = WEB / "node_modules"
    installed = modules / "pyodide" / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != (pinned_pyodide()):
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit("web build: npm is needed (Debian: apt-get install npm)")
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=WEB, check=True
        )
    return modules


def wheels(out: Path) -> list[str]:
    """The game's wheel and the wheels it needs in the page, into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    isolation = ["--no-build-isolation"] if _has("hatchling") else []  # else from PyPI
    subprocess.run([*pip, "wheel", "--no-deps", *isolation, "-w", str(out), str(ROOT)], check=True)
    subprocess.run(
        [
            *pip,
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--require-hashes",
            "-r",
            str(WEB / "requirements.txt"),
            "-d",
            str(out),
        ],
        check=True,
    )
    return sorted(path.name for path in out.glob("*.whl"))


def _has(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def sounds(out: Path) -> list[str]:
    """Every sound the game can make, as the terminal makes it."""
    sys.path.insert(0, str(ROOT))
    from halfmoon_a11y.core.places import ALL_LOCATIONS
    from halfmoon_a11y.voice import earcons

    out.mkdir(parents=True, exist_ok=True)
    made = [earcons.sound(kind, place) for kind in earcons.PLACED_KINDS for place in ALL_LOCATIONS]
    made += [earcons.sound(kind) for kind in earcons.KINDS if kind not in earcons.PLACED_KINDS]
    for sound in made:
        earcons.write(str(out / sound.name), sound)
    return sorted(sound.name for sound in made)


def page_words() -> dict[str, dict[str, str]]:
    sys.path.insert(0, str(ROOT))
    from halfmoon_a11y.ui.web import all_page_words

    return all_page_words()


def build(out: Path) -> Path:
    modules = npm_packages()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    words = page_words()
    for name in PAGE_FILES:
        shutil.copy2(WEB / name, out / name)
    page = (out / "index.html").read_text(encoding="utf-8")
    said = "".join(
        f'<p lang="{language}">{html.escape(mine["no_script"])}</p>'
        for language, mine in words.items()
    )
    page = re.sub("<noscript>.*?</noscript>", f"<noscript>{said}</noscript>", page, flags=re.S)
    (out / "index.html").write_text(page, encoding="utf-8")
    # The page's words in words.js too, so that the page is in the player's language
    # while it is parsed, before a screen reader reads it.
    early = (out / "words.js").read_text(encoding="utf-8")
    placed = early.replace(
        "const PAGE_WORDS = {};", f"const PAGE_WORDS = {json.dumps(words, ensure_ascii=False)};", 1
    )
    if placed == early:
        raise SystemExit("web build: no PAGE_WORDS line in web/words.js")
    (out / "words.js").write_text(placed, encoding="utf-8")
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(modules / "pyodide" / name, out / "pyodide" / name)
    built_wheels = wheels(out / "wheels")
    sounds(out / "sounds")
    web_icons.write(out / "icons")
    files = sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    version = digest.hexdigest()[:16]
    # The version written into the page's script and the service worker: a new build
    # changes the worker's bytes (browsers then take the new files), and each page asks
    # its own build's files (web/sw.js).
    for name in ("game.js", "sw.js"):
        script = (out / name).read_text(encoding="utf-8")
        stamped = script.replace('= "dev"; // this build', f'= "{version}"; // this build', 1)
        if stamped == script:
            raise SystemExit(f"web build: no version line in web/{name}")
        (out / name).write_text(stamped, encoding="utf-8")
    manifest = {
        "version": version,
        "pyodide": pinned_pyodide(),
        "wheels": built_wheels,
        "files": [name for name in files if name != "sw.js"] + ["build.json"],
        "words": words,
    }
    (out / "build.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    precompress(out)
    return out


GZIP_SAVES = 0.9  # a .gz is kept when it is at most 90 % of its file
GZIP_FROM = 1024  # smaller files are sent as they are


def precompress(out: Path) -> list[str]:
    """A gzip copy (name.gz) beside each file that gzip makes notably smaller, for a
    server that sends it to a browser that accepts it (tools/web_serve.py does; a host
    with "gzip_static" or the like does too). The bytes are the same at every build
    (no time or name in the gzip header). The files' names and the version are those of
    the files themselves: a .gz is only another way of sending one."""
    packed = []
    for path in sorted(out.rglob("*")):
        if not path.is_file() or path.suffix in (".gz", ".png"):
            continue
        data = path.read_bytes()
        if len(data) < GZIP_FROM:
            continue
        small = gzip.compress(data, compresslevel=9, mtime=0)
        if len(small) <= GZIP_SAVES * len(data):
            path.with_name(path.name + ".gz").write_bytes(small)
            packed.append(path.relative_to(out).as_posix())
    return packed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build Half Moon's browser page.")
    parser.add_argument("--out", default=str(ROOT / "build" / "web"), help="the folder to make")
    args = parser.parse_args(argv)
    out = build(Path(args.out))
    print(f"Built {out}. Serve it with: python tools/web_serve.py --folder {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
