"""The browser page (issue 31): its start to "ready", and Enter to the announcement.

    python3 benchmarks/web_page.py [--runs 5] [--commands 20] [--folder build/web]

Builds the page (tools/web_build.py) unless `--folder` holds one, serves it on
127.0.0.1 and drives Debian's Chromium (headless, by playwright) with every request
outside the page aborted. For each run:
- `cold start`: a new browser profile (nothing cached, no service worker): from the
  page's navigation to the game ready (window.halfmoon set, the opening announced);
- `warm start`: the same profile loaded again (the service worker's cache, the
  browser's compiled WebAssembly): navigation to ready;
- `Enter to announcement`: from the Enter key's keydown, in the page, to the answer
  written into the live region (its 30 ms refill included), over `--commands` commands
  (moves, tops, a refusal).
Medians of the runs. The aims (issue 31): announcement at most 50 ms after Enter, warm
start at most 5 s on a 2-core machine. Figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
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
  new MutationObserver(() => {
    if (region.textContent && window.__down !== undefined) {
      window.__lags.push(performance.now() - window.__down);
      window.__down = undefined;
    }
  }).observe(region, { childList: true, characterData: true, subtree: true });
});
}"""
COMMANDS = ("1 6", "tops", "1 2", "xyzzy", "3 9", "pile 4", "3 4", "info", "undo", "redo")


PHASES = ("python", "wheels", "home", "opened")  # performance marks of web/game.js


def started(context, url: str, phases: list[list[float]]) -> tuple[float, object]:
    page = context.new_page()
    began = time.perf_counter()
    page.goto(url)
    web.ready(page)
    spent = time.perf_counter() - began
    marks = page.evaluate(
        "names => names.map(n => performance.getEntriesByName('halfmoon-' + n)[0].startTime)",
        list(PHASES),
    )
    phases.append([mark / 1000 for mark in marks])
    return spent, page


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--commands", type=int, default=20)
    parser.add_argument("--folder", help="a page built already (tools/web_build.py)")
    parser.add_argument("--each", action="store_true", help="print each command's time")
    parser.add_argument("--no-worker", action="store_true", help="no service worker")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    folder = Path(args.folder) if args.folder else None
    if folder is None or not (folder / "build.json").exists():
        folder = web.tool("web_build").build(Path(tempfile.mkdtemp()) / "web")
    served = web.Served(folder)
    cold, warm, lags = [], [], []
    cold_phases: list[list[float]] = []
    warm_phases: list[list[float]] = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=web.CHROMIUM, args=web.CHROMIUM_ARGS
            )
            for _ in range(args.runs):
                context = browser.new_context(
                    locale="en-GB", service_workers="block" if args.no_worker else "allow"
                )
                web.offline(context, served.url)
                context.add_init_script(web.RECORD + TIMING)
                seconds, page = started(context, served.url + "?code=HM1-N-AAAAAAC", cold_phases)
                cold.append(seconds)
                if not args.no_worker:
                    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
                page.close()
                seconds, page = started(context, served.url, warm_phases)
                warm.append(seconds)
                for number in range(args.commands):
                    web.type_line(page, COMMANDS[number % len(COMMANDS)])
                found = page.evaluate("window.__lags")
                if args.each:
                    print([round(lag, 1) for lag in found])
                lags += found
                context.close()
            browser.close()
    finally:
        served.close()
    print(f"{args.runs} runs, {len(lags)} commands")
    print(f"cold start: median {statistics.median(cold):.2f} s, max {max(cold):.2f} s")
    print(f"warm start: median {statistics.median(warm):.2f} s, max {max(warm):.2f} s")
    for name, phases in (("cold", cold_phases), ("warm", warm_phases)):
        medians = [statistics.median(run[index] for run in phases) for index in range(4)]
        said = ", ".join(f"{n} {m:.2f} s" for n, m in zip(PHASES, medians, strict=True))
        print(f"  {name}, seconds from navigation, medians: {said}")
    if lags:
        print(
            f"Enter to announcement: median {statistics.median(lags):.1f} ms, "
            f"max {max(lags):.1f} ms"
        )
    else:
        print("Enter to announcement: not measured (no command was typed)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
