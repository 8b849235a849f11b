"""The game's random number generator: SplitMix64 on a single integer.

The whole RNG state is one int kept in the game state, so cloning, saving
and undoing a game carry it for free, and the same seed gives the same game
on every Python version and platform (random.Random makes no such promise
for shuffle across versions).
"""

from __future__ import annotations

from typing import MutableSequence, TypeVar

MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """Initial state for a user seed (any int)."""
    return (seed * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & MASK


def next_u64(state: int) -> tuple[int, int]:
    """Advance the state; return (new state, 64 random bits)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def below(state: int, n: int) -> tuple[int, int]:
    """A uniform int in [0, n) (rejection sampling: exact, no modulo bias)."""
    limit = MASK - (MASK + 1) % n
    while True:
        state, r = next_u64(state)
        if r <= limit:
            return state, r % n


def shuffle(state: int, items: MutableSequence[T]) -> int:
    """Fisher–Yates shuffle in place; returns the new state."""
    for i in range(len(items) - 1, 0, -1):
        state, j = below(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
