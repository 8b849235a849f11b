"""Tools that test the engine: random games checked move by move, generated card
files, perft counts."""
