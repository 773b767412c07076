"""A round's actions said in words, as a croupier would: "Pay place 2 MOP$760.00",
"Call: a tile exposed at place 5", "Rule: shake again" — the glossary's terms (RULES.md), an
amount as money in the user's locale. The text form (``pay 2 760``) stays what is typed, kept
and fed to the command line; the words are what the screen says. Each game keeps its words
beside its grammar (``Grammar.words``, the game's ``words`` module)."""

from __future__ import annotations

from i18n import Message
from trainer.rounds import mahjong, mahjong_baccarat, sap_i_chi, thirteen, three_card
from trainer.rounds.actions import Action, Grammar

#: Each game's grammar, by the game id the skills use.
GRAMMARS: dict[str, Grammar] = {
    mahjong_baccarat.GAME: mahjong_baccarat.GRAMMAR,
    thirteen.GAME: thirteen.GRAMMAR,
    sap_i_chi.GAME: sap_i_chi.GRAMMAR,
    three_card.GAME: three_card.GRAMMAR,
    mahjong.GAME: mahjong.GRAMMAR,
    mahjong.HAND: mahjong.GRAMMAR,
    mahjong.SIMPLIFIED: mahjong.GRAMMAR,
}


def action_words(game: str, action: Action) -> Message:
    """``action`` of ``game`` in words."""
    return GRAMMARS[game].say(action)

