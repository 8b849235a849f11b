"""The balance lab: many bot games of a card set, summed up per configuration.

A run plays, for every mode and team size asked, ``games`` games of ruleset
A (an edition and the designer's card files) and, with ``--against``, the
same number of ruleset B (other files, or the plain edition). Games come in
pairs with the same seed and the team compositions swapped between the
sides, and game k of A has the same seed as game k of B (common random
numbers, so the A/B differences are not drowned by the luck of the deal).

The figures (``summarise``) are plain data, the same for a seed whatever
ran the games; balance_report.py writes them as Markdown, HTML and JSON.
"""

from __future__ import annotations

import statistics
from typing import Any, Sequence

import attrs

from .bot_specs import BotSpec
from .errors import UsageError
from .game_setup import default_teams
from .runner import Progress, Where, run_games
from .selfplay import GameRecord, GameSpec, RulesSource
from .stats import compare_means, compare_proportions, wilson
from .tournament import game_seed

#: A card whose player's side wins this much more often (the interval's
#: lower bound) is flagged as possibly too strong; below the mirror bound,
#: too weak.
STRONG = 0.6
WEAK = 0.4


@attrs.frozen
class Config:
    """A mode and team size: ``war 1v1``."""

    mode: str
    size: str

    @property
    def key(self) -> str:
        return f"{self.mode} {self.size}"

    def teams(self, source: RulesSource) -> tuple[tuple[str, ...], tuple[str, ...]]:
        rules = source.load()
        try:
            a, b = (int(x) for x in self.size.lower().split("v"))
        except ValueError:
            raise UsageError(f"--teams: expected sizes like 1v1, 2v2, 3v3, not {self.size!r}") \
                from None
        if not (1 <= a <= len(rules.ships) and 1 <= b <= len(rules.ships)):
            raise UsageError(f"--teams: each side has 1 to {len(rules.ships)} ships")
        blue, red = default_teams(rules, a, b)
        return tuple(blue), tuple(red)


@attrs.frozen
class BalanceSetup:
    """What a balance run plays (see the module's docstring)."""

    a: RulesSource
    bot: BotSpec
    games: int
    b: RulesSource | None = None
    modes: tuple[str, ...] = ("war",)
    sizes: tuple[str, ...] = ("1v1",)
    seed: int = 1

    @property
    def configs(self) -> list[Config]:
        return [Config(m, s) for m in self.modes for s in self.sizes]

    @property
    def sources(self) -> list[RulesSource]:
        return [self.a] + ([self.b] if self.b is not None else [])

    def specs(self) -> list[GameSpec]:
        out: list[GameSpec] = []
        for source in self.sources:
            for c, config in enumerate(self.configs):
                blue, red = config.teams(source)
                for g in range(self.games):
                    teams = (blue, red) if g % 2 == 0 else (red, blue)
                    out.append(GameSpec(len(out), source, config.mode, teams,
                                        game_seed(self.seed, c, g // 2), (self.bot, self.bot),
                                        config=config.key))
        return out


def run_balance(setup: BalanceSetup, where: Where = Where(),
                progress: Progress | None = None) -> dict[str, Any]:
    """Play the games and sum them up (``summarise``)."""
    return summarise(setup, run_games(setup.specs(), where, progress))


# ------------------------------------------------------------------ figures


def side_score(record: GameRecord, side: str) -> float:
    """1 for a win of ``side``, 0.5 for a draw or an unfinished game, 0 for a loss."""
    if record.winner == side:
        return 1.0
    return 0.0 if record.winner in ("blue", "red") else 0.5


def rate(score: float, n: int) -> dict[str, Any]:
    return {"games": n, **wilson(score, n).to_dict()}


def spread(values: Sequence[int]) -> dict[str, Any]:
    """Mean, median, 10th and 90th percentiles and every value (for histograms)."""
    if not values:
        return {"mean": 0.0, "median": 0.0, "p10": 0.0, "p90": 0.0, "values": []}
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=10) if len(ordered) > 1 else [ordered[0]] * 9
    return {"mean": statistics.fmean(ordered), "median": statistics.median(ordered),
            "p10": q[0], "p90": q[-1], "values": list(values)}


def configuration(records: Sequence[GameRecord], new_cards: set[str], orders: set[str]
                  ) -> dict[str, Any]:
    """Every figure of one ruleset in one configuration."""
    n = len(records)
    out: dict[str, Any] = {"games": n}
    out["sides"] = {side: rate(sum(side_score(r, side) for r in records), n)
                    for side in ("blue", "red")}
    out["first_seat"] = rate(sum(side_score(r, r.first) for r in records), n)
    types: dict[str, list[float]] = {}
    for r in records:
        for side, team in zip(("blue", "red"), r.teams):
            for ship in set(team):
                types.setdefault(ship, []).append(side_score(r, side))
    out["ship_types"] = {t: rate(sum(v), len(v)) for t, v in sorted(types.items())}
    out["draws"] = sum(1 for r in records if r.winner == "draw")
    out["turn_limit"] = sum(1 for r in records if r.reason == "turn_limit")
    out["unfinished"] = sum(1 for r in records if r.winner is None)
    out["turns"] = spread([r.turns for r in records])
    out["moves"] = spread([r.moves for r in records])
    out["cards"] = cards(records, new_cards, orders)
    out["statuses"] = lasting(records, "statuses")
    out["tokens"] = lasting(records, "tokens")
    return out


def cards(records: Sequence[GameRecord], new_cards: set[str], orders: set[str]) -> dict[str, Any]:
    """Per card: totals, per game and per use, and the score of the side
    that played it more often than the other side (in the games where one
    did: a side that played it and a side that did not, or 3 copies to 1).

    Only order cards are flagged: both sides draw them from one deck, while
    a maneuver belongs to a ship type, so its figures are the ship's."""
    names = sorted({c for r in records for c in r.cards})
    n = len(records)
    out = {}
    for name in names:
        total = {k: 0 for k in ("drawn", "played", "answered", "cancelled", "damage", "crew",
                                "cards", "regain")}
        alone_score, alone_games = 0.0, 0
        for r in records:
            sides = r.cards.get(name, {})
            for figures in sides.values():
                for k in total:
                    total[k] += figures[k]
            blue = sides.get("blue", {}).get("played", 0)
            red = sides.get("red", {}).get("played", 0)
            if blue != red:
                alone_games += 1
                alone_score += side_score(r, "blue" if blue > red else "red")
        played = total["played"]
        win = wilson(alone_score, alone_games)
        flag = None
        if name not in orders:
            pass
        elif alone_games and win.low > STRONG:
            flag = "strong"
        elif alone_games and win.high < WEAK:
            flag = "weak"
        out[name] = {**total, "new": name in new_cards, "order": name in orders,
                     "per_game": {k: total[k] / n for k in ("drawn", "played", "answered",
                                                            "cancelled")},
                     "per_use": {k: (total[k] / played if played else 0.0)
                                 for k in ("damage", "crew", "cards", "regain")},
                     "played_more": rate(alone_score, alone_games), "flag": flag}
    return out


def lasting(records: Sequence[GameRecord], field: str) -> dict[str, Any]:
    """Per status (or token): given per game and mean turns it lasted."""
    total: dict[str, dict[str, int]] = {}
    for r in records:
        for name, figures in getattr(r, field).items():
            t = total.setdefault(name, {"given": 0, "turns": 0})
            t["given"] += figures["given"]
            t["turns"] += figures["turns"]
    n = max(1, len(records))
    return {name: {"given": t["given"], "per_game": t["given"] / n,
                   "mean_turns": t["turns"] / t["given"] if t["given"] else 0.0}
            for name, t in sorted(total.items())}


def new_cards_of(source: RulesSource, base: RulesSource) -> set[str]:
    """The cards of ``source`` that the plain edition does not have."""
    rules, plain = source.load(), base.load()
    return ({*rules.orders, *rules.maneuvers} - {*plain.orders, *plain.maneuvers})


def compare(a: dict[str, Any], b: dict[str, Any], records_a: Sequence[GameRecord],
            records_b: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """A/B differences of one configuration, each with its test and, where
    it cannot tell, the games per side it would need."""
    rows = []

    def row(what: str, comparison: Any) -> None:
        d = comparison.to_dict()
        d["what"] = what
        if comparison.significant:
            d["verdict"] = "different (p < 0.05)"
        elif comparison.needed is None:
            d["verdict"] = "no difference seen"
        else:
            d["verdict"] = (f"cannot tell with {min(len(records_a), len(records_b))} games: "
                            f"about {comparison.needed} games per side would be needed")
        rows.append(d)

    for side in ("blue", "red"):
        sa, sb = a["sides"][side], b["sides"][side]
        row(f"{side} win rate", compare_proportions(sa["estimate"] * sa["games"], sa["games"],
                                                    sb["estimate"] * sb["games"], sb["games"]))
    for t in sorted(set(a["ship_types"]) & set(b["ship_types"])):
        sa, sb = a["ship_types"][t], b["ship_types"][t]
        row(f"{t} win rate", compare_proportions(sa["estimate"] * sa["games"], sa["games"],
                                                 sb["estimate"] * sb["games"], sb["games"]))
    row("first seat win rate", compare_proportions(
        a["first_seat"]["estimate"] * a["games"], a["games"],
        b["first_seat"]["estimate"] * b["games"], b["games"]))
    row("turns per game", compare_means([r.turns for r in records_a],
                                        [r.turns for r in records_b]))
    for name in sorted(set(a["cards"]) & set(b["cards"])):
        ca, cb = a["cards"][name]["played_more"], b["cards"][name]["played_more"]
        if a["cards"][name]["order"] and ca["games"] and cb["games"]:
            row(f"{name}: side playing it more wins", compare_proportions(
                ca["estimate"] * ca["games"], ca["games"], cb["estimate"] * cb["games"],
                cb["games"]))
    return rows


def summarise(setup: BalanceSetup, records: Sequence[GameRecord]) -> dict[str, Any]:
    """The figures of every ruleset and configuration, and the A/B differences."""
    base = RulesSource(setup.a.edition, (), "edition")
    out: dict[str, Any] = {
        "bot": setup.bot.text, "games_per_configuration": setup.games, "seed": setup.seed,
        "edition": setup.a.edition,
        "interval": "95% Wilson score interval; a draw or unfinished game counts half",
        "test": "two-sided two-proportion z-test (rates), Welch z-test (means); "
                "needed N for 5% level and 80% power",
        "rulesets": {}, "ab": {}}
    for source in setup.sources:
        new = new_cards_of(source, base)
        orders = set(source.load().orders)
        out["rulesets"][source.label] = {
            "files": [name for name, _ in source.texts], "new_cards": sorted(new),
            "configurations": {c.key: configuration(
                [r for r in records if r.ruleset == source.label and r.config == c.key], new,
                orders)
                for c in setup.configs}}
    if setup.b is not None:
        for c in setup.configs:
            ra = [r for r in records if r.ruleset == setup.a.label and r.config == c.key]
            rb = [r for r in records if r.ruleset == setup.b.label and r.config == c.key]
            out["ab"][c.key] = compare(out["rulesets"][setup.a.label]["configurations"][c.key],
                                       out["rulesets"][setup.b.label]["configurations"][c.key],
                                       ra, rb)
    out["flags"] = [{"ruleset": label, "configuration": key, "card": name,
                     "flag": fig["flag"], "played_more": fig["played_more"]}
                    for label, rs in out["rulesets"].items()
                    for key, conf in rs["configurations"].items()
                    for name, fig in conf["cards"].items() if fig["flag"]]
    return out
