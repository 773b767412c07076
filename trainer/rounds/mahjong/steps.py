"""A Mah-Jong scene, step by step: every ruling, amount and reason from the rules core
(Portaria 135/91/M and the house readings in force), never worked out here a second time.

For each of the last discards: what went wrong there, called and ruled (a chow called out of
turn, Art. 5 (a)(3); a kong by a player who saw another's tiles, Art. 9 (a)(3); a win declared
on tiles that do not win, HI-MJ-NULO, which ends the game «nulo» and is paid as Art. 10 (a)(8)
says), then the calls ruled — who takes the tile, for what (Art. 4, 5; HI-MJ-CLAIM) — and wrong
tiles laid open for the set corrected (Art. 10 (a)(7)). Then the win: its fán (Art. 6 (a),
HI-MJ-ADD, HI-MJ-INCLUDES, the cap), who bears it (包, Art. 10; HI-MJ-LIAB3, HI-MJ-SEEN,
HI-MJ-4TH), each payment collected and the winner paid (Art. 7, 9 (a)(4); HI-MJ-PAY,
HI-MJ-CAP), the house's commission (Art. 8) and who banks next (Art. 3 (a)).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from decimal import Decimal

from i18n import N_, Message, Money, listing
from trainer.rounds.actions import Action
from trainer.rounds.incidents import incident_steps
from trainer.rounds.mahjong.hand import AT_THE_DRAW
from trainer.rounds.mahjong.opening import opening_steps
from trainer.rounds.mahjong.table import BANKER, Discard, Hand, MahjongTable
from trainer.rounds.mahjong.words import seat_word
from trainer.rounds.play import Move, Step
from trainer.rules.house import HouseRules
from trainer.rules.mahjong.hands.fan import Win, fan_reasons, score
from trainer.rules.mahjong.hands.hand import MeldKind, waits
from trainer.rules.mahjong.hands.tile_words import set_words, tile_words, tiles_words
from trainer.rules.mahjong.hands.tiles import Variant, Wind
from trainer.rules.mahjong.play.claim_reasons import refusal_reason, ruling_reasons, seat_label
from trainer.rules.mahjong.play.claims import rule
from trainer.rules.mahjong.play.conduct import (
    Decision,
    Moment,
    false_declaration,
    form_point,
    late_kong,
    wrong_end,
    wrong_exposure,
)
from trainer.rules.mahjong.play.games import HI_MJ_DRAWN, Start, bank, first_win
from trainer.rules.mahjong.play.liability import Feed, liability
from trainer.rules.mahjong.play.nulo import HI_MJ_NULO, declared_nulo
from trainer.rules.mahjong.play.payments import HI_MJ_CAP, HI_MJ_PAY, Payments, commission, settle
from trainer.rules.regulations import Reason, Source

CASINO, TABLE = "casino", "table"


def party(seat: Wind) -> str:
    return f"seat {seat.value}"


def round_steps(table: MahjongTable, rules: HouseRules) -> tuple[Step, ...]:
    steps: list[Step] = list(opening_steps(table)) if table.whole_hand else []
    opening = None if table.whole_hand else _opening(table)
    for discard in table.discards:
        if discard.ruled:
            steps += _discard(table, discard, opening, rules)
            opening = None
    if table.winner is not None:
        steps += _win(table, rules, opening)
    elif table.drawn_game:
        steps += _drawn(table)
    return tuple(steps)


def _opening(table: MahjongTable) -> Message:
    """The table as the scene opens: the game, the round, each player's sets on view."""
    said = [Message.of(N_("Game {game} of the {wind} round; East is the banker."),
                       game=table.game, wind=seat_label(table.round_wind))]
    for seat in Wind:
        melds = table.start[seat].melds
        if melds:
            said.append(Message.of(N_("{seat} has {sets} on view."), seat=seat_label(seat),
                                   sets=listing([set_words(m.tiles) for m in melds])))
    said.append(Message.of(N_("Each player's capital in play is {capital}."),
                           capital=Money(table.capital)))
    return _sentences(said)


def _sentences(parts: Sequence[Message]) -> Message:
    text = parts[0]
    for part in parts[1:]:
        text = Message.of(N_("{said} {sentence}"), said=text, sentence=part)
    return text


_CALLED = {"win": N_("{seat} calls a win."), "kong": N_("{seat} calls kong."),
           "pung": N_("{seat} calls pung."), "chow": N_("{seat} calls chow.")}


def _discard_scene(discard: Discard, opening: Message | None) -> Message:
    said = [opening] if opening is not None else []
    if discard.wall_left is not None:
        said.append(Message.counted("{count} tile is left in the wall.",
                                    "{count} tiles are left in the wall.", discard.wall_left))
    said.append(Message.of(N_("{seat} discards {tile}."), seat=seat_label(discard.discarder),
                           tile=tile_words(discard.tile)))
    said += [Message.of(_CALLED[call.kind.value], seat=seat_label(call.seat))
             for call in discard.calls]
    if discard.incident is not None and discard.incident[0] == "false-win":
        seat = discard.incident[1]
        said.append(Message.of(N_("{seat} declares a win and lays his tiles open: {tiles}."),
                               seat=seat_label(seat),
                               tiles=tiles_words(discard.hands[seat].concealed)))
    if not discard.calls and discard.incident is None:
        said.append(Message.of(N_("Nobody calls.")))
    return _sentences(said)


def _slip_scene(discard: Discard) -> Message:
    """What a player did wrong at his draw, before his discard (a whole hand)."""
    assert discard.incident is not None
    seat = seat_label(discard.incident[1])
    if discard.incident[0] == "wrong-end":
        return Message.of(N_("{seat} takes his kong's replacement tile from the front of the "
                             "wall.") if discard.from_replacement else
                          N_("{seat} takes his tile from the end of the wall kept for kongs' "
                             "replacements."), seat=seat)
    return Message.of(N_("{seat} discards {tile}, then declares a kong of {kong}."), seat=seat,
                      tile=tile_words(discard.tile),
                      kong=tile_words(late_kong_tile(discard.hands[discard.incident[1]])))


def late_kong_tile(hand: Hand) -> int:
    """The tile a player declares a kong of: four concealed, or the fourth of a pung on
    view."""
    held = hand.concealed
    return next(t for t in (*held, *(m.first for m in hand.melds))
                if held.count(t) == 4 or (held.count(t) and any(
                    m.kind is MeldKind.PUNG and m.first == t for m in hand.melds)))


def _slip(table: MahjongTable, discard: Discard, scene: Message) -> Iterator[Step]:
    """A tile from the wrong end of the wall, or a kong declared after the discard."""
    assert discard.incident is not None
    kind, seat = discard.incident
    ruled = (wrong_end(table.variant, discard.from_replacement) if kind == "wrong-end"
             else late_kong(table.variant))
    decision = "refuse" if ruled.decision is Decision.REFUSED else ruled.decision.value
    yield from _called(kind, seat, decision, ruled.reasons, ruled.reasons[-1].source, scene)


def _discard(table: MahjongTable, discard: Discard, opening: Message | None,
             rules: HouseRules) -> Iterator[Step]:
    variant = table.variant
    slip = discard.incident is not None and discard.incident[0] in AT_THE_DRAW
    if slip and discard.incident is not None and discard.incident[0] == "wrong-end":
        said = [opening] if opening is not None else []
        yield from _slip(table, discard, _sentences([*said, _slip_scene(discard)]))
        opening = None
    scene = _discard_scene(discard, opening)
    claim_scene: Message | None = scene
    hands = {seat: hand.rules_hand() for seat, hand in discard.hands.items()}
    bars = discard.bars if discard.bars is not None else table.bars
    ruling = rule(discard.discarder, discard.tile, hands, discard.calls, variant, bars)
    if slip and discard.incident is not None and discard.incident[0] == "late-kong":
        yield from _slip(table, discard, _sentences([scene, _slip_scene(discard)]))
        claim_scene = None
    elif discard.incident is not None and not slip:
        kind, seat = discard.incident
        if kind == "false-win":
            yield from _false_win(table, discard, seat, scene, rules)
            return
        call = next(c for c in discard.calls if c.seat == seat)
        reason = refusal_reason(call, ruling.grounds[call][0], discard.tile, variant)
        yield from _called(kind, seat, "refuse", (reason,), reason.source, scene)
        claim_scene = None
    if table.whole_hand and not discard.calls:
        return  # nobody calls: nothing to rule (a scene rules every discard it shows)
    granted = ruling.granted
    reasons = ruling_reasons(ruling, discard.tile, variant)
    action = Action("claim", ("none",)) if granted is None else \
        Action("claim", (seat_word(granted.seat), granted.kind.value))
    yield Step(action, Message.of(N_("Rule the calls on {tile}"), tile=tile_words(discard.tile)),
               reasons, reasons[0].source, claim_scene)
    if discard.wrong_exposure and granted is not None:
        corrected = wrong_exposure(Moment.BEFORE_DRAW, granted.seat, BANKER, rules)
        yield from _called("wrong-exposure", granted.seat, corrected.decision.value,
                           corrected.reasons, corrected.reasons[0].source, Message.of(N_(
                               "{seat} lays open the wrong tiles for his set."),
                               seat=seat_label(granted.seat)))


def _called(kind: str, seat: Wind, decision: str, reasons: tuple[Reason, ...],
            article: Source, scene: Message) -> Iterator[Step]:
    """The call of what went wrong (by whom) and the ruling, graded by ``article``."""
    call, ruling = incident_steps(kind, None, decision.replace("_", "-"),
                                  Reason(reasons[-1].text, article), scene, reasons)
    yield replace(call, expected=Action("call", (kind, seat_word(seat))), article=article)
    yield replace(ruling, article=article)


def _false_win(table: MahjongTable, discard: Discard, seat: Wind, scene: Message,
               rules: HouseRules) -> Iterator[Step]:
    """A win declared on tiles that do not win: «nulo» (HI-MJ-NULO), paid as Art. 10 (a)(8)
    — or (b)(3) in the simplified form."""
    hand = discard.hands[seat]
    tiles = (*hand.concealed, discard.tile)
    ruling = false_declaration(tiles, hand.melds, seat, BANKER, table.variant, rules,
                               table.seats)
    yield from _called("false-win", seat, ruling.decision.value, ruling.reasons,
                       ruling.reasons[-1].source if table.variant is Variant.SIMPLIFIED
                       else HI_MJ_NULO, scene)
    paid = declared_nulo(tiles, hand.melds, seat, BANKER, table.variant, rules, table.seats)
    yield from _collected(paid, paid.reasons[-1].source)
    for transfer in paid.transfers:
        yield Step(Action("pay", (seat_word(transfer.payee), transfer.amount)),
                   Message.of(N_("Pay {seat}"), seat=seat_label(transfer.payee)),
                   paid.reasons, paid.reasons[-1].source,
                   moves=(Move(TABLE, -transfer.amount), Move(party(transfer.payee),
                                                              transfer.amount)))


def _collected(paid: Payments, article: Source) -> Iterator[Step]:
    """What each payer owes, collected: his transfers added up."""
    owed: dict[Wind, Decimal] = {}
    for transfer in paid.transfers:
        owed[transfer.payer] = owed.get(transfer.payer, Decimal(0)) + transfer.amount
    for payer, amount in owed.items():
        yield Step(Action("collect", (seat_word(payer), amount)),
                   Message.of(N_("Collect {seat}'s payment"), seat=seat_label(payer)),
                   paid.reasons, article,
                   moves=(Move(party(payer), -amount), Move(TABLE, amount)))


def _win(table: MahjongTable, rules: HouseRules, opening: Message | None) -> Iterator[Step]:
    assert table.winner is not None and table.winning_tile is not None
    winner, tile = table.winner, table.winning_tile
    last = table.discards[-1] if table.discards and not table.self_drawn else None
    hand = table.hand_of(winner)
    win = Win((*hand.concealed, tile), hand.melds, tile, table.self_drawn, winner,
              table.round_wind, table.variant, kong_replacement=table.kong_replacement,
              last_tile=table.last_tile, heavenly=table.first is Start.DEALT,
              earthly=table.first is Start.BANKER_FIRST_DISCARD)
    result = score(win, rules.mahjong)
    reasons = fan_reasons(win, result, rules.mahjong)
    if table.first is not None:
        reasons = (*first_win(table.variant, table.first, winner).reasons, *reasons)
    said = [opening] if opening is not None else []
    if table.first is Start.DEALT:
        said.append(Message.of(N_("The banker's dealt tiles are complete: he declares a win.")))
    elif table.self_drawn and table.kong_replacement:
        said.append(Message.of(N_("{seat} draws {tile}, his kong's replacement, and declares "
                                  "a win."), seat=seat_label(winner), tile=tile_words(tile)))
    elif table.self_drawn:
        said.append(Message.of(N_("{seat} draws {tile} and declares a win."),
                               seat=seat_label(winner), tile=tile_words(tile)))
    said.append(Message.of(N_("{seat} lays his hand open: {tiles}."), seat=seat_label(winner),
                           tiles=tiles_words(sorted(win.tiles))))
    yield Step(Action("fan", (result.fan,)), Message.of(N_("Count the fán of the win")),
               reasons, reasons[-1].source, _sentences(said))
    liable = None
    case = None
    fed = last if last is not None else table.fed_fourth
    if fed is not None:
        judged = liability(_feed(table, fed, win, fourth_set=last is None))
        liable = fed.discarder if judged.liable else None
        case = judged.cases[0] if judged.liable else None
        yield Step(Action("liable", (seat_word(liable) if liable else "none",)),
                   Message.of(N_("Say who bears the win (包)")), judged.reasons,
                   judged.reasons[-1].source)
    paid = settle(winner, result.fan, BANKER, discarder=last.discarder if last else None,
                  liable=liable, capitals={winner: table.capital}, rules=rules,
                  variant=table.variant, players=table.seats, case=case)
    capped = any(reason.source == HI_MJ_CAP for reason in paid.reasons)
    yield from _collected(paid, paid.reasons[-1].source if liable or capped else HI_MJ_PAY)
    total = sum((transfer.amount for transfer in paid.transfers), Decimal(0))
    yield Step(Action("pay", (seat_word(winner), total)),
               Message.of(N_("Pay {seat}"), seat=seat_label(winner)), paid.reasons,
               HI_MJ_CAP if capped else HI_MJ_PAY,
               moves=(Move(TABLE, -total), Move(party(winner), total)))
    taken = commission(total, rules)
    yield Step(Action("commission", (taken.amount,)),
               Message.of(N_("Take the house's commission")), (taken.reason,),
               taken.reason.source,
               moves=(Move(party(winner), -taken.amount), Move(CASINO, taken.amount)))
    yield _next_bank(table, winner)


def _next_bank(table: MahjongTable, winner: Wind | None) -> Step:
    ruling, following = bank(table.variant, BANKER, table.round_wind, table.game, winner,
                             table.seats)
    return Step(Action("bank", (seat_word(following[0]),)), Message.of(N_("Say who banks next")),
                ruling.reasons, ruling.reasons[-1].source)


def _drawn(table: MahjongTable) -> Iterator[Step]:
    """The wall ran out with nobody winning: a drawn game, nobody pays (HI-MJ-DRAWN)."""
    reasons = (Reason(Message.of(N_("Only a player who shows a complete hand wins.")),
                      form_point(table.variant, "4 a", "4 b")),
               Reason(Message.of(N_("The wall is exhausted and nobody has won: the game is "
                                    "drawn and nobody pays.")), HI_MJ_DRAWN))
    yield Step(Action("drawn", ()), Message.of(N_("Say how the game ends")), reasons,
               HI_MJ_DRAWN, Message.of(N_("The last tile of the wall has been drawn and "
                                          "discarded, and nobody wins on it.")))
    yield _next_bank(table, None)


def _feed(table: MahjongTable, last: Discard, win: Win, fourth_set: bool = False) -> Feed:
    """The discard that fed the win, as the table saw it (Art. 10): the winning tile, or
    (``fourth_set``) the tile taken for the winner's fourth set on view, Art. 10 (a)(2)."""
    assert table.winner is not None
    discarder = last.hands[last.discarder]
    kept = discarder.concealed
    before = list(kept) + [last.tile]
    if last.drawn is not None:
        before.remove(last.drawn)
    waiting = bool(waits(before, discarder.melds))
    broke = waiting and last.drawn is not None and last.drawn != last.tile \
        and not waits(kept, discarder.melds)
    exposed = [t for seat, hand in last.hands.items() if seat != table.winner
               for meld in hand.melds for t in meld.tiles]
    return Feed(win, last.tile, (*last.on_view, *exposed), kept, waiting, broke, fourth_set)

