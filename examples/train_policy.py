"""Train a small policy to play Red Code: actor-critic with action masks, in numpy.

A self-contained policy-gradient loop a researcher can copy and grow: the
agent plays blue's ship of 1v1 war, word by word, against a fixed bot
(``redcode_rules.ai.gym``: Gymnasium's vector API, the environments stepped
together); its policy is a linear softmax over the legal words (the action
mask sets the others' probability to 0), its critic a linear value, both on
the observation tensor (``log1p`` of each entry: counts, flags, the turn
number). Each step's return is the game's result (+1 won, -1 lost, 0
drawn) plus 0.3 for each victory point its side won after it, less 0.3 for
each the other side won (shaping by the lead in points, a potential: it
rewards sinking sooner without changing which policy is best). A game of
each environment updates both (REINFORCE with the critic as baseline, Adam,
an entropy bonus); then the policy plays evaluation games, its words drawn
from it, then its most likely ones. It needs the ``ai`` extra (numpy, gymnasium);
``--plot`` draws the learning curve with matplotlib (the ``lab`` extra).

    python examples/train_policy.py [--minutes 8] [--envs 8] [--opponent random]
                                    [--eval-games 100] [--plot curve.png] [--turn-limit 60]
                                    [--seed 1]

docs/ai.md gives the win rates it reached and the time it took.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from redcode_rules.ai.gym import RedCodeGymEnv, vector_env


def features(observation: np.ndarray) -> np.ndarray:
    """The policy's input: ``log1p`` of the tensor's entries (flags stay 0
    or 0.69, counts grow slowly), and a constant 1 for the biases."""
    x = np.log1p(observation)
    return np.concatenate([x, np.ones((*x.shape[:-1], 1), x.dtype)], axis=-1)


def masked_softmax(logits: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """Probabilities over the legal words only (rows of ``masks`` with a 1 each)."""
    z = np.where(masks > 0, logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=-1, keepdims=True)


class Adam:
    """Adam's update for one parameter array."""

    def __init__(self, shape: tuple[int, ...], rate: float):
        self.m, self.v, self.t, self.rate = np.zeros(shape), np.zeros(shape), 0, rate

    def step(self, param: np.ndarray, gradient: np.ndarray) -> None:
        """Moves ``param`` up ``gradient`` (ascent)."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * gradient
        self.v = 0.999 * self.v + 0.001 * gradient ** 2
        m = self.m / (1 - 0.9 ** self.t)
        v = self.v / (1 - 0.999 ** self.t)
        param += self.rate * m / (np.sqrt(v) + 1e-8)


@dataclass
class Policy:
    """A linear actor (``actor``: features × words) and critic (``critic``: features)."""

    inputs: int
    words: int
    rate: float = 0.003
    entropy: float = 0.01
    actor: np.ndarray = field(init=False)
    critic: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        self.actor = np.zeros((self.inputs, self.words))
        self.critic = np.zeros(self.inputs)
        self._actor_step = Adam(self.actor.shape, self.rate)
        self._critic_step = Adam(self.critic.shape, self.rate)

    def probabilities(self, x: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return masked_softmax(x @ self.actor, masks)

    def act(self, rng: np.random.Generator, x: np.ndarray, masks: np.ndarray,
            greedy: bool = False) -> np.ndarray:
        """A word per row: drawn from the policy, or its most likely with ``greedy``."""
        p = self.probabilities(x, masks)
        if greedy:
            return p.argmax(axis=-1)
        return (p.cumsum(axis=-1) > rng.random((len(p), 1))).argmax(axis=-1)

    def learn(self, x: np.ndarray, masks: np.ndarray, actions: np.ndarray,
              returns: np.ndarray) -> None:
        """One update from a finished game's steps: the actor up the policy
        gradient with the critic's value as baseline, the critic towards the
        returns, an entropy bonus against collapsing too early."""
        p = self.probabilities(x, masks)
        advantage = returns - x @ self.critic
        chosen = np.zeros_like(p)
        chosen[np.arange(len(actions)), actions] = 1.0
        # d log p(a) / d logits = onehot(a) - p; d entropy / d logits = -p (log p + H)
        logp = np.log(np.where(p > 0, p, 1.0))
        entropy = -(p * logp).sum(axis=-1, keepdims=True)
        grad_logits = advantage[:, None] * (chosen - p) - self.entropy * p * (logp + entropy)
        self._actor_step.step(self.actor, x.T @ grad_logits / len(x))
        self._critic_step.step(self.critic, x.T @ advantage / len(x))


#: The return of a victory point won after a step (the result is worth 1).
SHAPING = 0.3


class Score:
    """Reads the agent's lead in victory points (its side's minus the other's)
    from observation tensors, by the ``score`` slice of the layout."""

    def __init__(self, env: RedCodeGymEnv):
        self.at = next(p.offset for p in env.layout.pieces(False) if p.name == "score")

    def lead(self, observations: np.ndarray) -> np.ndarray:
        return observations[:, self.at] - observations[:, self.at + 1]


@dataclass
class Curve:
    """The training's results: per finished game, the minute it ended and its reward."""

    minutes: list[float] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)

    def win_rate(self, last: int = 100) -> float:
        recent = self.rewards[-last:]
        return sum(r > 0 for r in recent) / max(1, len(recent))


def train(minutes: float, envs: int, opponent: str, seed: int, games: int = 0,
          **setup) -> tuple[Policy, Curve]:
    """Trains for ``minutes`` of wall time (or ``games`` finished games, if
    not 0) against ``opponent``; returns the policy and its curve. Every 50
    games it prints how many of the last 100 were won."""
    vec = vector_env(envs, asynchronous=False, opponent=opponent, **setup)
    score = Score(RedCodeGymEnv(opponent=opponent, **setup))
    rng = np.random.default_rng(seed)
    obs, _ = vec.reset(seed=seed)
    size = vec.single_observation_space["observation"].shape[0] + 1
    policy = Policy(size, int(vec.single_action_space.n))
    steps: list[list[tuple]] = [[] for _ in range(envs)]  # each game's (x, mask, action, lead)
    batch: list[tuple] = []  # finished games' steps and returns, for the next update
    curve = Curve()
    start = time.perf_counter()
    while (len(curve.rewards) < games) if games else \
            (time.perf_counter() - start < minutes * 60):
        x, masks = features(obs["observation"]), obs["action_mask"]
        actions = policy.act(rng, x, masks)
        leads = score.lead(obs["observation"])
        for i in range(envs):
            steps[i].append((x[i], masks[i], actions[i], leads[i]))
        obs, rewards, terminated, _, info = vec.step(actions)
        for i in np.flatnonzero(terminated):
            xs, ms, acts, lead = map(np.array, zip(*steps[i]))
            final = score.lead(info["final_obs"][i]["observation"][None])[0]
            # the result, and each point won or lost after the step (potential shaping)
            batch.append((xs, ms, acts, rewards[i] + SHAPING * (final - lead)))
            steps[i] = []
            curve.minutes.append((time.perf_counter() - start) / 60)
            curve.rewards.append(float(rewards[i]))
            if len(curve.rewards) % 50 == 0:
                print(f"  {curve.minutes[-1]:5.1f} min, {len(curve.rewards):5} games: the last "
                      f"100 won {curve.win_rate():.0%}", flush=True)
        if len(batch) >= envs:  # one update from a game of each environment, about
            policy.learn(*map(np.concatenate, zip(*batch)))
            batch = []
    vec.close()
    return policy, curve


def evaluate(policy: Policy, opponent: str, games: int, seed: int, greedy: bool = False,
             **setup) -> dict[str, float]:
    """The policy against ``opponent``, its words drawn from it (or its most
    likely ones with ``greedy``): wins, draws, losses (shares)."""
    env = RedCodeGymEnv(opponent=opponent, **setup)
    rng = np.random.default_rng(seed)
    results = []
    for game in range(games):
        obs, _ = env.reset(seed=seed + game)
        while True:
            word = policy.act(rng, features(obs["observation"])[None],
                              obs["action_mask"][None], greedy=greedy)[0]
            obs, reward, terminated, _, _ = env.step(int(word))
            if terminated:
                results.append(reward)
                break
    return {"won": results.count(1.0) / games, "drawn": results.count(0.0) / games,
            "lost": results.count(-1.0) / games}


def plot(curve: Curve, path: str, title: str, window: int = 100) -> None:
    """The learning curve: the share of the last ``window`` games won, by minute."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    wins = np.array(curve.rewards) > 0
    rate = [wins[max(0, i + 1 - window):i + 1].mean() for i in range(len(wins))]
    fig, ax = plt.subplots(figsize=(6, 3.5))
    ax.plot(curve.minutes, rate)
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    ax.set(xlabel="minutes of training (wall time)", ylabel=f"games won (last {window})",
           title=title, ylim=(0, 1))
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=8.0, help="training time (wall)")
    parser.add_argument("--envs", type=int, default=8, help="games played at once")
    parser.add_argument("--opponent", default="random", help="the bot trained against")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--plot", help="a PNG file for the learning curve (needs matplotlib)")
    parser.add_argument("--turn-limit", type=int, default=60,
                        help="turns before the side with more points wins (0: the rules' 200)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup = dict(teams="1v1", placement="fixed", turn_limit=args.turn_limit)
    start = time.perf_counter()
    policy, curve = train(args.minutes, args.envs, args.opponent, args.seed, **setup)
    print(f"trained {(time.perf_counter() - start) / 60:.1f} min against {args.opponent}: "
          f"{len(curve.rewards)} games, the last 100 won {curve.win_rate():.0%} "
          f"(the first 100 {Curve(rewards=curve.rewards[:100]).win_rate():.0%})")
    for opponent in ("random", "greedy"):
        for greedy in (False, True):
            start = time.perf_counter()
            result = evaluate(policy, opponent, args.eval_games, 10_000 + args.seed, greedy,
                              **setup)
            print(f"against {opponent}, {'most likely' if greedy else 'drawn'} words: won "
                  f"{result['won']:.0%}, drawn {result['drawn']:.0%}, lost {result['lost']:.0%} "
                  f"of {args.eval_games} games ({time.perf_counter() - start:.0f} s)")
    if args.plot:
        plot(curve, args.plot, f"1v1 war against the {args.opponent} bot")
        print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
