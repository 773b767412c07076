"""A chip form's situation: its typed skill's situation, and which way the money goes.

A chip form (:mod:`questions.chips`) asks its typed skill's question paid in chips, so its
situation is the typed skill's, dealt in whole chips, plus ``in_chips``: the way the money
goes (``"pay"``, ``"collect"``, ``"pay_gross"``; ``"walk"`` for a table settled place by
place). Stored, it is one flat JSON object: the typed situation's keys and ``in_chips``
beside them, as every chip form's answer has been stored since the first one.

:class:`InChipsSituation` holds the two apart: ``typed`` (the typed skill's
:class:`~questions.situation.Situation`) and ``in_chips``. Each chip form reads its stored
situations with :func:`in_chips_situation` of its typed skill's ``situation_type``: the
class that knows which type ``typed`` is read as.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Final, Generic, Literal, Self, TypeVar

from questions.situation import Situation, read_value

#: The key of the way in a chip form's situation.
WAY: Final = "in_chips"
PAY: Final = "pay"
COLLECT: Final = "collect"
#: A win paid gross, its commission taken back in chips (:mod:`questions.chips`).
PAY_GROSS: Final = "pay_gross"
#: A table settled place by place (:mod:`questions.mahjong_baccarat.settlement_in_chips`).
WALK: Final = "walk"
Way = Literal["pay", "collect", "pay_gross", "walk"]

T = TypeVar("T", bound=Situation)


@dataclasses.dataclass(frozen=True)
class InChipsSituation(Situation, Generic[T]):
    """The typed skill's situation, and the way the money goes."""

    #: The typed skill's situation.
    typed: T
    in_chips: Way
    #: The type ``typed`` is read as: each chip form's own class, made by
    #: :func:`in_chips_situation`, says it.
    typed_type: ClassVar[type[Situation]]

    def to_json(self) -> dict[str, Any]:
        if not isinstance(self.typed, Situation):
            raise TypeError(f"a typed situation is a Situation, not {self.typed!r}")
        data = self.typed.to_json()
        if WAY in data:
            raise ValueError(f"a typed situation has no {WAY!r} key: {sorted(data)}")
        return {**data, WAY: self.in_chips}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping):
            raise ValueError(f"{cls.__name__}: expected an object, not {type(data).__name__}")
        if WAY not in data:
            raise ValueError(f"{cls.__name__}: missing keys [{WAY!r}]")
        rest = {key: value for key, value in data.items() if key != WAY}
        typed: Any = cls.typed_type.from_json(rest)  # the T of this chip form's own class
        return cls(typed, read_value(Way, data[WAY]))


#: Each typed skill's situation type → the situation class of its chip forms (one class
#: per type, so that the situations of two chip forms of one type are alike).
_CLASSES: dict[type[Situation], type[InChipsSituation[Any]]] = {}


def in_chips_situation(typed_type: type[Situation]) -> type[InChipsSituation[Any]]:
    """The situation class of the chip forms of skills whose situation is ``typed_type``."""
    if typed_type not in _CLASSES:

        class Read(InChipsSituation[Any]):
            __doc__ = InChipsSituation.__doc__

        Read.typed_type = typed_type
        Read.__name__ = Read.__qualname__ = f"{typed_type.__name__}InChips"
        _CLASSES[typed_type] = Read
    return _CLASSES[typed_type]
