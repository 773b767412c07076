"""The class grid's pages of the report's PDF: every trainee's name and the legend in the
reader's language (read back with pdftotext), the skills split across pages by game, and
pictures of a page in the three languages to look at."""

import shutil
import subprocess
import unicodedata
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from i18n import _
from tests.ui.report_school import build_school, instructor
from trainer.progress import Role, Store
from trainer.progress.learning.mastery import MasteryLevel
from trainer.progress.reports.grid import Grid, grouped
from trainer.progress.reports.words import in_language, state_word
from ui.grid_pdf import skill_groups
from ui.report_pdf import export_report

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"),
                                reason="poppler-utils reads the PDF's text")


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    return build_school(tmp_path_factory.mktemp("grid") / "demo.sqlite3")


def _text(pdf: Path, first: int = 1) -> str:
    return unicodedata.normalize("NFKC", subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-f", str(first), str(pdf), "-"], check=True,
        capture_output=True, timeout=60).stdout.decode("utf-8"))


def _page_of(pdf: Path, words: str) -> int:
    """The first page whose text has ``words``."""
    page = 1
    while words not in _text(pdf, page) or words in _text(pdf, page + 1):
        page += 1
        assert page < 200, words
    return page


@pytest.mark.parametrize("language", ["en", "pt_MO", "zh_Hant_MO"])
def test_the_grid_pages_name_every_trainee_and_the_legend(qapp, classroom, tmp_path, language,
                                                          screenshot_dir):
    out = tmp_path / f"report-{language}.pdf"
    with Store(classroom) as store:
        export_report(store, instructor(store), out, "pdf", None, language)
        names = [p.name for p in store.people(Role.TRAINEE)]
    with in_language(language):
        title = _("Class grid")
        legend = [state_word(level) for level in MasteryLevel]
    text = _text(out)
    assert title in text
    grid_text = text[text.index(title):]
    flat = "".join(grid_text.split())
    for word in legend:
        assert "".join(word.split()) in flat, word
    for name in names:  # every trainee, on the grid's pages (after its title)
        assert "".join(name.split()) in flat, name
    page = _page_of(out, title)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(page), "-l", str(page), str(out),
                    str(tmp_path / "grid")], check=True, timeout=60)
    [png] = tmp_path.glob("grid*.png")
    shutil.copy(png, screenshot_dir / f"report-class-grid-{language}.png")


def test_a_report_on_one_trainee_has_no_grid(qapp, classroom, tmp_path):
    out = tmp_path / "one.pdf"
    with Store(classroom) as store:
        trainee = store.people(Role.TRAINEE)[0]
        export_report(store, instructor(store), out, "pdf", trainee.id, "en")
    assert "Class grid" not in _text(out)


SKILL_IDS = st.lists(st.tuples(st.sampled_from(["thirteen", "mahjong_baccarat", "three_card",
                                                 "sap_i_chi", "mahjong"]),
                               st.integers(0, 30)), max_size=60)


@given(SKILL_IDS, st.integers(1, 16))
def test_skill_groups_keep_every_skill_in_order_and_whole_games_together(pairs, room):
    grid = Grid((), grouped(f"{game}.s{n}" for game, n in pairs), {}, datetime.now(UTC))
    groups = skill_groups(grid, room)
    assert [skill for group in groups for skill in group] == list(grid.skills)
    assert all(0 < len(group) <= room for group in groups)
    for _game, skills in grid.games:  # a game that fits one page is on one page
        holding = [n for n, group in enumerate(groups) if set(skills) & set(group)]
        assert len(holding) == -(-len(skills) // room)  # a wider one on as few as it can
