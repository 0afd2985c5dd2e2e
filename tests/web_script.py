"""A scripted game through the JSON lines mode, with a clock that ticks the same way on
every run: run by CPython in the tests, and, as source text, by the page's Pyodide
(tests/test_web_page.py), so that the two say exactly the same. Standard library and
the game only: the page has nothing else."""

import io
import json
import tempfile


def run_scripted(request: str) -> str:
    """`request`: JSON {"code", "language", "lines"}; the answer: the JSON lines the
    game wrote, as one JSON list, after the opening's."""
    from halfmoon_a11y.core.dealcode import DealCode
    from halfmoon_a11y.play.settings import Settings
    from halfmoon_a11y.store.keeper import Keeper
    from halfmoon_a11y.store.settings_file import SettingsFile
    from halfmoon_a11y.ui import jsonmode
    from halfmoon_a11y.ui.web import home_paths

    asked = json.loads(request)
    ticks = iter(range(1_000_000))

    def now() -> float:  # 2.5 seconds a call, the same calls on every run
        return next(ticks) * 2.5

    paths = home_paths(tempfile.mkdtemp(prefix="scripted-"))
    settings_file = SettingsFile.load(paths.settings)
    keeper = Keeper(paths, settings_file, owner=True)
    session = keeper.open(
        DealCode.parse(asked["code"]), Settings(language=asked["language"]), now=now
    )
    out = io.StringIO()
    mode = jsonmode.JsonMode(session, out, keeper)
    mode.start()
    for line in asked["lines"]:
        mode.line(line)
    keeper.close()
    return json.dumps([json.loads(line) for line in out.getvalue().splitlines()])
