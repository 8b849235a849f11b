"""Moves as words: a fixed integer action space for learning programs.

A move string (docs/notation.md) is a sequence of words: a keyword, a card,
a ship, a box. Per game configuration (the ruleset's cards, the board's
size, the ship ids) ``ActionSpace`` numbers every word the notation can
write, in a fixed order that depends on neither the seed nor the state, so
a policy over ``space.size`` integers fits every position of every game of
that configuration (docs/notation.md, "Moves as words").

A decision is taken word by word: at each step the legal actions are the
distinct next words of the legal moves that begin with the words chosen so
far (``legal_actions``); when the chosen words are a whole legal move it is
played (``step``). Where a legal move is also the beginning of another
(``movement c3`` and ``movement c3 d3``) the word ``STOP`` ends it, so that
no two legal moves are taken by the same actions.

Speed: the first words of a decision's moves come from its listing's
entries (a move, or the head of a group of moves with paths), each text
tagged with its first word's id once per space; the moves are listed once,
sorted (the moves that begin with some words are one run of the list). A
word node holds its legal actions as a ready list and, per next word, what
it leads to: the move it finishes, the node of the longer prefix, or the
run of its moves, read into a node by a few bisections the first time the
word is taken. So a word step is one dict lookup. The nodes of a decision
of a few moves (most are) are kept by its moves, for every later decision
with the same moves, in this game or another; a longer one's with its
listing (its ``memo``). The space knows the decision it read last by the
object that stands for it (``GameCore._decision_key``), asked once per call
of ``legal_actions``/``step``; an adapter that owns its game keeps its node
between the words (``word_node``, ``advance``) and asks the game nothing
until the move is played.

A wheel compiles this module with Cython (setup.py), as it is but for the
types of ``_scan``'s loop, written here in Cython's pure-Python mode (the
interpreter ignores them): reading a decision's words is loops over local
lists and strings, which compiled code runs without the interpreter's
dispatch (docs/design.md, "Speed").
"""

from __future__ import annotations

from bisect import bisect_left
from operator import index
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple, SupportsIndex

from ..base.errors import IllegalAction, IllegalMove, UnknownWord, quote
from ..base.kinds import MoveKind, Pile, Side
from ..engine.chance import ChanceKind
from ..engine.notation import head_word, words as move_words
from ..rules.board import box_name
from ..rules.effects import ANSWERS, May

try:  # the compiled core's types (setup.py); nothing to the interpreter
    import cython
except ModuleNotFoundError:
    from ..base import cython_shim as cython

if TYPE_CHECKING:
    from ..game import Game
    from ..model.ruleset import Ruleset

#: The word that ends a move which is also the beginning of a longer legal
#: move (``movement c3`` before ``movement c3 d3``): never a word of the notation.
STOP = "."
#: Sorts right after a space: the moves that begin with the words ``w`` are
#: those from ``w`` (included) to ``w + AFTER_SPACE`` (excluded).
AFTER_SPACE = "!"
#: How many configurations (and rulesets) the spaces' cache keeps at once.
KEPT_SPACES = 256
#: Up to this many moves under a prefix, its next words are found in one
#: pass over them rather than by a bisection per word (cheaper for a few).
LINEAR_SCAN = 12
#: How many listed texts (moves, heads of paths) a space keeps the first word of.
KEPT_TEXTS = 100_000
#: Decisions of up to this many legal moves (most: a few cards, a pass) keep
#: their word nodes by the moves themselves, met again in later decisions.
KEPT_MOVES = 32
#: How many such decisions' word nodes a space keeps at once.
KEPT_LISTINGS = 4096


class WordGroup(NamedTuple):
    """A named run of the vocabulary, for its documentation table."""

    name: str
    what: str
    words: tuple[str, ...]


def keywords() -> tuple[str, ...]:
    """The keywords of the notation: every kind of move but a maneuver's own
    use (which begins with the maneuver), the crew sources that are not
    maneuvers (``recover withdrawn``), then the first words of the chance
    player's outcomes (``draw kamikaze``, ``deal atoll``)."""
    return tuple([k.value for k in MoveKind if k is not MoveKind.USE]
                 + [p.value for p in Pile] + [c.value for c in ChanceKind])


def vocabulary_groups(rules: Ruleset, width: int, height: int,
                      ship_ids: Iterable[str] = ()) -> tuple[WordGroup, ...]:
    """The words of a configuration, by group, in their fixed order.

    Boxes come before the cards, so that a card file added on top of an
    edition keeps the ids of the keywords, boxes and ships. Ship ids are
    every ``<side>-<type>`` of the ruleset (the same vocabulary for 1v1,
    2v2 and 3v3), then any other id a scenario gave a ship, in seat order.
    """
    typed = tuple(f"{side.value}-{kind}" for side in Side for kind in rules.ships)
    named = tuple(s for s in ship_ids if s not in typed)
    return (
        WordGroup("stop", "ends a move that begins a longer legal move", (STOP,)),
        WordGroup("keyword", "the notation's keywords, then the chance player's",
                  keywords()),
        WordGroup("box", "every box of the board, row by row", tuple(
            box_name(i, width) for i in range(width * height))),
        WordGroup("ship", "every ship id: each side's ship of each type", typed + named),
        WordGroup("maneuver", "every maneuver, in the ruleset's order", tuple(rules.maneuvers)),
        WordGroup("order", "every order card, in the ruleset's order", tuple(rules.orders)),
        WordGroup("map", "every map card (`deal <map card>`, explicit chance)",
                  tuple(rules.maps)),
        WordGroup("mode", "every mode of a card with modes, in the ruleset's order (D4.15)",
                  _mode_names(rules)),
        # the answers of a ``may`` (D4.16): only for a ruleset with one, after
        # the modes, so no other word's id moves
        *([WordGroup("answer", "the answers of a `may` (`choose yes`, D4.16)", ANSWERS)]
          if _asks(rules) else []),
        # last, and only for a ruleset that rolls or chooses amounts, so no
        # other word's id moves: a roll's faces and the amounts (D4.18, D4.19)
        *([WordGroup("number", "the faces of a roll (`pick 2`, explicit chance, D4.18) and "
                     "the amounts chosen with a card (`fireball 3 …`, D4.19)",
                     tuple(str(n) for n in range(1, _numbers(rules) + 1)))]
          if _numbers(rules) else []),
    )


def _numbers(rules: Ruleset) -> int:
    """The numbers the words need: a roll's faces (D4.18), the amounts a card
    is played with (D4.19)."""
    return max(rules.faces, rules.most_chosen)


def _asks(rules: Ruleset) -> bool:
    """Whether a card of the ruleset has a ``may`` block (D4.16)."""
    return any(type(e) is May for cards in (rules.maneuvers, rules.orders)
               for card in cards.values() for way in card.ways for e in way.effects)


def _mode_names(rules: Ruleset) -> tuple[str, ...]:
    """The names of the modes of the cards (D4.15), each once, maneuvers then
    order cards in the ruleset's order: last, so a card file's modes keep
    every other word's id."""
    names = (m.mode for cards in (rules.maneuvers, rules.orders) for card in cards.values()
             for m in card.modes)
    return tuple(dict.fromkeys(str(n) for n in names))


class _Node(NamedTuple):
    """The legal moves under a prefix of words, and what each next word leads
    to: ``moves[lo:hi]`` of the decision's sorted list begin with ``text``,
    the words of ``prefix``; ``complete`` if ``text`` is one of them;
    ``actions`` the sorted next actions (the list ``legal_actions`` copies);
    ``next`` per next action what it leads to: the move it finishes (a
    ``str``, to play), the node of the longer prefix, or, not read yet, the
    run ``(lo, hi)`` of its moves (a plain tuple). The root's entries are
    found as they are taken; a node's, when it is read (``_scan``). So a
    word step is one lookup in ``next``."""

    moves: list[str]
    prefix: tuple[int, ...]
    text: str
    lo: int
    hi: int
    complete: bool
    actions: list[int]
    next: dict[int, object]


def _node(moves: list[str], prefix: tuple[int, ...], text: str, lo: int, hi: int,
          complete: bool, actions: list[int], next: dict[int, object]) -> _Node:
    """A ``_Node`` made without the named tuple's own ``__new__`` (a Python
    call): a few are made per decision."""
    return tuple.__new__(_Node, (moves, prefix, text, lo, hi, complete, actions, next))


class _Position(NamedTuple):
    """A decision as the space reads it: the object that stands for it
    (``GameCore._decision_key``, held so that its id is never another's),
    its root node, and the nodes of prefixes asked for by their words
    (``_asked``, not reached word by word). Made with ``tuple.__new__``, as
    ``_node``: one per decision."""

    key: object
    root: _Node
    nodes: dict[tuple[int, ...], _Node]


class WordCursor:
    """The word node an environment that owns its game has reached: kept
    between the words of a move (``went_on``), read from the space again
    once the game's decision is another (``GameCore._decision_key``). The
    space is shared by every environment of the configuration in the
    process, and the decision it read last is most often another game's."""

    __slots__ = ("space", "node", "read_at")

    def __init__(self, space: ActionSpace):
        self.space = space
        self.node: _Node | None = None
        self.read_at: object = None  # the decision ``node`` was read at

    def at(self, game: Game, prefix: Sequence[int]) -> _Node:
        """The node of ``prefix`` at the game's current decision."""
        key = game._decision_key()
        if self.read_at is not key or key is None:
            self.node = self.space.word_node(game, prefix)
            self.read_at = game._decision_key()
        return self.node  # type: ignore[return-value]

    def went_on(self, node: _Node) -> None:
        """The node ``advance`` reached, the move going on (the same decision)."""
        self.node = node

    def forget(self) -> None:
        """The move is played (or a new game dealt): read the next node afresh."""
        self.read_at = None


class ActionSpace:
    """The fixed word vocabulary of one configuration, and word-by-word play.

    ``ActionSpace.for_game(game)`` returns the space of the game's
    configuration (made once, then cached); ``words[i]`` is the word of
    action ``i``.
    """

    _cache: dict[tuple, ActionSpace] = {}

    def __init__(self, groups: Sequence[WordGroup], rules: Ruleset | None = None):
        words: list[str] = []
        seen: set[str] = set()
        kept = []
        for group in groups:  # a word in two groups (a card named like a box) is in the first
            new = tuple(w for w in dict.fromkeys(group.words) if w not in seen)
            seen.update(new)
            words.extend(new)
            kept.append(group._replace(words=new))
        self.groups = tuple(kept)
        """The groups of words in id order, each word in one group: a group's
        ids follow the previous group's."""
        self.words: tuple[str, ...] = tuple(words)
        self.size = len(words)
        self._ids = {w: i for i, w in enumerate(words)}
        self.stop = self._ids[STOP]
        self._rules = rules  # kept so that the cache key's id stays its own
        self._first: dict[str, int] = {}  # a listed text's first word's id (``_root``)
        # the root and nodes of a decision of a few moves, by its moves (``_position``)
        self._listings: dict[tuple[str, ...], tuple[_Node, dict]] = {}
        self._last: _Position | None = None  # the decision read last
        self._at: _Node | None = None  # the node of that decision reached last by ``step``
        #: what a reader derives from the nodes and keeps as long as they are
        #: kept (an environment's masks, ai/masks.py): the readers of one
        #: space share it, as they share its nodes
        self.memo: dict[str, object] = {}

    # ------------------------------------------------------------ making
    @classmethod
    def for_game(cls, game: Game) -> ActionSpace:
        """The space of ``game``'s configuration: its ruleset, its board's
        size, its ship ids (cached; the same object for every game of it,
        whatever its team size, unless a scenario named a ship otherwise)."""
        rules, board = game.rules, game.board
        ships = tuple(game.ships)
        key = (id(rules), board.width, board.height, ships)
        space = cls._cache.get(key)
        if space is None:
            space = cls._for(rules, board.width, board.height, ships)
            cls._cache[key] = space
        return space

    @classmethod
    def _for(cls, rules: Ruleset, width: int, height: int, ships: Iterable[str]) -> ActionSpace:
        groups = vocabulary_groups(rules, width, height, ships)
        key = (id(rules), width, height, groups[3].words)
        space = cls._cache.get(key)
        if space is None:
            if len(cls._cache) >= KEPT_SPACES:
                cls._cache.clear()
            space = cls._cache[key] = cls(groups, rules)
        return space

    @classmethod
    def for_rules(cls, rules: Ruleset, ship_ids: Iterable[str] = ()) -> ActionSpace:
        """The space of a ruleset's games on its own board (for an adapter
        that must size its action space before any game exists)."""
        width, height = 2 * rules.options.board_columns, 2 * rules.options.board_rows
        return cls._for(rules, width, height, ship_ids)

    # ------------------------------------------------------------ words
    def id(self, word: str) -> int:
        """The action id of a word; ``UnknownWord`` if it has none."""
        try:
            return self._ids[word]
        except (KeyError, TypeError):
            raise UnknownWord(f"{word!r} is not a word of this action space "
                              f"({self.size} words: keywords, boxes, ships, cards)") from None

    def word(self, i: int) -> str:
        """The word of an action id; ``UnknownWord`` out of range."""
        if not self.is_id(i):
            raise UnknownWord(f"{i!r} is not an action id of this space (0 to {self.size - 1})")
        return self.words[i]

    def _whole(self, action: object) -> int:
        """An action given as another integer type (numpy's) as a plain int;
        ``UnknownWord`` for anything that is not a whole number (``1.5``,
        ``"x"``), which must not be rounded or read as some other action."""
        if not isinstance(action, SupportsIndex):  # floats, text, None
            raise UnknownWord(f"{quote(action)} is not an action id of this space "
                              f"(a whole number from 0 to {self.size - 1})")
        return index(action)

    def is_id(self, i: object) -> bool:
        """Whether ``i`` is an action id of this space (an int, not a bool)."""
        return isinstance(i, int) and not isinstance(i, bool) and 0 <= i < self.size

    def encode(self, move: str) -> tuple[int, ...]:
        """The word ids of a move string (without ``STOP``)."""
        return tuple(self.id(w) for w in move_words(move))

    def decode(self, ids: Iterable[int]) -> str:
        """The move string of word ids (a final ``STOP`` is dropped)."""
        words = [self.word(i) for i in ids]
        if words and words[-1] == STOP:
            words.pop()
        return " ".join(words)

    def rows(self) -> list[tuple[int, str, str]]:
        """(id, word, group) per word, in id order: the documentation table."""
        return [(i, w, group.name) for i, (w, group) in
                enumerate((w, g) for g in self.groups for w in g.words)]

    # ------------------------------------------------------------ play
    def legal_actions(self, game: Game, prefix: Sequence[int] = ()) -> list[int]:
        """The actions legal after ``prefix``: the ids of the distinct next
        words of the legal moves that begin with it, ascending (``STOP`` if
        the prefix is itself a legal move). A new list each call (the
        caller may change it)."""
        return self.word_node(game, prefix).actions.copy()

    def step(self, game: Game, prefix: Sequence[int], action: int) -> tuple[int, ...] | None:
        """Take ``action`` after ``prefix``: the new prefix, or None once the
        words make a whole legal move, which is then played on ``game``.
        ``IllegalAction`` (game unchanged) for an action not legal there."""
        node = self.advance(game, self.word_node(game, prefix), action)
        if node is None:
            return None
        self._at = node  # the prefix the next call most likely asks about
        return node.prefix

    def word_node(self, game: Game, prefix: Sequence[int] = ()) -> _Node:
        """The word node of ``prefix`` at the game's current decision: the
        decision read once (``_position``), the node the last ``step``
        reached found by its prefix, any other by its words. An adapter
        keeps the node it gets and goes on with ``advance``; it reads the
        node's ``actions`` and ``prefix``, never changes them."""
        pos = self._last  # the steps of one move: the decision read last
        if pos is None or pos.key is not game._decision_key():
            pos = self._position(game)
        if not prefix:
            return pos.root
        node = self._at
        if node.prefix is prefix:  # type: ignore[union-attr]
            return node  # type: ignore[return-value]
        if type(prefix) is not tuple:
            prefix = tuple(prefix)
        return pos.nodes.get(prefix) or self._asked(pos, prefix)

    def advance(self, game: Game, node: _Node, action: int) -> _Node | None:
        """Take ``action`` at ``node``, a word node of the game's current
        decision (from ``word_node`` or an earlier ``advance``; the caller keeps it
        while no one else plays on the game, so nothing is asked of the
        game): the node of the longer prefix, or None once the words make a
        whole legal move, which is then played. ``IllegalAction`` (game
        unchanged) for an action not legal there."""
        child = node.next.get(action) if action.__class__ is int else None
        if child is None or child.__class__ is tuple:
            child = self._taken(node, action)
        if child.__class__ is str:
            game.play(child)  # type: ignore[arg-type]
            return None
        return child  # type: ignore[return-value]

    def _taken(self, node: _Node, action: object) -> str | _Node:
        """What ``action`` leads to from ``node`` the first time it is taken
        there (kept in ``node.next``): the root's entries are found by
        bisection, a run of moves is read into its node (``_scan``);
        ``IllegalAction`` for an action that is not legal."""
        if action.__class__ is not int:  # a numpy integer from an adapter: a plain one
            if isinstance(action, bool):
                raise self._illegal(node, action)
            action = self._whole(action)
        child = node.next.get(action)  # type: ignore[call-overload]
        if child is None:
            if action not in node.actions:
                raise self._illegal(node, action)
            word = self.words[action]  # type: ignore[index]
            text = node.text + " " + word if node.prefix else word
            moves = node.moves
            lo = bisect_left(moves, text, node.lo, node.hi)
            hi = bisect_left(moves, text + AFTER_SPACE, lo, node.hi)
            child = moves[lo] if hi - lo == 1 and moves[lo] == text else (lo, hi)
        if child.__class__ is tuple:
            lo, hi = child  # type: ignore[misc]
            word = self.words[action]  # type: ignore[index]
            text = node.text + " " + word if node.prefix else word
            child = self._scan(node.moves, node.prefix + (action,), text, lo, hi)
        node.next[action] = child  # type: ignore[index]
        return child  # type: ignore[return-value]

    def actions_of(self, game: Game, move: str) -> tuple[int, ...]:
        """The actions that play legal ``move`` now, word by word: its words,
        then ``STOP`` if it begins a longer legal move."""
        ids = self.encode(move)
        node = self._node(self._position(game), ids)
        if not node.complete:
            raise IllegalMove(move, game.explain(move) or "not a legal move now",
                              game.legal_moves())
        return ids + (self.stop,) if node.hi - node.lo > 1 else ids

    # ------------------------------------------------------------ the trie
    def _position(self, game: Game) -> _Position:
        """The game's current decision, kept as the one read last. The steps
        check first whether the one read last is still the game's decision
        (the same object, ``GameCore._decision_key``): the steps of one move.

        Its root and the nodes read under it are kept with the legal moves
        (``_listings``: the same moves, the same words; a decision of up to
        ``KEPT_MOVES`` moves, most of them, is met again in this game or
        another and its words are read once), or, for a longer one (paths),
        with its listing (its ``memo``: a small choice's listing handed out
        again)."""
        key, moves, memo, heads = game._listed_moves()  # the decision's own list, no copy
        if len(moves) <= KEPT_MOVES:
            known = tuple(moves)
            kept = self._listings.get(known)
            if kept is None:
                if len(self._listings) >= KEPT_LISTINGS:
                    self._listings.clear()
                kept = self._listings[known] = (self._root(moves, heads()), {})
        else:
            kept = memo.get(self)
            if kept is None:
                kept = memo[self] = (self._root(moves, heads()), {})
        pos = self._last = tuple.__new__(_Position, (key, *kept))
        self._at = kept[0]
        return pos

    def _root(self, moves: list[str], heads: Iterable[str]) -> _Node:
        """The node of no word chosen: the first words of the legal moves,
        read from the listing's entries (``heads``: a move without a path, or
        the head of a group of paths), each text's first word found once."""
        first = self._first
        ids = set(map(first.get, heads))  # each text tagged once: no word split again
        if None in ids:
            ids.discard(None)
            for text in heads:
                if text not in first:
                    word = head_word(text)
                    at = self._ids.get(word)
                    if at is None:
                        raise self._unknown(text, word)
                    if len(first) >= KEPT_TEXTS:
                        first.clear()
                    first[text] = at
                    ids.add(at)
        return _node(moves, (), "", 0, len(moves), False, sorted(ids), {})

    def _node(self, pos: _Position, prefix: tuple[int, ...]) -> _Node:
        """The node of a prefix found by its words (not reached word by word)."""
        if not prefix:
            return pos.root
        node = pos.nodes.get(prefix)
        if node is None:
            moves = pos.root.moves
            text = " ".join([self.word(i) for i in prefix])
            lo = bisect_left(moves, text)
            node = self._scan(moves, prefix, text, lo,
                              bisect_left(moves, text + AFTER_SPACE, lo))
            if node.actions:  # a prefix that leads nowhere is refused each time
                pos.nodes[prefix] = node
        return node

    def _asked(self, pos: _Position, prefix: tuple[int, ...]) -> _Node:
        """The node of a prefix a player is asked to continue: one that begins
        a legal move and is not a whole one already played (``IllegalAction``)."""
        node = self._node(pos, prefix)
        if not node.actions and prefix:
            raise IllegalAction(node.text, f"no legal move begins with {node.text!r} and "
                                "goes on", [], prefix, [])
        return node

    @cython.locals(moves=list, text=str, lo=cython.Py_ssize_t, hi=cython.Py_ssize_t,
                   head=str, complete=cython.bint, start=cython.Py_ssize_t, move=str,
                   end=cython.Py_ssize_t, actions=list, nexts=dict, i=cython.Py_ssize_t,
                   j=cython.Py_ssize_t, run=cython.Py_ssize_t, ends=cython.bint, word=str)
    def _scan(self, moves: list[str], prefix: tuple[int, ...], text: str, lo: int,
              hi: int) -> _Node:
        """The node of the moves ``moves[lo:hi]`` that begin with the words
        ``text`` (``prefix``): one bisection per distinct next word, and what
        each next word leads to (the move it finishes, or its run)."""
        head = text + " " if text else ""
        complete = lo < hi and moves[lo] == text
        start = len(head)
        get = self._ids.get
        if hi - lo == 1 and not complete:  # one move under the prefix: its next word
            move = moves[lo]
            end = move.find(" ", start)
            at = get(move[start:] if end < 0 else move[start:end])
            if at is not None:
                return _node(moves, prefix, text, lo, hi, False, [at],
                             {at: move if end < 0 else (lo, hi)})
        actions = [self.stop] if complete and hi - lo > 1 else []
        nexts: dict[int, object] = {self.stop: text} if actions else {}
        i = lo + 1 if complete else lo
        if hi - i <= LINEAR_SCAN:  # a few moves: one pass, no bisection
            last = None
            at = run = -1
            ends = False
            for j in range(i, hi):
                move = moves[j]
                end = move.find(" ", start)
                word = move[start:] if end < 0 else move[start:end]
                if word != last:  # the moves of one next word are one run
                    if last is not None:
                        nexts[at] = moves[run] if ends and j - run == 1 else (run, j)
                    at = get(word)
                    if at is None:
                        raise self._unknown(move, word)
                    actions.append(at)
                    last, run, ends = word, j, end < 0
            if last is not None:
                nexts[at] = moves[run] if ends and hi - run == 1 else (run, hi)
            i = hi
        while i < hi:
            move = moves[i]
            end = move.find(" ", start)
            word = move[start:] if end < 0 else move[start:end]
            at = get(word)
            if at is None:
                raise self._unknown(move, word)
            actions.append(at)
            j = bisect_left(moves, head + word + AFTER_SPACE, i + 1, hi) if i + 1 < hi else hi
            nexts[at] = move if end < 0 and j - i == 1 else (i, j)
            i = j
        actions.sort()
        return _node(moves, prefix, text, lo, hi, complete, actions, nexts)

    @staticmethod
    def _unknown(move: str, word: str) -> UnknownWord:
        return UnknownWord(f"the legal move {move!r} has the word {word!r}, which is "
                           "not in the action space of this configuration")

    def _illegal(self, node: _Node, action: object) -> IllegalAction:
        prefix = node.prefix
        chosen = repr(node.text) if prefix else "no word"
        if isinstance(action, int) and self.is_id(action):
            word = self.words[action]
            what, written = f"action {action} ({word!r})", f"{node.text} {word}".strip()
        else:
            what, written = f"action {quote(action)}", f"{node.text} <{quote(action)}>".strip()
        nexts = ", ".join(self.words[a] for a in node.actions[:12])
        more = f", … ({len(node.actions)} in all)" if len(node.actions) > 12 else ""
        reason = (f"{what} does not continue a legal move after {chosen}; "
                  f"the next words are {nexts}{more}" if node.actions else
                  "there is no legal move: the game is over")
        return IllegalAction(written, reason, node.moves[node.lo:node.hi], prefix,
                             list(node.actions))
