"""The slips of first PINs: a name, the PIN and what to do on each, eight to a page, names
drawn as plain text (read back with pdftotext)."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata

import pytest

from tests.ui.test_report_pdf import pages
from ui.slips_pdf import ACROSS, DOWN, write_slips


def text_of(pdf) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    return unicodedata.normalize("NFKC", text)  # the font's radicals (⼤) as characters


def test_each_slip_has_the_name_the_first_pin_and_what_to_do(qapp, tmp_path):
    slips = [(f"Trainee Number {n}", f"{n:06d}") for n in range(ACROSS * DOWN + 1)]
    out = tmp_path / "slips.pdf"
    write_slips(out, slips)
    assert pages(out) == 2  # eight on the first page, the ninth on the next
    text = text_of(out)
    for name, pin in slips:
        assert name in text and pin in text
    flat = " ".join(text.split())  # two slips side by side: their lines interleave
    assert flat.count("Sign in at a school desktop with this PIN;") == len(slips)
    assert flat.count("choose your own.") == len(slips)
    assert text.count("First PIN:") == len(slips)


def test_a_name_is_drawn_without_direction_marks_and_wraps_rather_than_spills(qapp, tmp_path):
    spoof = "Ana \u202eieL\u202c"  # reads "Ana Lei" once reversed: drawn as typed instead
    long = "Maria " + "da Conceição " * 6 + "Lei"  # 80 characters, the longest a name is
    out = tmp_path / "slips.pdf"
    write_slips(out, [(spoof, "123456"), (long, "654321"), ("陳大文", "111111")])
    text = " ".join(text_of(out).split())
    assert "Ana ieL" in text and "\u202e" not in text
    assert all(word in text for word in long.split())
    assert "654321" in text and "陳大文" in text


def test_a_folder_that_cannot_be_written_leaves_no_file(qapp, tmp_path):
    out = tmp_path / "nowhere" / "slips.pdf"
    with pytest.raises(OSError, match="slips.pdf"):
        write_slips(out, [("Ana Lei", "123456")])
    assert not out.parent.exists()
