"""A step's verdict in words, and the whole round reviewed at its end.

A verdict says right or wrong (a mark and a colour, so greyscale tells them apart), for a
wrong step the right action; every action said in words (``Grammar.say``) with its text
form small beside it, the reasons, and the article
as a link that opens the rulebook there, as the quiz's explanations do
(:func:`ui.explanation.steps_html`).
"""

from __future__ import annotations

import html

from i18n import N_, Message
from trainer.rounds.actions import Action
from trainer.rounds.play import Mistake, Round, StepVerdict, hint_for
from ui.modes.base import clock_text
from ui.palette import hex_colour
from ui.rulebook.places import place_of


def _link(verdict: StepVerdict) -> str:
    return (f"<a href='{place_of(verdict.article).link}' style='color:{hex_colour('link')}'>"
            f"{html.escape(str(verdict.article.cite()), quote=False)}</a>")


def _form(action: Action) -> str:
    """The action's text form, small and grey beside its words (what the command line and
    the README use)."""
    return (f" <span style='color:{hex_colour('action_quiet')}; font-size:small'>"
            f"({html.escape(str(action))})</span>")


def verdict_line(round_: Round[object], verdict: StepVerdict) -> str:
    """One step's verdict on a line or two: the mark, what was done, the right action, each
    in words (the text form small beside it)."""
    given = round_.grammar.say(verdict.given)
    if verdict.correct:
        said = Message.of(N_("✔ Right: {action}"), action=given)
        return (f"<span style='color:{hex_colour('right_text')}'>{html.escape(str(said))}</span>"
                f"{_form(verdict.given)} · {_link(verdict)}")
    step = round_.steps[verdict.step - 1]
    said = Message.of(N_("✘ Missed: nothing was called") if verdict.mistake is Mistake.MISSED
                      else N_("✘ Wrong: {action}"), action=given)
    right = Message.of(N_("The right action: {expected}."),
                       expected=hint_for(step, round_.grammar))
    return (f"<span style='color:{hex_colour('wrong_text')}'><b>{html.escape(str(said))}</b></span>"
            f"{_form(verdict.given)}<br>"
            f"{html.escape(str(right))}{_form(verdict.expected)} · {_link(verdict)}")


def verdict_html(round_: Round[object], verdict: StepVerdict) -> str:
    """The verdict and, for a wrong step, its reasons: why the right action is right."""
    reasons = "" if verdict.correct else "".join(
        f"<li>{html.escape(str(reason.text))}</li>" for reason in verdict.reasons)
    return verdict_line(round_, verdict) + (f"<ul style='margin-left:-20px'>{reasons}</ul>"
                                            if reasons else "")


def review_html(round_: Round[object], verdicts: list[StepVerdict], taken_ms: int) -> str:
    """The whole round: how many steps were right, the time against par, every step."""
    right = sum(verdict.correct for verdict in verdicts)
    head = Message.of(N_("Round over: {right} of {steps} steps right. Time {time}, par "
                         "{par}."), right=right, steps=len(verdicts),
                      time=clock_text(taken_ms), par=clock_text(round_.par_seconds * 1000))
    items = "".join(f"<li style='margin-bottom:4px'>{verdict_line(round_, verdict)}</li>"
                    for verdict in verdicts)
    # the list indented less than a question's steps, but enough for a round's 2-digit numbers
    return f"<p><b>{html.escape(str(head))}</b></p><ol style='margin-left:-8px'>{items}</ol>"
