"""What the round screen needs from a game, in one place: the verbs with their keys and
words, the kinds of call, the rulings, which actions want an amount, the table drawn and the
engine's view it is drawn from. Each game's kit is in :mod:`ui.rounds.kits`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from i18n import Message
from trainer.rounds.actions import Action, Amount, Grammar, HandClass, Number, Word
from trainer.rules.cards import Card

if TYPE_CHECKING:
    from ui.rounds.draft import Draft
    from ui.rounds.game_table import GameTable


@dataclass(frozen=True)
class Verb:
    """A button and key of the screen: the action's verb and the word it carries.

    ``joins``: actions being put together that this button completes with its word rather
    than replacing (after "Front tier", "Banker wins" says who won that tier)."""

    key: str
    verb: str
    word: str | None
    label: str  # N_() text, translated when shown
    joins: tuple[str, ...] = ()


@dataclass(frozen=True)
class TypedNumber:
    """A number an action takes that is typed in the amount box, or clicked on a tray of
    numbers, rather than clicked on the board: Mah-Jong's stack the deal starts with, the
    tiles a player takes."""

    caption: str  # N_() text beside the amount box: "Stack:"
    name: Callable[[int], Message]  # a number on the tray, in words: "Stack 5"
    #: The highest on the tray when the game has fewer than its grammar reads (a simplified
    #: wall's 14 stacks, of the 17 an action may name).
    highest: int | None = None


@dataclass(frozen=True)
class Kit:
    game: str
    grammar: Grammar
    places: int
    verbs: tuple[Verb, ...]  # every action but the call and the ruling
    call_kinds: dict[str, str]  # each call word and what it is (N_() text)
    decisions: dict[str, str]  # each ruling word and what it is (N_() text)
    #: Whether Enter goes to the amount box first for the action being put together.
    needs_amount: Callable[[Draft], bool]
    #: The table widget of a round, and the engine's view it draws after the actions done.
    table: Callable[[Any], GameTable]
    view: Callable[[Any, Iterable[Action], Action | None], Any]
    nobody_verb: str | None = None  # the verb whose place may be nobody (0 typed alone)
    nobody_label: str | None = None  # its button's words (N_() text): nobody named
    set_verb: str | None = None  # the verb whose cards are set in tiers, if any
    #: The cards set in tiers by ``set_verb``, from the round.
    setting_cards: Callable[[Any], tuple[Card, ...]] | None = None
    #: The game's name of a hand's class (a :class:`HandClass` slot's number), as its words
    #: module says it: the name of each class on the screen's picker of classes.
    class_name: Callable[[int], Message] | None = None
    #: The words a place is written as in an action, place 1 first (Mah-Jong's seats
    #: ``e s w n``): a place clicked or typed fills the word slot that takes its word.
    place_words: tuple[str, ...] = ()
    #: A place as the screen names it while an action is put together (by default
    #: "place 3"; Mah-Jong's "South").
    place_name: Callable[[int], Message] | None = None
    #: The verbs whose :class:`Number` is typed in the amount box (or clicked on a tray of
    #: numbers) rather than clicked on the board, and what the number is.
    typed_numbers: Mapping[str, TypedNumber] = field(default_factory=dict)

    def place_word(self, place: int | str | None) -> str | None:
        """The word ``place`` is written as, if the game writes its places as words."""
        if isinstance(place, int) and 1 <= place <= len(self.place_words):
            return self.place_words[place - 1]
        return None

    def key_verb(self, key: str) -> Verb | None:
        return next((verb for verb in self.verbs if verb.key == key), None)

    def verb_of(self, action: Action) -> Verb:
        """The button that gives ``action`` (its verb and the words it carries)."""
        words = {value for value in action.values if isinstance(value, str)}
        return next(verb for verb in self.verbs
                    if verb.verb == action.verb and (verb.word is None or verb.word in words))

    @property
    def signed(self) -> bool:
        """Whether some action takes an amount that may be a loss (a co-banker's share)."""
        return any(isinstance(slot, Amount) and slot.signed
                   for slots in self.grammar.verbs.values() for slot in slots)

    def hand_class(self, verb: str | None) -> HandClass | None:
        """The numbers ``verb`` takes in the amount box, if it takes some: a hand's class,
        or a typed number (:attr:`typed_numbers`), 1 to its highest."""
        slots = () if verb is None else self.grammar.verbs.get(verb, ())
        for slot in slots:
            if isinstance(slot, HandClass):
                return slot
            typed = self.typed_numbers.get(verb) if verb is not None else None
            if isinstance(slot, Number) and typed is not None:
                return HandClass(1, typed.highest or slot.highest)
        return None

    def typed_number(self, verb: str | None) -> bool:
        """Whether ``verb``'s number is typed in the amount box, not clicked on the board."""
        return verb in self.typed_numbers

    def word_slots(self, verb: str) -> list[Word]:
        return [slot for slot in self.grammar.verbs[verb] if isinstance(slot, Word)]
