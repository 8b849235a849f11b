"""Action masks, one per set of legal words: 1 (int8) for each word legal there.

The legal words of a node come back again and again (the same cards in
hand, the same ships to target), in nodes kept by the action space
(ai/actions.py) and in nodes it reads anew for each decision of many
moves (paths). So a mask is kept by its words, the node's list of actions
as a tuple, with the space (``Masks.for_space``), and written once by
whichever environment of the space meets those words first. The
PettingZoo and the Gymnasium environments both read their masks here.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: How many masks are kept (then they are written afresh).
MASKS_KEPT = 4096


class Masks:
    """The masks of the sets of legal words met, by those words (a tuple of
    action ids). Kept by word node instead, about 40% of the masks of 1v1
    games were written again (the nodes of a decision of many moves are
    made anew at each such decision), every one for words met before."""

    __slots__ = ("size", "_kept")

    def __init__(self, size: int):
        self.size = size
        self._kept: dict[tuple[int, ...], np.ndarray] = {}

    @classmethod
    def for_space(cls, space: Any) -> Masks:
        """The masks of ``space``'s sets of legal words (an ``ActionSpace``),
        kept in its ``memo``: every environment of one configuration in a
        process shares them, as it shares the nodes."""
        masks = space.memo.get("masks")
        if masks is None:
            masks = space.memo["masks"] = cls(space.size)
        return masks

    def of(self, actions: list[int]) -> np.ndarray:
        """The mask of a node's legal ``actions``: a new array each call, the
        caller's own to change."""
        key = tuple(actions)
        mask = self._kept.get(key)
        if mask is None:
            if len(self._kept) >= MASKS_KEPT:
                self._kept.clear()
            mask = np.zeros(self.size, np.int8)
            for action in actions:  # a few: quicker than an index array
                mask[action] = 1
            self._kept[key] = mask
        return mask.copy()

    def none(self) -> np.ndarray:
        """The mask of no legal word (all zeros), for a seat not to move or a
        game over."""
        return np.zeros(self.size, np.int8)
