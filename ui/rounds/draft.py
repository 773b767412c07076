"""The action the trainee is putting together, by keys or clicks, before confirming it.

An action is a verb (a key or a button: D deal, P pay …) with the words it carries, the
place it names (a click on the table, or its number typed) and an amount (the amount box);
any order, then Space or Enter sends it in the engine's text form. What is still missing is
said in words. The verbs, their keys and their words are the game's (:mod:`ui.rounds.kits`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from decimal import Decimal

from i18n import N_, Message
from trainer.rounds.actions import Amount, Cards, HandClass, Number, Place, UnreadableAction, Word
from ui.rounds.kit import Kit, Verb

#: The place typed as 0 alone where an action may name nobody.
NOBODY = "none"


class NotReady(ValueError):
    """The action lacks a part; ``message`` says which."""

    def __init__(self, message: Message):
        super().__init__(str(message))
        self.message = message


@dataclass(frozen=True)
class Draft:
    kit: Kit
    verb: str | None = None
    words: tuple[str, ...] = ()
    place: int | str | None = None  # a place, or "none" for nobody
    typed: str = ""  # the digits of a place being typed
    cards: tuple[str, ...] = ()  # the cards of a setting, each tier's written with commas

    @property
    def word(self) -> str | None:
        return self.words[0] if self.words else None

    def with_verb(self, verb: str, word: str | None = None) -> Draft:
        return replace(self, verb=verb, words=() if word is None else (word,))

    def with_button(self, button: Verb) -> Draft:
        """A button pressed: its verb and word. A button of the action being put together,
        or one that joins it, adds its word in place of a word of the same kind, the action
        becoming the one all its words belong to (after "Front tier", "Banker wins" says
        who won that tier; "Front tier" after "Banker wins" the same)."""
        if self.verb is None or button.word is None or \
                self.verb not in (button.verb, *button.joins):
            return self.with_verb(button.verb, button.word)
        for verb in (self.verb, button.verb):
            kind = next((slot for slot in self.kit.word_slots(verb)
                         if button.word in slot.words), None)
            if kind is None:
                continue
            words = (*(word for word in self.words if word not in kind.words), button.word)
            if self._fits(verb, words):
                return replace(self, verb=verb, words=words)
        return self.with_verb(button.verb, button.word)

    def _fits(self, verb: str, words: tuple[str, ...]) -> bool:
        """Whether each of ``words`` has a word slot of its own in ``verb``."""
        free = self.kit.word_slots(verb)
        for word in words:
            slot = next((slot for slot in free if word in slot.words), None)
            if slot is None:
                return False
            free.remove(slot)
        return True

    def with_place(self, place: int | str) -> Draft:
        return replace(self, place=place, typed="")

    def with_cards(self, cards: tuple[str, ...]) -> Draft:
        return replace(self, cards=cards)

    def with_digit(self, digit: int) -> Draft:
        """A digit typed: a call's kind while they are chosen (0 the tenth), else the place
        (1 then 0 is place 10; 0 alone is nobody, where the action may name nobody)."""
        if self.verb == "call" and not self.words:
            kinds, number = list(self.kit.call_kinds), digit or 10
            return self.with_verb("call", kinds[number - 1]) if 1 <= number <= len(kinds) \
                else self
        typed = self.typed + str(digit)
        if typed == "0":
            return replace(self, place=NOBODY if self.verb == self.kit.nobody_verb else None,
                           typed="")
        if int(typed) > self.kit.places:
            typed = str(digit) if digit else ""
        return replace(self, place=int(typed) if typed else None, typed=typed)

    def needs_amount(self) -> bool:
        return self.kit.needs_amount(self)

    def line(self, amount: Decimal | None) -> str:
        """The action in the engine's text form; :class:`NotReady` if a part is missing."""
        if self.verb is None:
            raise NotReady(Message.of(N_("Choose an action first: press its key or click "
                                         "its button.")))
        parts = [self.verb]
        cards = iter(self.cards)
        for slot in self.kit.grammar.verbs[self.verb]:
            word = next((w for w in self.words if isinstance(slot, Word) and w in slot.words),
                        None)
            placed = self.kit.place_word(self.place)
            if word is not None:
                parts.append(word)
            elif isinstance(slot, Word) and placed is not None and placed in slot.words:
                parts.append(placed)  # a seat clicked or typed (Mah-Jong's e s w n)
            elif isinstance(slot, Word) and slot.optional:
                continue  # "claim none": nobody takes the discard, for nothing
            elif isinstance(slot, Word) and set(self.kit.place_words) & set(slot.words):
                raise NotReady(Message.of(N_("Choose the seat: click it on the table, or "
                                             "type its number.")))
            elif isinstance(slot, Word):
                raise NotReady(Message.of(N_("Choose what happened: click it, or type its "
                                             "number.") if self.verb in ("call", "decide")
                                          else N_("Choose who wins: click it, or press its "
                                                  "key.")))
            elif isinstance(slot, Cards):
                tier = next(cards, None)
                if tier is None:
                    raise NotReady(Message.of(N_("Set the cards in their tiers first.")))
                parts.append(tier)
            elif isinstance(slot, Number) and self.kit.typed_number(self.verb):
                if amount is None:  # typed in the amount box, or clicked on its tray
                    raise NotReady(Message.of(N_("Type the number in the box, or click "
                                                 "it.")))
                parts.append(f"{amount.normalize():f}")
            elif isinstance(slot, Place | Number) and self.place is not None:
                parts.append(str(self.place))
            elif isinstance(slot, Amount) and amount is not None:
                parts.append(f"{amount:f}")
            elif isinstance(slot, HandClass) and amount is not None:  # typed or clicked
                parts.append(f"{amount.normalize():f}")
            elif isinstance(slot, HandClass):
                raise NotReady(Message.of(N_("Choose the class: click it, or type its "
                                             "number.")))
            elif not slot.optional:
                raise NotReady(Message.of(
                    N_("Choose the place: click it on the table, or type its number.")
                    if isinstance(slot, Place) else
                    N_("Choose the number: click it on the board, or type it.")
                    if isinstance(slot, Number) else N_("Type the amount in the amount box.")))
        return " ".join(parts)

    def shown(self, amount: Decimal | None = None) -> str:
        """The draft as it reads so far, for the screen, with ``amount`` (the amount box's,
        an amount or a hand's class, when it reads): once it reads as a whole action, in
        words with its text form beside it ("Deal to place 7 (deal 7)", "Place 4: class 27,
        One with one figure (class 4 27)"); before, the parts chosen so far ("Pay · place
        2")."""
        grammar = self.kit.grammar
        try:
            line = self.line(amount)
            action = grammar.read(line)
        except (NotReady, UnreadableAction):  # not whole yet, or an amount it cannot take
            if amount is not None:
                return self.shown()
            named = self.kit.place_name
            place = [] if not isinstance(self.place, int) else [named(self.place)] \
                if named is not None else [Message.of(N_("place {place}"), place=self.place)]
            return " · ".join(str(part) for part in [self._verb_words(), *place])
        return f"{grammar.say(action)} ({line})"

    def _verb_words(self) -> Message | str:
        if self.verb is None:
            return "…"
        if self.verb == "call":
            what = "…" if self.word is None else Message.of(self.kit.call_kinds[self.word])
            return Message.of(N_("Call: {what}"), what=what)
        if self.verb == "decide" and self.word is not None:
            return Message.of(self.kit.decisions[self.word])
        return Message.of(next(verb.label for verb in self.kit.verbs if verb.verb == self.verb
                               and verb.word in (*self.words, None)))
