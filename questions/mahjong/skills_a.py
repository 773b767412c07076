"""Mah-Jong questions on the hand and the table: winning hands and their waits, who takes a
discard, and the fán of a win (Portaria 135/91/M, Art. 4, 5, 6 and 9)."""

from questions.mahjong.claims.claim_calls import RuleTheCalls
from questions.mahjong.claims.claim_options import WhatMayHeClaim
from questions.mahjong.claims.claims import WhoClaims
from questions.mahjong.hands.fan import Fan
from questions.mahjong.hands.waits import Waits

SKILLS_A = (Waits(), WhoClaims(), RuleTheCalls(), WhatMayHeClaim(), Fan())
