"""Board geometry: boxes, neighbours, lines of sight and movement paths.

A board never changes (a terrain token, D2.14, makes the board of the
moment, another board built once from the printed one and kept:
``of_moment``), so everything that depends only on the map is computed
once: neighbour tables when the board is built, the 8 lines of sight from
a box (cut at islands) the first time that box looks, paths per start,
steps and ships in reach. What depends on ships (blocking
enemies, occupied boxes) is checked against those tables.

Its length is geometry's: boxes, lines, rays and paths precomputed together
because each table is built from the others (the part the compiled build
compiles).
"""

from __future__ import annotations

import enum
import math
from collections import deque
from itertools import compress
from typing import Any, Callable, Iterable, Sequence

import attrs

try:  # the compiled core's types (setup.py); nothing to the interpreter
    import cython
except ModuleNotFoundError:
    from ..base import cython_shim as cython

OPEN, ISLAND, CURRENT = ".", "#", "~"


class Terrain(str, enum.Enum):
    """What a terrain token makes its box while it lies there (D2.14), as a
    card file writes it (``terrain running``); its cell is ``cell``."""

    OPEN = "open"
    RUNNING = "running"
    ISLAND = "island"

    @property
    def cell(self) -> str:
        """The box's character on the board of the moment (R2.2)."""
        return _CELLS[self]

    @property
    def closed(self) -> int:
        """How closed the terrain is: where several tokens lie on one box,
        the most closed wins (D2.14): island, then running, then open water."""
        return _CLOSED[self]


_CELLS = {Terrain.OPEN: OPEN, Terrain.RUNNING: CURRENT, Terrain.ISLAND: ISLAND}
_CLOSED = {Terrain.OPEN: 0, Terrain.RUNNING: 1, Terrain.ISLAND: 2}


def with_terrain(cells: str, placed: Iterable[tuple[int, Terrain]]) -> str:
    """``cells`` with each (box, terrain) of ``placed`` applied (D2.14): on a
    box with several, the most closed terrain (``Terrain.closed``)."""
    made: dict[int, Terrain] = {}
    for box, kind in placed:
        if box not in made or kind.closed > made[box].closed:
            made[box] = kind
    if not made:
        return cells
    out = list(cells)
    for box, kind in made.items():
        out[box] = kind.cell
    return "".join(out)

#: The most running-water boxes a board may hold: a whole row of the board
#: (the base game's 4 running-water cards hold 6). Each running-water box a
#: move can enter can double the paths the walk keeps apart (docs/design.md,
#: "Moves along a path"): with 8, clustered as they may, a move of
#: ``MAX_MOVE`` lists within 0.2 s; 10 clustered ones reach 20,000 outcomes.
MAX_RUNNING_WATER = 8
#: The most voluntary steps of one move, whatever changes it (D4.6): the
#: compiler's bound on ``move N`` and the engine's on a move changed by
#: ``modify movement`` (model/modifiers.py), one number. The base game's longest
#: move is 3 (evasion). A move's outcomes are listed by walking every path,
#: exactly; with 8 running-water boxes the worst listing of a move of 3 takes
#: 0.2 s on a board of 8x6 or 26x26 boxes, of 4 1.2 s, of 6 up to 12 s (the
#: outcome search then used, with a budget that left legal moves unlisted).
MAX_MOVE = 3
DIRECTIONS_8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
DIRECTIONS_4 = ((0, -1), (-1, 0), (1, 0), (0, 1))
#: The straight lines from a box a card may name (D2.10): all 8, the row's 2,
#: the column's 2, the diagonals' 4.
AXES = {"line": DIRECTIONS_8, "row": ((-1, 0), (1, 0)), "column": ((0, -1), (0, 1)),
        "diagonal": ((-1, -1), (1, -1), (-1, 1), (1, 1))}


def box_name(index: int, width: int = 8) -> str:
    """`a1` is the top-left box; columns are letters, rows numbers (R2.1)."""
    return "abcdefghijklmnopqrstuvwxyz"[index % width] + str(index // width + 1)


def parse_box(name: str, width: int = 8, height: int = 6) -> int | None:
    """Index of a box name such as `c4`, or None if it is not on the board.

    Only ASCII names ``[a-z][1-9][0-9]*`` are names (R2.1): other digits
    (``a²``, ``c①``, ``a₁``) and rows longer than any board's are not boxes.
    """
    if not (2 <= len(name) <= 1 + len(str(height))) or not name.isascii():
        return None
    col = ord(name[0]) - ord("a")
    digits = name[1:]
    if not digits.isdigit() or digits[0] == "0":
        return None
    row = int(digits) - 1
    if not (0 <= col < width and 0 <= row < height):
        return None
    return row * width + col


class _PathCache:
    """Move outcomes and listing texts of one board, bounded by the number of
    paths they hold, not by entries: one entry of a long move on an open board
    holds every box of it times its running-water variants. A game touches a
    few hundred entries of a few dozen paths each; past ``LIMIT`` paths the
    cache starts again.
    """

    __slots__ = ("outcomes", "texts", "stored")
    LIMIT = 100_000

    def __init__(self) -> None:
        self.outcomes: dict = {}
        self.texts: dict = {}
        self.stored = 0

    def store(self, table: dict, key: tuple, value: object, size: int) -> None:
        """Keep ``value`` (``size`` paths) under ``key`` in ``table``."""
        if self.stored + size > self.LIMIT:
            self.outcomes.clear()
            self.texts.clear()
            self.stored = 0
        table[key] = value
        self.stored += size


def _names(board: Board) -> tuple[str, ...]:
    return tuple(box_name(i, board.width) for i in range(board.width * board.height))


def _neighbours(board: Board) -> tuple[tuple[int, ...], ...]:
    """The navigable boxes one step from each box (D2.6: 8 directions, or 4)."""
    w, h, cells = board.width, board.height, board.cells
    dirs = DIRECTIONS_8 if board.step_dirs == 8 else DIRECTIONS_4
    near = []
    for i in range(w * h):
        x, y = i % w, i // w
        near.append(tuple((y + dy) * w + x + dx for dx, dy in dirs
                          if 0 <= x + dx < w and 0 <= y + dy < h
                          and cells[(y + dy) * w + x + dx] != ISLAND))
    return tuple(near)


def _exits(board: Board) -> tuple:
    """Per box, its neighbours in name order as (box, " name", running water,
    its bit if a box of effect else 0): what the path walkers read."""
    names, cells, effects = board.names, board.cells, board.effects
    return tuple(tuple((n, " " + names[n], cells[n] == CURRENT, effects & (1 << n))
                       for n in sorted(near, key=names.__getitem__))
                 for near in board.neighbours)


def _current_mask(board: Board) -> int:
    return sum(1 << i for i, cell in enumerate(board.cells) if cell == CURRENT)


def _per_box(board: Board) -> list:
    """A table filled per box when first needed (lines of sight: a game looks
    from a few dozen boxes, and building a board is per game)."""
    return [None] * (board.width * board.height)


def _derived(compute, shown: bool = False) -> Any:
    """A field computed from the fields before it when the board is built
    (attrs runs it in ``__init__``, so the frozen board is never mutated)."""
    return attrs.field(init=False, repr=shown, default=attrs.Factory(compute, takes_self=True))


@attrs.frozen(eq=False)
class Board:
    """A map of boxes with its precomputed tables.

    ``cells`` holds one character per box (R2.2). ``starts`` maps a side to
    the boxes of its start card (D2.7). ``step_dirs`` is 8 (D2.6) or 4. The
    tables after them are computed from these when the board is built.
    """

    width: int
    height: int
    cells: str
    starts: dict[str, tuple[int, ...]]
    start_cards: dict[str, str]
    step_dirs: int = 8
    #: D2.16: its moves take every voluntary step in one direction (the
    #: view of ``straight``); running water's forced steps go any way (R2.5).
    straight: bool = False
    names: tuple[str, ...] = _derived(_names, shown=True)
    neighbours: tuple[tuple[int, ...], ...] = _derived(_neighbours, shown=True)
    # box name → index
    lookup: dict = _derived(lambda board: {name: i for i, name in enumerate(board.names)})
    # boxes of effect: a box something reacts to when a move passes through
    # it, so two paths to one box are one move only if they enter the same
    # ones. None, in the rules and the card language: a token's or a
    # trigger's ``enters`` reacts to the box a move ends on (state_ops
    # ``move``), and running water acts only by forcing steps, which decide
    # where a path may go (the walk), not what it leaves behind. So a move is
    # one per end box; a rule that reacted to a box passed would set its bit.
    effects: int = _derived(lambda board: 0)
    _exits: tuple = _derived(_exits)
    _current: int = _derived(_current_mask)  # mask of running water
    _rays: list = _derived(_per_box)
    _sight: list = _derived(_per_box)
    _reach: dict = attrs.field(init=False, factory=dict, repr=False)
    _cache: _PathCache = attrs.field(init=False, factory=_PathCache, repr=False)
    _views: dict = attrs.field(init=False, factory=dict, repr=False)
    _moments: dict = attrs.field(init=False, factory=dict, repr=False)
    _fields: dict = attrs.field(init=False, factory=dict, repr=False)
    #: The most visual fields one board keeps (``visual_field``): a box, a
    #: reach and the lines an enemy ship cuts; past this many, kept anew.
    FIELDS = 4096
    #: The most boards of the moment one printed board keeps (D2.14): a
    #: terrain token changes a box or two, so a game meets a few cell strings;
    #: past this many the boards are built again as they come.
    MOMENTS = 16

    def of_moment(self, cells: str) -> Board:
        """The board of the moment (D2.14): this printed board with ``cells``
        (its terrain tokens applied), with tables of its own; itself when
        they are its own cells. Built once per cell string and kept (at most
        ``MOMENTS``), so no table is computed again while the sea stays."""
        if cells == self.cells:
            return self
        moments = self._moments
        board = moments.get(cells)
        if board is None:
            if len(moments) >= self.MOMENTS:
                moments.clear()
            board = moments[cells] = Board(self.width, self.height, cells, self.starts,
                                           self.start_cards, self.step_dirs)
        return board

    def calm(self) -> Board:
        """The board as a ship that ignores running water moves on it (D2.13):
        its running water read as open water, so a move walks it with no
        forced step. Built once, then kept."""
        view = self._views.get("calm")
        if view is None:
            view = self._views["calm"] = Board(
                self.width, self.height, self.cells.replace(CURRENT, OPEN), self.starts,
                self.start_cards, self.step_dirs)
        return view

    def straight_view(self) -> Board:
        """The board as a straight move walks it (D2.16): the same boxes, its
        paths only those whose voluntary steps all go one direction, running
        water's forced steps any way (R2.5). A view of its own, so its path
        cache keeps straight outcomes apart. Built once, then kept."""
        view = self._views.get("straight")
        if view is None:
            view = self._views["straight"] = Board(
                self.width, self.height, self.cells, self.starts, self.start_cards,
                self.step_dirs, True)
        return view

    def over_islands(self) -> Board:
        """The board as a card that sees over islands looks at it (D2.12): its
        islands read as open water, for the visual field only (islands still
        block moves, which keep walking this board). Built once, then kept."""
        view = self._views.get("over_islands")
        if view is None:
            view = self._views["over_islands"] = Board(
                self.width, self.height, self.cells.replace(ISLAND, OPEN), self.starts,
                self.start_cards, self.step_dirs)
        return view

    def covered(self, boxes: tuple[int, ...]) -> Board:
        """The board as sight reads it while cover lies on ``boxes`` (D2.23):
        those boxes read as islands, for the visual field only (moves keep
        walking the board itself). Built once per set of boxes, then kept."""
        key = ("covered", boxes)
        view = self._views.get(key)
        if view is None:
            cells = list(self.cells)
            for box in boxes:
                cells[box] = ISLAND
            view = self._views[key] = Board(
                self.width, self.height, "".join(cells), self.starts, self.start_cards,
                self.step_dirs)
        return view

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

    def lines(self, origin: int, axis: str, reach: int) -> tuple[int, ...]:
        """The boxes of the straight lines of ``axis`` (``AXES``) from
        ``origin``, at most ``reach`` on each, cut at islands (D2.10): the
        rays of the visual field, without the ships that stop sight."""
        w = self.width
        x, y = origin % w, origin // w
        keep = AXES[axis]
        return tuple(box for ray in self.rays(origin)
                     if (ray[0] % w - x, ray[0] // w - y) in keep for box in ray[:reach])

    @property
    def size(self) -> int:
        """Number of boxes (48 on the standard 6×8 board)."""
        return self.width * self.height

    def name(self, index: int) -> str:
        """The box name of an index: 0 → `a1` (R2.1)."""
        return self.names[index]

    def index(self, name: str) -> int | None:
        """Index of a box name (``"c4"``), or None if it names no box of this board."""
        return self.lookup.get(name) if isinstance(name, str) else None

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

    def map_corner(self, box: int) -> bool:
        """Whether ``box`` is the top-left box of a map card (D2.7: 2×2 cards
        laid from a1, so its column and row are odd-numbered), D2.19."""
        return box % self.width % 2 == 0 and box // self.width % 2 == 0

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

    def visual_field(self, origin: int, positions: Sequence[int | None], viewer_side: str,
                     sides: Sequence[str], reach: int) -> tuple[int, ...]:
        """The boxes of the visual field of a ship at ``origin`` within
        ``reach`` (R4.3), in board order: the 8 lines (``rays``, cut at
        islands), each cut just after the enemy ship ``in_sight`` sees on it
        (the one statement of who blocks). The ship's own box is not on the
        lines (it may still target itself, R4.2).

        Kept by the box, the reach and the cuts (``FIELDS`` of them): a
        field depends on the ships only where an enemy cuts a line, and
        the same tuple comes back for the same field, which a reader may
        key by its identity (the observation tensor's slices)."""
        cut: dict[int, int] = {}
        for dist, seat in self.in_sight(origin, positions, viewer_side, sides):
            if sides[seat] != viewer_side:
                line = self._sight[origin][positions[seat]][0]
                cut[line] = min(cut.get(line, dist), dist)
        key = (origin, reach, *sorted(cut.items())) if cut else (origin, reach)
        field = self._fields.get(key)
        if field is None:
            if len(self._fields) >= self.FIELDS:
                self._fields.clear()
            field = self._fields[key] = tuple(sorted(
                box for line, ray in enumerate(self.rays(origin))
                for box in ray[:min(reach, cut.get(line, reach))]))
        return field

    def paths(self, start: int, steps: int, occupied: int) -> tuple[str, ...]:
        """The canonical path of every outcome of a move of up to ``steps``
        boxes from ``start`` (see ``outcomes``), as notation (``"c3 d3"``), sorted.

        ``occupied`` is a bit mask of the boxes holding ships.
        """
        return tuple(sorted(self.outcomes(start, steps, occupied).values()))

    def outcomes(self, start: int, steps: int, occupied: int) -> dict[tuple[int, int], str]:
        """Every outcome of a move from ``start``, with its canonical path.

        A legal path (D4.6: 1..N voluntary steps to free, navigable
        neighbours; R2.5: entering running water forces one more step, chosen
        by the mover, D2.5c, to a box not yet entered, D2.5a, the bonus lost
        if there is none; D2.5d: no box entered twice) has an *outcome*: its
        end box and the mask of boxes of effect it entered (``effects``).
        Paths with the same outcome are one move, written as its canonical
        path: the shortest, then the one whose notation sorts first.

        Cached per start, steps and the ships within reach (the map never
        changes during a game); the cache is bounded by the paths it holds.
        """
        return {(key & 0xFFFF, key >> 16): text
                for key, text in self._found(start, steps, occupied).items()}

    def _found(self, start: int, steps: int, occupied: int,
               reach: int | None = None) -> dict[int, str]:
        """``outcomes`` keyed by one integer, ``entered << 16 | end``, as cached."""
        if reach is None:
            reach = occupied & self._reach_mask(start, steps)
        key = (start, steps, reach)
        found = self._cache.outcomes.get(key)
        if found is None:
            found = _straight(self, start, steps, reach | (1 << start)) if self.straight \
                else _by_path(self._exits, start, steps, reach | (1 << start))
            self._cache.store(self._cache.outcomes, key, found, len(found))
        return found

    def can_move(self, start: int, steps: int, occupied: int) -> bool:
        """Whether a move of up to ``steps`` boxes from ``start`` has any
        outcome (D4.6): whether a card that moves the ship may be declared.
        A step to any free neighbour is one: on running water the forced
        step goes on if it can, and the bonus is lost if not (D2.5a), so no
        path need be walked."""
        return steps > 0 and any(not occupied >> n & 1 for n in self.neighbours[start])

    def path_texts(self, prefix: str, start: int, steps: int,
                   occupied: int) -> tuple[str, ...]:
        """``prefix``, a space and each path of ``paths``, sorted (a space sorts
        before any box name). The move generator's form: a listing shares the
        tuple, and finds a notation in it by bisection (``Listing.find``).
        Cached like ``outcomes``: a tuple of strings, which the garbage
        collector stops tracking.
        """
        reach = occupied & self._reach_mask(start, steps)
        key = (prefix, start, steps, reach)
        texts = self._cache.texts.get(key)
        if texts is None:
            prefix += " "
            texts = tuple(sorted([prefix + path for path in
                                  self._found(start, steps, occupied, reach).values()]))
            self._cache.store(self._cache.texts, key, texts, len(texts))
        return texts

    def push_paths(self, start: int, origin: int, steps: int, occupied: int,
                   away: bool) -> tuple[str, ...]:
        """The paths of a push (``away``) or a pull of up to ``steps`` boxes
        from ``start`` along the line from box ``origin`` (D4.21), as
        notation, sorted: every voluntary step the one way of the board's
        (8 or 4, D2.6) nearest to that line (each of two as near), as far as
        it goes (``_one_way``: running water's forced steps as a straight
        move takes them); none when even its first step is blocked
        (``occupied``: the boxes it may not enter)."""
        w = self.width
        dx, dy = start % w - origin % w, start // w - origin // w
        if not away:
            dx, dy = -dx, -dy
        dirs = DIRECTIONS_8 if self.step_dirs == 8 else DIRECTIONS_4

        def nearness(way: tuple[int, int]) -> float:
            return (way[0] * dx + way[1] * dy) / math.hypot(*way)
        best = max(map(nearness, dirs))
        found: set[tuple[int, ...]] = set()

        def stop(box: int, entered: int, path: tuple[int, ...], on: bool) -> None:
            if not on:  # as far as it goes: only where it can go no farther
                found.add(path)
        for way in dirs:
            if best - nearness(way) < 1e-9:
                _one_way(self, start, way, steps, occupied | 1 << start, stop)
        return tuple(sorted(" ".join(self.names[b] for b in path) for path in found))

    def outcome_of(self, start: int, steps: int, occupied: int,
                   path: Sequence[int]) -> tuple[int, int] | None:
        """The outcome (end box, boxes of effect entered) of ``path`` if it is a
        legal move of up to ``steps`` boxes from ``start``, else None.

        Checks a path as written, rule by rule (the same rules as
        ``outcomes``): how ``play`` accepts any legal path to a listed move.
        """
        blocked = occupied | (1 << start)
        current = self._current
        neighbours = self.neighbours
        at, voluntary, forced, entered = start, 0, False, 0
        way = None  # D2.16: the one direction of a straight move's voluntary steps
        for box in path:
            if box not in neighbours[at] or blocked >> box & 1:
                return None
            if not forced:
                voluntary += 1
                if self.straight:
                    step = self._direction(at, box)
                    if way is not None and step != way:
                        return None
                    way = step
            blocked |= 1 << box
            entered |= self.effects & (1 << box)
            forced = bool(current >> box & 1)
            at = box
        if not path or voluntary > steps:
            return None
        if forced and any(not blocked >> n & 1 for n in neighbours[at]):
            return None  # R2.5: a forced step was still possible
        return (at, entered)

    def canonical_path(self, start: int, steps: int, occupied: int,
                       path: Sequence[int]) -> str | None:
        """The canonical path of the move that ``path`` (boxes, in order)
        makes, if it is legal; else None."""
        outcome = self.outcome_of(start, steps, occupied, path)
        if outcome is None:
            return None
        return self._found(start, steps, occupied).get(outcome[1] << 16 | outcome[0])

    def _direction(self, at: int, box: int) -> tuple[int, int]:
        """The direction of a step from ``at`` to its neighbour ``box``."""
        w = self.width
        return (box % w - at % w, box // w - at // w)

    def _reach_mask(self, start: int, steps: int) -> int:
        reach = self._reach.get((start, steps))
        if reach is None:
            reach = self._reach[(start, steps)] = _reachable(self.cells, self.neighbours,
                                                             start, steps)
        return reach


def _straight(board: Board, start: int, steps: int, blocked: int) -> dict:
    """``Board._found`` of a straight move (D2.16): for each direction, every
    path ``_one_way`` walks that way. Few paths (8 directions, at most
    ``MAX_MOVE`` steps, forks only on running water), so plain Python; keyed
    and kept as ``_by_path`` keeps them (the shortest path of an outcome,
    then the first in sort order)."""
    names = board.names
    found: dict = {}

    def keep(box: int, entered: int, path: tuple[int, ...], on: bool) -> None:
        key = entered << 16 | box
        text = " ".join(names[b] for b in path)
        kept = found.get(key)
        if kept is None or (len(path), text) < (kept.count(" ") + 1, kept):
            found[key] = text

    for way in DIRECTIONS_8 if board.step_dirs == 8 else DIRECTIONS_4:
        _one_way(board, start, way, steps, blocked, keep)
    return found


def _one_way(board: Board, start: int, way: tuple[int, int], steps: int, blocked: int,
             stop: Callable[[int, int, tuple[int, ...], bool], None]) -> None:
    """Every path of a move whose voluntary steps all go ``way`` (a straight
    move, D2.16; a push or a pull, D4.21): up to ``steps`` of them, each from
    wherever running water's forced steps left the ship (R2.5; D2.5c: they
    go any way, chosen by the mover, to a box not yet entered; D2.5a: with
    none, the ship stays); no box entered twice (D2.5d; ``blocked``: the
    boxes it may not enter, its own among them). ``stop(box, entered, path,
    on)`` at each box the move may end on (``entered``: the boxes of effect
    entered), ``on`` whether a voluntary step could go on from there."""
    w, h, effects = board.width, board.height, board.effects
    neighbours, current = board.neighbours, board._current

    def onward(box: int, left: int, seen: int) -> int:
        """The box of the next voluntary step from ``box``, or -1."""
        if not left:
            return -1
        x, y = box % w + way[0], box // w + way[1]
        n = y * w + x
        free = 0 <= x < w and 0 <= y < h and n in neighbours[box] and not seen >> n & 1
        return n if free else -1

    def arrive(box: int, left: int, path: tuple[int, ...], seen: int, entered: int) -> None:
        if current >> box & 1:  # R2.5: a forced step, any way, to a box not yet entered
            free = [n for n in neighbours[box] if not seen >> n & 1]
            for n in free:
                arrive(n, left, path + (n,), seen | 1 << n, entered | effects & 1 << n)
            if free:
                return
        n = onward(box, left, seen)
        stop(box, entered, path, n >= 0)
        if n >= 0:
            arrive(n, left - 1, path + (n,), seen | 1 << n, entered | effects & 1 << n)

    n = onward(start, steps, blocked)
    if n >= 0:
        arrive(n, steps - 1, (n,), blocked | 1 << n, effects & 1 << n)


# The path walk and the reach search compiled (setup.py): the decorators make
# them C functions called directly from each other, with C-typed box indexes
# and counts. Masks stay Python ints (boards exceed 64 boxes, so a box shifted
# into a mask, ``1 << n``, stays a Python object). Every loop is bounded (the
# move's steps, at most MAX_MOVE, and the board), so none checks for signals.
@cython.ccall
@cython.locals(cells=str, neighbours=tuple, start=cython.Py_ssize_t, steps=cython.Py_ssize_t,
               cost=list, box=cython.Py_ssize_t, n=cython.Py_ssize_t, here=cython.Py_ssize_t,
               free=cython.bint, at=object)
def _reachable(cells: str, neighbours: tuple, start: int, steps: int) -> int:
    """A mask of boxes containing every box a move from ``start`` could enter.

    0-1 breadth-first search: a step costs 1, except the forced step out of
    running water, which is free (R2.5); visits are ignored, so this is a
    superset, which is all the path cache key needs. A function of the
    module, so that the compiled core types its locals (its decorators).
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
    # the mask by a pass over the costs, its shifts of an untyped ``at``: a
    # Python int, even compiled (a shift of a typed box index would be a C
    # int's, wrong past box 31; masks exceed 64 bits)
    mask = 0
    for at in range(len(cost)):
        if cost[at] <= steps:
            mask |= 1 << at
    return mask


@cython.ccall
@cython.returns(dict)
@cython.locals(exits=tuple, start=cython.Py_ssize_t, steps=cython.Py_ssize_t, blocked=object,
               n=cython.Py_ssize_t, name=str, cur=cython.bint, bit=object, tables=dict,
               found=dict, seen=list, low=object, size=cython.Py_ssize_t, plain=list,
               table=list, box=cython.Py_ssize_t)
def _by_path(exits: tuple, start: int, steps: int, blocked: int) -> dict:
    """``Board._found`` by walking every path (the rules as stated): {outcome:
    canonical path}. Exact, and bounded by ``MAX_MOVE``: a move of at most 3
    boxes has a few thousand paths even through 8 running-water boxes.

    Boxes entered are flags in a list, set and cleared as the walk goes and
    comes back: cheaper than a new integer mask per step. Outcomes are keyed
    by one integer, ``entered << 16 | end`` (``Board._found``). While
    walking, each mask of boxes of effect entered has a table (``_table``):
    the length of the path kept per end box, then (from the end) the path;
    the walk carries its mask's table, looked up only when the mask grows.
    Running water drives the walk (a forced step) whether or not it is a box
    of effect; only boxes of effect make tables.
    """
    if steps == 1:
        return _one_step(exits, start, blocked)
    size = len(exits)
    tables: dict = {}
    seen = [False] * size
    while blocked:
        low = blocked & -blocked
        seen[low.bit_length() - 1] = True
        blocked ^= low
    plain = _table(tables, 0, size)
    for n, name, cur, bit in exits[start]:
        if not seen[n]:
            seen[n] = True
            _walk(exits, tables, _table(tables, bit, size) if bit else plain, n, cur,
                  name[1:], 1, seen, steps - 1, bit)
            seen[n] = False
    found: dict = {}
    boxes = range(size)
    for entered, table in tables.items():
        entered <<= 16
        # the ends reached: the boxes whose text (``table[~box]``, so the
        # texts reversed) is set, picked out by ``compress`` at C speed
        for box in compress(boxes, table[:size - 1:-1]):
            found[entered | box] = table[~box]
    return found


@cython.ccall
@cython.returns(dict)
@cython.locals(exits=tuple, start=cython.Py_ssize_t, blocked=object, n=cython.Py_ssize_t,
               name=str, cur=cython.bint, bit=object, seen=list, low=object, found=dict)
def _one_step(exits: tuple, start: int, blocked: int) -> dict:
    """``_by_path`` of a move of 1 box, most moves listed in a game, without
    its tables: the voluntary step, then forced steps only, each out of
    running water, so every box but the last of a path is running water.
    Paths come in notation order, so an outcome's path is replaced only by a
    shorter one (running water passed is no box of effect: paths of several
    lengths end on one box); one dict keyed as ``Board._found``.
    """
    seen = [False] * len(exits)
    while blocked:
        low = blocked & -blocked
        seen[low.bit_length() - 1] = True
        blocked ^= low
    found: dict = {}
    for n, name, cur, bit in exits[start]:
        if not seen[n]:
            if cur:
                seen[n] = True
                _forced(exits, found, n, name[1:], seen, bit)
                seen[n] = False
            else:
                found[bit << 16 | n] = name[1:]
    return found


@cython.ccall
@cython.locals(exits=tuple, found=dict, box=cython.Py_ssize_t, text=str, seen=list,
               entered=object, n=cython.Py_ssize_t, name=str, cur=cython.bint, bit=object,
               forced=cython.bint, key=object)
def _forced(exits: tuple, found: dict, box: int, text: str, seen: list,
            entered: int) -> None:
    """One running-water box of ``_one_step``: ``text``, entering the boxes of
    effect ``entered``, has just entered ``box`` and must step on (R2.5) to
    a box not yet entered, or ends there if there is none (D2.5a)."""
    forced = False
    for n, name, cur, bit in exits[box]:
        if not seen[n]:
            forced = True
            if cur:
                seen[n] = True
                _forced(exits, found, n, text + name, seen, entered | bit)
                seen[n] = False
            else:
                key = (entered | bit) << 16 | n
                kept = found.get(key)
                if kept is None or kept.count(" ") > text.count(" ") + 1:
                    found[key] = text + name
    if not forced:
        key = entered << 16 | box
        kept = found.get(key)
        if kept is None or kept.count(" ") > text.count(" "):
            found[key] = text


@cython.ccall
@cython.returns(list)
@cython.locals(tables=dict, entered=object, size=cython.Py_ssize_t, table=list)
def _table(tables: dict, entered: int, size: int) -> list:
    """The table of ``_by_path`` for the mask ``entered``, made when first needed."""
    table = tables.get(entered)
    if table is None:
        table = tables[entered] = [size + 1] * size + [None] * size
    return table


@cython.ccall
@cython.locals(exits=tuple, tables=dict, table=list, box=cython.Py_ssize_t,
               current=cython.bint, text=str, length=cython.Py_ssize_t, seen=list,
               left=cython.Py_ssize_t, entered=object, n=cython.Py_ssize_t, name=str,
               cur=cython.bint, bit=object, forced=cython.bint, moves=tuple)
def _walk(exits: tuple, tables: dict, table: list, box: int, current: bool, text: str,
          length: int, seen: list, left: int, entered: int) -> None:
    """One box of ``_by_path``: ``text`` (``length`` boxes, entering the boxes
    of effect ``entered``, kept in ``table``) has just entered ``box``,
    running water if ``current``.

    Paths come in notation order (a path before its extensions, siblings by
    name), so an outcome's first path of a length is the first in sort order
    of that length: a path replaces the kept one only if it is shorter. A
    last step onto a box of no effect, voluntary or forced, is noted, not
    entered (no call for it: most paths of a short move end so).
    """
    moves = exits[box]
    if current:  # R2.5: a forced step to any box not yet entered
        forced = False
        for n, name, cur, bit in moves:
            if not seen[n]:
                forced = True
                if bit:
                    seen[n] = True
                    _walk(exits, tables, tables.get(entered | bit) or
                          _table(tables, entered | bit, len(exits)), n, cur,
                          text + name, length + 1, seen, left, entered | bit)
                    seen[n] = False
                elif left or cur:
                    seen[n] = True
                    _walk(exits, tables, table, n, cur, text + name, length + 1, seen, left,
                          entered)
                    seen[n] = False
                elif length < table[n] - 1:  # a last forced step onto plain water: noted
                    table[n] = length + 1
                    table[~n] = text + name
        if forced:
            return
    if length < table[box]:
        table[box] = length
        table[~box] = text
    if left > 1:
        for n, name, cur, bit in moves:
            if not seen[n]:
                seen[n] = True
                if bit:
                    _walk(exits, tables, tables.get(entered | bit) or
                          _table(tables, entered | bit, len(exits)), n, cur,
                          text + name, length + 1, seen, left - 1, entered | bit)
                else:
                    _walk(exits, tables, table, n, cur, text + name, length + 1, seen,
                          left - 1, entered)
                seen[n] = False
    elif left:
        length += 1
        for n, name, cur, bit in moves:
            if not seen[n]:
                if cur or bit:
                    seen[n] = True
                    _walk(exits, tables, tables.get(entered | bit) or
                          _table(tables, entered | bit, len(exits)), n, cur,
                          text + name, length, seen, 0, entered | bit)
                    seen[n] = False
                elif length < table[n]:
                    table[n] = length
                    table[~n] = text + name
