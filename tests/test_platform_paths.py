"""Issue 20, point 4: the game's files go where Windows and macOS keep them, as
platformdirs' Windows and macOS classes say (platformdirs itself decides by
sys.platform, which is Linux here), chosen by the seam (host/system.py)."""

from __future__ import annotations

import os

import platformdirs.windows
import pytest

from halfmoon_a11y.store.files import APP, Paths

XDG = ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME")


def where(paths: Paths) -> tuple[str, str, str, str | None]:
    folder = os.path.dirname
    cache = os.fspath(paths.cache) if paths.cache is not None else None
    return folder(paths.settings), folder(paths.saved_game), folder(paths.statistics), cache


@pytest.fixture
def local_appdata(tmp_path, monkeypatch):
    local = tmp_path / "AppData" / "Local"
    monkeypatch.setenv("LOCALAPPDATA", str(local))
    monkeypatch.setenv("APPDATA", str(tmp_path / "AppData" / "Roaming"))
    return str(local)


def test_windows_keeps_everything_in_local_appdata(pretend_system, local_appdata, monkeypatch):
    """Before: the Linux folders (XDG under HOME) on Windows too. platformdirs' Windows
    class, its shell lookup replaced by its own fallback, the environment variable."""
    from_environment = platformdirs.windows.get_win_folder_from_env_vars
    monkeypatch.setattr(platformdirs.windows, "_RESOLVE_WIN_FOLDER", from_environment)
    pretend_system("windows")
    own = os.path.join(local_appdata, APP)
    assert where(Paths.for_user()) == (own, own, own, os.path.join(own, "Cache"))
    asked = platformdirs.windows.Windows(APP, appauthor=False)
    assert own == asked.user_data_dir == asked.user_config_dir == asked.user_state_dir
    assert Paths.for_user().lock == os.path.join(own, "lock")
    assert Paths.for_user().sounds == os.path.join(own, "Cache", "sounds")


def test_windows_without_the_shell_asks_the_environment(pretend_system, local_appdata):
    """Here, off Windows, platformdirs' shell lookup fails (as it could on Windows, with an
    OSError): %LOCALAPPDATA% answers."""
    pretend_system("windows")
    with pytest.raises((AttributeError, OSError, ValueError, NotImplementedError)):
        platformdirs.windows.Windows(APP, appauthor=False).user_data_dir  # noqa: B018
    own = os.path.join(local_appdata, APP)
    assert where(Paths.for_user()) == (own, own, own, os.path.join(own, "Cache"))


def test_windows_without_local_appdata_uses_the_home_folder(pretend_system, monkeypatch, tmp_path):
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "anna"))
    pretend_system("windows")
    own = os.path.join(str(tmp_path / "anna"), "AppData", "Local", APP)
    assert where(Paths.for_user()) == (own, own, own, os.path.join(own, "Cache"))


def test_macos_keeps_everything_in_application_support(pretend_system, monkeypatch, tmp_path):
    """Before: ~/.config, ~/.local/state and ~/.local/share, Linux's folders."""
    for name in XDG:
        monkeypatch.delenv(name, raising=False)
    home = str(tmp_path / "anna")
    monkeypatch.setenv("HOME", home)
    pretend_system("macos")
    own = os.path.join(home, "Library", "Application Support", APP)
    assert where(Paths.for_user()) == (own, own, own, os.path.join(home, "Library", "Caches", APP))


def test_macos_follows_xdg_variables_as_platformdirs_does(pretend_system, monkeypatch, tmp_path):
    """platformdirs' macOS class honours XDG variables a player has set: so does the game."""
    from platformdirs.macos import MacOS

    monkeypatch.setenv("HOME", str(tmp_path / "anna"))
    pretend_system("macos")
    mac = MacOS(APP)
    expected = (mac.user_config_dir, mac.user_state_dir, mac.user_data_dir, mac.user_cache_dir)
    assert where(Paths.for_user()) == expected
    assert expected[0] == os.path.join(os.environ["XDG_CONFIG_HOME"], APP)


def test_linux_is_unchanged(pretend_system, monkeypatch, tmp_path):
    for name in XDG:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "anna"))
    pretend_system("linux")
    home = str(tmp_path / "anna")
    assert where(Paths.for_user()) == (
        os.path.join(home, ".config", APP),
        os.path.join(home, ".local", "state", APP),
        os.path.join(home, ".local", "share", APP),
        os.path.join(home, ".cache", APP),
    )
