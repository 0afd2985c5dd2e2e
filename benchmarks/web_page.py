"""The browser page: its start to "ready" beside a bare page that loads only Pyodide,
the bytes of a first visit, and Enter to the announcement.

    python3 benchmarks/web_page.py [--runs 5] [--commands 20] [--folder build/web]

Builds the page (tools/web_build.py) unless `--folder` holds one, serves it on
127.0.0.1 (counting the bytes sent) and drives Debian's Chromium, headless, by
playwright. Each round uses new browser profiles on disk, as a player's (a private
context's HTTP cache lives in memory and keeps no file as large as Pyodide's
WebAssembly), and the browser resolves no name but 127.0.0.1. Each round:
- `cold start`: a new profile (nothing cached, no service worker): from the page's
  navigation to the game ready (window.halfmoon set, the opening announced); then the
  bytes sent until the service worker has kept every file;
- `warm start, snapshot`: the same profile, a new tab: the service worker's cache, the
  browser's compiled WebAssembly, and the memory snapshot the first start kept;
- `warm start, no snapshot`: the same, with the kept snapshot deleted first;
- `bare Pyodide`: a page that only loads Pyodide from the same files (`loadPyodide()`),
  cold in a new profile and warm in a new tab (the browser's HTTP cache), and the bytes
  of its cold start;
- `Enter to announcement`: from the Enter key's keydown, in the page, to the answer in
  the live region, over `--commands` commands (moves, tops, a refusal), each typed
  `--pause` ms (200) after the 100 ms the tests wait once an answer is out: an answer
  that comes within 250 ms of the one before waits for it (web/game.js, HOLD_MS).
Medians of the rounds. The aims: a warm start at most half the bare page's (issue 40),
announcement at most 50 ms after Enter. Figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from tests import web_support as web  # noqa: E402

TIMING = """{
window.__lags = [];
document.addEventListener("keydown", (event) => {
  if (event.key === "Enter") window.__down = performance.now();
}, true);
document.addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("announcer");
  if (!region) return;
  new MutationObserver(() => {
    if (region.textContent && window.__down !== undefined) {
      window.__lags.push(performance.now() - window.__down);
      window.__down = undefined;
    }
  }).observe(region, { childList: true, characterData: true, subtree: true });
});
}"""
COMMANDS = ("1 6", "tops", "1 2", "xyzzy", "3 9", "pile 4", "3 4", "info", "undo", "redo")
BARE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Pyodide alone</title></head>
<body><script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
window.bareReady = true;
</script></body></html>
"""
PHASES = ("python", "wheels", "home", "opened")  # performance marks of web/game.js


def bare_folder(folder: Path) -> Path:
    """A page that loads only Pyodide, the same files as the game's page."""
    bare = Path(tempfile.mkdtemp(prefix="bare-pyodide-"))
    shutil.copytree(folder / "pyodide", bare / "pyodide")
    (bare / "index.html").write_text(BARE, encoding="utf-8")
    return bare


def started(context, url: str, phases: list[list[float]] | None = None) -> tuple[float, object]:
    page = context.new_page()
    began = time.perf_counter()
    page.goto(url)
    if phases is None:
        page.wait_for_function("window.bareReady === true", timeout=web.READY_SECONDS * 1000)
        return time.perf_counter() - began, page
    web.ready(page)
    spent = time.perf_counter() - began
    marks = page.evaluate(
        "names => names.map(n => performance.getEntriesByName('halfmoon-' + n)[0].startTime)",
        list(PHASES),
    )
    phases.append([mark / 1000 for mark in marks])
    return spent, page


def profile(playwright, locale: str = "en-GB"):
    return playwright.chromium.launch_persistent_context(
        tempfile.mkdtemp(prefix="web-profile-"),
        executable_path=web.CHROMIUM,
        args=web.HERMETIC_AS_SHIPPED,
        locale=locale,
    )


def sent_bytes(served: web.Counted) -> tuple[int, int]:
    bodies = served.bodies()
    return len(bodies), sum(size for _, _, size in bodies)


def median(values: list[float]) -> str:
    return f"median {statistics.median(values):.2f} s, max {max(values):.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--commands", type=int, default=20)
    parser.add_argument("--folder", help="a page built already (tools/web_build.py)")
    parser.add_argument("--each", action="store_true", help="print each command's time")
    parser.add_argument(
        "--pause", type=int, default=200, help="ms more between an answer and the next Enter"
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(args.folder) if args.folder else None
    if folder is None or not (folder / "build.json").exists():
        folder = web.tool("web_build").build(Path(tempfile.mkdtemp()) / "web")
    served = web.Counted(folder)
    bare_served = web.Counted(bare_folder(folder))
    figures: dict[str, list[float]] = {
        name: [] for name in ("cold", "warm", "normal", "bare cold", "bare warm")
    }
    cold_phases: list[list[float]] = []
    warm_phases: list[list[float]] = []
    lags: list[float] = []
    cold_bytes, bare_bytes = [], []
    try:
        with sync_playwright() as playwright:
            for _ in range(args.runs):
                context = profile(playwright)
                context.add_init_script(web.RECORD + TIMING)
                served.sent.clear()
                seconds, page = started(context, served.url + "?code=HM1-N-AAAAAAC", cold_phases)
                figures["cold"].append(seconds)
                page.evaluate("window.halfmoon.offline()")  # after the snapshot is kept
                cold_bytes.append(sent_bytes(served))
                page.close()
                seconds, page = started(context, served.url, warm_phases)
                if not page.evaluate("window.halfmoon.restored"):
                    raise SystemExit("the warm start did not use the kept snapshot")
                figures["warm"].append(seconds)
                for number in range(args.commands):
                    # a player's pace: an answer has stayed in the live region its least
                    # time (HOLD_MS in web/game.js, 250 ms) before the next Enter, which
                    # would otherwise wait for it
                    page.wait_for_timeout(args.pause)
                    web.type_line(page, COMMANDS[number % len(COMMANDS)])
                found = page.evaluate("window.__lags")
                if args.each:
                    print([round(lag, 1) for lag in found])
                lags += found
                page.evaluate("caches.delete('halfmoon.snapshots')")
                page.close()
                seconds, page = started(context, served.url, [])
                figures["normal"].append(seconds)
                context.close()

                context = profile(playwright)
                bare_served.sent.clear()
                seconds, page = started(context, bare_served.url)
                figures["bare cold"].append(seconds)
                bare_bytes.append(sent_bytes(bare_served))
                page.close()
                seconds, page = started(context, bare_served.url)
                figures["bare warm"].append(seconds)
                context.close()
    finally:
        served.close()
        bare_served.close()
    print(f"{args.runs} runs, {len(lags)} commands")
    print(f"cold start: {median(figures['cold'])}")
    print(f"warm start, snapshot: {median(figures['warm'])}")
    print(f"warm start, no snapshot: {median(figures['normal'])}")
    print(f"bare Pyodide, cold: {median(figures['bare cold'])}")
    print(f"bare Pyodide, warm: {median(figures['bare warm'])}")
    ratios = [w / b for w, b in zip(figures["warm"], figures["bare warm"], strict=True)]
    print(f"warm start against bare Pyodide's warm: median {statistics.median(ratios):.2f}x")
    for name, phases in (("cold", cold_phases), ("warm", warm_phases)):
        medians = [statistics.median(run[index] for run in phases) for index in range(4)]
        said = ", ".join(f"{n} {m:.2f} s" for n, m in zip(PHASES, medians, strict=True))
        print(f"  {name}, seconds from navigation, medians: {said}")
    requests, sent = max(cold_bytes, key=lambda pair: pair[1])
    bare_requests, bare_sent = max(bare_bytes, key=lambda pair: pair[1])
    print(
        f"cold start bytes, until every file is kept offline: {sent / 1e6:.2f} MB "
        f"in {requests} bodies; bare Pyodide: {bare_sent / 1e6:.2f} MB in {bare_requests}"
    )
    if lags:
        print(
            f"Enter to announcement: median {statistics.median(lags):.1f} ms, "
            f"max {max(lags):.1f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
