"""House rules: every choice the regulations leave to the house, as one settings value.

Each field names the house interpretation (HI-…) in ``RULES.md`` that it settles.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from decimal import ROUND_HALF_UP, Decimal
from typing import Any


@dataclass(frozen=True)
class HouseRules:
    #: HI-MONEY: commissions are exact, then rounded half-up to this unit.
    commission_unit: Decimal = Decimal("0.01")

    def round_commission(self, amount: Decimal) -> Decimal:
        return amount.quantize(self.commission_unit, rounding=ROUND_HALF_UP)

    def to_json(self) -> dict[str, Any]:
        return {name: str(value) if isinstance(value, Decimal) else value
                for name, value in asdict(self).items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HouseRules:
        known = {f.name: f for f in fields(cls)}
        values = {}
        for name, value in data.items():
            if name not in known:
                raise ValueError(f"unknown house rule {name!r}")
            values[name] = Decimal(value) if isinstance(known[name].default, Decimal) else value
        return cls(**values)
