"""House rules: the choices the regulations leave to the house, kept in the store's settings.

The values are :class:`trainer.rules.house.HouseRules`, stored as its JSON under the
setting ``house_rules``. :func:`load_house_rules` is what the quiz reads before it
generates a question; a stored value that cannot be read gives the default rules and a
translated warning, never a crash. Only an instructor saves them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from decimal import Decimal
from enum import StrEnum
from typing import Any

from i18n import N_, Message
from trainer.progress.people.accounts import Actor, require_instructor
from trainer.progress.storage.ledger import store_setting, stored_setting
from trainer.progress.storage.store import Store, StoreError
from trainer.rounds.pars import Pars
from trainer.rules.chips import read_denominations
from trainer.rules.house import HouseRules

SETTING = "house_rules"
#: The rounds' par times (:class:`trainer.rounds.pars.Pars`), beside the house rules and
#: not in them: a question's rules are part of what it is, a round's pace is not. The
#: desktop's own for now: not among the settings a school server shares.
PARS_SETTING = "round_pars"


def read_house_rules(store: Store) -> tuple[HouseRules, Message | None]:
    """The saved house rules and ``None``, or the defaults and why the saved ones were not used."""
    try:
        text = stored_setting(store, SETTING)
    except StoreError as error:
        return HouseRules(), error.message
    if text is None:
        return HouseRules(), None
    try:
        rules = HouseRules.from_json(json.loads(text))
        check_values(rules, HouseRules())
    except (ValueError, TypeError, ArithmeticError) as error:
        return HouseRules(), Message.of(N_(
            "The saved house rules could not be read ({detail}). The trainer uses the "
            "default rules until an instructor saves the house rules again."),
            detail=str(error))
    return rules, None


def load_house_rules(store: Store,
                     on_problem: Callable[[str], None] | None = None) -> HouseRules:
    """The house rules new questions follow; a damaged setting gives the defaults.

    ``on_problem`` receives the translated warning when the saved value is not used.
    """
    rules, problem = read_house_rules(store)
    if problem is not None and on_problem is not None:
        on_problem(str(problem))
    return rules


def read_round_pars(store: Store) -> tuple[Pars, Message | None]:
    """The saved par times and ``None``, or the defaults and why the saved ones were not
    used (as :func:`read_house_rules`)."""
    try:
        text = stored_setting(store, PARS_SETTING)
    except StoreError as error:
        return Pars(), error.message
    if text is None:
        return Pars(), None
    try:
        return Pars.from_json(json.loads(text)), None
    except (ValueError, TypeError) as error:
        return Pars(), Message.of(N_(
            "The saved par times of the rounds could not be read ({detail}). The trainer "
            "uses the default par times until an instructor saves them again."),
            detail=str(error))


def save_round_pars(store: Store, actor: Actor, pars: Pars) -> None:
    """Only an instructor sets the rounds' par times."""
    require_instructor(store, actor)
    store_setting(store, PARS_SETTING, json.dumps(pars.to_json()))


def save_house_rules(store: Store, actor: Actor, rules: HouseRules) -> None:
    """Only an instructor changes the house rules."""
    require_instructor(store, actor)
    check_values(rules, HouseRules())
    store_setting(store, SETTING, json.dumps(rules.to_json()))


def check_values(value: Any, default: Any, name: str = "house rules") -> None:
    """Every value has its default's type (no text where a number belongs) and is usable."""
    if dataclasses.is_dataclass(default):
        for item in dataclasses.fields(default):
            check_values(getattr(value, item.name), getattr(default, item.name), item.name)
        return
    if isinstance(default, StrEnum):
        ok = isinstance(value, type(default))
    elif isinstance(default, Decimal):
        ok = isinstance(value, Decimal) and value.is_finite() and value >= 0
    else:  # bool and int: exactly that type (True is not a number of rounds)
        ok = type(value) is type(default) and (not isinstance(value, int) or value >= 0)
        if ok and name == "denominations":
            read_denominations(value)  # a ChipError (a ValueError) says what is wrong
    if not ok:
        raise ValueError(f"{name} = {value!r}")
