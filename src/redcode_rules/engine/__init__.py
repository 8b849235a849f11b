"""The rules at play: the decision machine and stack resolver, its pieces, the move
list, explanations, setting up, chance, and the core game."""
