"""The PDF report, drawn by Qt headless: a real PDF with pages, charts and the tables."""

import os
import re
import shutil
import subprocess
import sys
import unicodedata
import uuid
from datetime import UTC, datetime
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from tests.ui.report_school import build_school, instructor
from trainer.progress import Role, Store
from trainer.progress.command_line import PASSWORD_ENV
from trainer.progress.demo import DEMO_PASSWORD, build_demo
from trainer.progress.people.accounts import NotAllowed, sign_in
from trainer.progress.storage.database import connection
from trainer.progress.storage.ledger import stored_attempts
from ui.report_pdf import export_report

ROOT = Path(__file__).resolve().parents[2]


def pages(pdf: Path) -> int:
    """The page count from the PDF's page tree (Qt writes it uncompressed)."""
    counts = [int(n) for n in re.findall(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)",
                                         pdf.read_bytes(), re.S)]
    return max(counts, default=0)


@pytest.fixture
def classroom(tmp_path):
    return build_school(tmp_path / "demo.sqlite3")


def test_the_cohort_report_is_a_pdf_with_pages(qapp, classroom, tmp_path, screenshot_dir):
    out = tmp_path / "cohort.pdf"
    with Store(classroom) as store:
        export_report(store, instructor(store), out, "pdf", None, "zh_Hant_MO")
    data = out.read_bytes()
    assert data.startswith(b"%PDF")
    assert pages(out) >= 2  # 60 trainees do not fit on the first page
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(out),
                        str(tmp_path / "page")], check=True, timeout=60)
        [png] = tmp_path.glob("page*.png")
        image = QImage(str(png))
        assert image.width() > 300 and image.height() > 400
        colours = {image.pixelColor(x, y).name() for x in range(0, image.width(), 7)
                   for y in range(0, image.height(), 7)}
        assert "#2e6f9e" in colours or len(colours) > 20  # the bars are drawn
        shutil.copy(png, screenshot_dir / "report-cohort-page1.png")


def test_a_trainee_report_and_only_for_instructors(qapp, classroom, tmp_path):
    with Store(classroom) as store:
        trainee = store.people(Role.TRAINEE)[0]
        out = tmp_path / "one.pdf"
        export_report(store, instructor(store), out, "pdf", trainee.id, "pt_MO")
        assert out.read_bytes().startswith(b"%PDF") and pages(out) >= 1
        with pytest.raises(NotAllowed, match="Only an instructor may do this"):
            export_report(store, sign_in(store, trainee.id), tmp_path / "mine.pdf", "pdf",
                          trainee.id, "en")
    assert not (tmp_path / "mine.pdf").exists()


def test_python_dash_m_ui_report_works_headless(classroom, tmp_path):
    out = tmp_path / "report.pdf"
    env = os.environ | {"PYTHONPATH": str(ROOT), PASSWORD_ENV: DEMO_PASSWORD,
                        "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, "-m", "ui", "report", "--format", "pdf", "--db",
                          str(classroom), "--out", str(out), "--lang", "en"],
                         capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes().startswith(b"%PDF") and pages(out) >= 1
    csv_out = tmp_path / "report.zip"
    run = subprocess.run([sys.executable, "-m", "ui", "report", "--format", "csv", "--db",
                          str(classroom), "--out", str(csv_out), "--trainee", "Nobody Here"],
                         capture_output=True, text=True, timeout=120, env=env, cwd=ROOT)
    assert run.returncode == 1 and "Nobody" in run.stderr and run.stderr.count("\n") == 1


def test_the_damaged_database_dialog_restores_the_latest_backup(qapp, tmp_path):
    """ui.app's damaged-database path (kept here while this file is the one Step 6 owns)."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QInputDialog, QMessageBox

    from tests.progress.test_backups import corrupt, fill
    from ui.app import open_store

    path = tmp_path / "progress.sqlite3"
    ana = fill(path, answers=300)
    Store(path).close()  # takes the automatic backup
    damaged = corrupt(path)
    seen = []

    def click():
        box = QApplication.activeModalWidget()
        if isinstance(box, QInputDialog):  # which backup: the newest, offered first
            box.setTextValue(box.comboBoxItems()[0])
            box.accept()
        elif isinstance(box, QMessageBox):
            seen.append(box.text())
            restore = [b for b in box.buttons()
                       if box.buttonRole(b) == QMessageBox.ButtonRole.ActionRole]
            (restore or box.buttons())[0].click()

    timer = QTimer()
    timer.timeout.connect(click)
    timer.start(20)
    try:
        store = open_store(path)
    finally:
        timer.stop()
    assert store is not None
    assert len(stored_attempts(store, ana.id)) == 300
    store.close()
    assert "damaged" in seen[0] and "kept as" in seen[1]
    [kept] = tmp_path.glob("progress.sqlite3.damaged-*")
    assert kept.read_bytes() == damaged


def test_the_pdf_export_tells_its_progress_and_can_be_cancelled(qapp, classroom, tmp_path):
    from tests.progress.test_progress_callbacks import Told
    from trainer.progress.progress_steps import Cancelled

    folder = tmp_path / "exports"
    folder.mkdir()
    with Store(classroom) as store:
        teacher = instructor(store)
        for fmt in ("pdf", "csv"):
            told = Told()
            export_report(store, teacher, folder / f"cohort.{fmt}", fmt, None, "en",
                          progress=told)
            assert told.check() == 1000
            assert any(0 < done < 750 for done, _total in told.calls)  # building the report
            assert any(750 < done < 1000 for done, _total in told.calls) or fmt == "csv"
        assert pages(folder / "cohort.pdf") >= 2
        for told in (Told(cancel_after=60), Told(cancel_after=95), Told(cancel_at_end=True)):
            with pytest.raises(Cancelled, match=told.says):
                export_report(store, teacher, folder / "cancelled.pdf", "pdf", None, "en",
                              progress=told)
        (folder / "cohort.csv").unlink()
        assert [p.name for p in folder.iterdir()] == ["cohort.pdf"]


def test_a_pdf_into_a_missing_folder_is_an_error_naming_the_file(qapp, classroom, tmp_path):
    out = tmp_path / "nowhere" / "report.pdf"
    with Store(classroom) as store, pytest.raises(FileNotFoundError,
                                                  match=r"\[Errno 2\] No such file") as caught:
        export_report(store, instructor(store), out, "pdf", None, "en")
    assert caught.value.filename == str(out)
    assert not out.parent.exists()


def _page(tmp_path):
    from PySide6.QtGui import QPageSize, QPdfWriter

    from ui.report_pdf import RESOLUTION, PdfReport

    writer = QPdfWriter(str(tmp_path / "t.pdf"))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setResolution(RESOLUTION)
    return PdfReport(writer, "en", None)


def test_a_heading_never_sits_alone_at_the_foot_of_a_page(qapp, tmp_path):
    page = _page(tmp_path)
    page.font(12, bold=True)
    page.y = page.height - page.line_height() * 2.5  # room for the title, not for a row
    page.table("Trainees", ["Trainee", "Answers"], [["Ana", "1"], ["Bruno", "2"]], [0.7, 0.3])
    page.finish()
    page.font(9)
    assert page.y < page.height / 4  # the title went over, with its header and rows
    assert pages(tmp_path / "t.pdf") == 2


def test_a_long_header_or_name_wraps_instead_of_being_cut(qapp, tmp_path):
    page = _page(tmp_path)
    page.font(9)
    one_line = page.row_height(["Score"], [0.12])
    assert page.row_height(["Time spent answering (hours)"], [0.12]) > one_line * 1.5
    long_skill = "13-card game: cards dealt face up or to the wrong place, and what to do"
    assert page.row_height([long_skill], [0.4]) > one_line
    assert page.row_height(["Ana", "1"], [0.7, 0.3]) == one_line
    page.finish()


#: Names as old desktops and bundles may hold them: a right-to-left override, a name of 300
#: letters without a break, and names in scripts a Macau school meets.
ODD_NAMES = {
    "override": "Ana\u202eevil.exe",
    "long": "Wong" + "x" * 296,
    "ethiopic": "ሰላም Abebe",
    "arabic": "محمد علي",
    "hebrew": "שלום כהן",
    "devanagari": "नमस्ते Gurung",
    "thai": "สมชาย ใจดี",
    "chinese": "陳大文",
}


@pytest.fixture
def odd_names(tmp_path):
    """A database whose trainees have :data:`ODD_NAMES` (put in as an old import left them)."""
    db = tmp_path / "names.sqlite3"
    with Store(db) as store:
        build_demo(store, trainees=1, attempts=20, seed=5, end=datetime(2025, 6, 1, tzinfo=UTC))
        for name in ODD_NAMES.values():
            connection(store).execute("INSERT INTO people (id, name, role, created_at) VALUES "
                             "(?, ?, 'trainee', '2025-05-01T00:00:00.000Z')",
                             [str(uuid.uuid4()), name])
        connection(store).conn.commit()
    return db


def _words(pdf: Path, tmp_path: Path) -> tuple[str, list[tuple[float, str]]]:
    """The PDF's text (pdftotext; NFKC: the glyphs' own characters, an Arabic letter's
    joined form or a CJK font's radical, as the letters typed), and each word's right edge
    over the page's width."""
    text = unicodedata.normalize("NFKC", subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(pdf), "-"], check=True, capture_output=True,
        timeout=60).stdout.decode("utf-8"))
    boxes = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True,
                           capture_output=True, timeout=60).stdout.decode("utf-8")
    width = float(re.search(r'<page width="([\d.]+)"', boxes).group(1))
    edges = [(float(x) / width, word) for x, word in
             re.findall(r'xMax="([\d.]+)"[^>]*>([^<]*)</word>', boxes)]
    return text, edges


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler-utils draws the PDF's text")
def test_names_are_drawn_in_their_order_whole_and_in_their_script(qapp, odd_names, tmp_path,
                                                                 screenshot_dir):
    from PySide6.QtGui import QFont

    from ui.drawn_names import drawn_name

    out = tmp_path / "names.pdf"
    with Store(odd_names) as store:
        export_report(store, instructor(store), out, "pdf", None, "en")
        override = next(p for p in store.people() if p.name == ODD_NAMES["override"])
        export_report(store, instructor(store), tmp_path / "one.pdf", "pdf", override.id, "en")
    text, edges = _words(out, tmp_path)
    flat = "".join(text.split())
    assert "Anaevil.exe" in flat and "exe.live" not in flat  # typed order, not reversed
    assert "Progress report: Anaevil.exe" in _words(tmp_path / "one.pdf", tmp_path)[0]
    assert "Wong" + "x" * 296 in flat  # every letter of the long name, none cut
    assert max(edge for edge, _word in edges) < 1.0  # and nothing runs off the page
    for script in ("ethiopic", "arabic", "hebrew", "devanagari", "thai", "chinese"):
        name = ODD_NAMES[script]
        shown = drawn_name(name, QFont()).strip("\u2068\u2069")
        if "[U+" in shown:  # no installed font has the script: its code points, exactly
            assert "".join(shown.split()) in flat and name.split()[0] not in flat
        else:  # drawn: the words come back out of the PDF (right-to-left ones as typed)
            assert all(word in text for word in name.split()), script
    assert "[U+1230 U+120B U+121D]" in text or "ሰላም" in text
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "2", "-l", "2", str(out),
                    str(tmp_path / "names")], check=True, timeout=60)
    [png] = tmp_path.glob("names*.png")
    shutil.copy(png, screenshot_dir / "report-odd-names.png")


def test_python_dash_m_ui_report_writes_a_zip_or_one_table_never_a_zip_named_csv(
        qapp, classroom, tmp_path, capsys, monkeypatch):
    from ui.report_pdf import main

    monkeypatch.setenv(PASSWORD_ENV, DEMO_PASSWORD)
    out = tmp_path / "r.csv"
    capsys.readouterr()
    assert main(["--db", str(classroom), "--format", "csv", "--out", str(out)]) == 1
    assert "give the file the .zip extension (--out r.zip)" in capsys.readouterr().err
    assert not out.exists()
    assert main(["--db", str(classroom), "--format", "csv", "--table", "trainees",
                 "--out", str(out), "--lang", "en"]) == 0
    assert out.read_text("utf-8-sig").startswith(
        "Trainee,ID number,Answers,Accuracy,Time spent (minutes)")
