"""Each game's par time of a round: the pace of a table-ready croupier, set by the school.

A house setting kept beside the house rules, not in them (``HouseRules``): a stored
question's rules are part of what the question is — a bundle's answers are graded again
against them, field by field — and the pace of a round is no part of any question, so a
new field there would make every question stored before it another question. The store
keeps it under its own setting (:mod:`trainer.progress.house_rules`); a round takes its
game's par when it starts (:func:`trainer.rounds.games.start`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import Any

from i18n import N_, Message, TranslatedError

#: The shortest and the longest par a house may set, in seconds.
LEAST, MOST = 30, 900


class UnusablePar(TranslatedError, ValueError):
    """A par that is not a whole number of seconds in the range, or of no game."""


@dataclass(frozen=True)
class Pars:
    """Each game's par, in seconds, by the game id (the fields are the games' ids)."""

    #: A Mahjong Baccarat round in two and a half minutes.
    mahjong_baccarat: int = 150
    #: A 13-card round in three minutes, the players' five minutes to set their cards not
    #: counted.
    thirteen: int = 180
    #: A Sap I Chi round in two minutes: the markings, the draw and the board settled.
    sap_i_chi: int = 120
    #: A three-card round (five places and the banker) in two minutes.
    three_card: int = 120
    #: A Mah-Jong scene (the last discards to the win and its payment) in three minutes.
    mahjong: int = 180
    #: A whole conventional Mah-Jong hand (the wall, the deal, the play, the win and its
    #: payment) in twelve minutes: the players' play is most of it.
    mahjong_hand: int = 720
    #: A whole simplified hand (five tiles each, two to four players) in five minutes.
    mahjong_simplified: int = 300

    def __post_init__(self) -> None:
        for item in fields(self):
            seconds = getattr(self, item.name)
            if type(seconds) is not int or not LEAST <= seconds <= MOST:
                raise UnusablePar(Message.of(N_(
                    "A round's par is a whole number of seconds from {least} to {most}, "
                    "not {seconds}."), least=LEAST, most=MOST, seconds=repr(seconds)))

    def of(self, game: str) -> int:
        """``game``'s par, in seconds."""
        return int(getattr(self, game))

    def to_json(self) -> dict[str, int]:
        return {item.name: getattr(self, item.name) for item in fields(self)}

    @classmethod
    def from_json(cls, data: Any) -> Pars:
        """Read :meth:`to_json`'s output; a game it does not name keeps its default."""
        known = {item.name for item in fields(cls)}
        if not isinstance(data, dict) or set(data) - known:
            raise UnusablePar(Message.of(N_("The rounds' par times are not the games' "
                                            "pars: {data}."), data=repr(data)[:80]))
        return cls(**data)


#: The games with a table round, by their ids, in the order they are offered: the fields of
#: :class:`Pars` (the same as ``trainer.rounds.games.GAMES``, without loading the engines).
ROUND_GAMES = tuple(item.name for item in fields(Pars))


def is_pars(text: str) -> bool:
    """Whether ``text`` is par times as the desk saves them (JSON of :meth:`Pars.to_json`)."""
    try:
        Pars.from_json(json.loads(text))
    except (ValueError, TypeError):
        return False
    return True
