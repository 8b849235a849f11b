"""The base every layer may use: errors, reading files, the RNG, the closed sets of words."""
