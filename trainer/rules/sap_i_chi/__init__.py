"""Sap I Chi, the game of 12 cards (Portaria 9/76): the board, the bets and their prizes
(bets), the cloth of each round and the card that confirms it (draw), the croupier's
rulings on the bell and void rounds (procedure)."""
