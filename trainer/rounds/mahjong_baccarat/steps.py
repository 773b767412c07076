"""Mahjong Baccarat's round, step by step: every action, amount, order and reason from the
rules core (Portaria 15/96/M), never worked out here a second time.

In order: the requests to re-order the stacks (Art. 2 (6)); the shake and the first place
(Art. 2 (2)–(3)); the deal, a stack of two to each of the ten places (Art. 2 (3)–(4)); place by
place in the settlement order, opening (Art. 5 (6), HI-SETTLE-ORDER), who wins (Art. 7–8,
HI-MB-HIGHER-TILE) and the money within the capital (Art. 5 (3), HI-MB-COMMISSION); the
banker's commission — or, when the casino or players joined the bank (Art. 5 (5),
HI-MB-COBANK), the table settled against the whole bank and each co-banker's share, net of his
commission; the next bank (Art. 5 (1)–(4)). Incidents are called where they happen: a
banker who kept the bank from the last round and puts down less than his new capital, first
of all, as he puts his capital on the table (Art. 5 (3)–(4)).
"""

from __future__ import annotations

from collections.abc import Iterator

from i18n import N_, Message, Money
from trainer.rounds.actions import Action
from trainer.rounds.incidents import incident_steps
from trainer.rounds.mahjong_baccarat.table import (
    AFTER_THE_DICE,
    AS_THE_KEPT_BANK_STAKES,
    AT_THE_SHAKE,
    CALLS,
    Happening,
    MahjongBaccaratTable,
)
from trainer.rounds.play import Move, Step
from trainer.rules.house import HouseRules
from trainer.rules.mahjong_baccarat import (
    CASINO as CASINO_SHARE,
)
from trainer.rules.mahjong_baccarat import (
    HI_MB_COBANK,
    HI_MB_COMMISSION,
    HI_SETTLE_ORDER,
    PLACES,
    CoBankSettlement,
    Conduct,
    Reorder,
    TableSettlement,
    capital_after_round,
    compare,
    next_bank,
    rule_on,
    rule_on_conduct,
    rule_on_new_stake,
    rule_on_reorders,
    served,
    settle_cobanked_table,
    settle_table,
    settlement_account,
)
from trainer.rules.regulations import Reason
from trainer.rules.table import BANKER_PLACE, Outcome

BANKER, CASINO = "banker", "casino"


def round_steps(table: MahjongBaccaratTable, rules: HouseRules) -> tuple[Step, ...]:
    players = {place: table.hands[place] for place in range(2, PLACES + 1)}
    first, banker = served(table.dice).place, table.hands[BANKER_PLACE]
    if table.cobank is None:
        result = settle_table(table.capital, first, banker, players, table.bets, rules)
        account = settlement_account(table.capital, result, rules)
        end: tuple[Step, ...] = (_commission(result, account[-1]),)
    else:
        cobanked = settle_cobanked_table(table.capital, table.cobank.casino,
                                         table.cobank.players, first, banker, players,
                                         table.bets, rules)
        result = cobanked.table
        account = settlement_account(cobanked.capital, result, rules)
        end = _shares(cobanked)
    return (*_short_stake(table), *_reorders(table), *_shake(table), *_deal(table),
            *_settlement(table, result, account), *end, _bank(table, result, rules))


def _reorders(table: MahjongBaccaratTable) -> Iterator[Step]:
    for request, ruling in zip(table.reorders, rule_on_reorders(table.reorders), strict=True):
        scene = (N_("Place {place} asks to re-order the stacks with one hand.")
                 if request.hands == 1 else
                 N_("Place {place} asks to re-order the stacks with both hands."))
        yield Step(Action("reorder", (ruling.decision.value,)),
                   Message.of(N_("Rule on place {place}'s request to re-order the stacks"),
                              place=request.place),
                   (ruling.reason,), ruling.reason.source, Message.of(scene, place=request.place))


def _shake(table: MahjongBaccaratTable) -> Iterator[Step]:
    """The banker shakes (again, if the dice did not count); the first place; what players
    and the banker try once the dice are shaken."""
    yield from _called(table, table.happening(*AT_THE_SHAKE))
    first = served(table.dice)
    yield Step(Action("first", (first.place,)), Message.of(N_("Read the first place from the "
                                                               "dice")),
               first.reasons, first.reasons[-1].source,
               Message.of(N_("The banker shakes the dice: {dice}."),
                          dice=", ".join(str(face) for face in table.dice)))
    yield from _called(table, table.happening(*AFTER_THE_DICE))


def _deal(table: MahjongBaccaratTable) -> Iterator[Step]:
    exposed = table.happening("tile-exposed")
    for stack in range(1, PLACES + 1):
        to = served(table.dice, stack)
        yield Step(Action("deal", (to.place,)),
                   Message.of(N_("Deal stack {stack} of ten"), stack=stack),
                   to.reasons, to.reasons[-1].source)
        if exposed is not None and exposed.at == stack:
            yield from _called(table, exposed)


def _settlement(table: MahjongBaccaratTable, result: TableSettlement,
                account: tuple[Reason, ...]) -> Iterator[Step]:
    """Place by place in the settlement order: open, say who wins, pay or collect."""
    opening = (*rule_on_conduct(Conduct.BANKER_OPENS).reasons, result.reasons[0])
    wrong_place = table.happening("bet-on-wrong-place")
    banker_tiles = _tiles(table.hands[BANKER_PLACE])
    for index, place in enumerate(result.order):
        yield Step(Action("open", (place,)),
                   Message.of(N_("Open the next place in the settlement order")),
                   opening, HI_SETTLE_ORDER,
                   _opening_scene(table, banker_tiles) if index == 0 else None)
        verdict = compare(table.hands[place], table.hands[BANKER_PLACE])
        yield Step(Action("rule", (place, verdict.outcome.value)),
                   Message.of(N_("Say who wins at place {place}"), place=place),
                   verdict.reasons, verdict.reason.source,
                   Message.of(N_("Place {place} shows {tiles}; the banker has {banker}."),
                              place=place, tiles=_tiles(table.hands[place]),
                              banker=banker_tiles))
        if wrong_place is not None and wrong_place.place == place:
            yield from _called(table, wrong_place)
        yield _money(result, place, account[index])


def _money(result: TableSettlement, place: int, line: Reason) -> Step:
    settled = result.places[place]
    name = Message.of(N_("Pay or collect at place {place}"), place=place)
    reasons = (*settled.reasons[1:], line)
    party = f"place {place}"
    if settled.outcome is Outcome.PLAYER:
        return Step(Action("pay", (place, settled.net)), name, reasons, line.source, None,
                    moves=(Move(party, settled.net), Move(CASINO, settled.commission),
                           Move(BANKER, -settled.amount)))
    return Step(Action("collect", (place, settled.amount)), name, reasons, line.source, None,
                moves=(Move(party, -settled.amount), Move(BANKER, settled.amount)))


def _opening_scene(table: MahjongBaccaratTable, banker_tiles: str) -> Message:
    opens = Message.of(N_("The banker opens his tiles: {tiles}."), tiles=banker_tiles)
    if table.cobank is None:
        return opens
    joined = [Message.of(N_("the casino with {capital}"), capital=Money(table.cobank.casino))
              ] if table.cobank.casino else []
    joined += [Message.of(N_("place {place} with {stake}"), place=place, stake=Money(stake))
               for place, stake in table.cobank.players]
    said = joined[0]
    for more in joined[1:]:
        said = Message.of(N_("{said}, {more}"), said=said, more=more)
    return Message.of(N_("The banker's capital is {capital}; joining his bank: {joined}. "
                         "{opens}"), capital=Money(table.capital), joined=said, opens=opens)


def _shares(cobanked: CoBankSettlement) -> tuple[Step, ...]:
    """Each co-banker's share of the bank's result, net of his commission: the banker, the
    casino, then the players who joined, in the order they placed their stakes."""
    steps = []
    for who, share in cobanked.shares.items():
        if who == CASINO_SHARE and not share.capital:
            continue  # the casino did not join
        party = BANKER if who == BANKER_PLACE else CASINO if who == CASINO_SHARE else \
            f"place {who}"
        moves = [] if who == BANKER_PLACE else [Move(BANKER, -share.result),
                                                Move(party, share.result)]
        if share.commission:
            moves += [Move(party, -share.commission), Move(CASINO, share.commission)]
        action = Action("casino", (share.net,)) if who == CASINO_SHARE else \
            Action("share", (who, share.net))
        name = (Message.of(N_("Say the casino's share of the bank's result"))
                if who == CASINO_SHARE else
                Message.of(N_("Say the share of place {place} in the bank's result, net of "
                              "his commission"), place=who))
        steps.append(Step(action, name, (*cobanked.reasons, *share.reasons), HI_MB_COBANK,
                          moves=tuple(moves)))
    return tuple(steps)


def _commission(result: TableSettlement, reason: Reason) -> Step:
    commission = result.banker_commission
    return Step(Action("commission", (commission,)),
                Message.of(N_("Take the banker's commission")), (reason,), HI_MB_COMMISSION,
                moves=(Move(BANKER, -commission), Move(CASINO, commission)))


def _bank(table: MahjongBaccaratTable, result: TableSettlement, rules: HouseRules) -> Step:
    """Who banks next: a banker who won may keep the bank, with his new capital (Art. 5 (4));
    one who did not gives it up (the text sets no capital for him)."""
    wish = table.succession
    keeps = wish.keeps and result.banker_net > 0
    turn = next_bank(BANKER_PLACE, wish.rounds_held, keeps, declined=wish.declined,
                     bet_last_round=result.order, all_others_agree=wish.all_others_agree,
                     rules=rules)
    name = Message.of(N_("Say who banks next"))
    scene = _succession_scene(table, keeps)
    if turn.seat is None:
        return Step(Action("bank", ("none",)), name, (turn.reason,), turn.reason.source, scene)
    if turn.seat != BANKER_PLACE:
        return Step(Action("bank", (turn.seat,)), name, (turn.reason,), turn.reason.source,
                    scene)
    settled = result.places.values()
    new = capital_after_round(
        table.capital, [s.amount for s in settled if s.outcome is Outcome.BANKER],
        [s.amount for s in settled if s.outcome is Outcome.PLAYER], wish.change, rules)
    return Step(Action("bank", (BANKER_PLACE, new.capital)), name, (turn.reason, *new.reasons),
                turn.reason.source, scene)


def _short_stake(table: MahjongBaccaratTable) -> Iterator[Step]:
    """A banker who kept the bank from the last round, his new capital this round's, puts
    down less: refused (Art. 5 (4)); the round is played with his whole capital."""
    short = table.happening(*AS_THE_KEPT_BANK_STAKES)
    if short is None:
        return
    staked = table.capital - short.short
    ruling = rule_on_new_stake(table.capital, staked)
    yield from incident_steps(short.call, None, ruling.decision.value.replace("_", "-"),
                              ruling.reason, Message.of(N_(
                                  "The banker kept the bank after the last round with a new "
                                  "capital of {capital}. He puts {staked} on the table."),
                                  capital=Money(table.capital), staked=Money(staked)))


def _succession_scene(table: MahjongBaccaratTable, keeps: bool) -> Message:
    wish = table.succession
    said = [Message.counted("The banker has held the bank {count} round in a row.",
                            "The banker has held the bank {count} rounds in a row.",
                            wish.rounds_held)]
    if keeps:
        said.append(Message.of(N_("He wants to keep it.")))
        if wish.all_others_agree:
            said.append(Message.of(N_("All the other places agree that he keeps it.")))
        if wish.change > 0:
            said.append(Message.of(N_("He asks to add {change} to his capital."),
                                   change=Money(wish.change)))
        elif wish.change < 0:
            said.append(Message.of(N_("He asks to take {change} off his capital."),
                                   change=Money(-wish.change)))
    else:
        said.append(Message.of(N_("He gives it up.")))
    if wish.declined:
        said.append(Message.counted(
            "Asked to take the bank, place {places} would decline.",
            "Asked to take the bank, places {places} would decline.", len(wish.declined),
            places=", ".join(str(p) for p in sorted(wish.declined))))
    scene = said[0]
    for sentence in said[1:]:
        scene = Message.of(N_("{said} {sentence}"), said=scene, sentence=sentence)
    return scene


def _called(table: MahjongBaccaratTable, happening: Happening | None) -> Iterator[Step]:
    """The call and the ruling of an incident, if one happens here."""
    if happening is None:
        return
    incident = CALLS[happening.call]
    if incident is None:  # a request to re-order the stacks once the dice are shaken
        late = Reorder(happening.place or BANKER_PLACE, after_dice=True)
        ruling = rule_on_reorders((*table.reorders, late))[-1]
    else:
        ruling = rule_on(incident)
    yield from incident_steps(happening.call, happening.place,
                              ruling.decision.value.replace("_", "-"), ruling.reason,
                              Message.of(_SCENES[happening.call], place=happening.place or 0))


_SCENES = {
    "player-shakes": N_("The player at place {place} asks to shake the dice."),
    "dice-out-of-bowl": N_("A die jumps out of the bowl."),
    "dice-badly-settled": N_("A die comes to rest tilted against the side of the bowl."),
    "total-adjusted": N_("The banker asks to count the dice as one point more."),
    "bet-after-dice": N_("A player puts a new bet on place {place} after the dice."),
    "bet-changed-after-dice": N_("The player at place {place} adds chips to his bet after "
                                 "the dice."),
    "reorder-after-dice": N_("Place {place} asks to re-order the stacks after the dice."),
    "tile-exposed": N_("A tile turns face up as it is dealt to place {place}."),
    "bet-on-wrong-place": N_("The player at place {place} says he meant his bet for another "
                             "place."),
}


def _tiles(hand: tuple[object, ...]) -> str:
    return " ".join(str(tile) for tile in hand)
