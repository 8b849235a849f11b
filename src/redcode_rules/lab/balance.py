"""The balance lab: many bot games of a card set, summed up per configuration.

A run plays, for every mode and team size asked, ``games`` games of ruleset
A (an edition and the designer's card files) and, with ``--against``, the
same number of ruleset B (other files, or the plain edition). Games come in
pairs with the same seed and the team compositions swapped between the
sides, and game k of A has the same seed as game k of B (common random
numbers, so the A/B differences are not drowned by the luck of the deal).

The figures (``summarise``) are plain data, the same for a seed whatever
ran the games; lab/report.py writes them as Markdown, HTML and JSON.
"""

from __future__ import annotations

import statistics
from typing import Any, Sequence

import attrs

from ..base.errors import SetupError, UsageError, quote
from ..bots.specs import BotSpec
from ..engine.setup import sized_teams
from .runner import Progress, Venue, run_games
from .selfplay import GameRecord, GameSpec, RulesSource
from .stats import compare_means, compare_proportions, holm, outside_band, wilson
from .tournament import game_seed

#: A card whose player's side wins more often than this is flagged as
#: possibly too strong, less often than ``WEAK`` as too weak: when the test
#: that its rate lies outside [WEAK, STRONG] is significant at ``ALPHA``
#: once corrected over every card of the report (Holm).
STRONG = 0.6
WEAK = 0.4
ALPHA = 0.05

#: The ends of a game that change what its win rates mean (a win on points at
#: the turn limit, a draw, a game stopped unfinished), as the A/B compares them.
ENDS = {"draws": "draws", "turn_limit": "games ended by the turn limit",
        "unfinished": "unfinished games"}

#: Per bot (each of ``bots.BOTS``), where a card it held, could play and never
#: played may get a verdict.
SUGGEST = {
    "greedy": "the lookahead bot weighs what a card does over the next turns: "
              "--bots lookahead (the default)",
    "lookahead": "the lookahead bot never found it worth more than its alternatives "
                 "over the next turns: a weak card, or one a deeper search plays "
                 "(--bots mcts:iterations=200)",
    "mcts": "random play plays every playable card, though its results judge "
            "nothing: --bots random",
    "random": "random play leaves a card unplayed only by chance: play more games",
}


@attrs.frozen
class Config:
    """A mode and team size: ``war 1v1``."""

    mode: str
    size: str

    @property
    def key(self) -> str:
        return f"{self.mode} {self.size}"

    def teams(self, source: RulesSource) -> tuple[tuple[str, ...], tuple[str, ...]]:
        try:
            sized = sized_teams(source.load(), self.size)
        except SetupError as error:
            raise UsageError(f"--teams: {error.reason}") from None
        if sized is None:
            raise UsageError(f"--teams: expected sizes like 1v1, 2v2, 3v3, not {quote(self.size)}")
        blue, red = sized
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


def run_balance(setup: BalanceSetup, where: Venue = Venue(),
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
    """Per card: totals, per game and per use, how often it was playable at
    the decisions it was held at, and the score of the side that played it
    more often than the other side (in the games where one did: a side that
    played it and a side that did not, or 3 copies to 1), with the p-value
    that this score lies outside 40-60% (``outside_band``; None: no test).

    Only order cards are tested: both sides draw them from one deck, while
    a maneuver belongs to a ship type, so its figures are the ship's. The
    flags are set over every card of a report at once (``judge``)."""
    names = sorted({c for r in records for c in r.cards} | new_cards)
    n = len(records)
    out = {}
    for name in names:
        total = {k: 0 for k in ("drawn", "held", "playable", "played", "answered", "cancelled",
                                "damage", "crew", "cards", "regain")}
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
        tested = name in orders and alone_games > 0
        out[name] = {**total, "new": name in new_cards, "order": name in orders,
                     "per_game": {k: total[k] / n if n else 0.0
                                  for k in ("drawn", "played", "answered", "cancelled")},
                     "per_use": {k: (total[k] / played if played else 0.0)
                                 for k in ("damage", "crew", "cards", "regain")},
                     "playable_when_held": total["playable"] / total["held"]
                     if total["held"] else None,
                     "played_more": rate(alone_score, alone_games),
                     "p_value": outside_band(alone_score, alone_games, WEAK, STRONG)
                     if tested else None,
                     "p_holm": None, "flag": None, "no_verdict": None}
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
    """A/B differences of one configuration, each with its test: the win
    rates, how games ended (draws, the turn limit, unfinished: a change there
    changes what the win rates mean), the length, and the order cards. The
    verdicts are given over every row of a report at once (``verdicts``)."""
    rows = []
    games = min(len(records_a), len(records_b))

    def row(what: str, comparison: Any, unit: str = "rate") -> None:
        rows.append({**comparison.to_dict(), "what": what, "unit": unit, "games": games})

    def proportion(what: str, x: dict[str, Any], y: dict[str, Any]) -> None:
        row(what, compare_proportions(x["estimate"] * x["games"], x["games"],
                                      y["estimate"] * y["games"], y["games"]))

    for side in ("blue", "red"):
        proportion(f"{side} win rate", a["sides"][side], b["sides"][side])
    for t in sorted(set(a["ship_types"]) & set(b["ship_types"])):
        proportion(f"{t} win rate", a["ship_types"][t], b["ship_types"][t])
    proportion("first seat win rate", a["first_seat"], b["first_seat"])
    for key, what in ENDS.items():
        row(what, compare_proportions(a[key], a["games"], b[key], b["games"]))
    row("turns per game", compare_means([r.turns for r in records_a],
                                        [r.turns for r in records_b]), unit="turns")
    for name in sorted(set(a["cards"]) & set(b["cards"])):
        ca, cb = a["cards"][name]["played_more"], b["cards"][name]["played_more"]
        if a["cards"][name]["order"] and ca["games"] and cb["games"]:
            proportion(f"{name}: side playing it more wins", ca, cb)
    return rows


def verdicts(rows: list[dict[str, Any]]) -> None:
    """Each A/B row's verdict, its p-value corrected over all the rows
    (Holm): a difference is flagged only if it stands out among them all."""
    for r, adjusted in zip(rows, holm([r["p_value"] for r in rows])):
        r["p_holm"] = adjusted
        r["flag"] = adjusted < ALPHA
        if r["flag"]:
            r["verdict"] = "different"
        elif r["p_value"] < ALPHA:
            r["verdict"] = (f"not significant over the {len(rows)} comparisons "
                            f"(p {r['p_value']:.3g}, Holm {adjusted:.3g})")
        elif r["needed_per_side"] is None:
            r["verdict"] = "no difference seen"
        else:
            r["verdict"] = (f"cannot tell with {r['games']} games: about "
                            f"{r['needed_per_side']} games per side would be needed")


def judge(report: dict[str, Any]) -> None:
    """The cards' flags, their p-values corrected over every card tested in
    the report (Holm), and why a card has no verdict where it has none."""
    figures = [(fig, conf["games"]) for rs in report["rulesets"].values()
               for conf in rs["configurations"].values() for fig in conf["cards"].values()]
    tested = [fig for fig, _ in figures if fig["p_value"] is not None]
    for fig, adjusted in zip(tested, holm([fig["p_value"] for fig in tested])):
        fig["p_holm"] = adjusted
        if adjusted < ALPHA:
            fig["flag"] = "strong" if fig["played_more"]["estimate"] > 0.5 else "weak"
    for fig, games in figures:
        fig["no_verdict"] = no_verdict(fig, report["bot"], games)


def no_verdict(fig: dict[str, Any], bot: str, games: int) -> str | None:
    """Why a card has no verdict, in plain words, or None: an order card
    that was not tested, or a new card never played (a maneuver is read in
    its ship's figures, so one that was played needs no word)."""
    if fig["p_value"] is not None or not (fig["order"] or fig["new"] and not fig["played"]):
        return None
    if not fig["held"]:
        return f"never held in {games} games: play more games, or give it more copies"
    if not fig["playable"]:
        return (f"held at {fig['held']} decisions, never playable there: no bot could have "
                "played it in these games")
    if not fig["played"]:
        return (f"held at {fig['held']} decisions, playable at {fig['playable']}, played 0 "
                f"times by {bot}; {SUGGEST[bot.split(':')[0]]}")
    if not fig["order"]:
        return None
    return (f"played {fig['played']} times, as often by each side in every game: no side "
            "played it more")


def summarise(setup: BalanceSetup, records: Sequence[GameRecord]) -> dict[str, Any]:
    """The figures of every ruleset and configuration, and the A/B differences."""
    base = RulesSource(setup.a.edition, (), "edition")
    out: dict[str, Any] = {
        "bot": setup.bot.text, "games_per_configuration": setup.games, "seed": setup.seed,
        "edition": setup.a.edition,
        "interval": "95% Wilson score interval; a draw or unfinished game counts half",
        "test": "two-sided two-proportion z-test (rates), Welch z-test (means); "
                "needed N for one test at the 5% level and 80% power",
        "correction": "Holm: the cards are flagged, and the A/B differences told apart, "
                      "at a 5% chance of any false flag among all the cards tested, and "
                      "among all the A/B rows",
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
    judge(out)
    verdicts([r for rows in out["ab"].values() for r in rows])
    cards_of = [(label, key, name, fig) for label, rs in out["rulesets"].items()
                for key, conf in rs["configurations"].items()
                for name, fig in conf["cards"].items()]
    out["cards_tested"] = sum(1 for *_, fig in cards_of if fig["p_value"] is not None)
    out["flags"] = [{"ruleset": label, "configuration": key, "card": name, "flag": fig["flag"],
                     "played_more": fig["played_more"], "p_holm": fig["p_holm"]}
                    for label, key, name, fig in cards_of if fig["flag"]]
    out["no_verdict"] = [{"ruleset": label, "configuration": key, "card": name,
                          "new": fig["new"], "why": fig["no_verdict"]}
                         for label, key, name, fig in cards_of if fig["no_verdict"]]
    out["ab_flags"] = [{"configuration": key, **r} for key, rows in out["ab"].items()
                       for r in rows if r["flag"]]
    return out
