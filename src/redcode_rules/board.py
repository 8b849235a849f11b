"""Board geometry: boxes, neighbours, lines of sight and movement paths.

A board is fixed for a whole game, so everything that depends only on the
map is computed once: neighbour tables when the board is built, the 8 lines
of sight from a box (cut at islands) the first time that box looks, paths
per start, steps and ships in reach. What depends on ships (blocking
enemies, occupied boxes) is checked against those tables.
"""

from __future__ import annotations

from collections import deque
from itertools import compress
from typing import Any, Sequence

import attrs

OPEN, ISLAND, CURRENT = ".", "#", "~"

#: The most running-water boxes a board may hold: a whole row of the board
#: (the base game's 4 running-water cards hold 6). Each box of effect a move
#: can enter can double its possible outcomes (docs/design.md, "Moves along a
#: path"): with 8, clustered as they may, a move of 6 lists within a second;
#: 10 clustered ones reach 20,000 moves and 13 s.
MAX_RUNNING_WATER = 8
DIRECTIONS_8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
DIRECTIONS_4 = ((0, -1), (-1, 0), (1, 0), (0, 1))


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
    its bit if running water else 0): what the path walkers read."""
    names, cells = board.names, board.cells
    return tuple(tuple((n, " " + names[n], cells[n] == CURRENT,
                        (1 << n) if cells[n] == CURRENT else 0)
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
    names: tuple[str, ...] = _derived(_names, shown=True)
    neighbours: tuple[tuple[int, ...], ...] = _derived(_neighbours, shown=True)
    # box name → index
    lookup: dict = _derived(lambda board: {name: i for i, name in enumerate(board.names)})
    _exits: tuple = _derived(_exits)
    _current: int = _derived(_current_mask)  # mask of running water
    # boxes of effect: entering one changes a move's outcome (R2.5), so two
    # paths are one move only if they enter the same ones. Running water
    # only, today; tokens or triggers on boxes would join this mask.
    effects: int = _derived(lambda board: board._current)
    _rays: list = _derived(_per_box)
    _sight: list = _derived(_per_box)
    _reach: dict = attrs.field(init=False, factory=dict, repr=False)
    _cache: _PathCache = attrs.field(init=False, factory=_PathCache, repr=False)

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
                     sides: Sequence[str], reach: int) -> list[int]:
        """The boxes of the visual field of a ship at ``origin`` within
        ``reach`` (R4.3), in board order: the 8 lines (``rays``, cut at
        islands), each cut just after the enemy ship ``in_sight`` sees on it
        (the one statement of who blocks). The ship's own box is not on the
        lines (it may still target itself, R4.2)."""
        cut: dict[int, int] = {}
        for dist, seat in self.in_sight(origin, positions, viewer_side, sides):
            if sides[seat] != viewer_side:
                line = self._sight[origin][positions[seat]][0]
                cut[line] = min(cut.get(line, dist), dist)
        return sorted(box for line, ray in enumerate(self.rays(origin))
                      for box in ray[:min(reach, cut.get(line, reach))])

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
            blocked = reach | (1 << start)
            if steps <= ENUMERATE_UP_TO:
                found = _by_path(self._exits, start, steps, blocked)
            else:
                paths = _outcomes(self._exits, self.effects, self._current, start, steps,
                                  blocked, self.width, self.step_dirs == 8)
                names = self.names
                found = {entered << 16 | end: " ".join([names[b] for b in path])
                         for (end, entered), path in paths.items()}
            self._cache.store(self._cache.outcomes, key, found, len(found))
        return found

    def can_move(self, start: int, steps: int, occupied: int) -> bool:
        """Whether a move of up to ``steps`` boxes from ``start`` has any
        outcome (D4.6): whether a card that moves the ship may be declared."""
        return bool(self._found(start, steps, occupied))

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
        for box in path:
            if box not in neighbours[at] or blocked >> box & 1:
                return None
            if not forced:
                voluntary += 1
            blocked |= 1 << box
            entered |= self.effects & (1 << box)
            forced = bool(current >> box & 1)
            at = box
        if not path or voluntary > steps:
            return None
        if forced and any(not blocked >> n & 1 for n in neighbours[at]):
            return None  # R2.5: a forced step was still possible
        return (at, entered)

    def canonical_path(self, start: int, steps: int, occupied: int, text: str) -> str | None:
        """The canonical path of the move that the path ``text`` (box names,
        space-separated) makes, if it is legal; else None."""
        lookup = self.lookup
        path = [lookup.get(name) for name in text.split(" ")]
        if None in path:
            return None
        outcome = self.outcome_of(start, steps, occupied, path)
        if outcome is None:
            return None
        return self._found(start, steps, occupied).get(outcome[1] << 16 | outcome[0])

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


#: Moves of up to this many boxes list their outcomes by walking every path
#: (``_by_path``): a few hundred paths, quicker than the outcome search.
ENUMERATE_UP_TO = 3

#: Boxes the exact path searches of one listing may try (``_simple_path``).
#: Never reached on the base game's boards with its cards (moves of 1 to 3);
#: it bounds the time a board crowded with running water can take.
SEARCH_BUDGET = 200_000

#: Paths of at most this many boxes are searched without walk distances.
SHORT_MOVE = 6


def _outcomes(exits: tuple, effects: int, current: int, start: int, steps: int, blocked: int,
              width: int, kings: bool) -> dict:
    """``Board.outcomes`` as box indexes: {(end, effect mask): canonical path}.

    A breadth-first search over walks in the states (box, boxes of effect
    entered): never onto a ship, the start or a box of effect already
    entered, but open water may be crossed twice. In a state the number of
    voluntary steps taken is fixed (the steps so far less one forced step per
    running-water box left), so the first visit is the cheapest and the only
    one kept: states are at most boxes × subsets of boxes of effect in reach,
    each expanded once (polynomial in the move amount and board size for a
    given map). Layers go in notation order and exits in name order, so each
    state's first walk is its shortest, then first-sorting, walk. Walks are a
    superset of paths; every state's walk is then checked as a path (D2.5d,
    and the lost bonus of an end on running water, D2.5a) and, when it is not
    one, the state's path is searched for exactly (``_simple_path``).
    """
    found: dict = {}
    layer: list = []
    for n, _, _, _ in exits[start]:
        if not blocked >> n & 1:
            key = (n, effects & (1 << n))
            found[key] = (n,)
            layer.append((n, key[1], 1, (n,)))
    while layer:
        following: list = []
        for box, entered, voluntary, walk in layer:
            if current >> box & 1:
                spent = voluntary  # R2.5: the forced step comes on top (D4.6)
            elif voluntary < steps:
                spent = voluntary + 1
            else:
                continue
            for n, _, _, _ in exits[box]:
                if blocked >> n & 1 or entered >> n & 1:
                    continue
                key = (n, entered | (effects & (1 << n)))
                if key not in found:
                    longer = walk + (n,)
                    found[key] = longer
                    following.append((n, key[1], spent, longer))
        layer = following
    out: dict = {}
    budget = [SEARCH_BUDGET]
    for key, walk in found.items():
        if _is_path(exits, current, blocked, walk):
            out[key] = walk
        else:
            path = _simple_path(exits, effects, current, start, steps, blocked, key[0], key[1],
                                len(walk), width, kings, budget)
            if path is not None:
                out[key] = path
    return out


def _is_path(exits: tuple, current: int, blocked: int, walk: tuple) -> bool:
    """Whether a walk of ``_outcomes`` is a legal path: no box entered twice
    (D2.5d) and, ending on running water, no free box left for the forced
    step (D2.5a: the bonus is lost)."""
    seen = blocked
    for box in walk:
        if seen >> box & 1:
            return False
        seen |= 1 << box
    end = walk[len(walk) - 1]
    if current >> end & 1:
        for n, _, _, _ in exits[end]:
            if not seen >> n & 1:
                return False
    return True


def _simple_path(exits: tuple, effects: int, current: int, start: int, steps: int,
                 blocked: int, end: int, entered: int, shortest: int, width: int,
                 kings: bool, budget: list) -> tuple | None:
    """The canonical path of the outcome (``end``, ``entered``), or None if no
    legal path has it: a depth-first search over paths up to the longest a
    move can be (every voluntary step plus one forced step per running-water
    box entered but the end) says whether there is one; then iterative
    deepening from the outcome's shortest walk finds the shortest.

    Only for the outcomes whose shortest walk crosses a box twice or ends on
    running water with a free neighbour. Pruned by the walk distance to the
    outcome (``_distances_to``: exact unless the rest of the walk crosses
    the path), the free neighbours of a running-water end (all taken before
    it), and the dead ends met (with the most boxes left that failed, which
    holds for fewer too). ``budget`` holds the boxes the searches of one
    listing may still try (``SEARCH_BUDGET``): past it, no more outcomes of
    this kind are listed.
    """
    if budget[0] <= 0:
        return None
    required = entered & ~(1 << end)
    last_forced = 0
    if current >> end & 1:
        last_forced = 1
        for n, _, _, _ in exits[end]:
            if not blocked >> n & 1:
                if effects >> n & 1 and not entered >> n & 1:
                    return None
                required |= 1 << n
    longest = steps + bin(entered & current).count("1") - last_forced
    if bin(required).count("1") + 1 > longest:  # too many boxes to enter first
        return None
    # walk distances pay off on long moves only: short ones are searched at once
    togo = _distances_to(exits, effects, blocked, end, entered, longest) \
        if longest > SHORT_MOVE else None
    dead: dict = {}
    targets = [b for b in range(required.bit_length()) if required >> b & 1]
    path: list = []
    if not _extend(exits, effects, current, start, steps, end, entered, required, targets,
                   togo, start, blocked, 0, longest, path, dead, width, kings, budget):
        return None
    for length in range(shortest, len(path)):
        shorter: list = []
        if _extend(exits, effects, current, start, steps, end, entered, required, targets,
                   togo, start, blocked, 0, length, shorter, dead, width, kings, budget):
            return tuple(shorter)
    return tuple(path)


def _distances_to(exits: tuple, effects: int, blocked: int, end: int, entered: int,
                  longest: int) -> dict:
    """{(box, boxes of effect entered so far): fewest boxes still to enter}
    for walks that end the outcome (``end``, ``entered``): a breadth-first
    search back from it over the states of ``_outcomes``, up to ``longest``
    boxes (states farther away are missing: no path of the move gets there)."""
    goal = (end, entered)
    togo = {goal: 0}
    layer = [goal]
    depth = 0
    while layer and depth < longest:
        depth += 1
        following: list = []
        for box, got in layer:
            before = got & ~(1 << box)  # the boxes of effect entered before ``box``
            d = togo[(box, got)] + 1
            for n, _, _, _ in exits[box]:
                if blocked >> n & 1 or (effects >> n & 1 and not before >> n & 1):
                    continue
                key = (n, before)
                if key not in togo:
                    togo[key] = d
                    following.append(key)
        layer = following
    return togo


def _distance(a: int, b: int, width: int, kings: bool) -> int:
    """Steps between two boxes on an open board: a lower bound of any path's."""
    dx = abs(a % width - b % width)
    dy = abs(a // width - b // width)
    return (dx if dx > dy else dy) if kings else dx + dy


def _extend(exits: tuple, effects: int, current: int, start: int, steps: int, end: int,
            entered: int, required: int, targets: list, togo: dict | None, at: int, seen: int,
            voluntary: int, left: int, path: list, dead: dict, width: int,
            kings: bool, budget: list) -> bool:
    """One box of ``_simple_path``: the ship is on ``at`` and may enter up to
    ``left`` boxes more; ``path`` grows to the first path in sort order that
    ends the outcome, or this returns False. ``targets`` are the boxes of
    ``required``, for the distance bound."""
    key = (at, seen, voluntary)
    if dead.get(key, -1) >= left:
        return False
    budget[0] -= 1
    if budget[0] < 0 or bin(required & ~seen).count("1") + 1 > left:
        dead[key] = left
        return False
    for box in targets:
        if not seen >> box & 1 and \
                _distance(at, box, width, kings) + _distance(box, end, width, kings) > left:
            dead[key] = left
            return False
    if at != start and current >> at & 1:
        spent = voluntary
    elif voluntary < steps:
        spent = voluntary + 1
    else:
        dead[key] = left
        return False
    got = seen & entered
    for n, _, _, _ in exits[at]:
        if seen >> n & 1 or (effects >> n & 1 and not entered >> n & 1):
            continue
        if n == end:
            if not required & ~seen:
                path.append(n)
                return True
            continue
        if togo is None:
            if _distance(n, end, width, kings) > left - 1:
                continue
        else:
            d = togo.get((n, got | (effects & (1 << n))))
            if d is None or d > left - 1:
                continue
        path.append(n)
        if _extend(exits, effects, current, start, steps, end, entered, required, targets,
                   togo, n, seen | (1 << n), spent, left - 1, path, dead, width, kings, budget):
            return True
        path.pop()
    dead[key] = left
    return False


def _by_path(exits: tuple, start: int, steps: int, blocked: int) -> dict:
    """``Board._found`` of a short move by walking every path (the rules as
    stated, the same result as ``_outcomes``): {outcome: canonical path}.

    Boxes entered are flags in a list, set and cleared as the walk goes and
    comes back: cheaper than a new integer mask per step. Outcomes are keyed
    by one integer, ``entered << 16 | end`` (``Board._found``). While
    walking, each mask of boxes of effect entered has a table (``_table``):
    the length of the path kept per end box, then (from the end) the path;
    the walk carries its mask's table, looked up only when the mask grows.
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


def _one_step(exits: tuple, start: int, blocked: int) -> dict:
    """``_by_path`` of a move of 1 box, most moves listed in a game, without
    its tables: the voluntary step, then forced steps only, each out of
    running water, so every box but the last of a path is running water and
    the outcome (end box, boxes of effect entered) fixes the path's length.
    The first path of an outcome in notation order is then its canonical
    path: no lengths to compare, one dict keyed as ``Board._found``.
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
                if key not in found:
                    found[key] = text + name
    if not forced:
        key = entered << 16 | box
        if key not in found:
            found[key] = text


def _table(tables: dict, entered: int, size: int) -> list:
    """The table of ``_by_path`` for the mask ``entered``, made when first needed."""
    table = tables.get(entered)
    if table is None:
        table = tables[entered] = [size + 1] * size + [None] * size
    return table


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
                elif left:
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
