"""Issue 27, point 8: a start with no option, `--json` or `--plain` does not load argparse
(`ui.cli.simple_options`): its answer is exactly argparse's, for every such line, so
nothing a player or a program gives changes meaning. Any other line goes to argparse."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest

from halfmoon_a11y.text.words import Words
from halfmoon_a11y.ui.cli import simple_options
from halfmoon_a11y.ui.options import build_parser

SIMPLE_LINES = [
    list(words)
    for count in range(3)
    for words in itertools.permutations(["--json", "--plain"], count)
]


@pytest.mark.parametrize("words", SIMPLE_LINES, ids=" ".join)
def test_the_simple_answer_is_argparse_s(words):
    fast = simple_options(words)
    assert fast is not None
    assert vars(fast) == vars(build_parser(Words("en")).parse_args(words))


@pytest.mark.parametrize(
    "words",
    [["--json", "--json"], ["--code", "HM1-N-EMQPNCT"], ["--no-speech"], ["--js"], ["-h"], ["x"]],
)
def test_any_other_line_goes_to_argparse(words):
    assert simple_options(words) is None


def test_a_json_start_loads_neither_argparse_nor_gettext(tmp_path):
    code = (
        "import sys\n"
        "sys.argv = ['halfmoon-a11y', '--json']\n"
        "from halfmoon_a11y.ui import cli\n"
        "status = cli.main()\n"
        "print(sorted({'argparse', 'gettext'} & set(sys.modules)), file=sys.stderr)\n"
    )
    env = {"HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        input="quit\n",
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": ":".join(sys.path)},
        timeout=60,
        check=False,
    )
    assert done.stderr.splitlines()[-1] == "[]", done.stdout + done.stderr


@pytest.mark.parametrize(
    ("args", "language", "expected"),
    [
        (["--bogus"], "ca", "Opció no entesa, --bogus. Escriu halfmoon-a11y --help per veure"),
        (["--lang", "fr"], "ca", "Opció no entesa, --lang fr. Escriu"),
        (["--code"], "ca", "Opció no entesa, --code. Escriu"),
        (["--bogus", "x"], "da", "Tilvalget blev ikke forstået, --bogus x. Skriv"),
        (["--lang", "fr"], "da", "Tilvalget blev ikke forstået, --lang fr. Skriv"),
        (["--sounds", "--no-sounds"], "da", "Tilvalget blev ikke forstået, --no-sounds."),
        (["--bogus"], "en", "Option not understood (unrecognized arguments: --bogus). Type"),
    ],
)
def test_an_option_refused_is_named_in_the_players_language(args, language, expected, capsys):
    from halfmoon_a11y.text.words import Words
    from halfmoon_a11y.ui.options import build_parser

    with pytest.raises(SystemExit) as leaving:
        build_parser(Words(language)).parse_args(args)
    assert leaving.value.code == 2
    refused = capsys.readouterr().err
    assert refused.startswith(expected) and len(refused.splitlines()) == 1
