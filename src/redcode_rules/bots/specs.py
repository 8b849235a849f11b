"""Bots as the command line names them: ``random``, ``greedy``, ``mcts``,
``mcts:hard``, ``mcts:iterations=2000``, ``mcts:seconds=1:rollout=greedy``.

A spec is a bot name and ``:``-separated options (``key=value``, or a level
``easy | normal | hard`` that stands for a budget). It is plain data, so a
tournament can send it to another process and build the bot there with the
seed of its game.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from ..base.errors import UsageError, close_names, did_you_mean, quote
from .players import BOTS, Bot

#: The search levels of ``mcts`` (``redcode play --bots mcts:hard``): an
#: iteration budget each, so a level plays the same game on any machine.
#: About 0.015, 0.07 and 0.25 s of processor time per searched decision
#: on the 2-core development machine (benchmarks/strength.py measures it).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 100},
    "normal": {"iterations": 500},
    "hard": {"iterations": 2000},
}
DEFAULT_LEVEL = "normal"


def _depth(text: str) -> int | None:
    return None if text.lower() in ("none", "end") else int(text)


_KINDS = {int: "whole number", float: "number"}

#: The options each bot takes, with the type that reads a value.
OPTIONS: dict[str, dict[str, Callable[[str], Any]]] = {
    "random": {},
    "greedy": {},
    "mcts": {"iterations": int, "seconds": float, "rollout": str, "depth": _depth,
             "exploration": float},
}


@attrs.frozen
class BotSpec:
    """A bot's name and options, e.g. ``BotSpec("mcts", (("iterations", 500),))``."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def text(self) -> str:
        """The spec as the command line writes it (its name in reports)."""
        return ":".join([self.name] + [f"{k}={v}" for k, v in self.options])

    def __str__(self) -> str:
        return self.text

    def build(self, seed: int) -> Bot:
        """A fresh bot with its own RNG seeded by ``seed``."""
        try:
            return BOTS[self.name](seed=seed, **dict(self.options))
        except ValueError as err:
            raise UsageError(f"bot {quote(self.text)}: {err}") from None


def parse_bot(text: str) -> BotSpec:
    """Read a bot spec; a bad one is a ``UsageError`` that says what is known."""
    name, *parts = [p.strip() for p in text.strip().split(":")]
    if name not in BOTS:
        raise UsageError(f"unknown bot {quote(name)}"
                         + (did_you_mean(close_names(name, BOTS)) or
                            f"; bots are {', '.join(sorted(BOTS))}"))
    known = OPTIONS.get(name, {})
    options: dict[str, Any] = {}
    if name == "mcts" and not any("=" in p and p.split("=")[0] in ("iterations", "seconds")
                                  for p in parts) and not any(p in LEVELS for p in parts):
        options.update(LEVELS[DEFAULT_LEVEL])
    for part in parts:
        if part in LEVELS and name == "mcts":
            options.update(LEVELS[part])
            continue
        key, eq, value = part.partition("=")
        if not eq or key not in known:
            words = [*known, *(LEVELS if name == "mcts" else ())]
            raise UsageError(f"bot {quote(text)}: {name} takes no option {quote(part)}"
                             + (f"; it takes {', '.join(words)}" if words else ""))
        try:
            options[key] = known[key](value)
        except ValueError:
            raise UsageError(f"bot {quote(text)}: {key}={quote(value)} is not a "
                             f"{_KINDS.get(known[key], 'value')}") from None
    if "seconds" in options and "iterations" in options:
        if any(p.startswith("seconds=") for p in parts):
            options.pop("iterations")
        else:
            options.pop("seconds")
    spec = BotSpec(name, tuple(sorted(options.items())))
    spec.build(0)  # a value out of range fails here, not in a worker
    return spec
