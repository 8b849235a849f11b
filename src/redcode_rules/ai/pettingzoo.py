"""Red Code as a PettingZoo AEC environment: ``redcode_rules.pettingzoo.env(...)``.

It needs the ``ai`` extra (``pip install 'redcode_rules[ai]'``). The
keywords are those of ``AiSetup`` (ai/setup.py): ``edition``, ``mode``,
``teams`` (``"1v1"``, ``"2v2"``, ``"3v3"``), ``placement``, ``turn_limit``
(0: the rules' own), ``cards`` (card file paths), and ``render_mode``
(``"ansi"``: ``render()`` returns the board as text; ``"human"`` prints it)::

    from redcode_rules.pettingzoo import env
    e = env(teams="2v2", render_mode="ansi")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else \\
            e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are the seats, named by their ship ids (``"blue-submarine"``) in
seat order. An action is a word of the configuration's fixed vocabulary
(ai/actions.py), ``Discrete(size)``; a move is taken word by word and the same
agent acts again until its move is complete. An observation is a ``Dict``:
``observation`` the player's observation tensor (the layout of docs/ai.md)
and ``action_mask`` (1 for each legal word). Chance is the game's own
seeded RNG (``chance="sampled"``): ``reset(seed=...)`` seeds it, so a seed
gives the same game. The rewards come once, at the end: +1 to each player
of the winning side, -1 to each of the losing side, 0 in a draw (the
rewards of every other step are 0).
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..game import Game
from ..info.game_tensor import kept_tensor
from .actions import ActionSpace, WordCursor
from .masks import Masks
from .setup import AiSetup, TensorLayout, team_returns

__all__ = ["env", "raw_env", "RedCodeEnv"]

#: The largest game seed ``reset`` draws.
MAX_SEED = 2**63 - 1


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as PettingZoo's own games are (its order of
    calls enforced: ``reset`` before ``step``, no ``observe`` of an unknown agent)."""
    return wrappers.OrderEnforcingWrapper(RedCodeEnv(**kwargs))


def raw_env(**kwargs: Any) -> RedCodeEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return RedCodeEnv(**kwargs)


class RedCodeEnv(AECEnv):
    """A game of Red Code between its seats, one word at a time."""

    metadata = {"name": "redcode_v0", "render_modes": ["ansi", "human"],
                "is_parallelizable": False}

    def __init__(self, edition: str = "en", mode: str = "war", teams: str = "1v1",
                 placement: str = "choose", turn_limit: int = 0,
                 cards: Sequence[str] | str = (), render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: expected one of "
                             f"{', '.join(self.metadata['render_modes'])} or None, "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self.setup = AiSetup.from_params(dict(edition=edition, mode=mode, teams=teams,
                                              placement=placement, turn_limit=turn_limit,
                                              cards=cards))
        start = self.setup.new_game(chance="sampled")
        self.space = ActionSpace.for_game(start)
        self.layout = TensorLayout.for_game(start, self.space)
        self.possible_agents = list(start.ships)
        size = sum(p.size for p in self.layout.pieces(False))
        low, high = self.layout.bounds()
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low, high, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.space.size,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.space.size)
                              for agent in self.possible_agents}
        self.game: Game | None = None
        self.prefix: tuple[int, ...] = ()
        self._size = size
        self._words_at = self.layout.words_at(False)
        # the last tensor written without words (``_base``, copied out at
        # each step), by the position it was written at (the game's state
        # object, its number of moves) and agent: the steps of a move taken
        # word by word ask it again. Its words part stays zeros: only the
        # game's part is written again
        self._base = np.zeros(size, np.float32)
        self._kept: tuple | None = None
        self._masks = Masks.for_space(self.space)  # a mask per set of legal words met, kept
        # the word node of ``prefix``: the steps of a move go on from it
        self._cursor = WordCursor(self.space)
        self._np_random: np.random.Generator | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the game
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` seeds the environment (the games it deals)."""
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        game_seed = int(self._np_random.integers(MAX_SEED))
        self.game = self.setup.new_game(chance="sampled", seed=game_seed)
        self.prefix = ()
        self._cursor.forget()  # read at the first step
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.game.to_move
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | None) -> None:
        """Takes one word for ``agent_selection``; plays the move once complete.
        An action that is not a legal word id is refused with the library's
        error (``UnknownWord`` for one that is no whole number,
        ``IllegalAction`` for a word that continues no legal move), changing
        nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        self._cumulative_rewards[agent] = 0.0
        # the action as given: ``1.5`` or ``"x"`` is refused, never read as 1
        node = self.space.advance(game, self._cursor.at(game, self.prefix), action)
        if node is not None:  # the move goes on: the same agent, no reward yet
            self.prefix = node.prefix
            self._cursor.went_on(node)
        else:
            self.prefix = ()
            if game.is_over:
                self.rewards = dict(zip(self.possible_agents, team_returns(game)))
                self.terminations = {a: True for a in self.agents}
                self._accumulate_rewards()
            else:
                # the next decision listed first, as its mask needs: who
                # decides is then read from the listing, not worked out apart
                self._cursor.forget()
                self._cursor.at(game, ())
                self.agent_selection = game.to_move
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------ what agents see
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation tensor and its action mask (all zeros when it
        is not to move)."""
        mask = self.action_mask(agent)  # first: the decision listed, its mover known
        return {"observation": self.observation_vector(agent), "action_mask": mask}

    def observation_vector(self, agent: str) -> np.ndarray:
        """``agent``'s observation tensor (with the words it has chosen so far)."""
        game = self.game
        state, count = game.state, game.move_count
        kept = self._kept
        base = self._base
        if kept is None or kept[0] is not state or kept[1] != count or kept[2] != agent:
            base[:self._words_at] = kept_tensor(game, agent)  # the words part stays zeros
            self._kept = (state, count, agent)
        out = base.copy()
        if self.prefix and agent == self.agent_selection:
            words_at = self._words_at
            for word in self.prefix:  # a word or two: no index array made
                out[words_at + word] = 1.0
        return out

    def action_mask(self, agent: str) -> np.ndarray:
        """1 for each word ``agent`` may take now, 0 elsewhere."""
        game = self.game
        if agent != self.agent_selection or game.is_over:
            return self._masks.none()
        return self._masks.of(self._cursor.at(game, self.prefix).actions)

    def render(self) -> str | None:
        """The board as text, whose decision it is and the words chosen so far."""
        if self.render_mode is None:
            return None
        game = self.game
        if game is None:
            text = "(no game: call reset)"
        else:
            status = ("over: " + str(game.winner) if game.is_over else
                      f"turn {game.turn_number}, {game.to_move} to move ({game.decision})")
            words = " ".join(self.space.word(i) for i in self.prefix)
            text = f"{game.board_text()}\n{status}" + (f"; words: {words}" if words else "")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no window, no file)."""
