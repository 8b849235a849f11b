"""Card files (package data): the base cards, the editions and examples."""
