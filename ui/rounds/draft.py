"""The action the trainee is putting together, by keys or clicks, before confirming it.

An action is a verb (a key or a button: D deal, P pay …), the place it names (a click on
the table, or its number typed) and an amount (the amount box); any order, then Space or
Enter sends it in the engine's text form. What is still missing is said in words. The
verbs, their keys and their words are Mahjong Baccarat's (:mod:`trainer.rounds.
mahjong_baccarat`), the game this screen plays.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from i18n import N_, Message
from trainer.rounds.actions import Amount, Place, Word
from trainer.rounds.mahjong_baccarat import GRAMMAR
from trainer.rules.mahjong_baccarat import PLACES
from trainer.rules.table import BANKER_PLACE


@dataclass(frozen=True)
class Verb:
    """A button and key of the screen: the action's verb and the word it carries."""

    key: str
    verb: str
    word: str | None
    label: str  # N_() text, translated when shown


#: Every action but the call and the ruling, with its key.
VERBS = (
    Verb("A", "reorder", "allow", N_("Allow the re-order")),
    Verb("R", "reorder", "refuse", N_("Refuse the re-order")),
    Verb("F", "first", None, N_("First place")),
    Verb("D", "deal", None, N_("Deal")),
    Verb("O", "open", None, N_("Open")),
    Verb("W", "rule", "player", N_("Player wins")),
    Verb("B", "rule", "banker", N_("Banker wins")),
    Verb("P", "pay", None, N_("Pay")),
    Verb("C", "collect", None, N_("Collect")),
    Verb("K", "commission", None, N_("Commission")),
    Verb("N", "bank", None, N_("Next bank")),
)
#: The kinds of call, each with its number (typed after F2), and what each is.
CALL_KINDS: dict[str, str] = {
    "player-shakes": N_("A player shakes"),
    "dice-out-of-bowl": N_("Die out of the bowl"),
    "dice-badly-settled": N_("Die badly settled"),
    "total-adjusted": N_("Total adjusted"),
    "bet-after-dice": N_("Bet after the dice"),
    "bet-changed-after-dice": N_("Bet changed after the dice"),
    "reorder-after-dice": N_("Re-order after the dice"),
    "tile-exposed": N_("Tile exposed"),
    "bet-on-wrong-place": N_("Bet on the wrong place"),
}
#: The rulings on a call, each with its number (typed once a call is made).
DECISIONS: dict[str, str] = {
    "reshake": N_("Shake again"),
    "play-on": N_("Play on"),
    "allow": N_("Allow"),
    "refuse": N_("Refuse"),
    "settle-as-placed": N_("Settle as placed"),
}
#: The place typed as 0 alone for the next bank: nobody.
NOBODY = "none"


class NotReady(ValueError):
    """The action lacks a part; ``message`` says which."""

    def __init__(self, message: Message):
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class Draft:
    verb: str | None = None
    word: str | None = None
    place: int | str | None = None  # a place, or "none" for the next bank
    typed: str = ""  # the digits of a place being typed

    def with_verb(self, verb: str, word: str | None = None) -> Draft:
        return replace(self, verb=verb, word=word)

    def with_place(self, place: int | str) -> Draft:
        return replace(self, place=place, typed="")

    def with_digit(self, digit: int) -> Draft:
        """A digit typed: a call's kind or a ruling while they are chosen, else the place
        (1 then 0 is place 10; 0 alone is nobody, for the next bank)."""
        if self.verb == "call" and self.word is None:
            kinds = list(CALL_KINDS)
            return replace(self, word=kinds[digit - 1]) if 1 <= digit <= len(kinds) else self
        typed = self.typed + str(digit)
        if typed == "0":
            return replace(self, place=NOBODY if self.verb == "bank" else None, typed="")
        if int(typed) > PLACES:
            typed = str(digit) if digit else ""
        return replace(self, place=int(typed) if typed else None, typed=typed)

    def needs_amount(self) -> bool:
        """Whether Enter goes to the amount box first: money paid, collected or taken,
        and the capital of a banker who keeps the bank (Art. 5 (4))."""
        return self.verb in ("pay", "collect", "commission") or (
            self.verb == "bank" and self.place == BANKER_PLACE)

    def line(self, amount: Decimal | None) -> str:
        """The action in the engine's text form; :class:`NotReady` if a part is missing."""
        if self.verb is None:
            raise NotReady(Message.of(N_("Choose an action first: press its key or click "
                                         "its button.")))
        parts = [self.verb]
        for slot in GRAMMAR.verbs[self.verb]:
            if isinstance(slot, Word) and self.word is not None:
                parts.append(self.word)
            elif isinstance(slot, Word):
                raise NotReady(Message.of(N_("Choose what happened: click it, or type its "
                                             "number.")))
            elif isinstance(slot, Place) and self.place is not None:
                parts.append(str(self.place))
            elif isinstance(slot, Amount) and amount is not None:
                parts.append(f"{amount:f}")
            elif not slot.optional:
                raise NotReady(Message.of(
                    N_("Choose the place: click it on the table, or type its number.")
                    if isinstance(slot, Place) else N_("Type the amount in the amount box.")))
        return " ".join(parts)

    def shown(self) -> str:
        """The draft as it reads so far, for the screen: once it reads as a whole action, in
        words with its text form beside it ("Deal to place 7 (deal 7)"); before, the parts
        chosen so far ("Pay · place 2")."""
        try:
            line = self.line(None)
        except NotReady:
            parts = [self._verb_words(), *([Message.of(N_("place {place}"), place=self.place)]
                                           if isinstance(self.place, int) else [])]
            return " · ".join(str(part) for part in parts)
        return f"{GRAMMAR.say(GRAMMAR.read(line))} ({line})"

    def _verb_words(self) -> Message | str:
        if self.verb is None:
            return "…"
        if self.verb == "call":
            what = "…" if self.word is None else Message.of(CALL_KINDS[self.word])
            return Message.of(N_("Call: {what}"), what=what)
        if self.verb == "decide" and self.word is not None:
            return Message.of(DECISIONS[self.word])
        return Message.of(next(verb.label for verb in VERBS if verb.verb == self.verb
                               and verb.word in (self.word, None)))
