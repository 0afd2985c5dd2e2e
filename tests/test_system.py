"""The one answer to "which system is this?" (host/system.py), and its test seam."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from halfmoon_a11y.host import system


@pytest.mark.parametrize(
    ("platform", "expected"),
    [
        ("win32", "windows"),
        ("darwin", "macos"),
        ("linux", "linux"),
        ("freebsd14", "linux"),
        ("cygwin", "linux"),
    ],
)
def test_each_sys_platform_names_its_system(platform, expected):
    assert system.from_sys_platform(platform) == expected


def test_the_real_system_by_default():
    assert system.name() == system.from_sys_platform(sys.platform)


def test_pretending_and_going_back(pretend_system):
    pretend_system("windows")
    assert system.is_windows() and not system.is_macos()
    pretend_system("macos")
    assert system.is_macos() and not system.is_windows()
    pretend_system(None)
    assert system.name() == system.from_sys_platform(sys.platform)


def test_pretending_to_an_unknown_system_is_refused():
    with pytest.raises(ValueError):
        system.pretend("amiga")


@pytest.mark.parametrize("wanted", ["windows", "macos", "MacOS "])
def test_the_environment_sets_it_for_a_whole_run(wanted):
    code = "from halfmoon_a11y.host import system; print(system.name())"
    env = {**os.environ, system.ENVIRONMENT_VARIABLE: wanted}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == wanted.strip().lower()


def test_an_unknown_value_in_the_environment_is_ignored():
    code = "from halfmoon_a11y.host import system; print(system.name())"
    env = {**os.environ, system.ENVIRONMENT_VARIABLE: "amiga"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.stdout.strip() == system.from_sys_platform(sys.platform)
