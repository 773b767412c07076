"""What changed, version by version, in the readings of the official texts (RULES.md): the
list an instructor reads when an answer was graded under an older reading."""

from trainer.rules.house import READINGS
from trainer.rules.readings import CHANGES, changes


def test_every_reading_after_the_first_lists_what_it_changed():
    assert sorted(CHANGES) == list(range(2, READINGS + 1))
    assert all(CHANGES[version] for version in CHANGES)


def test_an_answer_from_the_first_reading_is_told_every_change_oldest_first():
    told = changes(1)
    assert [version for version, _text in told] == [2, 2, 3, 3, 3, 3, 3, 4, 4, 4]
    # Reading 2: wân iat sêk only without honours worth fán (Art. 6 (a)).
    assert "wân iat sêk" in str(told[0][1]) and "Art. 6 (a)" in str(told[0][1])
    # Reading 3: the Mahjong Baccarat banker's commission on his net gain (HI-MB-COMMISSION).
    assert "HI-MB-COMMISSION" in str(told[2][1])
    # Reading 4: the signal itself (HI-13-SIGNAL), the three-card tie (HI-3C-TIE), and
    # Mah-Jong readings valued after the cap (HI-MJ-INCLUDES).
    assert ["HI-13-SIGNAL" in str(told[7][1]), "HI-3C-TIE" in str(told[8][1]),
            "HI-MJ-INCLUDES" in str(told[9][1])] == [True, True, True]


def test_only_the_changes_after_the_answers_reading_and_up_to_the_one_asked_are_told():
    assert [version for version, _text in changes(2, 3)] == [3] * len(CHANGES[3])
    assert [version for version, _text in changes(3)] == [4] * len(CHANGES[4])
    assert [version for version, _text in changes(1, 2)] == [2] * len(CHANGES[2])
    assert changes(READINGS) == []
