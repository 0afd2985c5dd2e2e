"""Fakes of what other systems have (issue 20), for tests on Linux. Each is put in
`sys.modules` with monkeypatch, or this folder on PYTHONPATH for a subprocess; never on
the normal import path."""
