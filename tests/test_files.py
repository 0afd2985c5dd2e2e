"""Corrupt, truncated, empty and wrong-version files, and a folder that cannot be written."""

import json
import os
import subprocess
import sys

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.answers import StatsShown
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.store.keeper import Keeper
from halfmoon_a11y.store.notices import Problem, StorageProblem
from halfmoon_a11y.store.settings_file import SettingsFile
from halfmoon_a11y.text.presenter import Presenter
from halfmoon_a11y.text.words import Words
from tests.support import play, said


def start(paths, code=None):
    settings_file = SettingsFile.load(paths.settings)
    keeper = Keeper(paths, settings_file)
    session = keeper.open(
        DealCode.parse(code) if code else None, settings_file.settings(Settings()), now=lambda: 0.0
    )
    return session, keeper


def problems(events):
    return [e for e in events if isinstance(e, StorageProblem)]


def asides(path):
    return sorted(path.parent.glob(path.name + ".bad-*"))


GOOD_SAVE = {"format": 1, "code": "HM1-N-EMQPNCT", "moves": [["1", "8"]], "elapsed": 12.0}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"", Problem.SAVE_UNREADABLE),
        (b"{not json", Problem.SAVE_UNREADABLE),
        (json.dumps(GOOD_SAVE).encode()[:40], Problem.SAVE_UNREADABLE),  # truncated
        (b"\xff\xfe\x00", Problem.SAVE_UNREADABLE),
        (b"[1, 2, 3]", Problem.SAVE_UNREADABLE),
        (json.dumps({**GOOD_SAVE, "format": 99}).encode(), Problem.SAVE_NEWER),
        (json.dumps({**GOOD_SAVE, "format": 0}).encode(), Problem.SAVE_UNREADABLE),
        (json.dumps({**GOOD_SAVE, "code": "HM1-N-NOPE"}).encode(), Problem.SAVE_UNREADABLE),
        (json.dumps({**GOOD_SAVE, "moves": [["1", "2"]]}).encode(), Problem.SAVE_UNREADABLE),
        (json.dumps({**GOOD_SAVE, "moves": [["1", "99"]]}).encode(), Problem.SAVE_UNREADABLE),
        (json.dumps({**GOOD_SAVE, "moves": [["1", "8", "2"]]}).encode(), Problem.SAVE_UNREADABLE),
        (json.dumps({**GOOD_SAVE, "elapsed": "soon"}).encode(), Problem.SAVE_UNREADABLE),
    ],
)
def test_a_bad_saved_game_is_kept_aside_and_a_new_game_dealt(paths, content, problem):
    paths.saved_game.parent.mkdir(parents=True)
    paths.saved_game.write_bytes(content)
    session, _ = start(paths)
    opening = said(session.opening())
    [reported] = problems(opening)
    assert reported.problem is problem
    assert not session.resumed and session.game.moves == 0
    if b'"moves": [["1", "2"]]' in content or b'"moves": [["1", "8", "2"]]' in content:
        assert str(session.code) == GOOD_SAVE["code"]  # moves that do not replay: same deal
    [aside] = asides(paths.saved_game)
    assert aside.read_bytes() == content  # nothing lost
    assert reported.aside == str(aside)


def test_a_good_save_resumes(paths):
    paths.saved_game.parent.mkdir(parents=True)
    paths.saved_game.write_text(json.dumps(GOOD_SAVE))
    session, _ = start(paths)
    assert session.resumed and session.game.moves == 1 and session.clock.elapsed == 12


@pytest.mark.parametrize(
    "content",
    [
        b"move_errors = [",
        b"language = 'fr'",
        b"rate = 'fast'",
        b"rate = 9999",
        b"\xff\xfe",
        b"cards = 'tiny'",
        b"speech = 'yes'",
    ],
)
def test_bad_settings_start_with_defaults_and_keep_the_file(paths, content):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_bytes(content)
    session, _ = start(paths)
    [reported] = problems(said(session.opening()))
    assert reported.problem is Problem.SETTINGS_UNREADABLE
    assert reported.path == str(paths.settings)
    assert session.settings == Settings()
    [aside] = asides(paths.settings)
    assert aside.read_bytes() == content
    play(session, "set move-errors on")  # a fresh file, the bad one untouched
    assert paths.settings.read_text() == "move-errors = true\n"
    assert aside.read_bytes() == content


def test_empty_settings_are_the_defaults(paths):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text("")
    session, _ = start(paths)
    assert not problems(said(session.opening()))


def test_settings_stay_chosen_and_unknown_keys_stay_in_the_file(paths):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text('future_option = "x"\n')
    session, _ = start(paths)
    for line in [
        "lang da",
        "set move-errors on",
        "set placement-help on",
        "set cards short",
        "set rate 220",
        "speech off",
    ]:
        play(session, line)
    again, _ = start(paths)
    assert again.settings == Settings(
        language="da", move_errors=True, placement_help=True, cards="short", speech="off", rate=220
    )
    assert 'future_option = "x"' in paths.settings.read_text()


def block_folder(path):
    """A folder nobody can write to, even root: a plain file stands where it should be."""
    path.parent.parent.mkdir(parents=True, exist_ok=True)
    path.parent.write_text("not a folder")


def test_a_folder_that_cannot_be_written_is_reported_once_and_play_goes_on(paths):
    block_folder(paths.saved_game)
    block_folder(paths.settings)
    block_folder(paths.statistics)
    session, keeper = start(paths, "HM1-N-EMQPNCT")
    heard = problems(said(session.opening()))
    heard += problems(play(session, "pick 1 8"))
    heard += problems(play(session, "pick 8 5 3"))
    heard += problems(play(session, "set move-errors on"))
    heard += problems(play(session, "pick 1 2"))  # a failed pair: not a move, nothing saved
    heard += problems(play(session, "new HM1-N-AAAAAAB"))  # asks first: the game has moves
    heard += problems(play(session, "new HM1-N-AAAAAAB"))  # records the game: stats fail
    keeper.close()
    assert sorted(p.problem for p in heard) == sorted(
        [Problem.GAME_NOT_SAVED, Problem.SETTINGS_NOT_SAVED, Problem.STATS_FAILED]
    )
    assert session.settings.move_errors  # the setting applies for this run


def test_an_unreadable_and_unmovable_settings_file_is_never_overwritten(paths, monkeypatch):
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text("rate = [")
    monkeypatch.setattr("halfmoon_a11y.store.settings_file.keep_aside", lambda path: None)
    session, _ = start(paths)
    [reported] = problems(said(session.opening()))
    assert reported.problem is Problem.SETTINGS_UNREADABLE and reported.aside is None
    [sentence] = Presenter(Words("en")).render(reported)
    assert sentence == (
        f"Settings file {paths.settings} could not be read and was left as it is. "
        "Playing with the default settings."
    )
    events = play(session, "set move-errors on")
    assert [p.problem for p in problems(events)] == [Problem.SETTINGS_NOT_SAVED]
    assert paths.settings.read_text() == "rate = ["


def test_the_real_program_reports_a_bad_settings_file_in_one_line(isolated_folders):
    folder = isolated_folders / "xdg_config_home" / "halfmoon-a11y"
    folder.mkdir(parents=True)
    (folder / "settings.toml").write_text("language = [\n")
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--lang", "en"],
        input="quit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    lines = [line for line in done.stdout.splitlines() if line.startswith("Settings file")]
    assert len(lines) == 1 and str(folder / "settings.toml") in lines[0]


@pytest.mark.parametrize(("stored", "mode"), [("true", "on"), ("false", "off"), ('"auto"', "auto")])
def test_a_speech_setting_from_an_older_release_still_reads(paths, stored, mode):
    """speech was on or off before it could be auto: true and false keep their meaning."""
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text(f"speech = {stored}\n")
    session, _ = start(paths)
    assert not problems(said(session.opening()))
    assert session.settings.speech == mode


def test_stats_that_cannot_be_read_are_one_line_and_the_game_goes_on(paths):
    """Before: stats raised sqlite3.Error or OSError through the session: a traceback."""
    block_folder(paths.statistics)
    session, _ = start(paths, "HM1-N-EMQPNCT")
    [refused] = play(session, "stats")
    said = Presenter(Words("en")).render(refused)
    assert said == [f"Statistics could not be read from {paths.statistics}. The game goes on."]
    assert play(session, "pick 1 8")  # and the game goes on


@pytest.mark.parametrize("damage", ["garbage", "database_is_a_folder"])
def test_stats_that_are_not_a_database_are_set_aside_and_started_anew(paths, damage):
    """Issue 18: garbage (or a folder) was never moved aside, so no later game was
    recorded; now it is set aside once, said, and a new database started."""
    paths.statistics.parent.mkdir(parents=True)
    if damage == "garbage":
        paths.statistics.write_bytes(b"this is not a database" * 100)
    else:
        paths.statistics.mkdir()
    session, _ = start(paths, "HM1-N-EMQPNCT")
    events = play(session, "stats")
    [problem] = [e for e in events if isinstance(e, StorageProblem)]
    assert problem.problem is Problem.STATS_UNREADABLE and problem.aside
    said = Presenter(Words("en")).render(problem)
    assert said == [
        f"Statistics file {paths.statistics} could not be read. It was renamed "
        f"{problem.aside}. New statistics are started."
    ]
    assert any(isinstance(e, StatsShown) and e.summary.played == 0 for e in events)
    assert os.path.exists(problem.aside)
    # the new statistics are made with the first game recorded, not by `stats` (issue 28)
    assert not os.path.lexists(paths.statistics)
    assert play(session, "pick 1 8")  # and the game goes on


def test_stats_failing_in_the_json_mode_keeps_the_stream(isolated_folders):
    data = isolated_folders / "xdg_data_home" / "halfmoon-a11y"
    data.parent.mkdir(parents=True, exist_ok=True)
    data.write_text("a file where the data folder should be")
    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--json", "--code", "HM1-N-EMQPNCT"],
        input="stats\npick 1\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr
    objects = [json.loads(line) for line in done.stdout.splitlines()]
    assert objects[1]["events"][0]["code"] == "statistics_unavailable"
    assert objects[2]["state"]["selection"] == ["1"]


def test_a_setting_change_keeps_the_players_comments_and_other_keys(paths):
    """Before: any setting change rewrote the whole file from memory, erasing the
    player's comments, and keys edited by hand since the game started."""
    paths.settings.parent.mkdir(parents=True)
    paths.settings.write_text(
        '# my settings\nlanguage = "ca"  # Catalan, please\n\n[future]\nthing = 1\n'
    )
    session, _ = start(paths)
    with paths.settings.open("a") as hand:  # edited by hand while the game runs
        hand.write("# a note\n")
    play(session, "set rate 220")
    text = paths.settings.read_text()
    for kept in ("# my settings", "# Catalan, please", "[future]", "thing = 1", "# a note"):
        assert kept in text
    assert SettingsFile.load(paths.settings).settings(Settings()).rate == 220


def test_a_settings_file_broken_by_hand_meanwhile_is_not_overwritten(paths):
    session, _ = start(paths)
    paths.settings.parent.mkdir(parents=True, exist_ok=True)
    paths.settings.write_text("rate = [")
    events = play(session, "set rate 220")
    assert [p.problem for p in problems(events)] == [Problem.SETTINGS_NOT_SAVED]
    assert paths.settings.read_text() == "rate = ["


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG folders: Linux and BSDs")
@pytest.mark.parametrize(
    "environ",
    [
        {"HOME": "/home/anna"},
        {"HOME": "/home/anna/"},
        {"HOME": "/"},
        {"HOME": "/home/anna", "XDG_CONFIG_HOME": "/cfg", "XDG_STATE_HOME": "/st/"},
        {"HOME": "/home/anna", "XDG_DATA_HOME": "relative/data", "XDG_STATE_HOME": ""},
        {"HOME": "/home/anna", "XDG_CONFIG_HOME": "~/cfg", "XDG_DATA_HOME": "/d/a/t/a"},
        {"HOME": "/home/anna", "XDG_CACHE_HOME": "/tmp/cache"},
        {"HOME": "relative"},
        {},
    ],
)
def test_the_folders_are_platformdirs_own(environ, monkeypatch):
    """Paths.for_user finds the XDG folders itself (loading platformdirs costs 6 ms of
    every start), and must give exactly what platformdirs gives."""
    import platformdirs

    from halfmoon_a11y.store.files import APP, Paths

    for name in ("HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    paths = Paths.for_user()
    assert paths.settings == os.path.join(platformdirs.user_config_dir(APP), "settings.toml")
    assert paths.saved_game == os.path.join(platformdirs.user_state_dir(APP), "game.json")
    assert paths.statistics == os.path.join(platformdirs.user_data_dir(APP), "statistics.sqlite3")
    assert paths.cache == platformdirs.user_cache_dir(APP)
