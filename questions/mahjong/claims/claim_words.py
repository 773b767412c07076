"""Claims on a discard in words: the rulings, the refusals and where each comes from."""

from __future__ import annotations

from typing import Any

from i18n import N_, Message
from questions.mahjong.situation import Discard, seat_label
from trainer.rules.mahjong import Call, ClaimKind, Refusal, Variant, Wind
from trainer.rules.mahjong.hands.tiles import tile_name
from trainer.rules.mahjong.play.claim_reasons import REFUSALS as REFUSALS
from trainer.rules.mahjong.play.claim_reasons import refusal_text as refusal_text
from trainer.rules.mahjong.play.claim_reasons import ruling_reasons as ruling_reasons
from trainer.rules.mahjong.play.claims import claimed_set
from trainer.rules.regulations import Article, Regulation, Source

NOBODY = "nobody"
TAKES = {
    ClaimKind.WIN: N_("{seat} takes it for a win"),
    ClaimKind.KONG: N_("{seat} takes it for a kong"),
    ClaimKind.PUNG: N_("{seat} takes it for a pung"),
    ClaimKind.CHOW: N_("{seat} takes it for a chow"),
}
CALLS = {
    ClaimKind.WIN: N_("{seat} calls a win."),
    ClaimKind.KONG: N_("{seat} calls kong."),
    ClaimKind.PUNG: N_("{seat} calls pung."),
    ClaimKind.CHOW: N_("{seat} calls chow."),
}
#: The grounds a trainee is offered for a call in each form (the other form's points are
#: not plausible there).
OFFERED = {
    Variant.CONVENTIONAL: frozenset(Refusal) - {Refusal.ONLY_WIN_OR_KONG},
    Variant.SIMPLIFIED: frozenset({Refusal.ONLY_WIN_OR_KONG, Refusal.NO_PAIR, Refusal.NO_THREE,
                                   Refusal.SAW_TILES, Refusal.WIN_FIRST,
                                   Refusal.NOT_COMPLETE, Refusal.NEARER_WINNER}),
}


def call_value(call: Call) -> str:
    return f"{call.seat.value}-{call.kind.value}"


def reason_value(call: Call, ground: Refusal) -> str:
    return f"{call.seat.value}-{ground.value}"


def short_cite(source: Source) -> Message:
    """A point as the trainee names it: "Art. 5 (a)(3)", "Art. 4 (b)" or the HI code."""
    if not isinstance(source, Article):
        return source.cite()
    letter, _, point = source.item.partition("(")
    item = f"({letter})" + (f"({point}" if point else "")
    return Message.of(N_("Art. {article} {item}"), article=source.number, item=item)


def refusal_option(call: Call, ground: Refusal, tile: int, variant: Variant) -> Message:
    """A reason to tick: the refusal and its point."""
    return Message.of(N_("{point}: {refusal}"), point=short_cite(ground.source(variant)),
                      refusal=refusal_text(call, ground, tile))


_POINTS = {ClaimKind.WIN: (4, "a", "b"), ClaimKind.KONG: (5, "a(5)", "b(4)"),
           ClaimKind.PUNG: (5, "a(4)", "a(4)"), ClaimKind.CHOW: (5, "a(3)", "a(3)")}


def claim_point(kind: ClaimKind, variant: Variant) -> Article:
    """The point that allows a claim of this kind: Art. 4 for a win, Art. 5 for the sets."""
    number, conventional, simplified = _POINTS[kind]
    item = conventional if variant is Variant.CONVENTIONAL else simplified
    return Article(Regulation.MAHJONG, number, item)


def sentences(parts: list[Message]) -> Message:
    """Sentences one after another."""
    text = parts[0]
    for part in parts[1:]:
        text = Message.of(N_("{text} {more}"), text=text, more=part)
    return text


def bar_sentences(situation: Discard, seats: list[Wind]) -> list[Message]:
    """The Art. 9 bars of ``seats``, as the prompt tells them."""
    bars = situation.bars
    told = []
    for seat in seats:
        if seat in bars.withdrew_pung:
            told.append(Message.of(N_("{seat} called pung earlier this game and withdrew the "
                                      "call."), seat=seat_label(seat)))
        if seat in bars.saw_tiles:
            told.append(Message.of(N_("{seat} saw another player's tiles earlier this game."),
                                   seat=seat_label(seat)))
    return told


def model_set(situation: Discard, value: Any) -> tuple[Wind, ClaimKind, list[str]] | None:
    """The call a ruling grants (``"S-chow"``, or a ruling's ``{"ruling": …}``) and the
    tiles it lays open with the discard, to draw as the model answer; None for nobody."""
    if isinstance(value, dict):
        value = value.get("ruling")
    if not isinstance(value, str) or value.count("-") != 1:
        return None
    seat, kind = value.split("-")
    call = Call(Wind(seat), ClaimKind(kind))
    variant, _discarder, tile, hands, _bars = situation.table()
    tiles = claimed_set(call, tile, hands[call.seat], variant)
    return call.seat, call.kind, [tile_name(t) for t in tiles]
