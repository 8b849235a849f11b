"""The core of a game: a state, the rules it runs on, and the move interface.

``GameCore`` plays moves, and answers what is asked of the position: the
legal moves, why one is not legal, the ships, hands and piles, whose
decision it is. It knows no file format and draws nothing. What it plays
with is in the modules below: the engine on its state (engine/machine.py)
and the move generator (engine/moves.py), its record of the moves played
for undo (engine/history.py), the runs of a move under explicit chance
(engine/chance_runs.py), the views it hands out (engine/views.py). The
public ``Game`` (game.py) adds saves, scenarios, replays, text and pictures
on top, which is why the formats below it can build games of any class
they are given.

Its some 620 lines are one class's: the whole interface of a game, each
method a few lines that hand the work to the modules below.

Its length is the API reference's: playing and asking, each method with the
docstring the reference shows (next to split: the queries apart).
"""

from __future__ import annotations

import copy
from fractions import Fraction
from functools import partial
from typing import Any, Callable, Self, Sequence

import attrs

from ..base.errors import IllegalMove, MalformedMove, NothingToUndo, UnknownName
from ..base.kinds import Decision
from ..i18n.catalog import check_language, ship_display, text
from ..model.ruleset import Modifier, Ruleset
from ..model.state import Event, GameState, ShipState
from ..rules.board import Board
from . import chance_runs
from .chance import CHANCE, ChanceKind, ChanceMode, Explicit
from .chance_runs import ChanceNode, chance_mode
from .explain import Asked, Why, by_id, closest_moves, why
from .hands import DeckInView
from .history import History
from .machine import Engine
from .moves import Listing, MoveCache, MoveGen
from .notation import Move, Notation, normalise, outcome_parts
from .setup import Default, begin, default_teams, make_board, new_state
from .views import EventLog, FrozenList, LogEntry, ShipView

#: What a chance outcome's first word may be (``deal atoll``).
CHANCE_WORDS = frozenset(kind.value for kind in ChanceKind)


class GameCore:
    """A game of Red Code in progress, without its formats (see ``Game``).

    Every decision is a move string in the notation of docs/notation.md, made
    by ``to_move``: ``legal_moves()`` lists them (computed once per state),
    ``play`` applies one or raises ``IllegalMove`` with the rule that forbids
    it, changing nothing, and ``undo`` takes it back. A clone or a game made
    by ``new`` is of the class it was asked of (the public ``Game``).
    """

    __slots__ = ("rules", "state", "_log", "board", "_setup", "_lang", "_eng", "_movegen",
                 "_moves_cache", "_legal", "_history", "_explicit", "_node", "_memo", "_before")

    def __init__(self, rules: Ruleset, state: GameState, log: list[LogEntry] | None = None,
                 board: Board | None = None):
        self.rules = rules
        """The rules the game is played by (shared, never changed by a game)."""
        self.state = state
        self._log: list[LogEntry] = log if log is not None else []
        self.board = board or make_board(state.board, rules, state.start_cards)
        self._eng: Engine | None = None
        self._movegen: MoveGen | None = None
        self._moves_cache = MoveCache()
        self._legal: Listing | None = None
        self._setup: dict[str, Any] | None = None  # how the game began, for replays
        self._history = History()  # the moves played, one record each, for undo
        self._lang: str | None = None  # None: the ruleset's language (see ``lang``)
        # explicit chance: every random event a decision of the chance player
        # (False: sampled, the RNG settles it), and the chance node pending
        self._explicit = False
        self._node: ChanceNode | None = None
        # explicit chance: the state before the move being run (``_run_move``)
        self._before: list = []
        self._memo: dict[str, Any] = {}
        """What is kept of this game to save work, by the modules above the
        core (the information state's lines of history, the tensors) and by
        its engines (who knows the cards in view on top of the deck): never
        copied by ``clone``, never saved, checked by its user against the
        log or the state before use."""

    # ------------------------------------------------------------- records
    @property
    def moves(self) -> list[str]:
        """Every move played, as recorded (the listed notation), oldest first
        (a copy, which refuses changes)."""
        return FrozenList(self._history.moves())

    @moves.setter
    def moves(self, moves: Sequence[str]) -> None:
        """The record of a game a format has built (a save's, a replay's):
        it starts over from these moves, which undo does not take back."""
        self._history = History(moves)

    @property
    def move_count(self) -> int:
        """How many moves are recorded (``len(moves)``, without the copy)."""
        return self._history.count()

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event of the game so far, oldest first, as ``narration``
        tells them: a tuple of copies (``EventLog``), so changing one changes
        nothing of the game."""
        return EventLog(self._log)

    @property
    def setup(self) -> dict[str, Any] | None:
        """How the game began (mode, teams, seed, placement; or its scenario),
        as a replay records it; a copy. None for a position with no start."""
        return copy.deepcopy(self._setup)

    @setup.setter
    def setup(self, setup: dict[str, Any] | None) -> None:
        self._setup = copy.deepcopy(setup)

    # ------------------------------------------------------------- creation
    @classmethod
    def new(cls, rules: Ruleset, mode: str = "war",
            teams: Sequence[Sequence[str]] | Default = Default.TEAMS,
            seed: int = 0, placement: str | None = None, chance: str = "sampled") -> Self:
        """A new game (see ``new_game``)."""
        if teams is Default.TEAMS:
            teams = default_teams(rules, 1, 1)
        if placement is None:
            placement = rules.options.placement
        if chance_mode(chance) is ChanceMode.EXPLICIT:
            return cls._dealt(rules, mode, teams, seed, placement, ())
        game = cls(rules, new_state(rules, mode, teams, seed, placement))
        game._setup = {"mode": mode, "teams": [list(t) for t in teams], "seed": seed,
                       "placement": placement}
        begin(game._engine(), mode)  # R2.8: the ships are placed, or the first turn begins
        return game

    @classmethod
    def _dealt(cls, rules: Ruleset, mode: str, teams: Sequence[Sequence[str]], seed: int,
               placement: str, outcomes: tuple[str, ...]) -> Self:
        """A new game of explicit chance, set up with the ``outcomes`` dealt so
        far (``chance_runs.deal``; the deals so far are in ``moves``)."""
        dealt = chance_runs.deal(rules, mode, teams, seed, placement, outcomes)
        game = cls(rules, dealt.state, dealt.log, dealt.board)
        game._setup = {"mode": mode, "teams": [list(t) for t in teams], "seed": seed,
                       "placement": placement, "chance": ChanceMode.EXPLICIT.value}
        game._explicit = True
        game._node = dealt.node
        return game

    # ------------------------------------------------------------- chance
    @property
    def chance(self) -> str:
        """How random events are settled: "sampled" (the seeded RNG) or
        "explicit" (each is a decision of the chance player)."""
        return (ChanceMode.EXPLICIT if self._explicit else ChanceMode.SAMPLED).value

    def make_explicit(self) -> None:
        """Settle random events by the chance player from now on (a position
        built by hand or loaded, before it is run or played)."""
        if not self._explicit:
            self._explicit = True
            self._eng = self._movegen = None

    @property
    def is_chance_node(self) -> bool:
        """Whether the chance player is to settle a random event now."""
        return self._node is not None

    @property
    def chance_node(self) -> ChanceNode | None:
        """The random event the chance player is to settle now, with the run
        that asked it (its move, its outcomes so far); None elsewhere."""
        return self._node

    def chance_outcomes(self) -> list[tuple[str, Fraction]]:
        """At a chance node, every outcome with its exact probability (they sum
        to 1), sorted; else none."""
        return [] if self._node is None else list(self._node.asked)

    def _run(self, node: ChanceNode, source: Explicit | None = None) -> None:
        """Run a chance node's move (or the run to the first decision) with its
        outcomes, from the state before it when it has any; the game is then
        at the next decision, or at the next chance node. ``source``: what
        answers its events (by default its outcomes, ``Explicit``)."""
        if node.before is None:  # the setup: dealt again
            setup = self._setup or {}
            dealt = chance_runs.deal(self.rules, setup["mode"], setup["teams"], setup["seed"],
                                     setup["placement"], node.outcomes)
            self.state, self.board, self._node = dealt.state, dealt.board, dealt.node
            self._log[:] = dealt.log
            self._eng = self._movegen = None
            self._moves_cache = MoveCache()
            self._legal = None
            return
        if node.outcomes:
            self.state = GameState.restore(node.before)  # type: ignore[attr-defined]
            del self._log[node.log_length:]
        self._legal = None
        play = None if node.move is None else \
            node.play if node.play is not None else self.move_of(node.move)
        asked = chance_runs.run(self._engine(), play, node.seat,
                                source or Explicit(node.outcomes))
        self._node = None if asked is None else attrs.evolve(node, asked=asked)
        self._legal = None

    def rerun_chance(self, before: GameState | None, outcomes: Sequence[str],
                     move: str | None = None, source: Explicit | None = None) -> None:
        """At a chance node: run what asked it again from ``before`` (None: the
        setup, dealt again) with ``outcomes`` in place of its outcomes so far,
        and ``move`` in place of its move if given, recorded in their place.
        What a resample does at a chance node, whose position before the
        move is redealt too (info/resample.py); ``source`` answers the events
        instead of ``outcomes`` (one that follows the cards through the run)."""
        node = self._node
        assert node is not None and len(outcomes) == len(node.outcomes)
        outcomes = tuple(outcomes)
        history = self._history
        moves = history.moves()
        if outcomes:
            moves[len(moves) - len(outcomes):] = outcomes
        if move is not None and move != node.move:
            moves[len(moves) - len(outcomes) - 1] = move
            node = attrs.evolve(node, move=move, play=None)  # parsed again, from ``before``
        history.rename(moves)
        if before is not None:
            self.state = before
            del self._log[node.log_length:]
            self._eng = self._movegen = None
        self._run(attrs.evolve(node, before=None if before is None else before.snapshot(),
                               outcomes=outcomes), source)

    # ------------------------------------------------------------- internals
    def _engine(self) -> Engine:
        """The engine on the current state.

        Undo replaces the state object; the engine's tables (seats, sides,
        ship types) stay right, since a game never changes its seats, so it
        is pointed at the new state rather than rebuilt."""
        eng = self._eng
        if eng is None:
            eng = self._eng = Engine(self.rules, self.board, self.state, self._log)
            if self._explicit:  # explicit chance: asked, never the RNG
                eng.ops.chance = Explicit()
            # who knows each card in view on top of the deck, read from the log
            # (explicit chance's draws, the observation): kept by the game, as
            # its engine is made anew (a deal, a resample's rerun, an undo into
            # the setup, ``make_explicit``)
            in_view = self._memo.get("deck_in_view")
            if in_view is None:
                in_view = self._memo["deck_in_view"] = DeckInView()
            eng.ops.in_view = in_view
        elif eng.state is not self.state or eng.log is not self._log:
            eng.repoint(self.state, self._log)
        return eng

    def _gen(self) -> MoveGen:
        gen = self._movegen
        if gen is not None and gen.state is self.state and gen.eng.log is self._log:
            return gen  # the common case, called twice a move
        eng = self._engine()
        if gen is None:
            gen = self._movegen = MoveGen(eng, self._moves_cache)
        elif gen.state is not eng.state:
            gen.state = eng.state
        return gen

    def move_of(self, text: str) -> Move:
        """The parsed form of a legal move (``KeyError`` if it is not legal now)."""
        listing = self._listing()
        found = listing.find(listing.canonical(normalise(text)))
        if found is None:
            raise KeyError(text)
        return found

    def _listing(self) -> Listing:
        if self._legal is None:
            self._legal = self._gen().legal()
        return self._legal

    # ------------------------------------------------------------- for formats
    @property
    def engine(self) -> Engine:
        """The engine on the current state, for the modules that read the
        position through it (explain, invariants, bots) or set one up
        (scenarios, then ``run_to_decision``)."""
        return self._engine()

    @property
    def notation(self) -> Notation:
        """The game's move notation: a move's text read (``parse``) and written."""
        return self._gen().notation

    @property
    def movegen(self) -> MoveGen:
        """The move generator on the current state (explain asks it what a
        ship sees)."""
        return self._gen()

    def run_to_decision(self) -> None:
        """Run the engine from a position built by hand (a scenario) to the
        first decision a player must make, as ``new`` does for a new game."""
        if self._explicit:
            self._run(ChanceNode(self.state.snapshot(), len(self._log), None, -1, (), ()))
            return
        self._engine().advance()
        self._legal = None

    # ------------------------------------------------------------- the interface
    def legal_moves(self) -> list[str]:
        """Every legal move of ``to_move``, sorted (at a chance node, the outcomes)."""
        if self._node is not None:
            return [outcome for outcome, _ in self._node.asked]
        return list((self._legal or self._listing()).sorted())

    def _listed_moves(self) -> tuple[object, list[str], dict, Callable[[], list[str]]]:
        """The current decision as a program that searches it on every step
        reads it (ai/actions.py): what stands for it (``_decision_key``),
        ``legal_moves()`` without the copy (the decision's own sorted list,
        shared by every call until a move is played: read it, never change
        it), the listing's ``memo`` for what a reader derives from it, and
        how to get its entries' texts (``Listing.heads``: the moves' first
        words are theirs), called only by a reader that has not read them."""
        node = self._node
        if node is not None:
            outcomes = sorted([outcome for outcome, _ in node.asked])
            return node, outcomes, {}, outcomes.copy
        listing = self._listing()
        return listing, listing.sorted(), listing.memo, listing.heads

    def _decision_key(self) -> object | None:
        """What stands for the current decision's legal moves, the same object
        as long as they stay the same: its listing (which a small choice's
        decisions share) or its chance node; None while it is not listed yet.
        A reader of ``_listed_moves`` checks it to know its reading current
        without asking the moves again."""
        node = self._node
        return self._legal if node is None else node

    def is_legal(self, move: str) -> bool:
        """Whether ``play(move)`` would be accepted now (white space folded, any
        legal path to a listed outcome)."""
        if self._node is not None:
            return normalise(str(move)) in self.legal_moves()
        listing = self._listing()
        return listing.canonical(normalise(str(move))) in listing

    def explain(self, move: str, *, shown: bool = False) -> str | None:
        """None if ``move`` is legal now, else why not, citing the rule, in ``lang``.
        Ships are named by id, or with ``shown`` as a screen shows them to a
        player in ``lang`` ("destructor rojo")."""
        found = self._why(move, shown)
        return None if found is None else found.reason

    def _why(self, move: object, shown: bool = False) -> Why | None:
        """None if ``move`` is legal now, else why not and whether it cannot
        even be read (``explain``)."""
        if not isinstance(move, str):
            return Why(text(self.lang, "illegal", "not_string"), True)
        move = normalise(move)
        if self._node is not None:
            if move in self.legal_moves():
                return None
            kind, card = outcome_parts(move)
            return Why(text(self.lang, "illegal", "chance_outcome"),
                       kind not in CHANCE_WORDS or not card or " " in card)
        listing = self._listing()
        if listing.canonical(move) in listing:
            return None
        eng = self.engine
        pending = eng.pending()
        owed = eng.resolver.owed_choice() if pending is not None and \
            pending[0] == Decision.CHOOSE else None
        name = partial(ship_display, lang=self.lang, words=self.rules.words) if shown else by_id
        return why(Asked(self.lang, eng.queries, self.notation, pending, owed, self.legal_moves,
                         name), move)

    def _illegal(self, move: Any) -> IllegalMove:
        """The error for a move that is not legal now: reason, legal moves,
        suggestions; a ``MalformedMove`` for one that cannot be read."""
        legal = self.legal_moves()
        written = move if isinstance(move, str) else repr(move)
        near = closest_moves(normalise(move), legal) if isinstance(move, str) else []
        found = self._why(move)
        assert found is not None  # only asked of a move not legal now
        kind = MalformedMove if found.malformed else IllegalMove
        return kind(written, found.reason, legal, near)

    def play(self, move: str) -> None:
        """Apply one move; ``IllegalMove`` (state unchanged) if it is not legal now.

        A move with a path may take any legal path to a listed outcome; the
        move list, log and replays record the listed text (canonical path).
        """
        if not isinstance(move, str):
            raise self._illegal(move)
        if self._node is not None:
            self._play_outcome(move)
            return
        listing = self._legal or self._listing()  # listed already: the common case
        found = listing.find(move)
        if found is None:  # recorded as listed: white space folded, the canonical path
            written, move = move, listing.canonical(normalise(move))
            found = listing.find(move)
            if found is None:
                raise self._illegal(written)
        self._perform(listing.seat, move, found)

    def legal_move_ids(self) -> list[int]:
        """The legal moves as ids for programs: ``0..n-1``, the indexes of
        ``legal_moves()`` (same order), so ``play_id(i)`` plays
        ``legal_moves()[i]`` (at a chance node, its outcomes)."""
        if self._node is not None:
            return list(range(len(self._node.asked)))
        return list(range(len((self._legal or self._listing()).sorted())))

    def play_id(self, move_id: int) -> None:
        """Play ``legal_moves()[move_id]`` without reading its text: the same
        result as ``play`` of it, recorded the same. ``IllegalMove`` (state
        unchanged) for an id that is not one of ``legal_move_ids()``."""
        listing = None if self._node is not None else self._legal or self._listing()
        texts = self.legal_moves() if listing is None else listing.sorted()
        if type(move_id) is not int or not 0 <= move_id < len(texts):
            written = repr(move_id)
            ids = f"the ids are 0 to {len(texts) - 1} (legal_move_ids)" if texts \
                else "nothing is legal now"
            raise IllegalMove(written, f"no legal move has the id {written}: {ids}", texts)
        move = texts[move_id]
        if listing is None:
            self._play_outcome(move)
            return
        found = listing.find(move)
        assert found is not None  # a listed text is found
        self._perform(listing.seat, move, found)

    def _perform(self, seat: int, move: str, found: Move) -> None:
        """Record and carry out a listed move of ``seat`` (its listed text, its
        parsed form)."""
        history = self._history
        n = len(history.plies)
        history.record(self.state, len(self._log), move)
        self._legal = None
        try:
            if self._explicit:
                self._run_move(seat, move, found)
                return
            self._gen().eng.perform(found, seat)
        except BaseException:
            # an engine bug (or a broken user primitive) must not leave half
            # a move: back to the state before it, saved or replayed
            self._rewind(n)
            raise

    def _run_move(self, seat: int, move: str, found: Move) -> None:
        """Explicit chance: run ``seat``'s listed move (its text, its parsed
        form) on to the next decision, or to the chance node of its first
        random event, which keeps the state before the move to run it again
        from with the outcome played. That state is written, before every
        move, into one list the game reuses (``save_into``); a node, and
        its copy of the state, is made only for a move that stops at one,
        which few do."""
        before = self._before
        before.clear()
        self.state.save_into(before)
        log_length = len(self._log)
        asked = chance_runs.run(self._engine(), found, seat, Explicit())
        if asked is not None:
            self._node = ChanceNode(tuple(before), log_length, move, seat, (), asked, found)

    def _play_outcome(self, outcome: str) -> None:
        """The chance player settles the pending event: the run that asked it
        goes on with this outcome (recorded as a move, undone as one)."""
        node = self._node
        assert node is not None
        outcome = normalise(outcome)
        if outcome not in self.legal_moves():
            raise self._illegal(outcome)
        n = len(self._history)
        self._history.record(self.state, len(self._log), outcome, node)
        try:
            self._run(attrs.evolve(node, outcomes=node.outcomes + (outcome,)))
        except BaseException:
            self._rewind(n)
            raise

    def undo(self) -> str:
        """Take back the last move (python-chess ``pop``); returns it.

        The first undo of a game may replay up to CHECKPOINT_EVERY - 1
        moves from the last state saved; from then on every move's state
        is saved, so undoing again (search's push/pop) replays nothing.
        """
        history = self._history
        if not history:
            raise NothingToUndo("no move to undo: none has been played since the game "
                                "was made or loaded")
        history.dense = True
        move = history.last_move()
        self._rewind(len(history) - 1)
        return move

    def _rewind(self, n: int) -> None:
        """Back to the state before the ``n``-th move of the history.

        Restores the last state saved at or before it and replays the moves
        in between: the engine is deterministic, its RNG in the state. (After
        a crash inside a move, should a replayed move raise too — code
        changed during the game — that error propagates, the game left just
        before that move.) A move an error stopped inside leaves nothing in
        the engine either (``Engine.drop_move``): what its effect had owed
        (a sinking's cards) is not paid by the next move.
        """
        if self._eng is not None:
            self._eng.drop_move()
        cut = self._history.cut(n)
        self.state = cut.state
        if self._explicit:  # the chance node it was at, and its board
            self._node = cut.node
            if self.state.board != self.board.cells:  # undone into the setup
                self.board = make_board(self.state.board, self.rules, self.state.start_cards)
                self._eng = self._movegen = None
                self._moves_cache = MoveCache()
        del self._log[cut.log_length:]
        self._legal = None
        for move in cut.replay:
            self.play(move)

    def clone(self) -> Self:
        """An independent copy (shares the immutable rules and board)."""
        other = type(self)(self.rules, self.state.copy(), list(self._log), self.board)
        other._setup = self._setup
        other._moves_cache = self._moves_cache  # immutable moves of the same seats
        other._history = History(self._history.moves())
        other._history.dense = self._history.dense
        other._lang = self._lang
        if self._explicit:
            other._explicit = True
            other._node = self._node
        return other

    @property
    def to_move(self) -> str | None:
        """The player (ship id) whose decision is pending; None when the game is over."""
        if self._node is not None:
            return CHANCE
        pending = self._pending()
        return None if pending is None else self.state.ships[pending[1]].id

    @property
    def decision(self) -> str | None:
        """What kind of decision is pending: recover, main, respond, choose, discard,
        place; chance at a chance node."""
        if self._node is not None:
            return CHANCE
        pending = self._pending()
        return None if pending is None else pending[0]

    def _pending(self) -> tuple[Decision, int] | None:
        """The engine's ``pending()``: read from the decision's listing once it
        is listed (the listing is made from it, and dropped with every
        change), since an adapter asks several times a step."""
        listing = self._legal
        if listing is None:
            return self._engine().pending()
        return None if listing.kind is None else (listing.kind, listing.seat)

    @property
    def ships(self) -> list[str]:
        """Every ship id in seat order, the order of play (D6.3), sunk ones included."""
        return [s.id for s in self.state.ships]

    def ship_state(self, ship_id: str) -> ShipState:
        """The live state of one ship, for renderers (read it, do not change it)."""
        for s in self.state.ships:
            if s.id == ship_id:
                return s
        raise UnknownName("ship", ship_id, self.ships)

    def ship(self, ship_id: str) -> ShipView:
        """A snapshot of one ship (``KeyError`` naming the ships if there is no such id)."""
        return ShipView.of(self.ship_state(ship_id), self.rules, self.board,
                           self.tracks(ship_id))

    def tracks(self, ship_id: str) -> tuple[int, int]:
        """The sizes of a ship's repair and breakdown tracks now (D9.15): its
        ship type's, as its statuses, abilities and auras change them (what
        the boards, the observation and the bots show and weigh)."""
        seat = self.state.ships.index(self.ship_state(ship_id))
        track = self._engine().queries.track
        return track(seat, Modifier.REPAIRS_TRACK), track(seat, Modifier.BREAKDOWNS_TRACK)

    def hand(self, ship_id: str) -> list[str]:
        """The order cards in the hand of a ship's player, as card ids (a copy)."""
        s = self.ship_state(ship_id)
        return list(self.state.hands[self.state.ships.index(s)])

    def known_hand(self, viewer: str, owner: str) -> list[str]:
        """The cards of ``owner``'s hand that ``viewer``'s player knows (both
        ship ids): its whole hand for its own, else the cards a card showed it
        (a look, a choice made from that hand, a card taken from it) that are
        still there, sorted. Cards drawn since are unknown to it."""
        seats = self.state.ships
        v = seats.index(self.ship_state(viewer))
        o = seats.index(self.ship_state(owner))
        return sorted(self.engine.ops.known_hand(v, o))

    @property
    def deck(self) -> list[str]:
        """The order cards still to draw, top first (a copy; R7.1)."""
        return list(self.state.deck)

    @property
    def discards(self) -> list[str]:
        """The discard pile, oldest first; reshuffled into the deck when it runs out (D7.1)."""
        return list(self.state.discard)

    @property
    def score(self) -> dict[str, int]:
        """Victory points by side, ``{"blue": 0, "red": 0}``; war only (R8.3), 0 in arena."""
        return dict(self.state.score)

    @property
    def tokens(self) -> list[dict[str, str]]:
        """The tokens on the board in the order placed, as a scenario writes
        them: ``[{"token": "mine", "at": "d3", "owner": "blue-submarine"}]``
        (a card file's ``token`` declarations; empty for the printed cards)."""
        ids = self.ships
        return [{"token": t.kind, "at": self.board.name(t.box), "owner": ids[t.owner],
                 **({"left": t.left} if t.left == 2 else {})} for t in self.state.tokens]

    def board_now(self) -> Board:
        """The board of the moment (D2.14): the printed board (``board``)
        with every terrain token lying on it applied, as every rule, the
        boards drawn and the observation read it now."""
        if not self.rules.tokens:
            return self.board
        return self._engine().board_now()

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (D8.6); then ``to_move`` is None and nothing is legal."""
        return self.state.phase == "over"

    @property
    def winner(self) -> str | None:
        """``"blue"``, ``"red"`` or ``"draw"`` once the game is over (D8.5, D8.6); None before."""
        return self.state.winner

    @property
    def turn(self) -> str:
        """The player whose turn it is (not always ``to_move``: responses)."""
        return self.state.ships[self.state.turn].id

    @property
    def turn_number(self) -> int:
        """The turn being played, from 1; every player's turn counts (E8.4, limit D8.5)."""
        return self.state.turn_number

    @property
    def phase(self) -> str:
        """Where the turn is: ``place`` (initial placement R2.8, or a respawn D8.4),
        ``recover`` (R6.1), ``main`` (maneuvers and order cards) or ``over``.

        ``decision`` says what ``to_move`` must decide now (a response, a
        choice, a discard, within the phase)."""
        return self.state.phase

    @property
    def stack(self) -> list[dict[str, Any]]:
        """The items waiting to resolve, bottom first."""
        out = []
        for item in self.state.stack:
            entry: dict[str, Any] = {"card": item.card, "player": self.state.ships[item.seat].id,
                                     "cancelled": item.cancelled}
            if item.mode is not None:  # the mode chosen with the card (D4.15)
                entry["mode"] = item.mode
            if item.chosen is not None:  # the amount chosen with the card (D4.19)
                entry["chosen"] = item.chosen
            if item.target is not None:
                entry["target"] = self.state.ships[item.target].id
            if item.targets:  # a counted target's ships, or a second target (D4.13, D4.14)
                entry["targets"] = [self.state.ships[t].id for t in item.targets]
            out.append(entry)
        return out

    @property
    def lang(self) -> str:
        """The language of narration and IllegalMove reasons: by default the
        edition's (``rules.lang``); set it to any of ``i18n.languages()``."""
        return self._lang or self.rules.lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = check_language(value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameCore) and self.rules.hash == other.rules.hash and \
            self.state == other.state and self._node == other._node

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {self.state.mode} turn {self.turn_number} "
                f"to_move={self.to_move}>")

