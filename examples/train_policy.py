"""Train a small policy to play Red Code: actor-critic with action masks, in numpy.

A self-contained policy-gradient loop a researcher can copy and grow: the
agent plays blue's ship of 1v1 war, word by word, against a fixed bot
(``redcode_rules.ai.gym``: Gymnasium's vector API, the environments stepped
together); its policy is a softmax over the legal words (the action mask
sets the others' probability to 0) from a network of one hidden layer, its
critic a value from another, both on the observation tensor (``log1p`` of
each entry: counts, flags, the turn number). Each step's return is the
game's result (+1 won, -1 lost, 0 drawn) plus 0.3 for each victory point
its side won after it, less 0.3 for each the other side won (shaping by the
lead in points, a potential: it rewards sinking sooner without changing
which policy is best). A game of each environment makes a batch, which
updates both networks in a few passes (PPO's clipped ratio keeps the policy
near the one that played the batch; the critic is the baseline; Adam; an
entropy bonus). ``--opponent random,greedy`` trains against several bots
at once, each game drawing one; ``--then`` names a second bot to train
against once the first has had its minutes (a curriculum); ``--workers``
steps the games in worker processes. Then the policy plays evaluation
games, its words drawn from it, then its most likely ones; ``--baseline
BOT`` plays the same evaluation games with a bot of the library in the
agent's seat instead, without training. It needs the ``ai`` extra (numpy,
gymnasium); ``--plot`` draws the learning curve with matplotlib (the
``lab`` extra).

    python examples/train_policy.py [--minutes 8] [--envs 8] [--workers 0] [--opponent random]
                                    [--then greedy] [--then-minutes 8] [--hidden 64]
                                    [--eval-games 100] [--plot curve.png] [--turn-limit 60]
                                    [--seed 1]
    python examples/train_policy.py --baseline greedy [--eval-games 100] [--seed 1]

docs/ai.md gives the win rates it reached and the time it took.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from redcode_rules.ai.gym import RedCodeGymEnv, vector_env


def features(observation: np.ndarray) -> np.ndarray:
    """The networks' input: ``log1p`` of the tensor's entries (flags stay 0
    or 0.69, counts grow slowly)."""
    return np.log1p(observation)


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


class Network:
    """``tanh(x @ w1 + b1) @ w2 + b2``, its gradients by hand, each array
    with its Adam. ``out_scale`` sizes the last layer's first weights (small:
    the policy starts near uniform)."""

    def __init__(self, inputs: int, hidden: int, outputs: int, rate: float,
                 rng: np.random.Generator, out_scale: float = 1.0):
        self.w1 = rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = rng.normal(0, out_scale / np.sqrt(hidden), (hidden, outputs))
        self.b2 = np.zeros(outputs)
        self.params = (self.w1, self.b1, self.w2, self.b2)
        self.steps = [Adam(p.shape, rate) for p in self.params]

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The outputs, and the hidden layer (for ``ascend``)."""
        h = np.tanh(x @ self.w1 + self.b1)
        return h @ self.w2 + self.b2, h

    def gradients(self, x: np.ndarray, h: np.ndarray,
                  grad_out: np.ndarray) -> tuple[np.ndarray, ...]:
        """The gradient by each weight array of a function whose gradient by
        the outputs is ``grad_out`` (backpropagation through the two layers)."""
        grad_h = (grad_out @ self.w2.T) * (1 - h ** 2)
        return x.T @ grad_h, grad_h.sum(axis=0), h.T @ grad_out, grad_out.sum(axis=0)

    def ascend(self, x: np.ndarray, h: np.ndarray, grad_out: np.ndarray) -> None:
        """Moves the weights up that function, a step of Adam each."""
        for param, grad, step in zip(self.params, self.gradients(x, h, grad_out), self.steps):
            step.step(param, grad)


@dataclass
class Policy:
    """An actor (``actor``: the words' logits) and a critic (``critic``: the
    value), each a ``Network`` of ``hidden`` units."""

    inputs: int
    words: int
    hidden: int = 64
    rate: float = 0.001
    entropy: float = 0.01
    clip: float = 0.2  # PPO: how far a batch may move each step's probability
    epochs: int = 4  # passes over a batch
    minibatch: int = 512  # steps per update within a pass
    seed: int = 0
    actor: Network = field(init=False)
    critic: Network = field(init=False)

    def __post_init__(self) -> None:
        self.rng = np.random.default_rng(self.seed)
        self.actor = Network(self.inputs, self.hidden, self.words, self.rate, self.rng, 0.01)
        self.critic = Network(self.inputs, self.hidden, 1, self.rate, self.rng, 0.01)

    def probabilities(self, x: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return masked_softmax(self.actor.forward(x)[0], masks)

    def value(self, x: np.ndarray) -> np.ndarray:
        return self.critic.forward(x)[0][:, 0]

    def act(self, rng: np.random.Generator, x: np.ndarray, masks: np.ndarray,
            greedy: bool = False) -> np.ndarray:
        """A word per row: drawn from the policy, or its most likely with ``greedy``."""
        p = self.probabilities(x, masks)
        if greedy:
            return p.argmax(axis=-1)
        return (p.cumsum(axis=-1) > rng.random((len(p), 1))).argmax(axis=-1)

    def learn(self, x: np.ndarray, masks: np.ndarray, actions: np.ndarray,
              returns: np.ndarray) -> None:
        """Updates from finished games' steps: ``epochs`` passes in shuffled
        minibatches, the actor up PPO's clipped objective (the advantage is
        the return less the critic's value before the update), the critic
        towards the returns, an entropy bonus against collapsing too early."""
        rows = np.arange(len(x))
        old = self.probabilities(x, masks)[rows, actions]
        advantage = returns - self.value(x)
        for _ in range(self.epochs):
            order = self.rng.permutation(len(x))
            for b in np.array_split(order, max(1, len(x) // self.minibatch)):
                logits, h = self.actor.forward(x[b])
                grad = self.gradient(masked_softmax(logits, masks[b]), actions[b], old[b],
                                     advantage[b])
                self.actor.ascend(x[b], h, grad / len(b))
                v, h = self.critic.forward(x[b])
                self.critic.ascend(x[b], h, (returns[b] - v[:, 0])[:, None] / len(b))

    def gradient(self, p: np.ndarray, actions: np.ndarray, old: np.ndarray,
                 advantage: np.ndarray) -> np.ndarray:
        """The gradient by each step's logits of PPO's objective,
        ``min(ratio * advantage, clipped ratio * advantage)`` with ``ratio`` the
        chosen word's probability ``p`` over ``old`` (its probability when it
        was played), plus ``entropy`` times the entropy of ``p``."""
        rows = np.arange(len(p))
        ratio = p[rows, actions] / old
        # no gradient where the ratio left [1 - clip, 1 + clip] in the advantage's direction
        moving = ~(((advantage > 0) & (ratio > 1 + self.clip)) |
                   ((advantage < 0) & (ratio < 1 - self.clip)))
        chosen = np.zeros_like(p)
        chosen[rows, actions] = 1.0
        # d ratio / d logits = ratio (onehot(a) - p); d entropy / d logits = -p (log p + H)
        logp = np.log(np.where(p > 0, p, 1.0))
        entropy = -(p * logp).sum(axis=-1, keepdims=True)
        return (moving * advantage * ratio)[:, None] * (chosen - p) \
            - self.entropy * p * (logp + entropy)


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
    """The training's results: per finished game, the minute it ended, its
    reward and the bot it was played against."""

    minutes: list[float] = field(default_factory=list)
    rewards: list[float] = field(default_factory=list)
    opponents: list[str] = field(default_factory=list)
    stages: list[int] = field(default_factory=list)  # the first game of each stage

    def recent(self, last: int = 100, opponent: str | None = None) -> list[float]:
        """The rewards of the last ``last`` games (against ``opponent`` only,
        if given), read back from the end: the progress lines ask every 50
        games, and a run plays tens of thousands."""
        if opponent is None:
            return self.rewards[-last:]
        found: list[float] = []
        for reward, against in zip(reversed(self.rewards), reversed(self.opponents)):
            if against == opponent:
                found.append(reward)
                if len(found) == last:
                    break
        return found[::-1]

    def win_rate(self, last: int = 100, opponent: str | None = None) -> float:
        recent = self.recent(last, opponent)
        return sum(r > 0 for r in recent) / max(1, len(recent))

    def loss_rate(self, last: int = 100, opponent: str | None = None) -> float:
        recent = self.recent(last, opponent)
        return sum(r < 0 for r in recent) / max(1, len(recent))

    def summary(self, opponents: Sequence[str], which: str = "the last 100") -> str:
        """How many of the last 100 games were won and lost (``which`` says
        which they are), against each of ``opponents`` when there are several."""
        if len(set(opponents)) == 1:
            return f"{which} won {self.win_rate():.0%}, lost {self.loss_rate():.0%}"
        return "; ".join(f"{which} against {o} won {self.win_rate(100, o):.0%}, lost "
                         f"{self.loss_rate(100, o):.0%}" for o in dict.fromkeys(opponents))


def train(minutes: float, envs: int, opponent: str | Sequence[str], seed: int, games: int = 0,
          policy: Policy | None = None, curve: Curve | None = None, hidden: int = 64,
          workers: int = 0, **setup) -> tuple[Policy, Curve]:
    """Trains for ``minutes`` of wall time (or ``games`` finished games, if
    not 0) against ``opponent`` (a bot spec, or several: each game draws
    one); returns the policy and its curve. A ``policy`` and ``curve`` given
    go on learning and growing (a curriculum); else a new policy of
    ``hidden`` units starts. The games are stepped in this process, or by
    ``workers`` processes (the networks stay here). Every 50 games it prints
    how many of the last 100 were won (against each bot)."""
    opponents = (opponent,) if isinstance(opponent, str) else tuple(opponent)
    vec = vector_env(envs, asynchronous=workers > 0, workers=workers or None,
                     opponent=opponents, **setup)
    score = Score(RedCodeGymEnv(opponent=opponents, **setup))
    rng = np.random.default_rng(seed)
    obs, _ = vec.reset(seed=seed)
    if policy is None:
        policy = Policy(vec.single_observation_space["observation"].shape[0],
                        int(vec.single_action_space.n), hidden=hidden, seed=seed)
    curve = curve if curve is not None else Curve()
    curve.stages.append(len(curve.rewards))
    offset = curve.minutes[-1] if curve.minutes else 0.0
    steps: list[list[tuple]] = [[] for _ in range(envs)]  # each game's (x, mask, action, lead)
    batch: list[tuple] = []  # finished games' steps and returns, for the next update
    played = 0
    start = time.perf_counter()
    while (played < games) if games else (time.perf_counter() - start < minutes * 60):
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
            played += 1
            curve.minutes.append(offset + (time.perf_counter() - start) / 60)
            curve.rewards.append(float(rewards[i]))
            curve.opponents.append(str(info["final_info"]["opponent"][i]))
            if len(curve.rewards) % 50 == 0:
                print(f"  {curve.minutes[-1]:5.1f} min, {len(curve.rewards):5} games: "
                      f"{curve.summary(opponents)}", flush=True)
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


def evaluate_bot(bot: str, opponent: str, games: int, seed: int,
                 **setup) -> dict[str, float]:
    """A bot of the library (a bot spec: ``greedy``) in the agent's seat, over
    the games ``evaluate`` plays (the same deals, the same opponent): the
    yardstick of the policy's figures. Each move it chooses is taken word by
    word, as the policy's are; the bot is seeded per game."""
    from redcode_rules.bots.specs import parse_bot

    env = RedCodeGymEnv(opponent=opponent, **setup)
    spec = parse_bot(bot)
    results = []
    for game in range(games):
        env.reset(seed=seed + game)
        player = spec.build(seed + game)
        terminated = False
        while not terminated:
            for word in env.space.actions_of(env.game, player.choose(env.game)):
                _, reward, terminated, _, _ = env.step(word)
        results.append(reward)
    return {"won": results.count(1.0) / games, "drawn": results.count(0.0) / games,
            "lost": results.count(-1.0) / games}


def plot(curve: Curve, path: str, title: str, window: int = 100) -> None:
    """The learning curve: the share of the last ``window`` games won (and
    lost), by minute, against each bot when there were several; a dotted
    line where a stage of a curriculum began."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.5))
    names = list(dict.fromkeys(curve.opponents))
    for name in names if len(names) > 1 else [None]:
        rows = [i for i, o in enumerate(curve.opponents) if name is None or o == name]
        rewards = np.array([curve.rewards[i] for i in rows])
        for sign, label in ((1, "won"), (-1, "lost")):
            hits = rewards == sign
            rate = [hits[max(0, i + 1 - window):i + 1].mean() for i in range(len(hits))]
            ax.plot([curve.minutes[i] for i in rows], rate,
                    label=label if name is None else f"{label} against {name}")
    for start in (s for s in curve.stages[1:] if s < len(curve.minutes)):
        ax.axvline(curve.minutes[start], color="grey", linewidth=0.8, linestyle=":")
    ax.set(xlabel="minutes of training (wall time)", ylabel=f"share of the last {window} games",
           title=title, ylim=(0, 1))
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=8.0, help="training time (wall)")
    parser.add_argument("--envs", type=int, default=8, help="games played at once")
    parser.add_argument("--opponent", default="random",
                        help="the bot trained against, or several separated by commas "
                             "(random,greedy: each game draws one)")
    parser.add_argument("--then", help="a bot (or several) to train against next (a curriculum)")
    parser.add_argument("--then-minutes", type=float, default=8.0,
                        help="training time against the --then bot (wall)")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units of each network")
    parser.add_argument("--workers", type=int, default=0,
                        help="processes that step the games (0: this process)")
    parser.add_argument("--eval-games", type=int, default=100)
    parser.add_argument("--plot", help="a PNG file for the learning curve (needs matplotlib)")
    parser.add_argument("--turn-limit", type=int, default=60,
                        help="turns before the side with more points wins (0: the rules' 200)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", metavar="BOT",
                        help="no training: the bot BOT plays the evaluation games in the "
                             "agent's seat (the yardstick of the policy's figures)")
    args = parser.parse_args()
    setup = dict(teams="1v1", placement="fixed", turn_limit=args.turn_limit)
    if args.baseline:
        for opponent in ("random", "greedy"):
            start = time.perf_counter()
            result = evaluate_bot(args.baseline, opponent, args.eval_games,
                                  10_000 + args.seed, **setup)
            print(f"{args.baseline} in the agent's seat against {opponent}: won "
                  f"{result['won']:.0%}, drawn {result['drawn']:.0%}, lost {result['lost']:.0%} "
                  f"of {args.eval_games} games ({time.perf_counter() - start:.0f} s)")
        return
    stages = [(tuple(args.opponent.split(",")), args.minutes)] + (
        [(tuple(args.then.split(",")), args.then_minutes)] if args.then else [])
    policy, curve = None, Curve()
    for opponent, minutes in stages:
        start, before = time.perf_counter(), len(curve.rewards)
        policy, curve = train(minutes, args.envs, opponent, args.seed, policy=policy,
                              curve=curve, hidden=args.hidden, workers=args.workers, **setup)
        first = Curve(rewards=curve.rewards[before:before + 100],
                      opponents=curve.opponents[before:before + 100])
        print(f"trained {(time.perf_counter() - start) / 60:.1f} min against "
              f"{' and '.join(opponent)}: {len(curve.rewards) - before} games; "
              f"{curve.summary(opponent)} ({first.summary(opponent, 'the first 100')})")
    for opponent in ("random", "greedy"):
        for greedy in (False, True):
            start = time.perf_counter()
            result = evaluate(policy, opponent, args.eval_games, 10_000 + args.seed, greedy,
                              **setup)
            print(f"against {opponent}, {'most likely' if greedy else 'drawn'} words: won "
                  f"{result['won']:.0%}, drawn {result['drawn']:.0%}, lost {result['lost']:.0%} "
                  f"of {args.eval_games} games ({time.perf_counter() - start:.0f} s)")
    if args.plot:
        title = "1v1 war against the " + " then the ".join(
            " and ".join(o) + (" bots" if len(o) > 1 else " bot") for o, _ in stages)
        plot(curve, args.plot, title)
        print(f"learning curve: {args.plot}")


if __name__ == "__main__":
    main()
