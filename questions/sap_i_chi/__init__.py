"""Questions on Sap I Chi (Portaria 9/76)."""

from questions.sap_i_chi.draw import Draw
from questions.sap_i_chi.payout import Payout
from questions.sap_i_chi.procedure import Procedure

SKILLS = (Payout(), Procedure(), Draw())
