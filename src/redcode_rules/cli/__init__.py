"""The ``redcode`` command: demo, check, rules, replay, fuzz, play, tournament, balance, print.

This package parses arguments and reports, a module per group of commands
(``main`` runs them); the work is elsewhere (``terminal/session.py`` holds the
terminal game). Bare ``redcode`` lists the commands. No user error
ends in a traceback, and every command follows one rule for its exit code:
2 (usage) when it cannot start with what it was given — a bad option or
value, a file named that cannot be read or is not of its kind — and 1
(failure) when it ran and the answer is no: card files with errors, a
broken invariant, a replay with an illegal move, a file that cannot be
written. Either way one line on stderr; ``--json`` on check, fuzz and replay
prints one JSON document on stdout instead, errors included.
"""

from .main import build_parser, main
from .options import COMMANDS

__all__ = ["COMMANDS", "build_parser", "main"]
