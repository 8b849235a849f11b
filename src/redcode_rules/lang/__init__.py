"""The card language: grammar, parsing, layering, the compilers, limits and loading."""
