"""Board geometry: boxes, neighbours, lines of sight and movement paths.

A board is fixed for a whole game, so everything that depends only on the
map is computed once: neighbour tables when the board is built, the 8 lines
of sight from a box (cut at islands) the first time that box looks, paths
per start, steps and ships in reach. What depends on ships (blocking
enemies, occupied boxes) is checked against those tables.
"""

from __future__ import annotations

from collections import deque
from typing import Sequence

import attrs

OPEN, ISLAND, CURRENT = ".", "#", "~"
DIRECTIONS_8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
DIRECTIONS_4 = ((0, -1), (-1, 0), (1, 0), (0, 1))


def box_name(index: int, width: int = 8) -> str:
    """`a1` is the top-left box; columns are letters, rows numbers (R2.1)."""
    return "abcdefghijklmnopqrstuvwxyz"[index % width] + str(index // width + 1)


def parse_box(name: str, width: int = 8, height: int = 6) -> int | None:
    """Index of a box name such as `c4`, or None if it is not on the board."""
    if len(name) < 2 or not name[1:].isdigit():
        return None
    col = ord(name[0]) - ord("a")
    row = int(name[1:]) - 1
    if not (0 <= col < width and 0 <= row < height) or name[1] == "0":
        return None
    return row * width + col


@attrs.frozen(eq=False)
class Board:
    """A map of boxes with its precomputed tables.

    ``cells`` holds one character per box (R2.2). ``starts`` maps a side to
    the boxes of its start card (D2.7). ``step_dirs`` is 8 (D2.6) or 4.
    """

    width: int
    height: int
    cells: str
    starts: dict[str, tuple[int, ...]]
    start_cards: dict[str, str]
    step_dirs: int = 8
    names: tuple[str, ...] = attrs.field(init=False)
    neighbours: tuple[tuple[int, ...], ...] = attrs.field(init=False)
    lookup: dict = attrs.field(init=False, repr=False)  # box name → index
    _exits: tuple = attrs.field(init=False, repr=False)
    _rays: list = attrs.field(init=False, repr=False)
    _sight: list = attrs.field(init=False, repr=False)
    _reach: dict = attrs.field(init=False, factory=dict, repr=False)
    _texts: dict = attrs.field(init=False, factory=dict, repr=False)

    def __attrs_post_init__(self) -> None:
        w, h, cells = self.width, self.height, self.cells
        names = tuple(box_name(i, w) for i in range(w * h))
        dirs = DIRECTIONS_8 if self.step_dirs == 8 else DIRECTIONS_4
        neighbours = []
        exits = []
        for i in range(w * h):
            x, y = i % w, i // w
            near = [(y + dy) * w + x + dx for dx, dy in dirs
                    if 0 <= x + dx < w and 0 <= y + dy < h
                    and cells[(y + dy) * w + x + dx] != ISLAND]
            neighbours.append(tuple(near))
            near.sort(key=names.__getitem__)
            exits.append(tuple((n, " " + names[n], cells[n] == CURRENT) for n in near))
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "neighbours", tuple(neighbours))
        object.__setattr__(self, "lookup", {name: i for i, name in enumerate(names)})
        object.__setattr__(self, "_exits", tuple(exits))
        # lines of sight are cast per origin when first needed: a game looks
        # from a few dozen boxes, and building a board is per game
        object.__setattr__(self, "_rays", [None] * (w * h))
        object.__setattr__(self, "_sight", [None] * (w * h))

    def rays(self, origin: int) -> tuple[tuple[int, ...], ...]:
        """The 8 straight lines from ``origin``, nearest box first, each cut at
        the first island (R4.3); empty lines are left out."""
        rays = self._rays[origin]
        if rays is None:
            w, h, cells = self.width, self.height, self.cells
            x, y = origin % w, origin // w
            found = []
            for dx, dy in DIRECTIONS_8:  # the visual field is always 8 lines (R4.3)
                ray = []
                cx, cy = x + dx, y + dy
                while 0 <= cx < w and 0 <= cy < h and cells[cy * w + cx] != ISLAND:
                    ray.append(cy * w + cx)
                    cx, cy = cx + dx, cy + dy
                if ray:
                    found.append(tuple(ray))
            rays = self._rays[origin] = tuple(found)
        return rays

    @property
    def size(self) -> int:
        """Number of boxes (48 on the standard 6×8 board)."""
        return self.width * self.height

    def name(self, index: int) -> str:
        """The box name of an index: 0 → `a1` (R2.1)."""
        return self.names[index]

    def index(self, name: str) -> int | None:
        """The index of a box name, or None if it is not a box of this board."""
        return parse_box(name, self.width, self.height)

    def is_island(self, index: int) -> bool:
        """An island: cannot be entered, blocks the line of sight (R2.3)."""
        return self.cells[index] == ISLAND

    def is_current(self, index: int) -> bool:
        """Running water: entering it forces one more step (R2.5)."""
        return self.cells[index] == CURRENT

    def rows(self) -> list[str]:
        """The map as text, row 1 first (R2.1)."""
        w = self.width
        return [self.cells[r * w:(r + 1) * w] for r in range(self.height)]

    def area(self, top_left: int, w: int, h: int) -> tuple[int, ...] | None:
        """The boxes of a w×h block named by its top-left box, if fully on the board (D7.5)."""
        x, y = top_left % self.width, top_left // self.width
        if x + w > self.width or y + h > self.height:
            return None
        return tuple((y + dy) * self.width + x + dx for dy in range(h) for dx in range(w))

    def in_sight(self, origin: int, positions: Sequence[int | None], viewer_side: str,
                 sides: Sequence[str]) -> list[tuple[int, int]]:
        """(distance, seat) of every ship on the visual field of a ship at ``origin``.

        R4.3: the field is the 8 straight lines, cut at islands (when the
        board was built) and behind an enemy ship, which is itself visible;
        friendly ships do not block. ``positions`` are the ships' boxes by
        seat (None off the board). A few ships on a precomputed box → (line,
        distance) table: cheaper than walking the lines.
        """
        lines = self._sight[origin]
        if lines is None:
            lines = self._sight[origin] = {box: (line, dist)
                                           for line, ray in enumerate(self.rays(origin))
                                           for dist, box in enumerate(ray, 1)}
        found = []
        for seat, box in enumerate(positions):
            if box is not None and box != origin:
                hit = lines.get(box)
                if hit is not None:
                    found.append((hit[0], hit[1], seat))
        if len(found) < 2:
            return [(dist, seat) for _, dist, seat in found]
        return [(dist, seat) for line, dist, seat in found
                if not any(other == line and near < dist and sides[blocker] != viewer_side
                           for other, near, blocker in found)]

    def paths(self, start: int, steps: int, occupied: int) -> tuple[str, ...]:
        """Every legal path of a move of up to ``steps`` boxes from ``start``,
        as its notation: the boxes entered, space-separated (``"c3 d3"``), sorted.

        ``occupied`` is a bit mask of the boxes holding ships. D4.6: 1..N
        voluntary steps to free, navigable neighbours. R2.5: entering running
        water forces one more step, chosen by the mover (D2.5c), which may not
        enter a box visited during the move (D2.5a); with no such box the
        bonus is lost. A path never enters a box twice (voluntary steps follow
        D2.5a too). Only complete paths are listed: a forced step cannot be
        left out.
        """
        return self.path_texts("", start, steps, occupied)

    def path_texts(self, prefix: str, start: int, steps: int,
                   occupied: int) -> tuple[str, ...]:
        """``prefix``, a space and each path of ``paths``, sorted (a space sorts
        before any box name). The move generator's form: a listing shares the
        tuple, and finds a notation in it by bisection (``Listing.find``), so
        no set or dict of thousands of fresh strings is hashed per walk.

        Cached per prefix, start, steps and the ships within reach (the map
        never changes during a game). A tuple of strings, which the garbage
        collector stops tracking: paths can be thousands, and collections
        would otherwise walk them again and again.
        """
        key = (prefix, start, steps, occupied & self._reach_mask(start, steps))
        texts = self._texts.get(key)
        if texts is None:
            if len(self._texts) > 4096:  # a game touches a few hundred; bound memory
                self._texts.clear()
            texts = self._texts[key] = tuple(
                self._walk(prefix, start, steps, key[3] | (1 << start)))
        return texts

    def _walk(self, prefix: str, start: int, steps: int, blocked: int) -> list[str]:
        """The depth-first search behind ``path_texts``; ``blocked`` holds the
        start and the ships.

        The hottest loop of move listing: a move of 3 boxes near running
        water has thousands of paths. The steps out of each box come
        precomputed as (box, " name", running water?) in name order, so the
        paths come out sorted (a path before its extensions, siblings by
        name); a last step onto plain water is appended, not entered; texts
        are built with their prefix, not prefixed afterwards. Boxes entered
        are flags in a list, set and cleared as the search goes and comes
        back: cheaper than a new integer mask per step, and the compiled
        core indexes it directly (board.pxd).
        """
        out: list[str] = []
        exits = self._exits
        seen = [False] * len(exits)
        while blocked:
            low = blocked & -blocked
            seen[low.bit_length() - 1] = True
            blocked ^= low
        for n, name, cur in exits[start]:
            if not seen[n]:
                seen[n] = True
                _enter(exits, out, n, prefix + name if prefix else name[1:], seen, steps - 1, cur)
                seen[n] = False
        return out

    def _reach_mask(self, start: int, steps: int) -> int:
        reach = self._reach.get((start, steps))
        if reach is None:
            reach = self._reach[(start, steps)] = _reachable(self.cells, self.neighbours,
                                                             start, steps)
        return reach


def _reachable(cells: str, neighbours: tuple, start: int, steps: int) -> int:
    """A mask of boxes containing every box a move from ``start`` could enter.

    0-1 breadth-first search: a step costs 1, except the forced step out of
    running water, which is free (R2.5); visits are ignored, so this is a
    superset, which is all the path cache key needs. A function of the
    module, so that the compiled core types its locals (board.pxd).
    """
    cost = [steps + 1] * len(cells)
    cost[start] = 0
    queue = deque([start])
    while queue:
        box = queue.popleft()
        free = box != start and cells[box] == CURRENT
        here = cost[box] if free else cost[box] + 1
        if here > steps:
            continue
        for n in neighbours[box]:
            if cost[n] > here:
                cost[n] = here
                if free:
                    queue.appendleft(n)
                else:
                    queue.append(n)
    mask = 0
    for at in range(len(cost)):  # a Python int, even compiled: masks exceed 64 bits
        if cost[at] <= steps:
            mask |= 1 << at
    return mask


def _enter(exits: tuple, out: list[str], box: int, text: str, seen: list[bool], left: int,
           current: bool) -> None:
    """One box of ``Board._walk``: ``text`` has just entered ``box``.

    A function of the module, not a closure, so that the compiled core
    (board.pxd) calls it directly, without Python's argument passing.
    """
    if current:  # R2.5: a forced step to any box not yet entered
        forced = False
        for n, name, cur in exits[box]:
            if not seen[n]:
                forced = True
                seen[n] = True
                _enter(exits, out, n, text + name, seen, left, cur)
                seen[n] = False
        if forced:
            return
    out.append(text)
    if left > 1:
        for n, name, cur in exits[box]:
            if not seen[n]:
                seen[n] = True
                _enter(exits, out, n, text + name, seen, left - 1, cur)
                seen[n] = False
    elif left:
        for n, name, cur in exits[box]:
            if not seen[n]:
                if cur:
                    seen[n] = True
                    _enter(exits, out, n, text + name, seen, 0, True)
                    seen[n] = False
                else:
                    out.append(text + name)
