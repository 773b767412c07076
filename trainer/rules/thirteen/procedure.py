"""Table procedure of the 13-card game (Portaria 51/89/M, Art. 2 a–d, 3, 5).

Each ruling says what the croupier decides and which points of the text decide it: the cut
(Art. 2 a: with the blank card, one hand, at least ten cards), who shakes the dice (2 b: the
seated player with the highest bet), bets once the dice are shaken (2 c: none placed,
withdrawn or moved; a bet is settled where it lies, even if misplaced), the cards before and
after the banker shows (2 d: nobody touches or looks at them before; the banker may re-set
before the players pick up; five minutes to set, then a signal, and a place not finished
before it loses — at the signal itself too, unless the house says otherwise: HI-13-SIGNAL;
a place that finished in time and asks after the signal to set its cards again is refused,
its hand plays as set, the setting having had to be complete before the signal),
the places (Art. 3) and several bettors on one place (Art. 5: the highest bettor seated at
the table holds the cards, the others only suggest).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from i18n import N_, Message, Money
from trainer.rules.house import ThirteenRules
from trainer.rules.regulations import HouseInterpretation, Reason
from trainer.rules.thirteen.procedure_points import ART_2D, LEAST_CUT, SETTING_SECONDS, Point

#: Art. 2 d) at the signal itself: the sentence with the penalty decides (RULES.md).
HI_13_SIGNAL = HouseInterpretation("HI-13-SIGNAL")
#: Art. 2 d) after the signal: a setting finished in time stands, no change (RULES.md).


class Ruling(StrEnum):
    """What the croupier decides (a bettor's name where the ruling names a person)."""

    ALLOWED = "allowed"
    REFUSED = "refused"
    PLAYS = "plays"
    LOSES = "loses"
    WHERE_IT_LIES = "where-it-lies"
    WHERE_MEANT = "where-meant"


@dataclass(frozen=True)
class ProcedureRuling:
    ruling: str  # a Ruling, or the name of the bettor the ruling names
    points: frozenset[Point]  # the points of the text that decide it
    reasons: tuple[Reason, ...]
    #: Points close enough to the scene that a trainee may fairly think them in play: never
    #: offered as a reason that does not apply.
    near: frozenset[Point] = frozenset()


@dataclass(frozen=True)
class Bettor:
    name: str
    stake: Decimal
    seated: bool
    place: int = 0  # the place bet on (0: not said)


def _ruling(ruling: str, *steps: tuple[Point, Message],
            near: Iterable[Point] = ()) -> ProcedureRuling:
    return ProcedureRuling(ruling, frozenset(point for point, _ in steps),
                           tuple(Reason(text, point.article) for point, text in steps),
                           frozenset(near))


def judge_cut(cards: int, hands: int) -> ProcedureRuling:
    """A cut with the blank card (Art. 2 a): one hand, at least ten cards."""
    if cards < 1 or hands not in (1, 2):
        raise ValueError("a cut takes at least one card, with one hand or two")
    if hands == 2:
        text = Message.of(N_("The cut was made with both hands: only one hand may cut, so the "
                             "cards are cut again."))
    elif cards < LEAST_CUT:
        text = Message.counted("{count} card was cut: at least {least} must be, so the cards "
                               "are cut again.",
                               "{count} cards were cut: at least {least} must be, so the "
                               "cards are cut again.", cards, least=LEAST_CUT)
    else:
        text = Message.of(N_("{cards} cards were cut with one hand: at least {least}, so the "
                             "cut stands."), cards=cards, least=LEAST_CUT)
    ruling = Ruling.ALLOWED if hands == 1 and cards >= LEAST_CUT else Ruling.REFUSED
    return _ruling(ruling, (Point.CUT, text))


def _highest_seated(bettors: Iterable[Bettor], what: str) -> tuple[Bettor, Bettor]:
    """(the highest seated bettor, the highest bettor of all)."""
    bettors = tuple(bettors)
    seated = sorted((b for b in bettors if b.seated), key=lambda b: b.stake, reverse=True)
    if not seated:
        raise ValueError(f"nobody seated has bet: the regulation does not say who {what}")
    if len(seated) > 1 and seated[0].stake == seated[1].stake:
        raise ValueError(f"two seated bets are equal: the regulation does not say who {what}")
    return seated[0], max(bettors, key=lambda b: b.stake)


def dice_shaker(bettors: Iterable[Bettor]) -> ProcedureRuling:
    """Who shakes the four dice (Art. 2 b): the seated player with the highest bet."""
    chosen, top = _highest_seated(bettors, "shakes the dice")
    steps = [(Point.DICE, Message.of(N_("{name} has the highest bet of the seated players, "
                                        "{stake}: he shakes the dice."),
                                     name=chosen.name, stake=Money(chosen.stake)))]
    if top is not chosen:
        steps.insert(0, (Point.DICE, Message.of(N_(
            "{name} has the highest bet, {stake}, but is not seated at the table."),
            name=top.name, stake=Money(top.stake))))
    return _ruling(chosen.name, *steps)


def card_holder(bettors: Iterable[Bettor]) -> ProcedureRuling:
    """Who holds a place's cards when several bet on it (Art. 5)."""
    chosen, top = _highest_seated(bettors, "holds the cards")
    steps = [(Point.HOLDER, Message.of(N_("{name} has the highest bet on the place of those "
                                          "seated at the table, {stake}: he holds the cards."),
                                       name=chosen.name, stake=Money(chosen.stake)))]
    if top is not chosen:
        steps.insert(0, (Point.HOLDER, Message.of(N_(
            "{name} bet the most on the place, {stake}, but only a player seated at the table "
            "may hold the cards."), name=top.name, stake=Money(top.stake))))
    return _ruling(chosen.name, *steps, near=(Point.SUGGEST,))


def bet_change(after_dice: bool) -> ProcedureRuling:
    """A bet placed, withdrawn or moved to another place (Art. 2 c)."""
    near = (Point.WHERE_IT_LIES, Point.SEVERAL_PLACES)
    if after_dice:
        return _ruling(Ruling.REFUSED, (Point.NO_BETS, Message.of(N_(
            "The dice have been shaken: no bet may be placed, withdrawn or moved now."))),
            near=near)
    return _ruling(Ruling.ALLOWED, (Point.NO_BETS, Message.of(N_(
        "The dice have not been shaken yet: bets may still be placed, withdrawn or moved."))),
        near=near)


def misplaced_bet(lies_at: int, meant: int) -> ProcedureRuling:
    """A bet put on the wrong place is settled where it lies (Art. 2 c)."""
    if lies_at == meant:
        raise ValueError("a misplaced bet lies on another place than the one meant")
    return _ruling(Ruling.WHERE_IT_LIES, (Point.WHERE_IT_LIES, Message.of(N_(
        "The bet lies on place {lies}: it is paid or collected with place {lies}, though the "
        "player meant place {meant}."), lies=lies_at, meant=meant)), near=(Point.NO_BETS,))


def looking_at_cards(banker_shown: bool) -> ProcedureRuling:
    """A player picks up or looks at his cards (Art. 2 d)."""
    if banker_shown:
        return _ruling(Ruling.ALLOWED, (Point.NO_LOOKING, Message.of(N_(
            "The banker has set his hand and shown it on the table: the players may now pick "
            "up their cards."))))
    return _ruling(Ruling.REFUSED, (Point.NO_LOOKING, Message.of(N_(
        "The banker has not yet set and shown his hand: no player may touch or look at his "
        "cards."))))


def banker_resets(players_picked_up: bool) -> ProcedureRuling:
    """The banker wants to set his hand again (Art. 2 d)."""
    if players_picked_up:
        return _ruling(Ruling.REFUSED, (Point.RESET, Message.of(N_(
            "The players have picked up their cards: the banker may no longer set his hand "
            "again."))))
    return _ruling(Ruling.ALLOWED, (Point.RESET, Message.of(N_(
        "No player has picked up his cards yet: the banker may set his hand again."))))


def clock(seconds: int) -> str:
    """Seconds after midnight as the table clock shows them: 21:04:10."""
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def minutes_and_seconds(seconds: int) -> str:
    """A time taken, to the second, as m:ss: 5:00, 4:59, 5:01."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def sets_in_time(elapsed: int, rules: ThirteenRules, limit: int = SETTING_SECONDS) -> bool:
    """Whether a place that finished setting ``elapsed`` whole seconds after the banker
    showed plays (Art. 2 d): before the signal at ``limit`` it does, after it it loses. At
    the signal itself the text says both «dentro de cinco minutos» and «antes da emissão do
    sinal»; the sentence with the penalty decides, so it loses unless the house lets it
    play (HI-13-SIGNAL)."""
    return elapsed < limit or (elapsed == limit and rules.finished_at_the_signal_plays)


def setting_time(shown_at: int, finished_at: int,
                 rules: ThirteenRules | None = None) -> ProcedureRuling:
    """A place finishes setting its cards (Art. 2 d): before the signal, five minutes after
    the banker's showing, it plays; after it, it loses; at the signal itself it loses
    unless the house says otherwise, and the ruling cites HI-13-SIGNAL (then only).
    Times in seconds after midnight."""
    if not 0 <= shown_at <= finished_at < 24 * 3600:
        raise ValueError("a place finishes setting after the banker shows, the same day")
    rules = rules or ThirteenRules()
    signal, elapsed = shown_at + SETTING_SECONDS, finished_at - shown_at
    words = {"shown": clock(shown_at), "signal": clock(signal), "done": clock(finished_at),
             "elapsed": minutes_and_seconds(elapsed)}
    ruling = Ruling.PLAYS if sets_in_time(elapsed, rules) else Ruling.LOSES
    reasons = [Reason(Message.of(N_(
        "The banker showed his hand at {shown}: the signal sounds five minutes later, at "
        "{signal}."), **words), ART_2D)]
    if elapsed < SETTING_SECONDS:
        reasons.append(Reason(Message.of(N_(
            "The place finished at {done}, {elapsed} after the banker showed: before the "
            "signal, so its hand plays."), **words), ART_2D))
    elif elapsed > SETTING_SECONDS:
        reasons.append(Reason(Message.of(N_(
            "The place finished at {done}, {elapsed} after the banker showed: after the "
            "signal, so it loses."), **words), ART_2D))
    else:
        reasons.append(Reason(Message.of(_AT_THE_SIGNAL[ruling], **words), HI_13_SIGNAL))
    return ProcedureRuling(ruling, frozenset({Point.FIVE_MINUTES}), tuple(reasons))


#: A place that finishes at the signal itself, by the house's reading (HI-13-SIGNAL).
_AT_THE_SIGNAL = {
    Ruling.LOSES: N_(
        "The place finished at {done}, exactly {elapsed} after the banker showed: at the "
        "signal itself. Art. 2 d) gives five minutes but takes the round from a place that "
        "has not finished before the signal; that sentence, with the penalty, decides: the "
        "place did not finish before the signal, so it loses."),
    Ruling.PLAYS: N_(
        "The place finished at {done}, exactly {elapsed} after the banker showed: at the "
        "signal itself. The house counts a place that finishes at the signal as within the "
        "five minutes, so its hand plays."),
}


def change_after_signal(shown_at: int, finished_at: int, asked_at: int,
                        rules: ThirteenRules | None = None) -> ProcedureRuling:
    """A place that finished setting its cards in time asks at ``asked_at`` to set them
    again (Art. 2 d). Before the signal it is still within its five minutes: allowed. After
    it — at the signal itself too, unless the house lets a place finishing then play
    (HI-13-SIGNAL) — a change would be a setting made after the signal: refused, and the
    hand plays as it was set (Art. 2 d). Times in seconds after midnight."""
    if not 0 <= shown_at <= finished_at <= asked_at < 24 * 3600:
        raise ValueError("a place asks to change its setting after finishing it, after the "
                         "banker shows, the same day")
    rules = rules or ThirteenRules()
    if not sets_in_time(finished_at - shown_at, rules):
        raise ValueError("a place that did not finish setting before the signal has lost: "
                         "it has no setting to change")
    signal, elapsed = shown_at + SETTING_SECONDS, asked_at - shown_at
    words = {"shown": clock(shown_at), "signal": clock(signal), "done": clock(finished_at),
             "asked": clock(asked_at), "elapsed": minutes_and_seconds(elapsed)}
    reasons = [Reason(Message.of(N_(
        "The banker showed his hand at {shown}: the signal sounds five minutes later, at "
        "{signal}."), **words), ART_2D)]
    if sets_in_time(elapsed, rules):
        text = (_CHANGE_BEFORE if elapsed < SETTING_SECONDS else
                _CHANGE_AT_THE_SIGNAL[Ruling.ALLOWED])
        reasons.append(Reason(Message.of(text, **words),
                              ART_2D if elapsed < SETTING_SECONDS else HI_13_SIGNAL))
        return ProcedureRuling(Ruling.ALLOWED, frozenset({Point.FIVE_MINUTES}),
                               tuple(reasons))
    if elapsed == SETTING_SECONDS:
        reasons.append(Reason(Message.of(_CHANGE_AT_THE_SIGNAL[Ruling.REFUSED], **words),
                              HI_13_SIGNAL))
    reasons.append(Reason(Message.of(N_(
        "The place finished setting at {done}, before the signal, and asks at {asked}, "
        "{elapsed} after the banker showed, to set its cards again. Its setting had to be "
        "complete before the signal; a change now would be a setting made after it: refused, "
        "and the hand plays as it was set at the signal."), **words), ART_2D))
    return ProcedureRuling(Ruling.REFUSED, frozenset({Point.FIVE_MINUTES}), tuple(reasons))


_CHANGE_BEFORE = N_(
    "The place asks at {asked}, {elapsed} after the banker showed: before the signal, it is "
    "still within its five minutes and may set its cards again.")
#: A change asked at the signal itself, by the house's reading of it (HI-13-SIGNAL).
_CHANGE_AT_THE_SIGNAL = {
    Ruling.REFUSED: N_(
        "The place asks at {asked}, exactly {elapsed} after the banker showed: at the signal "
        "itself, which is not before the signal."),
    Ruling.ALLOWED: N_(
        "The place asks at {asked}, exactly {elapsed} after the banker showed: at the signal "
        "itself. The house counts a setting finished at the signal as within the five "
        "minutes, so the place may still set its cards again."),
}


class Act(StrEnum):
    """What a player does with the places (Art. 3) or another's place (Art. 5)."""

    SECOND_PLACE = "second-place"
    CHANGE_PLACE = "change-place"
    CARDS_AWAY = "cards-away"
    OTHER_CARDS = "other-cards"
    SUGGESTS = "suggests"
    TAKES_CARDS = "takes-cards"


_ACTS = {
    Act.SECOND_PLACE: (Ruling.ALLOWED, Point.SEVERAL_PLACES,
                       N_("A player may bet on more than one place.")),
    Act.CHANGE_PLACE: (Ruling.REFUSED, Point.NO_CHANGE,
                       N_("Nobody may change place in the middle of a round.")),
    Act.CARDS_AWAY: (Ruling.REFUSED, Point.AT_THE_TABLE,
                     N_("Nobody may hold cards away from the table.")),
    Act.OTHER_CARDS: (Ruling.REFUSED, Point.AT_THE_TABLE,
                      N_("Nobody may hold another place's cards.")),
    Act.SUGGESTS: (Ruling.ALLOWED, Point.SUGGEST,
                   N_("Another bettor on the place may suggest how to set its cards.")),
    Act.TAKES_CARDS: (Ruling.REFUSED, Point.HOLDER,
                      N_("Only the holder of the place's cards sets them; the other bettors "
                         "may only suggest.")),
}


def table_act(act: Act) -> ProcedureRuling:
    """Whether a player may do ``act`` (Art. 3, Art. 5)."""
    ruling, point, text = _ACTS[act]
    steps = [(point, Message.of(text))]
    if act is Act.TAKES_CARDS:
        steps.append((Point.SUGGEST, Message.of(_ACTS[Act.SUGGESTS][2])))
    return _ruling(ruling, *steps, near=_NEAR.get(act, ()))


#: For each act, the points that touch it without deciding it.
_NEAR = {Act.SECOND_PLACE: (Point.NO_BETS,), Act.SUGGESTS: (Point.HOLDER,),
         Act.CHANGE_PLACE: (Point.AT_THE_TABLE,), Act.CARDS_AWAY: (Point.NO_CHANGE,),
         Act.OTHER_CARDS: (Point.HOLDER,)}
