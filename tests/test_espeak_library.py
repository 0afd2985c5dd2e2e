"""Finding espeak-ng's library runs no program: only the loader's folders are looked in.
Before, `ctypes.util.find_library` ran `gcc` (or `cc`) and `ld` from PATH when the
library was missing, and one that hangs held the opening."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from halfmoon_a11y.voice import espeak_library
from halfmoon_a11y.voice.choose import engine_available

TOOLS = ("gcc", "cc", "ld", "ldconfig", "objdump")


@pytest.fixture
def hanging_tools(tmp_path, monkeypatch) -> Path:
    """A PATH of programs named as the compiler and the linker, each noting it ran in
    `ran.log` and then hanging for 5 s."""
    folder = tmp_path / "bin"
    folder.mkdir()
    log = tmp_path / "ran.log"
    sleep = shutil.which("sleep")  # found now: PATH will hold these programs alone
    for name in TOOLS:
        tool = folder / name
        tool.write_text(f"#!/bin/sh\necho {name} >> {log}\n{sleep} 5\n")
        tool.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))
    return log


@pytest.mark.slow  # a bound in seconds: only where the machine's load is allowed for
@pytest.mark.skipif(os.name != "posix", reason="the loader's folders are POSIX ones")
def test_a_missing_library_runs_no_program_and_holds_nothing(hanging_tools, monkeypatch):
    monkeypatch.setattr(espeak_library, "SONAMES", ("libhalfmoon-no-such-espeak.so.1",))
    began = time.monotonic()
    assert not engine_available()
    assert time.monotonic() - began < 1.0  # it waited 5 s for each program it ran
    assert not hanging_tools.exists()  # none ran


def test_the_library_is_found_in_ld_library_path_first(tmp_path, monkeypatch):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "libespeak-ng.so.1").write_bytes(b"")
    monkeypatch.setenv("LD_LIBRARY_PATH", f"{tmp_path / 'absent'}:{mine}")
    assert espeak_library.find_library() == str(mine / "libespeak-ng.so.1")


def test_the_folders_of_the_loader_s_configuration_are_looked_in(tmp_path):
    conf_d = tmp_path / "ld.so.conf.d"
    conf_d.mkdir()
    (conf_d / "one.conf").write_text("# a comment\n/opt/one/lib\n\n/opt/two/lib  # two\n")
    (conf_d / "ignored.txt").write_text("/opt/not/this\n")
    (conf_d / "nested.conf").write_text(f"include {conf_d}/*.conf\n/opt/three/lib\n")
    config = tmp_path / "ld.so.conf"
    config.write_text(f"include {conf_d}/*.conf\n/opt/four/lib\n")
    found = espeak_library.configured_folders(str(config))
    assert found == ["/opt/three/lib", "/opt/one/lib", "/opt/two/lib", "/opt/four/lib"]


def test_the_older_espeak_is_taken_when_espeak_ng_is_missing(tmp_path):
    (tmp_path / "libespeak.so.1").write_bytes(b"")
    assert espeak_library.find_library([str(tmp_path)]) == str(tmp_path / "libespeak.so.1")
    (tmp_path / "libespeak-ng.so.1").write_bytes(b"")
    assert espeak_library.find_library([str(tmp_path)]) == str(tmp_path / "libespeak-ng.so.1")
