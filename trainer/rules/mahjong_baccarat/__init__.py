"""Mahjong Baccarat, Portaria 15/96/M: tiles, points, who wins, the bank and table settlement.

20 tiles, two each of K, 9, 8, 7, 6, 5, 4, 3, 2, A; ten places including the banker, all
dealt two tiles, counterclockwise from the place the banker's four dice pick (Art. 1–3).

- :mod:`.tiles_and_points` — the tiles, their points and who wins a hand (Art. 1, 6–8);
- :mod:`.dealing` — the place the dice pick and the place each stack goes to (Art. 2.1–2.4);
- :mod:`.settlement` — settling the table within the banker's capital (Art. 5.3, 9);
- :mod:`.cobank` — the casino and players who join the bank (Art. 5.5, HI-MB-COBANK);
- :mod:`.bank` — the banker's next capital and who banks next (Art. 5);
- :mod:`.procedure` — the croupier's rulings on incidents at the table (Art. 2, 4);
- :mod:`.conduct` — places, holders, the capital, co-bankers, opening (Art. 3, 5.3–5.6).
"""

from trainer.rules.mahjong_baccarat.bank import (
    ART_5_1,
    ART_5_2,
    ART_5_4,
    BankTurn,
    NewCapital,
    capital_after_round,
    next_bank,
    next_capital,
)
from trainer.rules.mahjong_baccarat.cobank import (
    ART_5_5,
    CASINO,
    HI_MB_COBANK,
    CoBankSettlement,
    Share,
    settle_cobanked_table,
)
from trainer.rules.mahjong_baccarat.conduct import (
    ART_3_1,
    ART_3_2,
    ART_3_3,
    ART_5_6,
    CONDUCT_POINTS,
    Conduct,
    ConductRuling,
    Holder,
    rule_on_conduct,
    tiles_holder,
)
from trainer.rules.mahjong_baccarat.dealing import (
    ART_2_2,
    ART_2_3,
    ART_2_4,
    Served,
    first_seat,
    served,
)
from trainer.rules.mahjong_baccarat.procedure import (
    ART_2_5,
    ART_2_6,
    ART_2_7,
    ART_2_8,
    ART_4,
    Decision,
    Incident,
    Reorder,
    Ruling,
    rule_on,
    rule_on_new_stake,
    rule_on_reorders,
)
from trainer.rules.mahjong_baccarat.settlement import (
    ART_5_3,
    ART_9,
    HI_MB_COMMISSION,
    HI_SETTLE_ORDER,
    PlaceSettlement,
    TableSettlement,
    banker_commission,
    settle_table,
    settlement_account,
    settlement_order,
)
from trainer.rules.mahjong_baccarat.tiles_and_points import (
    ART_6_1,
    ART_6_2,
    ART_7_1,
    ART_7_2,
    ART_8,
    HI_MB_HIGHER_TILE,
    PLACES,
    TILE_SET,
    Tile,
    Verdict,
    check_deal,
    check_hand,
    compare,
    high_tile,
    parse_tiles,
    points,
)

__all__ = [
    "ART_2_2", "ART_2_3", "ART_2_4", "ART_2_5", "ART_2_6", "ART_2_7", "ART_2_8", "ART_3_1",
    "ART_3_2", "ART_3_3", "ART_4", "ART_5_1", "ART_5_2", "ART_5_3", "ART_5_4", "ART_5_5",
    "ART_5_6", "ART_6_1", "ART_6_2", "ART_7_1", "ART_7_2", "ART_8", "ART_9", "banker_commission",
    "BankTurn", "capital_after_round", "CASINO", "check_deal", "check_hand", "CoBankSettlement",
    "compare", "Conduct", "CONDUCT_POINTS", "ConductRuling", "Decision", "first_seat",
    "HI_MB_COBANK", "HI_MB_COMMISSION", "HI_MB_HIGHER_TILE", "HI_SETTLE_ORDER", "high_tile",
    "Holder", "Incident", "NewCapital", "next_bank", "next_capital", "parse_tiles", "PLACES",
    "PlaceSettlement", "points", "Reorder", "rule_on", "rule_on_conduct", "rule_on_new_stake",
    "rule_on_reorders", "Ruling", "Served", "served", "settle_cobanked_table", "settle_table",
    "settlement_account", "settlement_order", "Share", "TableSettlement", "Tile", "TILE_SET",
    "tiles_holder", "Verdict",
]
