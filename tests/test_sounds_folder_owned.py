"""The sounds' cache folder is checked as the game's other folders are: one another user
made first (in a shared cache, open to all) is never played from, the game goes
without sounds and says so once; the player's own left open to others is closed, and
a sound another user put in it is made again. Another user is real here: the tests
run as root and hand the folders to another uid (chown)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from halfmoon_a11y.core.dealcode import DealCode
from halfmoon_a11y.play.session import Session
from halfmoon_a11y.play.settings import Settings
from halfmoon_a11y.ui.frontend import TextFrontEnd
from halfmoon_a11y.voice import earcons
from halfmoon_a11y.voice.notices import SPEECH_TROUBLES, SpeechTrouble
from tests.support import RecordingSpeaker

pytestmark = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs chown"
)

OTHER_USER = 12345
PAIR = earcons.sound(earcons.PAIR)
SAID = SPEECH_TROUBLES[SpeechTrouble.SOUNDS_NOT_OWNED]


def theirs(sounds: Path) -> Path:
    """`halfmoon-a11y/sounds` made first by another user, open to all (0777), holding a
    pair sound of theirs that is whole by its header and size: what they want played."""
    version = sounds / f"v{earcons.VERSION}"
    version.mkdir(parents=True)
    planted = version / PAIR.name
    earcons.write(str(planted), PAIR)
    for path in (sounds, version, planted):
        os.chown(path, OTHER_USER, OTHER_USER)
    for path in (sounds, version):
        path.chmod(0o777)
    return planted


def test_another_user_s_sounds_folder_is_never_played_from(tmp_path):
    """Before: the planted file was whole, so it was handed to the player as it was."""
    sounds = tmp_path / "cache" / "halfmoon-a11y" / "sounds"
    planted = theirs(sounds)
    found = earcons.Earcons(sounds).file(PAIR)
    assert found is None
    assert os.listdir(planted.parent) == [PAIR.name]  # nothing of the player's put there
    assert planted.stat().st_uid == OTHER_USER


def test_a_cache_folder_of_another_user_above_the_sounds_is_not_used(tmp_path):
    app = tmp_path / "cache" / "halfmoon-a11y"
    app.mkdir(parents=True)
    os.chown(app, OTHER_USER, OTHER_USER)
    app.chmod(0o777)
    assert earcons.Earcons(app / "sounds").file(PAIR) is None
    assert list(app.iterdir()) == []


def test_the_player_s_own_open_folder_is_closed_and_a_planted_sound_made_again(tmp_path):
    """Before: the folder stayed open and the other user's whole-looking file was played."""
    sounds = tmp_path / "cache" / "halfmoon-a11y" / "sounds"
    planted = theirs(sounds)
    for path in (sounds, planted.parent):
        os.chown(path, os.geteuid(), os.getegid())  # the player's, still open to all
    found = earcons.Earcons(sounds).file(PAIR)
    assert found == str(planted)
    assert Path(found).stat().st_uid == os.geteuid()  # made again: the player's own
    for path in (sounds, planted.parent):
        assert stat.S_IMODE(path.stat().st_mode) == 0o700


def test_the_game_goes_without_sounds_and_says_so_once(tmp_path):
    sounds = tmp_path / "cache" / "halfmoon-a11y" / "sounds"
    theirs(sounds)
    written: list[str] = []
    player = RecordingSpeaker()
    session = Session(DealCode.parse("HM1-N-EMQPNCT"), Settings(language="en", sounds=True))
    front = TextFrontEnd(
        session, written.extend, None, sounds_folder=str(sounds), sound_player=lambda: player
    )
    front.start()
    for command in ("pick 1 8", "info", "undo", "info"):
        front.line(command)
    front.close()
    assert written.count(SAID) == 1
    assert [entry for entry in player.log if entry[0] == "play"] == []
