"""Red Code as a single-agent Gymnasium environment, and many at once.

A learning library steps one agent: ``RedCodeGymEnv`` lets the agent play
one side (every ship of it) word by word, as the PettingZoo environment
does, while a fixed bot (``opponent``: a bot spec, ``random``, ``greedy``,
``mcts:easy``..., or several, one drawn for each game) plays the other
side in between. An observation is a ``Dict``: ``observation``, the
tensor of the agent's ship to move (the layout of docs/ai.md, with
``words_chosen``), and ``action_mask``, 1 for each legal word; the reward
comes once, at the end: +1 won, -1 lost, 0 a draw. It needs the ``ai``
extra.

``vector_env(n, **kwargs)`` steps ``n`` of them at once in worker processes
(``WorkerVectorEnv``, a Gymnasium ``VectorEnv`` whose workers each step a
share of the games): batched numpy observations and masks, each
environment reset when its game ends. Gymnasium's vector API, over a
single-agent environment against a fixed bot, is what the learning
libraries take (Stable-Baselines3, CleanRL, RLlib's single-agent path);
PettingZoo's parallel API is for games whose agents all act at each step,
which a game of turns and responses is not.

    from redcode_rules.ai.gym import vector_env
    envs = vector_env(4, opponent="random")
    obs, info = envs.reset(seed=1)
    # obs["observation"]: (4, size) float32, obs["action_mask"]: (4, words) int8
"""

from __future__ import annotations

import copy
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots.specs import parse_bot
from ..game import Game
from .actions import ActionSpace, WordCursor
from .masks import Masks
from .setup import AiSetup, TensorLayout
from .workers import WorkerVectorEnv, default_workers

__all__ = ["RedCodeGymEnv", "vector_env"]

#: The largest game seed ``reset`` draws.
MAX_SEED = 2**63 - 1


class RedCodeGymEnv(gymnasium.Env):
    """One side of a game of Red Code against a fixed bot, one word a step.

    The keywords are those of ``AiSetup`` (``edition``, ``mode``, ``teams``,
    ``placement``, ``turn_limit``, ``cards``), ``side`` (``"blue"`` or
    ``"red"``: the agent's) and ``opponent``: a bot spec, or a sequence of
    them, of which each game draws one (uniformly, with the environment's
    seeded generator; a spec written twice is drawn twice as often), so
    that a policy learns against several bots at once rather than one after
    the other. ``info["opponent"]`` names the game's bot, in the info of
    ``reset`` and of the step that ends the game (under a vector
    environment's same-step reset, ``info["final_info"]``).
    ``reset(seed=...)`` seeds the games dealt and the opponent, so a seed
    gives the same episode for the same actions. An action that is not a
    legal word is refused with the library's error (``IllegalAction``),
    changing nothing.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, edition: str = "en", mode: str = "war", teams: str = "1v1",
                 placement: str = "choose", turn_limit: int = 0,
                 cards: Sequence[str] | str = (), side: str = "blue",
                 opponent: str | Sequence[str] = "random", render_mode: str | None = None):
        if side not in ("blue", "red"):
            raise ValueError(f"side: expected blue or red, not {side!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: expected ansi or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.setup = AiSetup.from_params(dict(edition=edition, mode=mode, teams=teams,
                                              placement=placement, turn_limit=turn_limit,
                                              cards=cards))
        self.side = side
        names = (opponent,) if isinstance(opponent, str) else tuple(opponent)
        if not names:
            raise ValueError("opponent: expected a bot spec or several, not none")
        #: the bot specs each game draws from, as written (a repeat weighs more)
        self.opponent_names = names
        self._opponent_specs = {name: parse_bot(name) for name in names}
        self.opponent_name = names[0]
        start = self.setup.new_game(chance="sampled")
        self.space = ActionSpace.for_game(start)
        self.layout = TensorLayout.for_game(start, self.space)
        size = sum(p.size for p in self.layout.pieces(False))
        low, high = self.layout.bounds()
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
        })
        self.action_space = spaces.Discrete(self.space.size)
        self.game: Game | None = None
        self.prefix: tuple[int, ...] = ()
        self.opponent: Any = None
        self._sides: dict[str, str] = {}  # each ship's side, for whose decision it is
        self._masks = Masks.for_space(self.space)  # a mask per set of legal words met, kept
        # the word node of ``prefix``: the steps of a move go on from it
        self._cursor = WordCursor(self.space)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game, played by the opponent up to the agent's first decision."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(MAX_SEED))
        self.game = self.setup.new_game(chance="sampled", seed=game_seed)
        self._sides = {ship: self.game.ship(ship).side for ship in self.game.ships}
        names = self.opponent_names
        if len(names) > 1:
            self.opponent_name = names[int(self.np_random.integers(len(names)))]
        self.opponent = self._opponent_specs[self.opponent_name].build(game_seed)
        self.prefix = ()
        self._cursor.forget()
        self._opponent_plays()
        return self._observation(), {"opponent": self.opponent_name}

    def step(self, action: int):
        """Takes one word; once the move is whole, plays it and lets the
        opponent play until the agent decides again or the game ends."""
        game = self.game
        node = self.space.advance(game, self._cursor.at(game, self.prefix), action)
        if node is None:  # the move is played: the opponent's turn, maybe
            self.prefix = ()
            self._cursor.forget()
            self._opponent_plays()
        else:  # the move goes on from the node reached
            self.prefix = node.prefix
            self._cursor.went_on(node)
        reward = 0.0
        info = {}
        if game.is_over:
            reward = 0.0 if game.winner not in ("blue", "red") else \
                1.0 if game.winner == self.side else -1.0
            info = {"opponent": self.opponent_name}
        return self._observation(), reward, game.is_over, False, info

    def __deepcopy__(self, memo: dict) -> RedCodeGymEnv:
        """A copy that plays on apart (a vector's worker tries a refused word
        on one): its own game (``Game.clone``), opponent and generator; the
        setup, the spaces, the action space and the masks, which every
        environment of the configuration shares and none changes, shared."""
        clone = copy.copy(self)
        memo[id(self)] = clone
        if self.game is not None:
            clone.game = memo[id(self.game)] = self.game.clone()
        clone.opponent = copy.deepcopy(self.opponent, memo)
        clone._np_random = copy.deepcopy(self._np_random, memo)
        clone._cursor = WordCursor(self.space)  # read again from its own game
        return clone

    def action_masks(self) -> np.ndarray:
        """The action mask as a boolean array (the method sb3-contrib's
        MaskablePPO asks an environment for)."""
        return self._mask().astype(bool)

    def render(self) -> str | None:
        """The board as text and whose decision it is (``ansi``)."""
        if self.render_mode is None or self.game is None:
            return None
        game = self.game
        status = ("over: " + str(game.winner) if game.is_over else
                  f"turn {game.turn_number}, {game.to_move} to move ({game.decision})")
        return f"{game.board_text()}\n{status}"

    # ------------------------------------------------------------ inside
    def _opponent_plays(self) -> None:
        """The opponent's moves, until the agent's side decides or the game ends."""
        game = self.game
        sides = self._sides
        while not game.is_over and sides[game.to_move] != self.side:
            game.play(self.opponent.choose(game))

    def _observation(self) -> dict[str, np.ndarray]:
        """The tensor of the agent's ship to move; once the game is over, of
        the agent's first ship (the final score, the board as it ended)."""
        game = self.game
        out = np.zeros(self.observation_space["observation"].shape, np.float32)
        player = game.to_move if not game.is_over else \
            next(ship for ship in game.ships if self._sides[ship] == self.side)
        self.layout.write(out, game, player, self.prefix, False)
        return {"observation": out, "action_mask": self._mask()}

    def _mask(self) -> np.ndarray:
        if self.game.is_over:
            return self._masks.none()
        return self._masks.of(self._cursor.at(self.game, self.prefix).actions)


def vector_env(n: int, asynchronous: bool = True, workers: int | None = None,
               **kwargs: Any) -> gymnasium.vector.VectorEnv:
    """``n`` environments (``RedCodeGymEnv(**kwargs)``) stepped at once: by
    ``workers`` processes (``WorkerVectorEnv``; by default one per core, at
    most ``n``), each stepping its share of the games in turn, observations
    in shared memory; or in this process with ``asynchronous=False``
    (``SyncVectorEnv``). Each is reset in the step that ends its game
    (Gymnasium's same-step autoreset): the observation and mask handed back
    are the new game's, always with a legal word; the last observation of
    the game that ended is in ``info["final_obs"]``. A process steps
    several games between two round trips of its pipe, which cost more
    than a step: give each worker a few games (``n`` a multiple of
    ``workers``; docs/ai.md, "Speed")."""
    make = [lambda: RedCodeGymEnv(**kwargs) for _ in range(n)]
    if asynchronous:
        return WorkerVectorEnv(make, workers if workers is not None else default_workers(n))
    return gymnasium.vector.SyncVectorEnv(make,
                                          autoreset_mode=gymnasium.vector.AutoresetMode.SAME_STEP)
