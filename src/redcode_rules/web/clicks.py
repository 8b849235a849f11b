"""A decision's legal moves as clicks: a card or maneuver, then its target
ship or box, then the boxes of its path where a path is chosen.

``pick_tree`` turns ``legal_moves()`` into a tree whose keys are the things
a player clicks on the table (``card:ambush`` in the hand, ``maneuver:torpedo``
on the control card, ``ship:red-destroyer`` or ``box:c3`` on the board, a
``word:pass`` button) and whose nodes may hold a whole move. A move along a
path is reached by its end box; only where several listed moves end on the
same box are the boxes before it asked, in order. Nothing is typed: the page
only ever sends a move string the tree holds, and the server checks it again.
"""

from __future__ import annotations

import enum
from typing import Any, Sequence

import attrs

#: The first words of a move that name what its next word is.
HEADS = {"order": "card", "discard": "card", "respond": "maneuver", "recover": "maneuver",
         "place": "box", "choose": "option"}


class Pick(str, enum.Enum):
    """What a click chooses."""

    CARD = "card"
    MANEUVER = "maneuver"
    SHIP = "ship"
    BOX = "box"
    OPTION = "option"
    WORD = "word"


@attrs.define
class Node:
    """One step of a decision: the move it completes (if any) and what may follow."""

    move: str | None = None
    next: dict[str, Node] = attrs.Factory(dict)

    def as_data(self) -> dict[str, Any]:
        """Plain data for the page's script: ``{"move": ..., "next": {key: node}}``."""
        return {"move": self.move, "next": {k: n.as_data() for k, n in self.next.items()}}

    def at(self, keys: Sequence[str]) -> Node | None:
        node: Node | None = self
        for key in keys:
            node = node.next.get(key) if node is not None else None
        return node


def split(move: str, ships: Sequence[str], is_box) -> tuple[list[str], list[str]]:
    """A move as its click keys before any path, and the boxes of its path."""
    words = move.split()
    head = words[0]
    if head in HEADS:
        kind = "option" if head == "recover" and words[1] == "withdrawn" else HEADS[head]
        keys, rest = [f"{kind}:{words[1]}"], words[2:]
    elif len(words) == 1 and head in ("pass", "end"):
        return [f"{Pick.WORD.value}:{head}"], []
    else:
        keys, rest = [f"{Pick.MANEUVER.value}:{head}"], words[1:]
    boxes: list[str] = []
    for word in rest:
        if word in ships and not boxes:
            keys.append(f"{Pick.SHIP.value}:{word}")
        elif is_box(word):
            boxes.append(word)
        else:
            keys.append(f"{Pick.OPTION.value}:{word}")
    return keys, boxes


def pick_tree(moves: Sequence[str], ships: Sequence[str], is_box) -> Node:
    """The click tree of a decision's moves (see the module's docstring).

    ``is_box(word)``: whether a word names a box of the board."""
    parsed = [(move, *split(move, ships, is_box)) for move in moves]
    ends: dict[tuple[str, ...], int] = {}
    for _, keys, boxes in parsed:
        if boxes:
            end = (*keys, boxes[-1])
            ends[end] = ends.get(end, 0) + 1
    root = Node()
    for move, keys, boxes in parsed:
        path = keys
        if boxes:
            path = [*keys, f"{Pick.BOX.value}:{boxes[-1]}"]
            if ends[(*keys, boxes[-1])] > 1:  # the paths to this box differ: ask them
                path += [f"{Pick.BOX.value}:{b}" for b in boxes[:-1]]
        node = root
        for key in path:
            node = node.next.setdefault(key, Node())
        node.move = move
    return root
