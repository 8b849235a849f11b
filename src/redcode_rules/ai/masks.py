"""Action masks, one per word node: 1 (int8) for each word legal there.

The action space keeps a decision's word nodes (ai/actions.py), met again
in a game and the next, so the mask of each node met is kept with the
space (``Masks.for_space``) and written once, not at every step, by
whichever environment of the space meets it first. The PettingZoo and the
Gymnasium environments both read their masks here.
"""

from __future__ import annotations

from typing import Any

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

    @classmethod
    def for_space(cls, space: Any) -> Masks:
        """The masks of the nodes of ``space`` (an ``ActionSpace``), kept in
        its ``memo``: every environment of one configuration in a process
        shares them, as it shares the nodes."""
        masks = space.memo.get("masks")
        if masks is None:
            masks = space.memo["masks"] = cls(space.size)
        return masks

    def of(self, actions: list[int]) -> np.ndarray:
        """The mask of a node's ``actions`` (its list, read, never changed):
        a new array each call, the caller's own to change."""
        kept = self._kept.get(id(actions))
        if kept is None:
            if len(self._kept) >= MASKS_KEPT:
                self._kept.clear()
            mask = np.zeros(self.size, np.int8)
            for action in actions:  # a few: quicker than an index array
                mask[action] = 1
            kept = self._kept[id(actions)] = (actions, mask)
        return kept[1].copy()

    def none(self) -> np.ndarray:
        """The mask of no legal word (all zeros), for a seat not to move or a
        game over."""
        return np.zeros(self.size, np.int8)
