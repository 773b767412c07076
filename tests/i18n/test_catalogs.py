"""Every message ships in all three languages, and the language switches at call time."""

import pytest

import i18n
from i18n import N_, Message, Money, _
from i18n.catalogs import extract, mo_is_current, po_path, problems, read_catalog


def test_every_message_is_translated_in_every_catalog_and_compiled():
    assert problems() == []


@pytest.fixture
def catalog_copy(tmp_path):
    """A copy of the Portuguese .po and its committed .mo, to edit."""
    import shutil

    po = tmp_path / "messages.po"
    shutil.copy(po_path("pt_MO"), po)
    shutil.copy(po_path("pt_MO").with_suffix(".mo"), po.with_suffix(".mo"))
    return po


def _read(po):
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        return read_po(handle, locale="pt_MO")


def _edit(po, old, new):
    text = po.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    po.write_text(text.replace(old, new), encoding="utf-8")


def test_a_compiled_catalog_is_current_when_its_messages_match(catalog_copy):
    assert mo_is_current(_read(catalog_copy), catalog_copy.with_suffix(".mo"))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('msgstr "Quem vai treinar?"', 'msgstr "Quem vai praticar?"'),  # one translation
        ('{count} unidades de {unit}."', '{count} fichas de {unit}."'),  # one plural form
        ('msgstr "Quem vai treinar?"', 'msgstr ""'),  # a translation removed
    ],
)
def test_a_compiled_catalog_is_stale_when_one_message_differs(catalog_copy, old, new):
    _edit(catalog_copy, old, new)
    assert not mo_is_current(_read(catalog_copy), catalog_copy.with_suffix(".mo"))


def test_a_fuzzy_translation_is_not_compiled(catalog_copy):
    _edit(catalog_copy, 'msgid "Who is training?"', '#, fuzzy\nmsgid "Who is training?"')
    assert not mo_is_current(_read(catalog_copy), catalog_copy.with_suffix(".mo"))


def test_gnu_msgfmt_accepts_every_catalog_and_catches_a_bad_format(catalog_copy):
    from i18n.catalogs import gnu_problems

    for language in ("en", "pt_MO", "zh_Hant_MO"):
        assert gnu_problems(po_path(language)) == []
    _edit(catalog_copy, 'msgid "Who is training?"',
          '#, python-format\nmsgid "Who is training? %s"')
    _edit(catalog_copy, 'msgstr "Quem vai treinar?"', 'msgstr "Quem vai treinar? %d %"')
    assert any("msgfmt" in line for line in gnu_problems(catalog_copy))


def test_no_message_id_looks_like_a_percent_format():
    """Babel flags an id such as "5% commission" python-format at every update, and msgfmt
    then refuses a translation that writes "5 %" its own way: say "per cent" instead."""
    assert [m.id for m in extract() if m.python_format] == []


def test_a_missing_or_damaged_compiled_catalog_is_stale(catalog_copy):
    mo = catalog_copy.with_suffix(".mo")
    mo.write_bytes(b"not a catalog")
    assert not mo_is_current(_read(catalog_copy), mo)
    mo.unlink()
    assert not mo_is_current(_read(catalog_copy), mo)


def test_extraction_finds_the_messages_of_every_layer():
    ids = {m.id for m in extract()}
    assert "Who is training?" in ids  # ui
    assert "Correct." in ids  # questions
    assert "Place {place}" in ids  # questions
    assert "spades" in ids  # rules core


@pytest.mark.parametrize("language", ["pt_MO", "zh_Hant_MO"])
def test_translations_keep_their_placeholders(language):
    import string

    def fields(text):
        return {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f}

    for message in read_catalog(language):
        if not message.id:
            continue
        if isinstance(message.id, tuple):  # plural forms: each keeps the plural's fields
            for form in message.string:
                assert fields(form) == fields(message.id[1]), message.id
        else:
            assert fields(message.string) == fields(message.id), message.id


def test_lookup_happens_at_call_time():
    assert _("Who is training?") == "Who is training?"
    i18n.set_language("pt_MO")
    assert _("Who is training?") == "Quem vai treinar?"
    i18n.set_language("zh_Hant_MO")
    assert _("Who is training?") == "誰來練習？"


def test_a_message_renders_in_the_language_current_when_shown():
    message = Message.of(N_("Place {place}"), place=3)
    assert str(message) == "Place 3"
    i18n.set_language("pt_MO")
    assert str(message) == "Lugar 3"


def test_message_json_round_trip_with_nested_messages_and_money():
    from decimal import Decimal

    inner = Message.of(N_("Place {place}"), place=2)
    outer = Message.of(N_("Not quite. The answer is {expected}."), expected=inner)
    assert Message.from_json(outer.to_json()) == outer
    money = Message.of(N_("Type an amount, for example {example}."),
                       example=Money(Decimal("12.50")))
    assert Message.from_json(money.to_json()) == money
    assert "MOP$12.50" in str(money)


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match=r"unknown language 'fr'"):
        i18n.set_language("fr")


def test_listeners_hear_the_switch():
    heard = []
    i18n.on_language_change(heard.append)
    i18n.set_language("zh_Hant_MO")
    assert heard[-1] == "zh_Hant_MO"


@pytest.mark.parametrize(
    ("environ", "language"),
    [({"LANG": "zh_TW.UTF-8"}, "zh_Hant_MO"), ({"LANG": "pt_PT.UTF-8"}, "pt_MO"),
     ({"LANGUAGE": "en_GB:pt"}, "en"), ({"LANG": "C"}, "en"), ({}, "en")],
)
def test_system_language(environ, language):
    assert i18n.system_language(environ) == language


def test_no_message_is_hidden_in_an_f_string():
    """The extractor does not look inside f-strings: ``f"{_('text')}"`` would never reach
    the catalogs and stay English for ever. Translate a variable there, not a literal."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    hidden = re.compile(r"""\bf(["']).*?\{N?_\(\s*["']""")
    found = [f"{path.relative_to(root)}:{number}"
             for folder in ("ui", "trainer", "questions", "i18n")
             for path in sorted((root / folder).rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if hidden.search(line)]
    assert found == []
