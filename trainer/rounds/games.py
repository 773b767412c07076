"""The games a round can be played in, by the game id the skills use."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from i18n import N_, Message, TranslatedError
from trainer.rounds import mahjong, mahjong_baccarat, sap_i_chi, thirteen, three_card
from trainer.rounds.modes import Mode
from trainer.rounds.pars import Pars
from trainer.rounds.play import Round
from trainer.rules.house import HouseRules

#: Each game's dealer of rounds: (seed, mode, house rules) → the round.
GAMES: dict[str, Callable[[int, Mode, HouseRules], Round[Any]]] = {
    mahjong_baccarat.GAME: mahjong_baccarat.deal,
    thirteen.GAME: thirteen.deal,
    sap_i_chi.GAME: sap_i_chi.deal,
    three_card.GAME: three_card.deal,
    mahjong.GAME: mahjong.deal,
    mahjong.HAND: mahjong.deal_hand,
    mahjong.SIMPLIFIED: mahjong.deal_simplified,
}
#: The skills each game's round is answers to: a trainee who masters them all is ready for
#: the table.
ROUND_SKILLS: dict[str, frozenset[str]] = {
    mahjong_baccarat.GAME: mahjong_baccarat.ROUND_SKILLS,
    thirteen.GAME: thirteen.ROUND_SKILLS,
    sap_i_chi.GAME: sap_i_chi.ROUND_SKILLS,
    three_card.GAME: three_card.ROUND_SKILLS,
    mahjong.GAME: mahjong.ROUND_SKILLS,
    mahjong.HAND: mahjong.HAND_SKILLS,
    mahjong.SIMPLIFIED: mahjong.HAND_SKILLS,
}

#: The game whose skills a round's steps answer, where it is not the round's own id (a
#: whole Mah-Jong hand answers the Mah-Jong skills, as a scene does).
_SKILLS_OF = {mahjong.HAND: mahjong.GAME, mahjong.SIMPLIFIED: mahjong.GAME}


def skills_game(game: str) -> str:
    """The game id of the skills ``game``'s rounds answer (``mahjong`` for a whole hand)."""
    return _SKILLS_OF.get(game, game)


class UnknownGame(TranslatedError, ValueError):
    """A game id with no round engine."""


def start(game: str, seed: int, mode: Mode = Mode.PRACTICE, rules: HouseRules | None = None,
          pars: Pars | None = None) -> Round[Any]:
    """A round of ``game``: everything in it drawn from (game, seed, mode, house rules); its
    par the house's for the game (``pars``, the defaults if not given)."""
    if game not in GAMES:
        raise UnknownGame(Message.of(N_("There is no table round for “{game}”; the games are: "
                                        "{games}."), game=game, games=", ".join(GAMES)))
    return replace(GAMES[game](seed, Mode(mode), rules or HouseRules()),
                   par_seconds=(pars or Pars()).of(game))
