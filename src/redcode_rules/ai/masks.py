"""Action masks, one per word node: 1 (int8) for each word legal there.

The action space keeps a decision's word nodes (ai/actions.py), met again
in a game and the next, so an environment that keeps the mask of each node
it meets writes a word's mask once, not at every step. The PettingZoo and
the Gymnasium environments both read their masks here.
"""

from __future__ import annotations

import numpy as np

#: How many nodes' masks are kept (then they are written afresh).
MASKS_KEPT = 4096


class Masks:
    """The masks of the word nodes met, by the id of the node's list of
    actions, held with the mask (so no other list has that id meanwhile)."""

    __slots__ = ("size", "_kept")

    def __init__(self, size: int):
        self.size = size
        self._kept: dict[int, tuple[list[int], np.ndarray]] = {}

    def of(self, actions: list[int]) -> np.ndarray:
        """The mask of a node's ``actions`` (its list, read, never changed):
        a new array each call, the caller's own to change."""
        kept = self._kept.get(id(actions))
        if kept is None:
            if len(self._kept) >= MASKS_KEPT:
                self._kept.clear()
            mask = np.zeros(self.size, np.int8)
            mask[actions] = 1
            kept = self._kept[id(actions)] = (actions, mask)
        return kept[1].copy()

    def none(self) -> np.ndarray:
        """The mask of no legal word (all zeros), for a seat not to move or a
        game over."""
        return np.zeros(self.size, np.int8)
