"""Claims on a discard in words: the rulings, the refusals and where each comes from."""

from __future__ import annotations

from typing import Any

from i18n import N_, Message
from questions.mahjong.situation import Discard, seat_label
from trainer.rules.mahjong import Call, ClaimKind, Refusal, Ruling, Variant, Wind
from trainer.rules.mahjong.claims import claimed_set, granted_reason, nobody_reason
from trainer.rules.mahjong.tile_words import tile_words
from trainer.rules.mahjong.tiles import tile_name
from trainer.rules.regulations import Article, Reason, Regulation, Source

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
REFUSALS = {
    (ClaimKind.CHOW, Refusal.ONLY_WIN_OR_KONG): N_(
        "{seat}'s chow is refused: in the simplified form a discard is taken only to win or "
        "for an open kong"),
    (ClaimKind.PUNG, Refusal.ONLY_WIN_OR_KONG): N_(
        "{seat}'s pung is refused: in the simplified form a discard is taken only to win or "
        "for an open kong"),
    (ClaimKind.CHOW, Refusal.NOT_NEXT): N_("{seat}'s chow is refused: only the next player "
                                           "may chow"),
    (ClaimKind.CHOW, Refusal.NO_RUN): N_("{seat}'s chow is refused: he holds no two tiles "
                                         "that make a run with {tile}"),
    (ClaimKind.CHOW, Refusal.WIN_FIRST): N_("{seat}'s chow is refused: a win comes before a "
                                            "chow"),
    (ClaimKind.CHOW, Refusal.PUNG_FIRST): N_("{seat}'s chow is refused: a pung or kong beats "
                                             "a chow"),
    (ClaimKind.PUNG, Refusal.NO_PAIR): N_("{seat}'s pung is refused: he has no pair of "
                                          "{tile}"),
    (ClaimKind.PUNG, Refusal.WIN_FIRST): N_("{seat}'s pung is refused: a win comes before a "
                                            "pung"),
    (ClaimKind.KONG, Refusal.NO_THREE): N_("{seat}'s kong is refused: he does not hold three "
                                           "{tile}"),
    (ClaimKind.KONG, Refusal.SAW_TILES): N_("{seat}'s kong is refused: he saw another "
                                            "player's tiles this game"),
    (ClaimKind.KONG, Refusal.WIN_FIRST): N_("{seat}'s kong is refused: a win comes before a "
                                            "kong"),
    (ClaimKind.WIN, Refusal.NOT_COMPLETE): N_("{seat}'s win is refused: {tile} does not "
                                              "complete his hand"),
    (ClaimKind.WIN, Refusal.WITHDREW_PUNG): N_("{seat}'s win is refused: he withdrew a pung "
                                               "call this game"),
    (ClaimKind.WIN, Refusal.NEARER_WINNER): N_("{seat}'s win is refused: a winner nearer "
                                               "counterclockwise from the discarder takes it"),
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


def refusal_text(call: Call, ground: Refusal, tile: int) -> Message:
    return Message.of(REFUSALS[call.kind, ground], seat=seat_label(call.seat),
                      tile=tile_words(tile))


def refusal_option(call: Call, ground: Refusal, tile: int, variant: Variant) -> Message:
    """A reason to tick: the refusal and its point."""
    return Message.of(N_("{point}: {refusal}"), point=short_cite(ground.source(variant)),
                      refusal=refusal_text(call, ground, tile))


def ruling_reasons(ruling: Ruling, tile: int, variant: Variant) -> tuple[Reason, ...]:
    """The granted call's reason (or that the tile stays discarded), then each refusal."""
    name = tile_words(tile)
    first = (nobody_reason(variant, name) if ruling.granted is None else
             granted_reason(ruling.granted, variant, seat_label(ruling.granted.seat), name))
    return (first, *(Reason(Message.of(N_("{refusal}."), refusal=refusal_text(c, g, tile)),
                            g.source(variant)) for c, g in ruling.refused))


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
