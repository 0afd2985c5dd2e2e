"""The screen-reader check never delays the opening, and the game's own voice never
speaks over a screen reader (issue 20, point 3)."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings, SpeechMode
from halfmoon_a11y.text.ear import for_the_ear
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.ui.loop import serve
from halfmoon_a11y.voice import screen_reader as check
from halfmoon_a11y.voice import speech
from halfmoon_a11y.voice.choose import make_speaker
from halfmoon_a11y.voice.speaker import SilentSpeaker, Voice
from tests.support import RecordingSpeaker, RecordingVoice, wait_for

CODE = "HM1-N-EMQPNCT"
SLOW = 0.8  # seconds the fake tasklist and ps take


def slow_command(folder: Path, name: str, output: str, seconds: float = SLOW) -> Path:
    """A fake `name` on PATH: it waits `seconds`, notes that it is done, prints `output`.
    One Python process, so a timeout's kill ends it whole."""
    folder.mkdir(exist_ok=True)
    done = folder / f"{name}.done"
    script = folder / name
    script.write_text(
        f"#!{sys.executable}\n"
        "import sys, time\n"
        f"time.sleep({seconds})\n"
        f"open({str(done)!r}, 'w').close()\n"
        f"sys.stdout.write({output!r})\n"
    )
    script.chmod(0o755)
    return done


def on_path(monkeypatch, folder: Path) -> None:
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")


def quiet_player(tmp_path: Path) -> dict[str, str]:
    return {"HALFMOON_A11Y_PLAYER": f"{sys.executable} -c pass {tmp_path / 'x'}"}


def test_windows_the_opening_comes_before_a_slow_tasklist_and_nvda_is_heard_alone(
    tmp_path, monkeypatch, pretend_system
):
    """tasklist can take several hundred milliseconds. Before, the opening waited for it,
    and a tasklist slower than 0.5 s was given up on: NVDA was not seen, and the game's
    own voice spoke over it."""
    pretend_system("windows")
    fakes = tmp_path / "bin"
    done = slow_command(fakes, "tasklist", '"explorer.exe","1"\r\n"nvda.exe","2"\r\n')
    on_path(monkeypatch, fakes)
    made: list[Voice] = []

    def factory(settings: Settings) -> Voice:
        made.append(make_speaker(settings, quiet_player(tmp_path)))
        return made[-1]

    session = Session(DealCode.parse(CODE), Settings(language="en", speech=SpeechMode.AUTO))
    written: list[tuple[float, bool, str]] = []  # when, whether tasklist was done, the line
    began = time.monotonic()

    def write(lines: list[str]) -> None:
        written.extend((time.monotonic() - began, done.exists(), line) for line in lines)

    front = TextFrontEnd(session, write, factory, announce_voice=True)
    front.start()
    first_at, check_done, first = written[0]
    assert (
        first == "New game, deal HM1 N, E, M, Q, P, N, C, T. Type help for the commands."
    )  # at once
    assert not check_done and first_at < SLOW / 2
    assert written[1][2].startswith("Pile 1,")  # and the table, still before the check ends
    assert not written[-1][1]
    front.settle()
    assert done.exists()
    assert written[-1][2] == (
        "Voice, your screen reader, NVDA. The game stays silent. Type speech on for its own voice."
    )
    assert [voice.reader for voice in made] == ["NVDA"]
    assert isinstance(front.speaker, SilentSpeaker)  # the game's own voice was never made
    opening = [line for _, _, line in written]
    front.line("repeat")  # `repeat` says the opening as written, the choice after the table
    again = [line for _, _, line in written][len(opening) :]
    assert again == opening
    front.close()


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_macos_a_slow_ps_is_given_up_within_its_timeout(tmp_path, monkeypatch, pretend_system):
    pretend_system("macos")
    fakes = tmp_path / "bin"
    slow_command(fakes, "ps", "/System/Library/CoreServices/VoiceOver.app/x/VoiceOver\n", 5.0)
    on_path(monkeypatch, fakes)
    before = time.monotonic()
    assert check.screen_reader() is None  # not known in time: taken as no screen reader
    assert time.monotonic() - before < check.TIMEOUT + 1.0


def test_macos_voiceover_is_found_by_a_quick_ps(tmp_path, monkeypatch, pretend_system):
    pretend_system("macos")
    fakes = tmp_path / "bin"
    slow_command(fakes, "ps", "/sbin/launchd\n/System/Library/x/VoiceOver\n", 0.0)
    on_path(monkeypatch, fakes)
    assert check.screen_reader() == "VoiceOver"


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
def test_windows_a_tasklist_that_hangs_is_given_up(tmp_path, monkeypatch, pretend_system):
    pretend_system("windows")
    monkeypatch.setattr(check, "WINDOWS_TIMEOUT", 0.3)
    fakes = tmp_path / "bin"
    slow_command(fakes, "tasklist", '"nvda.exe","2"\n', 5.0)
    on_path(monkeypatch, fakes)
    before = time.monotonic()
    assert check.screen_reader() is None
    assert time.monotonic() - before < 0.3 + 1.0


def own_voice_after(seconds: float, spoken: list[RecordingSpeaker]):
    def factory(settings: Settings) -> Voice:
        time.sleep(seconds)  # the check, as slow as tasklist can be
        spoken.append(RecordingVoice())
        return Voice(spoken[-1])

    return factory


def test_no_screen_reader_the_own_voice_speaks_the_opening_once_chosen(tmp_path):
    """Without a screen reader, the opening is written at once and spoken once the
    voice is chosen, the choice where it is written: after the table."""
    session = Session(DealCode.parse(CODE), Settings(language="da", speech=SpeechMode.AUTO))
    written: list[str] = []
    speakers: list[RecordingSpeaker] = []
    front = TextFrontEnd(session, written.extend, own_voice_after(0.3, speakers), True)
    serve(front, ["info"])
    chosen = (
        "Tale, spillets egen stemme, da der ikke kører nogen skærmlæser. "
        "Skriv tale fra for at gøre den tavs."
    )
    deal = "Nyt spil, spilkode HM1 N, E, M, Q, P, N, C, T. Skriv hjælp for at høre kommandoerne."
    table = written[1:21]
    assert written[:22] == [deal, *table, chosen]  # written at once, the choice after it
    assert table[0].startswith("Bunke 1,") and table[-1].startswith("Reserve R8,")
    [speaker] = speakers
    opening = speaker.spoken()[:22]
    spelled = deal.replace("HM1 N, E, M, Q, P, N, C, T", "H M 1, N, E, M, Q, P, N, C, T")
    assert opening == [spelled, *table, chosen]  # spoken as written: the choice after the table
    assert speaker.log[22] == ("interrupt",)  # then `info` cuts it, and is said
    assert speaker.spoken()[22].startswith("Tid 0 sekunder.")


def test_the_opening_said_again_by_an_empty_enter_keeps_the_choice_after_the_table():
    """The opening is written before the voice is chosen, its choice after the table; an
    empty Enter (a launcher's first key) says it again in that order, not with the choice
    moved before the table."""
    session = Session(DealCode.parse(CODE), Settings(speech=SpeechMode.AUTO))
    written: list[str] = []
    speakers: list[RecordingSpeaker] = []
    front = TextFrontEnd(session, written.extend, own_voice_after(0.1, speakers), True)
    front.blank_says_opening = True
    serve(front, ["", "repeat"])
    first = written[:22]
    assert first[-1].startswith("Voice, the game's own") and first[-2].startswith("Reserve R8,")
    assert written[22:44] == first
    assert written[44:] == first
    [speaker] = speakers
    assert speaker.spoken()[:22] == [for_the_ear(line) for line in first]


def test_a_choice_not_made_in_time_leaves_the_game_silent_and_says_so(monkeypatch):
    monkeypatch.setattr(speech, "CHOICE_WAIT", 0.1)  # as voice.speech imported it
    release = threading.Event()
    late = RecordingVoice()

    def factory(settings: Settings) -> Voice:
        release.wait(5)
        return Voice(late)

    session = Session(DealCode.parse(CODE), Settings(language="ca", speech=SpeechMode.AUTO))
    written: list[str] = []
    front = TextFrontEnd(session, written.extend, factory, True)
    front.start()
    front.settle()
    assert written[-1] == "Veu, el joc no parla. Escriu veu sí per sentir la veu del joc."
    assert isinstance(front.speaker, SilentSpeaker)
    release.set()
    assert wait_for(lambda: ("close",) in late.log)
    assert late.log == [("close",)]  # made too late: closed, never heard
    front.close()


@pytest.mark.expects_bug
def test_a_bug_in_the_choice_is_one_sentence_and_the_game_goes_on(tmp_path):
    def factory(settings: Settings) -> Voice:
        raise RuntimeError("a bug in choosing the voice")

    reports: list[BaseException] = []
    session = Session(DealCode.parse(CODE), Settings(language="en", speech=SpeechMode.AUTO))
    written: list[str] = []

    def report(error: BaseException) -> str | None:
        reports.append(error)
        return None

    front = TextFrontEnd(session, written.extend, factory, True, report=report)
    serve(front, ["info"])
    assert [str(error) for error in reports] == ["a bug in choosing the voice"]
    assert any(line.startswith("Something went wrong") for line in written)
    assert any(line.startswith("Time 0 seconds") for line in written)


def test_closed_before_the_choice_the_voice_is_closed_unheard():
    made = threading.Event()
    speaker = RecordingVoice()

    def factory(settings: Settings) -> Voice:
        made.set()
        return Voice(speaker)

    session = Session(DealCode.parse(CODE), Settings(language="en", speech=SpeechMode.AUTO))
    front = TextFrontEnd(session, lambda lines: None, factory, True)
    front.start()
    made.wait(5)
    front.close()  # the program left before the prompt (prompt_toolkit failed to load)
    assert wait_for(lambda: ("close",) in speaker.log)
    assert speaker.log == [("close",)]


@pytest.mark.parametrize("speech", [SpeechMode.ON, SpeechMode.OFF])
def test_speech_on_and_off_choose_before_the_opening_as_before(speech):
    """No check to wait for: the choice is said where it always was, after the deal."""
    session = Session(DealCode.parse(CODE), Settings(language="en", speech=speech))
    written: list[str] = []
    speakers: list[RecordingSpeaker] = []
    front = TextFrontEnd(session, written.extend, own_voice_after(0, speakers), True)
    front.start()
    assert written[1].startswith("Voice,")
    assert written[2].startswith("Pile 1,")
    front.close()


def test_the_program_writes_the_choice_after_the_table_and_before_the_first_answer(tmp_path):
    """The real program in plain mode, speech auto asked: the opening at once, the
    choice settled before the first line is read. Before, the choice was the second
    line, before the table."""
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--code", CODE],
        input="info\n",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HALFMOON_A11Y_SPEECH": "auto", "HALFMOON_A11Y_PLAYER": "true"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "New game, deal HM1 N, E, M, Q, P, N, C, T. Type help for the commands."
    assert lines[1].startswith("Pile 1,") and lines[20].startswith("Reserve R8,")
    assert lines[21] in (
        "Voice, the game's own, since no screen reader is running. Type speech off to silence it.",
        "Speech is not available. No speech engine was found. The game goes on.",
    )
    assert lines[22].startswith("Time 0 seconds.")  # then the answer to `info`


# -- only the player's own screen reader (issue 26, finding 11) ----------------------------
#
# On a shared machine the game said "Voice, your screen reader, Orca" for another user's
# Orca, and stayed silent. The player's user here is PLAYER, whoever runs the tests.

PLAYER = 1000
OTHER = 1001  # another user of the machine
SERVICE = 120  # a system account, such as BRLTTY's


@pytest.fixture
def player(processes, monkeypatch):
    """The game runs as PLAYER, logged in as PLAYER (login uid), in audit session 2."""
    monkeypatch.setattr(check, "_user", lambda: PLAYER)
    processes.player(login=PLAYER, session=2)
    return processes


@pytest.mark.parametrize(
    ("name", "arguments"), [("orca", ()), ("fenrir", ()), ("python3", ("/usr/bin/orca",))]
)
def test_another_users_screen_reader_is_not_the_players(name, arguments, player):
    player.start(name, *arguments, uid=OTHER, login=OTHER, session=5)
    assert check.screen_reader() is None


def test_the_players_reader_is_found_beside_another_users(player):
    player.start("orca", uid=OTHER, login=OTHER, session=5)
    player.start("orca", uid=PLAYER, login=PLAYER, session=2)
    assert check.screen_reader() == "Orca"


def test_the_players_reader_in_another_session_of_theirs_is_found(player):
    """The session number is never compared for the player's own user: the desktop's
    reader and the terminal the game runs in (a tmux started over ssh) often sit in
    sessions of their own."""
    player.start("orca", uid=PLAYER, login=PLAYER, session=7)
    assert check.screen_reader() == "Orca"


def test_a_reader_the_player_started_with_sudo_is_found(player):
    player.start("fenrir", uid=0, login=PLAYER, session=2)
    assert check.screen_reader() == "Fenrir"


def test_a_reader_another_user_started_with_sudo_is_not(player):
    player.start("fenrir", uid=0, login=OTHER, session=5)
    assert check.screen_reader() is None


@pytest.mark.parametrize(
    ("name", "uid", "reader"), [("brltty", SERVICE, "BRLTTY"), ("fenrir", 0, "Fenrir")]
)
def test_a_reader_the_system_started_is_found(name, uid, reader, player):
    """BRLTTY or Fenrir as a service: started by the system from no one's login, they
    read the machine's own console."""
    from tests.processes import UNSET

    player.start(name, uid=uid, login=UNSET)
    assert check.screen_reader() == reader


def test_a_player_who_switched_user_keeps_their_reader(processes, monkeypatch):
    """`su gamer` from the player's login: the game's user is another, its login the
    player's, whose Orca it is."""
    monkeypatch.setattr(check, "_user", lambda: 2000)
    processes.player(login=PLAYER)
    processes.start("orca", uid=PLAYER, login=PLAYER)
    assert check.screen_reader() == "Orca"


@pytest.mark.parametrize("login", [None, "unset"])
def test_without_a_login_the_user_decides(login, processes, monkeypatch):
    """A reader with no login uid (started by the system, or no audit in the kernel):
    another user's is theirs; root's or a system account's is a service's."""
    from tests.processes import UNSET

    monkeypatch.setattr(check, "_user", lambda: PLAYER)
    if login:
        processes.player(login=UNSET)  # the game itself started from no login
    found = UNSET if login else None
    processes.start("orca", uid=OTHER, login=found)
    assert check.screen_reader() is None
    brltty = processes.start("brltty", uid=SERVICE, login=found)
    assert check.screen_reader() == "BRLTTY"
    processes.stop(brltty)
    processes.start("fenrir", uid=0, login=found)
    assert check.screen_reader() == "Fenrir"


def test_a_reader_whose_owner_cannot_be_read_counts(player):
    """Never a false "no reader": the game's voice would talk over the reader."""
    number = player.start("orca", uid=OTHER, login=OTHER)
    (player.folder / str(number) / "status").unlink()
    assert check.screen_reader() == "Orca"


@pytest.mark.parametrize(
    ("uid", "reader"), [(OTHER, None), (PLAYER, "VoiceOver"), (0, "VoiceOver")]
)
def test_macos_only_the_players_or_roots_voiceover(uid, reader, player, pretend_system):
    pretend_system("macos")
    player.start("/System/Library/CoreServices/VoiceOver.app/Contents/MacOS/VoiceOver", uid=uid)
    assert check.screen_reader() == reader


def test_ps_without_users_still_finds_the_reader(monkeypatch, pretend_system):
    """A line of a name alone (a `ps` that gives no user) counts."""
    pretend_system("macos")

    def run(command):
        return "/sbin/launchd\n/System/Library/CoreServices/VoiceOver.app/x/VoiceOver\n"

    assert check.screen_reader(Path("/nonexistent"), run=run) == "VoiceOver"


@pytest.mark.parametrize(("session", "reader"), [(1, None), (2, "NVDA")])
def test_windows_only_a_reader_in_the_games_session(session, reader, player, pretend_system):
    """Each signed-in user has a session of their own; tasklist lists them all, with
    their session number, and the game's own row says which is the game's (2 here)."""
    pretend_system("windows")
    player.start("explorer.exe", session=session)
    player.start("nvda.exe", session=session)
    assert check.screen_reader() == reader


def test_windows_a_reader_counts_when_the_games_session_is_not_listed(processes, pretend_system):
    pretend_system("windows")
    processes.start("nvda.exe", session=1)  # no row of the game's own: its session unknown
    assert check.screen_reader() == "NVDA"


def plain_game_voice_line() -> str:
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "halfmoon_a11y", "--plain", "--code", CODE, "--lang", "en"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "HALFMOON_A11Y_SPEECH": "auto", "HALFMOON_A11Y_PLAYER": "true"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return next(line for line in done.stdout.splitlines() if line.startswith(("Voice,", "Speech")))


def test_the_real_program_ignores_another_users_reader(processes):
    """The finding as it was met: another user's Orca on the machine, the player with
    none. Before, "Voice, your screen reader, Orca. The game stays silent."."""
    other = os.getuid() + 1
    processes.start("orca", uid=other, login=other)
    assert plain_game_voice_line() in (
        "Voice, the game's own, since no screen reader is running. Type speech off to silence it.",
        "Speech is not available. No speech engine was found. The game goes on.",
    )
    processes.start("orca")  # the player's own
    assert plain_game_voice_line().startswith("Voice, your screen reader, Orca.")


def test_another_users_reader_that_ends_while_it_is_read_does_not_count(processes, monkeypatch):
    """Another local user runs short-lived processes named orca in a loop (a copy of
    `sleep` renamed): one that ends between its name and its status being read has an
    owner that "cannot be read", which counts as the player's. Measured through the real
    /proc as two users: 127 of 5,000 scans said "Orca", and the player's game stays
    silent. A process gone is no reader of anyone's: its folder has gone with it."""
    from pathlib import Path

    from halfmoon_a11y.voice import screen_reader as check

    monkeypatch.setattr(check, "_user", lambda: 1000)
    processes.player(login=1000)
    number = processes.start("orca", uid=1001, login=1001)  # another user's
    assert check.screen_reader() is None  # as long as it runs, it is not the player's
    comm = processes.folder / str(number) / "comm"
    real = Path.read_text

    def read_text(self, *args, **kwargs):
        text = real(self, *args, **kwargs)
        if self == comm:
            processes.stop(number)  # it ends just after its name was read
        return text

    monkeypatch.setattr(Path, "read_text", read_text)
    assert check.screen_reader() is None
