"""Red Code as an OpenSpiel game: ``pyspiel.load_game("python_redcode")``.

Importing this module registers the Python game ``python_redcode`` with
OpenSpiel (it needs the ``ai`` extra: ``pip install 'redcode_rules[ai]'``).
Its parameters are those of ``AiSetup`` (ai/setup.py): ``edition``,
``mode``, ``teams`` (``"1v1"``, ``"2v2"``, ``"3v3"``), ``placement``,
``turn_limit`` (0: the rules' own) and ``cards`` (card files, ``;``
between them)::

    import pyspiel, redcode_rules.openspiel
    game = pyspiel.load_game("python_redcode", {"teams": "2v2", "turn_limit": 40})

Players are the seats, 0 first, in ``game.ships`` order; chance is
explicit (every card drawn, every map card dealt is a chance node whose
outcomes are ``game.chance_outcomes()``); an action is a word of the
configuration's fixed vocabulary (ai/actions.py): a move is taken word by word
and played when its words are complete. The returns are the team returns:
+1 to each player of the winning side, -1 to each of the losing side.

A state holds its engine game and the words chosen so far in one
``Position``. OpenSpiel clones a Python state by deep-copying its
attributes; a ``Position`` deep-copies itself with ``Game.clone()`` (the
engine's own fast copy), and pickles (``state.serialize()``) through the
game's JSON save.

For ISMCTS: OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.
ISMCTSBot`` takes a resampler, ``resampler(state, player)`` here, built on
``Game.resample``; without one it calls ``state.resample_from_infostate``,
which is the same resampler here. The C++ ``pyspiel.ISMCTSBot`` cannot
search this game, and trying kills the Python interpreter: its ``step``
calls the state's C++ ``ResampleFromInfostate``, which a Python game cannot
provide (OpenSpiel's Python games have no hook for it, so the Python method
is not seen from C++), and the error it raises there ends the process with a
segmentation fault instead of a Python exception. Nothing in this module can
stop it once called; use the Python bot.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from ..engine.notation import outcome_parts
from ..game import Game
from .actions import ActionSpace, _Node
from .setup import AiSetup, seat_of, team_returns
from .setup import TensorLayout

__all__ = ["GAME_TYPE", "RedCodeGame", "RedCodeState", "RedCodeObserver", "Position", "Table",
           "resampler", "MAX_ACTIONS_PER_TURN"]

#: OpenSpiel's players that are not seats, as the plain ints its calls compare.
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)

#: The bound of ``max_game_length`` per turn of the turn limit: words the
#: players (not chance) choose in one turn, with every response. A bound for
#: OpenSpiel's checks, far above any game measured (docs/ai.md).
MAX_ACTIONS_PER_TURN = 1000

_DEFAULTS = AiSetup().params()

GAME_TYPE = pyspiel.GameType(
    short_name="python_redcode",
    long_name="Python Red Code",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class Table:
    """What every state of one setup shares: the vocabulary, the seats, the
    tensor layout and the game before the deal (made once per setup)."""

    def __init__(self, setup: AiSetup):
        self.setup = setup
        self.start = setup.new_game(chance="explicit")
        self.space = ActionSpace.for_game(self.start)
        self.seats = seat_of(self.start)
        self.layout = TensorLayout.for_game(self.start, self.space)
        #: each chance outcome met (``draw torpedo``) and its action, the id of
        #: its last word: the same outcomes come back at every draw and deal
        self.outcome_actions: dict[str, int] = {}


@lru_cache(maxsize=16)
def table_for(setup: AiSetup) -> Table:
    """The table of a setup (one per process)."""
    return Table(setup)


class Position:
    """What a state holds: the engine game, the words chosen so far of the move
    being made, the word node they reach (``ActionSpace.word_node``: the
    legal actions ready, each next word one lookup), and the setup's
    table. Copied with ``Game.clone()`` (the table
    is shared); pickled as the setup's parameters and the game's JSON save,
    which holds the game as it is: a world a resampler redealt pickles as
    that world, not as the moves that led to the real one."""

    __slots__ = ("game", "prefix", "table", "player", "node", "chance", "odds")

    def __init__(self, game: Game, table: Table, prefix: tuple[int, ...] = (),
                 player: int | None = None, node: _Node | None = None):
        self.game = game
        self.table = table
        self.prefix = prefix
        #: OpenSpiel's current player, kept between actions (OpenSpiel asks
        #: for it several times an action); None: to be worked out
        self.player = player
        #: the word node of ``prefix`` at the game's decision, kept between
        #: the words of a move; None: to be read (a new decision, a new world)
        self.node = node
        #: a chance node's outcomes by action, kept as ``node`` (``outcomes``),
        #: and OpenSpiel's ``chance_outcomes`` of them, made with them
        self.chance: dict[int, tuple[str, Any]] | None = None
        self.odds: list[tuple[int, float]] = []

    def __deepcopy__(self, memo: dict) -> Position:
        # the clone's game is at the same decision: the same words, the same node
        return Position(self.game.clone(), self.table, self.prefix, self.player, self.node)

    def word_node(self) -> _Node:
        """The word node of the words chosen so far (read once per decision)."""
        node = self.node
        if node is None:
            node = self.node = self.table.space.word_node(self.game, self.prefix)
        return node

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL`` (kept until the next action)."""
        player = self.player
        if player is None:
            game = self.game
            if game.is_chance_node:
                player = CHANCE_PLAYER
            else:  # listed first: the mover's seat is then read from the listing
                if self.node is None:
                    self.node = self.table.space.word_node(game, self.prefix)
                pending = game._pending()  # None once the game is over (no one to move)
                player = TERMINAL if pending is None else pending[1]  # its index in game.ships
            self.player = player
        return player

    def outcomes(self) -> dict[int, tuple[str, Any]]:
        """The outcomes of the chance node by action: (outcome, probability),
        an outcome's action the id of its last word (read once per node, with
        ``odds``: (action, probability as a float), by action)."""
        chance = self.chance
        if chance is None:
            actions = self.table.outcome_actions
            chance = {}
            for outcome, p in self.game.chance_outcomes():
                action = actions.get(outcome)
                if action is None:
                    action = actions[outcome] = self.table.space.id(outcome_parts(outcome)[1])
                chance[action] = (outcome, p)
            self.odds = sorted([(action, float(p)) for action, (_, p) in chance.items()])
            self.chance = chance
        return chance

    def __reduce__(self):
        return (_position_from_save, (self.table.setup.params(), self.game.to_json(),
                                      self.prefix))


def _position_from_save(params: dict[str, Any], save: str,
                        prefix: tuple[int, ...]) -> Position:
    """A position pickled by ``Position.__reduce__``: its game loaded from its save."""
    return Position(Game.from_json(save), table_for(AiSetup.from_params(params)),
                    tuple(prefix))


class RedCodeGame(pyspiel.Game):
    """The OpenSpiel game of one setup: its rules, seats, vocabulary and tensors."""

    def __init__(self, params: dict[str, Any] | None = None):
        setup = AiSetup.from_params({**_DEFAULTS, **(params or {})})
        self.setup = setup
        self.table = table_for(setup)
        self.space = self.table.space
        turns = setup.rules.options.turn_limit
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.space.size,
            num_players=setup.num_players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_ACTIONS_PER_TURN * (turns + 1))
        super().__init__(GAME_TYPE, info, setup.params())

    def new_initial_state(self) -> RedCodeState:
        """The state before the deal (chance deals the map cards first)."""
        return RedCodeState(self, Position(self.table.start.clone(), self.table))

    def make_py_observer(self, iig_obs_type=None, params=None) -> RedCodeObserver:
        """The observer of observations (``perfect_recall`` False, the default)
        or of information states (``perfect_recall`` True)."""
        if params:
            raise ValueError(f"python_redcode observers take no parameters, not {params}")
        return RedCodeObserver(self, iig_obs_type or pyspiel.IIGObservationType(
            perfect_recall=False))


class RedCodeState(pyspiel.State):
    """A position of a game of Red Code, between two words of a move."""

    def __init__(self, game: RedCodeGame, position: Position):
        super().__init__(game)
        self.position = position

    # the engine game, for programs that want its own questions
    @property
    def game(self) -> Game:
        """The engine game of this state (read it; play through ``apply_action``)."""
        return self.position.game

    # each answer is read from the position's kept player and word node
    def current_player(self) -> int:
        player = self.position.player
        return self.position.current_player() if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        return self.position.word_node().actions.copy()

    # Python callers skip OpenSpiel's round trip through C++ (about 20 µs a
    # call, more than the answer costs); C++ callers get the same answers
    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (default: the current player),
        ascending; a chance node's outcomes; none at the end or for another player."""
        pos = self.position
        current = pos.player
        if current is None:
            current = pos.current_player()
        if current < 0:
            if current == CHANCE_PLAYER:
                pos.outcomes()
                return [action for action, _ in pos.odds]
            return []
        if player is not None and player != current:
            return []
        node = pos.node
        if node is None:
            node = pos.word_node()
        return node.actions.copy()  # the caller's own list: it may change it

    def is_chance_node(self) -> bool:
        """Whether the chance player acts now."""
        player = self.position.player
        if player is None:
            player = self.position.current_player()
        return player == CHANCE_PLAYER

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes as (action, probability), by action: an outcome
        (``draw torpedo``) is the id of its card, its last word (the first,
        the kind of event, is the same for every outcome of a node)."""
        pos = self.position
        pos.outcomes()
        return pos.odds.copy()

    def _apply_action(self, action: int) -> None:
        """Plays ``action`` (a word, or a chance outcome) for the player to act.
        OpenSpiel's C++ ``State::ApplyAction`` calls it, then records the
        action in its history with the player it asks for (the one kept)."""
        pos = self.position
        node = pos.node
        if node is None:
            player = pos.player
            if player is None:
                player = pos.current_player()
            if player == CHANCE_PLAYER:
                pos.game.play(pos.outcomes()[int(action)][0])
                pos.player = pos.chance = None
                return
            node = pos.word_node()
        node = pos.table.space.advance(pos.game, node, action)
        if node is None:  # the move is played: another may act, or chance
            pos.prefix, pos.player, pos.node, pos.chance = (), None, None, None
        else:  # the same player goes on with its move
            pos.prefix, pos.node = node.prefix, node

    def _action_to_string(self, player: int, action: int) -> str:
        """The word of an action; at a chance node the whole outcome (``draw torpedo``)."""
        if player == pyspiel.PlayerId.CHANCE and self.position.game.is_chance_node:
            outcome = self.position.outcomes().get(int(action))
            if outcome is not None:
                return outcome[0]
        return self.position.table.space.word(int(action))

    def is_terminal(self) -> bool:
        player = self.position.player
        if player is None:
            player = self.position.current_player()
        return player == TERMINAL

    def returns(self) -> list[float]:
        """The team returns: all 0 before the end (read from the kept player)."""
        pos = self.position
        if self.is_terminal():
            return team_returns(pos.game)
        return [0.0] * len(pos.table.seats)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> RedCodeState:
        """A state ``player_id`` cannot tell from this one (``resampler``),
        redealt with a seed drawn from ``probability_sampler`` (a callable
        giving numbers in [0, 1), as OpenSpiel passes): for Python callers,
        OpenSpiel's Python ISMCTSBot without a resampler among them. OpenSpiel's
        C++ code does not see this method (see the module's docstring)."""
        return _resampled(self, int(player_id), int(probability_sampler() * 2 ** 53))

    def words_chosen(self) -> str:
        """The words chosen so far of the move being made ("" between moves)."""
        return " ".join(self.position.table.space.word(i) for i in self.position.prefix)

    def __str__(self) -> str:
        """The board, whose decision it is, the score and the words chosen so far."""
        game = self.position.game
        status = ("over: " + str(game.winner) if game.is_over else
                  f"turn {game.turn_number}, {game.to_move} to move ({game.decision})")
        score = " ".join(f"{side} {n}" for side, n in sorted(game.score.items()))
        return f"{game.board_text()}\n{status}; score {score}; words: {self.words_chosen()}"


class RedCodeObserver:
    """The observer OpenSpiel asks for strings and tensors (its PyObserver
    interface: ``tensor``, ``dict``, ``set_from``, ``string_from``).

    Observations (``perfect_recall`` False) are ``game.observation(player)``
    and its tensor; information states (``perfect_recall`` True) are
    ``game.information_state(player)`` and its tensor. Both add the words
    the player has chosen so far of the move it is making (the others have
    not seen them yet). The pieces of the tensor are named in ``dict``
    (docs/ai.md, "Observation tensors").
    """

    def __init__(self, game: RedCodeGame, iig_obs_type):
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or \
                not iig_obs_type.public_info:
            raise ValueError("python_redcode observes for one player (public and its own "
                             "private information) only")
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.space = game.table.space
        self.layout = game.table.layout
        pieces = self.layout.pieces(self.perfect_recall)
        self.tensor = np.zeros(sum(p.size for p in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for piece in pieces:
            self.dict[piece.name] = self.tensor[at:at + piece.size].reshape(piece.shape)
            at += piece.size

    def set_from(self, state: RedCodeState, player: int) -> None:
        """Writes the tensor of ``state`` as ``player`` sees it."""
        pos = state.position
        ship = pos.game.ships[player]
        prefix = pos.prefix if pos.game.to_move == ship else ()
        self.layout.write(self.tensor, pos.game, ship, prefix, self.perfect_recall)

    def string_from(self, state: RedCodeState, player: int) -> str:
        """The observation or information-state string of ``player``."""
        pos = state.position
        game = pos.game
        ship = game.ships[player]
        text = (game.information_state(ship) if self.perfect_recall
                else str(game.observation(ship)))
        if pos.prefix and game.to_move == ship:
            text += "\nwords chosen: " + " ".join(self.space.word(i) for i in pos.prefix)
        return text


def resampler(state: RedCodeState, player: int) -> RedCodeState:
    """A state consistent with what ``player`` knows in ``state``: hidden hands
    and the deck redrawn by ``Game.resample`` (for the Python ISMCTSBot's
    ``set_resampler``). The words chosen so far are kept (they are the mover's).

    The seed of the redraw comes from Python's ``random`` module (seed it for
    repeatable searches)."""
    return _resampled(state, player, random.getrandbits(64))


def _resampled(state: RedCodeState, player: int, seed: int) -> RedCodeState:
    """A clone of ``state`` whose game is ``Game.resample`` of it for the seat
    ``player`` with ``seed``."""
    pos = state.position
    world = pos.game.resample(pos.game.ships[player], seed)
    clone = state.clone()
    clone.position = Position(world, pos.table, pos.prefix)
    return clone


pyspiel.register_game(GAME_TYPE, RedCodeGame)
