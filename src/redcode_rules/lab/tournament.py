"""A round robin between bots: every pair plays, seats swapped in pairs.

Games come in pairs with the same seed (the same map, deck and draws) and
the bots' seats swapped, so neither bot of a pair is favoured by the first
seat or by the luck of a deal. Win rates count a draw as half a win and
carry a 95% Wilson interval; ratings are Bradley–Terry fits on the Elo
scale (lab/stats.py). A game's seed depends only on the tournament's seed, the
pair and the game's number, so the results are the same on any number of
processes.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

import attrs

from ..bots.specs import BotSpec
from .runner import Progress, Venue, run_games
from .selfplay import GameRecord, GameSpec, RulesSource
from .stats import Interval, Rating, bradley_terry, wilson


def game_seed(seed: int, *parts: int) -> int:
    """A game's seed from the run's seed and its place in the run (the same
    in every process: ``random.Random`` hashes a string seed with SHA-512)."""
    return random.Random("/".join(str(p) for p in (seed, *parts))).randrange(2 ** 31)


@attrs.frozen
class TournamentSetup:
    """What a tournament plays: the bots, the games per pair and the game."""

    bots: tuple[BotSpec, ...]
    games: int
    rules: RulesSource = RulesSource()
    mode: str = "war"
    teams: tuple[tuple[str, ...], tuple[str, ...]] = (("submarine",), ("destroyer",))
    seed: int = 1

    @property
    def names(self) -> list[str]:
        """The bots' names; a bot named twice gets ``#2``, ``#3``."""
        seen: dict[str, int] = {}
        out = []
        for bot in self.bots:
            seen[bot.text] = seen.get(bot.text, 0) + 1
            out.append(bot.text if seen[bot.text] == 1 else f"{bot.text}#{seen[bot.text]}")
        return out

    def pairs(self) -> list[tuple[int, int]]:
        k = len(self.bots)
        return [(i, j) for i in range(k) for j in range(i + 1, k)]

    def specs(self) -> list[GameSpec]:
        """Every game: for pair (i, j), game 2m has i on blue, 2m+1 the same
        game with j on blue."""
        out = []
        for p, (i, j) in enumerate(self.pairs()):
            for g in range(self.games):
                blue, red = (i, j) if g % 2 == 0 else (j, i)
                out.append(GameSpec(len(out), self.rules, self.mode, self.teams,
                                    game_seed(self.seed, p, g // 2),
                                    (self.bots[blue], self.bots[red]), config=f"{blue}-{red}"))
        return out


@attrs.frozen
class PairResult:
    """One pair's games from the first bot's side."""

    a: str
    b: str
    games: int
    wins: int
    losses: int
    draws: int
    turn_limit: int
    unfinished: int
    mean_turns: float
    rate: Interval  # the first bot's score rate, a draw counting half

    def to_dict(self) -> dict[str, Any]:
        d = attrs.asdict(self, recurse=False)
        d["rate"] = self.rate.to_dict()
        return d


@attrs.frozen
class BotResult:
    name: str
    games: int
    wins: int
    draws: int
    rate: Interval
    seconds_per_decision: float | None  # machine-dependent

    def to_dict(self) -> dict[str, Any]:
        d = attrs.asdict(self, recurse=False)
        d["rate"] = self.rate.to_dict()
        return d


@attrs.frozen
class TournamentResult:
    setup: TournamentSetup
    pairs: tuple[PairResult, ...]
    bots: tuple[BotResult, ...]
    ratings: tuple[Rating, ...]

    def to_dict(self) -> dict[str, Any]:
        s = self.setup
        return {"bots": s.names, "games_per_pair": s.games, "seed": s.seed, "mode": s.mode,
                "teams": [list(t) for t in s.teams], "edition": s.rules.edition,
                "interval": "95% Wilson score interval; a draw counts half a win",
                "ratings_method": "Bradley-Terry maximum likelihood on the Elo scale "
                                  "(400 log10), mean 0, 95% intervals from the information "
                                  "matrix, half a virtual win each way per pair",
                "pairs": [p.to_dict() for p in self.pairs],
                "standings": [b.to_dict() for b in self.bots],
                "ratings": [r.to_dict() for r in self.ratings]}

    def lines(self) -> list[str]:
        """The results as a text table."""
        s = self.setup
        out = [f"{len(s.names)} bots, {s.games} games per pair ({s.mode}, "
               f"{'+'.join(s.teams[0])} v {'+'.join(s.teams[1])}, seed {s.seed}); "
               "rates with 95% Wilson intervals, a draw counts half", ""]
        width = max(len(n) for n in s.names)
        out.append(f"{'pair':<{2 * width + 4}} {'games':>5} {'W-L-D':>11} {'turn lim':>8} "
                   f"{'turns':>6}  first bot's rate")
        for p in self.pairs:
            out.append(f"{p.a:<{width}} vs {p.b:<{width}} {p.games:>5} "
                       f"{f'{p.wins}-{p.losses}-{p.draws}':>11} {p.turn_limit:>8} "
                       f"{p.mean_turns:>6.1f}  {p.rate.percent()}")
        out += ["", f"{'bot':<{width}} {'games':>5} {'score rate':>24} {'rating (BT, Elo)':>24}"
                f" {'s/decision':>10}"]
        ratings = {r.name: r for r in self.ratings}
        for b in self.bots:
            r = ratings[b.name]
            secs = "-" if b.seconds_per_decision is None else f"{b.seconds_per_decision:.3f}"
            out.append(f"{b.name:<{width}} {b.games:>5} {b.rate.percent():>24} "
                       f"{f'{r.elo:+.0f} [{r.low:+.0f}, {r.high:+.0f}]':>24} {secs:>10}")
        return out


def summarise(setup: TournamentSetup, records: Sequence[GameRecord]) -> TournamentResult:
    """Pair results, standings and ratings from the games' records."""
    names = setup.names
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    games = [0] * k
    won = [0] * k
    drawn = [0] * k
    think = [[0, 0.0] for _ in range(k)]
    per_pair: dict[tuple[int, int], list[GameRecord]] = {}
    for r in records:
        blue, red = (int(x) for x in r.config.split("-"))
        per_pair.setdefault((min(blue, red), max(blue, red)), []).append(r)
        for me, side in ((blue, "blue"), (red, "red")):
            games[me] += 1
            n, secs = r.think.get(side, (0, 0.0))
            think[me][0] += n
            think[me][1] += secs
        if r.winner == "draw" or r.winner is None:
            wins[blue][red] += 0.5
            wins[red][blue] += 0.5
            drawn[blue] += 1
            drawn[red] += 1
        else:
            winner, loser = (blue, red) if r.winner == "blue" else (red, blue)
            wins[winner][loser] += 1
            won[winner] += 1
    pairs = []
    for (i, j), recs in sorted(per_pair.items()):
        w = sum(1 for r in recs if r.winner in ("blue", "red") and
                int(r.config.split("-")[0 if r.winner == "blue" else 1]) == i)
        d = sum(1 for r in recs if r.winner not in ("blue", "red"))
        pairs.append(PairResult(names[i], names[j], len(recs), w, len(recs) - w - d, d,
                                sum(1 for r in recs if r.reason == "turn_limit"),
                                sum(1 for r in recs if r.reason == "move_cap"),
                                sum(r.turns for r in recs) / len(recs),
                                wilson(w + d / 2, len(recs))))
    bots = tuple(BotResult(names[i], games[i], won[i], drawn[i],
                           wilson(won[i] + drawn[i] / 2, games[i]),
                           think[i][1] / think[i][0] if think[i][0] else None)
                 for i in range(k))
    ratings = tuple(bradley_terry(names, wins))
    return TournamentResult(setup, tuple(pairs), bots, ratings)


def run_tournament(setup: TournamentSetup, where: Venue = Venue(),
                   progress: Progress | None = None) -> TournamentResult:
    """Play every game of the round robin and sum it up."""
    return summarise(setup, run_games(setup.specs(), where, progress))
