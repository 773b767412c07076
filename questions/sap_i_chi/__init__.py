"""Questions on Sap I Chi (Portaria 9/76)."""

from questions.chips import typed_and_in_chips
from questions.sap_i_chi.draw import Draw
from questions.sap_i_chi.payout import Payout
from questions.sap_i_chi.procedure import Procedure

SKILLS = (*typed_and_in_chips(Payout()), Procedure(), Draw())
