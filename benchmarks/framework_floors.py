"""What PettingZoo and OpenSpiel cost a step on their own, against what the
adapters' speed targets leave for a step.

An adapter's step is the engine's work plus the adapter's plus the
framework's: PettingZoo's ``last()`` and ``step()`` around an AEC
environment; OpenSpiel's ``apply_action`` through its C++ ``State`` into a
Python game's ``_apply_action`` (``legal_actions`` and ``is_chance_node``
our state answers in Python). This measures the framework's share alone,
with an environment and a game that do nothing (an observation of the same
size handed out, a ready list of legal actions), stepped as
benchmarks/ai_adapters.py steps ours. It then plays random games
through both adapters for their steps per move, and the same moves through
the engine for its time per move (each decision listed, then played), and
prints, per target (PettingZoo ≥ 0.5× the engine, OpenSpiel ≥ 0.8×), the
time a move may add on top of the engine and how much of it the framework
takes before the adapter does anything.

    python benchmarks/framework_floors.py [--games 10] [--teams 1v1 3v3] [--cpu]
"""

from __future__ import annotations

import argparse
import gc
import time

import numpy as np
import pyspiel
from gymnasium import spaces
from pettingzoo import AECEnv

import ai_adapters
from ai_adapters import (PLACEMENT, clock, engine_replays, openspiel_picks, openspiel_replays,
                         pettingzoo_picks, pettingzoo_replays, warm_up)
from redcode_rules.ai.pettingzoo import raw_env
from redcode_rules.ai.setup import AiSetup

#: Legal actions handed out at each step of the game that does nothing.
LEGAL = [0, 1, 2, 3, 4]


class NothingEnv(AECEnv):
    """Two agents taking turns forever: ``observe`` copies a buffer and a mask
    the sizes of ours, ``step`` passes the turn."""

    metadata = {"name": "nothing_v0", "is_parallelizable": False}

    def __init__(self, size: int, words: int):
        super().__init__()
        self.possible_agents = ["a", "b"]
        self.observation_spaces = {a: spaces.Box(0, 1, (size,)) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(words) for a in self.possible_agents}
        self._base = np.zeros(size, np.float32)
        self._mask = np.zeros(words, np.int8)
        self._mask[LEGAL] = 1

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = "a"

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.agent_selection = "b" if agent == "a" else "a"

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return {"observation": self._base.copy(), "action_mask": self._mask.copy()}


_TYPE = pyspiel.GameType(
    short_name="python_nothing", long_name="Python Nothing",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2, min_num_players=2,
    provides_information_state_string=False, provides_information_state_tensor=False,
    provides_observation_string=False, provides_observation_tensor=False,
    parameter_specification={})


class NothingGame(pyspiel.Game):
    """A Python game whose states take turns forever over a ready list."""

    def __init__(self, params: dict | None = None):
        super().__init__(_TYPE, pyspiel.GameInfo(
            num_distinct_actions=len(LEGAL), max_chance_outcomes=0, num_players=2,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0, max_game_length=2 ** 30),
            params or {})

    def new_initial_state(self) -> NothingState:
        return NothingState(self)


class NothingState(pyspiel.State):
    """Takes turns forever; answers ``legal_actions`` and ``is_chance_node``
    in Python, as ``RedCodeState`` does, so only ``apply_action`` goes
    through C++."""

    def __init__(self, game: NothingGame):
        super().__init__(game)
        self._player = 0

    def current_player(self) -> int:
        return self._player

    def _legal_actions(self, player: int) -> list[int]:
        return LEGAL

    # Python callers skip the round trip through C++, as ours do
    def legal_actions(self, player: int | None = None) -> list[int]:
        return LEGAL.copy()

    def is_chance_node(self) -> bool:
        return False

    def _apply_action(self, action: int) -> None:
        self._player = 1 - self._player

    def is_terminal(self) -> bool:
        return False

    def returns(self) -> list[float]:
        return [0.0, 0.0]

    def __str__(self) -> str:
        return ""


pyspiel.register_game(_TYPE, NothingGame)


def pettingzoo_floor(size: int, words: int, steps: int) -> float:
    """µs a step of ``last()`` + ``step()`` on ``NothingEnv``, as ai_adapters
    steps ours (``agent_iter``)."""
    env = NothingEnv(size, words)
    env.reset()
    start = clock()
    for _ in env.agent_iter(steps):
        env.last()
        env.step(1)
    return (clock() - start) / steps * 1e6


def openspiel_floor(steps: int) -> float:
    """µs a step of ``is_chance_node()``, ``legal_actions()`` and
    ``apply_action()`` on ``NothingGame``, as ai_adapters steps ours."""
    state = pyspiel.load_game("python_nothing").new_initial_state()
    start = clock()
    for _ in range(steps):
        if not state.is_chance_node():
            state.legal_actions()
        state.apply_action(1)
    return (clock() - start) / steps * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="random games per configuration")
    parser.add_argument("--teams", nargs="+", default=["1v1", "3v3"])
    parser.add_argument("--steps", type=int, default=200_000, help="steps per floor measure")
    parser.add_argument("--cpu", action="store_true",
                        help="this process's CPU time instead of wall time")
    args = parser.parse_args()
    if args.cpu:
        ai_adapters.CLOCK[0] = time.process_time
    seeds = list(range(1, args.games + 1))
    for teams in args.teams:
        setup = AiSetup.from_params(dict(teams=teams, placement=PLACEMENT))
        warm_up(setup)
        env = raw_env(**setup.params())
        agent = env.possible_agents[0]
        size = env.observation_spaces[agent]["observation"].shape[0]
        words = env.action_spaces[agent].n
        # per adapter: its target (moves/s as a share of the engine's on the
        # same moves), the framework's floor, its games picked and replayed,
        # and the engine's chance as the adapter plays it
        adapters = (
            ("PettingZoo", 0.5, lambda: pettingzoo_floor(size, words, args.steps),
             pettingzoo_picks(setup, seeds), lambda p: pettingzoo_replays(setup, p, True),
             "sampled"),
            ("OpenSpiel", 0.8, lambda: openspiel_floor(args.steps),
             openspiel_picks(setup, seeds), lambda p: openspiel_replays(setup, p), "explicit"))
        print(f"{teams} war, {args.games} random games, µs a move (the fastest of 3 runs; "
              "the adapters' words read by the run that picked them, learning.py's "
              "\"repeated\")")
        for name, target, floor_of, picked, replay, chance in adapters:
            gc.collect()
            per_step = min(floor_of() for _ in range(3))
            runs = [replay(picked) for _ in range(3)]
            adapter = min(run.seconds for run in runs) / runs[0].moves * 1e6
            gc.collect()
            engine = min(engine_replays(setup, runs[0].games, chance).seconds
                         for _ in range(3)) / runs[0].moves * 1e6
            steps = (runs[0].actions + runs[0].chance) / runs[0].moves
            floor = per_step * steps
            budget = engine * (1 / target - 1)
            print(f"  {name}: the engine {engine:.1f}; the adapter adds {adapter - engine:.1f} "
                  f"({engine / adapter:.2f}× the engine); the framework alone "
                  f"{per_step:.2f} a step × {steps:.2f} steps a move = {floor:.1f}; "
                  f"≥ {target}× leaves {budget:.1f} on top of the engine, {floor / budget:.0%} "
                  f"of it the framework's, {budget - floor:.1f} for the adapter's own work "
                  f"(now {adapter - engine - floor:.1f})")

if __name__ == "__main__":
    main()
