"""The Catalan and Danish catalogs: complete, not fuzzy, placeholders intact, plurals declared."""

import difflib
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from halfmoon_a11y.play.lexicon import SOURCE, languages
from halfmoon_a11y.text.catalog import po_path, translations

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
SEED_WORDING = {
    "ca": [
        "La suma ha de ser igual a 11",
        "Cal una Sota, una Dama i un Rei",
        "Errors de moviment",
        "Ajuda per col·locar",
    ],
    "da": [
        "Summen skal være 11",
        "Kræver en knægt, en dame og en konge",
        "Trækfejl",
        "Placeringshjælp",
    ],
}


def messages_in_code() -> set[tuple[str | None, str]]:
    """Every message the code asks for, as the catalog command extracts them (one list
    of keywords, in tools/catalogs.py)."""
    spec = importlib.util.spec_from_file_location("catalogs", ROOT / "tools" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    found = set()
    for message in tool.template():
        if message.id:
            msgid = message.id[0] if isinstance(message.id, tuple) else message.id
            found.add((message.context, msgid))
    return found


@pytest.fixture(scope="module", params=[code for code in languages() if code != SOURCE])
def catalog(request):
    path = po_path(request.param)
    assert path is not None
    return request.param, polib.pofile(str(path))


def test_every_message_in_the_code_is_translated(catalog):
    language, po = catalog
    translated = {(e.msgctxt, e.msgid) for e in po if e.translated()}
    missing = messages_in_code() - translated
    assert not missing, f"{language}: untranslated {sorted(m for _, m in missing)}"


def test_template_is_up_to_date():
    pot = polib.pofile(str(ROOT / "locales" / "halfmoon_a11y.pot"))
    assert {(e.msgctxt, e.msgid) for e in pot} == messages_in_code()


def test_nothing_fuzzy_or_obsolete(catalog):
    _, po = catalog
    assert not po.fuzzy_entries()
    assert not po.obsolete_entries()


def test_placeholders_intact(catalog):
    _, po = catalog
    for entry in po:
        wanted = sorted(PLACEHOLDER.findall(entry.msgid))
        strings = entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]
        for text in strings:
            assert sorted(PLACEHOLDER.findall(text)) == wanted, entry.msgid


def test_plural_forms_declared_and_right(catalog):
    language, po = catalog
    assert po.metadata["Plural-Forms"] == "nplurals=2; plural=(n != 1);"
    t = translations(language)
    one, two = t.ngettext("{n} card", "{n} cards", 1), t.ngettext("{n} card", "{n} cards", 2)
    assert (one, two) == {"ca": ("{n} carta", "{n} cartes"), "da": ("{n} kort", "{n} kort")}[
        language
    ]


def test_seed_wording_is_used_exactly(catalog):
    language, po = catalog
    texts = " ".join(e.msgstr for e in po)
    for phrase in SEED_WORDING[language]:
        assert phrase in texts


def test_catalogs_compile_with_msgfmt_rules(catalog, tmp_path):
    """polib's binary must load in gettext: a broken catalog would fail here."""
    _, po = catalog
    mo = tmp_path / "x.mo"
    po.save_as_mofile(str(mo))
    import gettext

    with mo.open("rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("Goodbye.") != "Goodbye."


def test_catalogs_travel_in_the_wheel(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    import zipfile

    [wheel] = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "halfmoon_a11y/locales/ca/LC_MESSAGES/halfmoon_a11y.po" in names
    assert "halfmoon_a11y/locales/da/LC_MESSAGES/halfmoon_a11y.po" in names


def test_the_catalogs_are_as_the_catalog_command_writes_them():
    """Issue 27, point 6: one command extracts, updates and writes the catalogs in one fixed
    format (tools/catalogs.py), so that a change of two messages changes those lines only
    (the documented pybabel commands re-wrapped about 1,500 lines). Run it after changing a
    message: `python3 tools/catalogs.py`."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalogs.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_catalog_command_changes_only_what_changed(tmp_path):
    """A new message in the code adds its entry and nothing else, in every file."""
    import shutil

    copy = tmp_path / "project"
    shutil.copytree(ROOT / "halfmoon_a11y", copy / "halfmoon_a11y")
    shutil.copytree(ROOT / "locales", copy / "locales")
    shutil.copytree(ROOT / "tools", copy / "tools")
    module = copy / "halfmoon_a11y" / "text" / "help.py"
    module.write_text(module.read_text() + '\n\nNEW = N_("A brand new message.")\n')
    before = {p: p.read_text() for p in (copy / "locales").rglob("*.po*")}
    subprocess.run([sys.executable, str(copy / "tools" / "catalogs.py")], check=True, timeout=120)
    for path, text in before.items():
        diff = difflib.ndiff(text.splitlines(), path.read_text().splitlines())
        changed = [line for line in diff if line[:2] in ("+ ", "- ")]
        assert sorted(changed) == ["+ ", '+ msgid "A brand new message."', '+ msgstr ""'], path
