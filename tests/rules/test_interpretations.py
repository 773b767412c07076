"""Every house interpretation the code names is one RULES.md defines (or the house's own
readings, docs/house-readings.md, where the texts and the digest give none), and the other way
round."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import i18n
from trainer.rules import interpretations
from trainer.rules.regulations import Article, HouseInterpretation, Regulation

ROOT = Path(__file__).resolve().parents[2]
#: The digest as the repository carries it; where the shared original is at hand (a
#: developer's machine) the copy must be the same.
DIGEST = ROOT / "tests" / "rules" / "data" / "RULES.md"
SHARED = ROOT.parent / "shared" / "RULES.md"
#: The house's own readings, where neither the texts nor the digest give one.
OWN = ROOT / "docs" / "house-readings.md"
CODE = re.compile(r"\bHI-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")


def _in_digest() -> set[str]:
    return set(CODE.findall(DIGEST.read_text(encoding="utf-8")))


def _own() -> set[str]:
    return {code for code in CODE.findall(OWN.read_text(encoding="utf-8"))
            if f"- {code} (ours" in OWN.read_text(encoding="utf-8")}


def _defined() -> set[str]:
    return _in_digest() | _own()


def _named_in(paths) -> dict[str, set[str]]:
    named: dict[str, set[str]] = {}
    for path in paths:
        for code in CODE.findall(path.read_text(encoding="utf-8")):
            named.setdefault(code, set()).add(str(path.relative_to(ROOT)))
    return named


def test_the_repositorys_copy_of_the_digest_is_the_shared_one_where_it_is_at_hand():
    if SHARED.exists():
        assert DIGEST.read_text(encoding="utf-8") == SHARED.read_text(encoding="utf-8")
    assert "HI-MONEY" in _defined()


def test_the_houses_own_readings_are_none_of_the_digests():
    assert _own() and not _own() & _in_digest()


def test_every_code_the_app_names_is_defined_in_the_digest():
    sources = [p for folder in ("trainer", "questions", "ui", "i18n")
               for p in (ROOT / folder).rglob("*.py")]
    sources += [ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
                *(ROOT / "i18n" / "locale").rglob("*.po")]
    undefined = {code: where for code, where in _named_in(sources).items()
                 if code not in _defined()}
    assert undefined == {}


def test_the_table_of_interpretations_is_the_digests_list():
    assert set(interpretations.CODES) == _defined()


def test_each_interpretation_says_what_it_decides_in_every_language():
    for code in interpretations.CODES:
        for language in i18n.LANGUAGES:
            with i18n.speaking(language):
                assert str(interpretations.title(code)).strip()
    assert str(HouseInterpretation("HI-MJ-CAP").cite()) == "House interpretation HI-MJ-CAP"


def test_an_unknown_code_is_refused_by_name():
    with pytest.raises(KeyError, match="unknown house interpretation 'HI-MJ-WAN'"):
        interpretations.title("HI-MJ-WAN")


@pytest.mark.parametrize(("article", "cited"), [
    (Article(Regulation.MAHJONG, 10, "a(5)"),
     "Ordinance 135/91/M (Mah-Jong), Article 10, item a(5)"),
    (Article(Regulation.SAP_I_CHI, 3, "1(a)"), "Ordinance 9/76 (Sap I Chi), Article 3(1), item a"),
    (Article(Regulation.MAHJONG_BACCARAT, 7, "2"),
     "Ordinance 15/96/M (Mahjong Baccarat), Article 7(2)"),
])
def test_an_article_is_cited_by_its_ordinance_in_the_regulations_own_numbering(article, cited):
    # Each citation names the Portaria and the point as the official text numbers it.
    assert str(article.cite()) == cited
