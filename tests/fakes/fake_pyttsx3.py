"""A fake pyttsx3 2.99, for tests only: put in `sys.modules["pyttsx3"]` with monkeypatch.

It keeps what matters of the real one (pyttsx3/engine.py, driver.py and the drivers
as read in 2.99): a driver proxy that runs queued commands only while it is not busy,
a `runAndWait` that pushes `endLoop` and starts the driver's loop, and, as in 2.99
(commit f9bd477), leaves the proxy idle when it returns. Its drivers:

- "sapi5": `save_to_file` speaks synchronously into the file (a whole WAV file at
  once), its end-of-stream event is delivered by the loop; voices as SAPI5 lists them
  on a Windows without the OneCore voices (no Catalan, no Danish).
- "nsss": `save_to_file` is asynchronous: the header is written at once, the samples
  when the loop runs, and `stop` cuts it there; it writes AIFF whatever the name.
- None (espeak, Linux): synchronous, WAV, voices English and Danish but no Catalan.

`INIT_ERROR` makes `init` raise (macOS's "name 'objc' is not defined"). `ENGINES` holds
every engine made; each one's `said` lists (text, file, voice id, rate), and so does the
file named by `FAKE_PYTTSX3_LOG`, if set (for a game run as a subprocess, with
tests/fakes/on_path first on its PYTHONPATH).
"""

from __future__ import annotations

import json
import os
import struct
import wave
from pathlib import Path


class Voice:
    def __init__(self, id, name, languages):
        self.id = id
        self.name = name
        self.languages = languages


VOICES = {
    "sapi5": [
        Voice(
            "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\TTS_MS_EN-US_ZIRA_11.0",
            "Microsoft Zira Desktop - English (United States)",
            ["en-US"],
        ),
        Voice(
            "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\TTS_MS_ES-ES_HELENA_11.0",
            "Microsoft Helena Desktop - Spanish (Spain)",
            ["es-ES"],
        ),
    ],
    "nsss": [
        Voice("com.apple.voice.compact.en-US.Samantha", "Samantha", ["en_US"]),
        Voice("com.apple.voice.compact.da-DK.Sara", "Sara", ["da_DK"]),
        Voice("com.apple.voice.compact.ca-ES.Montserrat", "Montserrat", ["ca_ES"]),
    ],
    None: [
        Voice("gmw/en", "English (Great Britain)", ["en-gb"]),
        Voice("gmq/da", "Danish", ["da"]),
    ],
}
INIT_ERROR: BaseException | None = None
ENGINES: list[Engine] = []


def init(driverName=None, debug=False):
    if INIT_ERROR is not None:
        raise INIT_ERROR
    engine = Engine(driverName)
    ENGINES.append(engine)
    return engine


class Engine:
    def __init__(self, driver_name):
        self.driver_name = driver_name
        self.said: list[tuple[str, str, str | None, int | None]] = []
        self.voice: str | None = None
        self.rate: int | None = None
        self._inLoop = False
        self.proxy = DriverProxy(self, DRIVERS[driver_name])

    def getProperty(self, name):
        if name == "voices":
            return list(VOICES[self.driver_name])
        raise KeyError(name)

    def setProperty(self, name, value):
        self.proxy.push(self.proxy.driver.set_property, (name, value))

    def save_to_file(self, text, filename):
        self.proxy.push(self.proxy.driver.save_to_file, (text, filename))

    def runAndWait(self):
        if self._inLoop:
            raise RuntimeError("run loop already started")
        self._inLoop = True
        self.proxy.push(self.endLoop, ())
        self.proxy.driver.start_loop()
        self._inLoop = False
        self.proxy.setBusy(False)  # pyttsx3 2.99 (f9bd477): the regression

    def endLoop(self):
        if not self._inLoop:
            raise RuntimeError("run loop not started")
        self.proxy.queue = []
        self.proxy.driver.stop()
        self.proxy.driver.end_loop()
        self.proxy.setBusy(True)
        self._inLoop = False


class DriverProxy:
    def __init__(self, engine, driver_class):
        self.engine = engine
        self.busy = True
        self.queue: list = []
        self.driver = driver_class(self)

    def push(self, method, args):
        self.queue.append((method, args))
        self.pump()

    def pump(self):
        while not self.busy and self.queue:
            method, args = self.queue.pop(0)
            method(*args)

    def setBusy(self, busy):
        self.busy = busy
        if not busy:
            self.pump()

    def isBusy(self):
        return self.busy


def wav_bytes(path: str, frames: int = 2205) -> None:
    with wave.open(path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\x10\x00" * frames)


def aiff_header(frames: int) -> bytes:
    """An AIFF file's header for `frames` 16-bit mono samples at 22050 Hz."""
    rate = bytes.fromhex("400DAC44000000000000")  # 22050 as an 80-bit float
    comm = b"COMM" + struct.pack(">IhIh", 18, 1, frames, 16) + rate
    ssnd = b"SSND" + struct.pack(">III", 8 + 2 * frames, 0, 0)
    size = struct.pack(">I", 4 + len(comm) + len(ssnd) + 2 * frames)
    return b"FORM" + size + b"AIFF" + comm + ssnd


class Driver:
    def __init__(self, proxy):
        self.proxy = proxy
        self.looping = False
        self.events: list[str] = []

    def set_property(self, name, value):
        setattr(self.proxy.engine, name, value)

    def record(self, text, filename):
        engine = self.proxy.engine
        engine.said.append((text, filename, engine.voice, engine.rate))
        log = os.environ.get("FAKE_PYTTSX3_LOG")
        if log:
            with open(log, "a", encoding="utf-8") as out:
                line = {"driver": engine.driver_name, "text": text, "file": filename}
                out.write(json.dumps({**line, "voice": engine.voice}) + "\n")

    def end_loop(self):
        self.looping = False


class Sapi5(Driver):
    """SpVoice.Speak into an SpFileStream: synchronous; its EndStream event waits for
    the loop's PumpWaitingMessages. Like comtypes.client.CreateObject, it fails on a
    thread where COM was not initialised (when a fake pythoncom is in place)."""

    def __init__(self, proxy):
        super().__init__(proxy)
        import sys
        import threading

        com = sys.modules.get("pythoncom")
        if com is not None and threading.get_ident() not in com.INITIALISED:
            raise OSError(-2147221008, "CoInitialize has not been called.")

    def save_to_file(self, text, filename):
        wav_bytes(filename)
        self.record(text, filename)
        self.events.append("EndStream")

    def stop(self):
        return  # _speaking is never set by save_to_file: nothing to purge

    def start_loop(self):
        self.looping = True
        first = True
        turns = 0
        while self.looping:
            if first:
                self.proxy.setBusy(False)
                first = False
            while self.events:  # PumpWaitingMessages
                self.events.pop(0)
                self.proxy.setBusy(False)
                self.end_loop()
            turns += 1
            if turns > 100:
                raise RuntimeError("the fake SAPI5 loop never ended")


class Nsss(Driver):
    """startSpeakingString:toURL: writes while the run loop runs; stopSpeaking cuts it."""

    def __init__(self, proxy):
        super().__init__(proxy)
        self.writing: str | None = None

    def save_to_file(self, text, filename):
        self.proxy.setBusy(True)
        Path(filename).write_bytes(aiff_header(0))  # the header at once, as AppKit does
        self.writing = filename
        self.record(text, filename)

    def stop(self):
        self.writing = None  # stopSpeaking: the file keeps what it has

    def start_loop(self):
        self.looping = True
        first = True
        turns = 0
        while self.looping:
            if first:
                self.proxy.setBusy(False)  # onPumpFirst_
                first = False
            if self.writing is not None:
                frames = 2205
                Path(self.writing).write_bytes(aiff_header(frames) + b"\x00\x10" * frames)
                self.writing = None
                self.proxy.setBusy(False)  # speechSynthesizer_didFinishSpeaking_
            turns += 1
            if turns > 100:
                raise RuntimeError("the fake NSSS loop never ended")


class Espeak(Driver):
    """The text is kept by save_to_file and synthesised by the loop's first turn."""

    def __init__(self, proxy):
        super().__init__(proxy)
        self.pending: tuple[str, str] | None = None

    def save_to_file(self, text, filename):
        self.pending = (text, filename)

    def stop(self):
        return

    def start_loop(self):
        self.looping = True
        self.proxy.setBusy(False)
        if self.pending is not None:
            text, filename = self.pending
            self.pending = None
            wav_bytes(filename)
            self.record(text, filename)
        self.end_loop()


DRIVERS = {"sapi5": Sapi5, "nsss": Nsss, None: Espeak}
