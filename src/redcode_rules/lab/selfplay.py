"""One game between bots, described by plain data and summed up as plain data.

The tournament and the balance lab send ``GameSpec`` records to other
processes (or Dask workers) and get ``GameRecord`` records back: both are
small, picklable and JSON-able, and a game is a pure function of its spec
(the game's seed and each bot's seed come from it), so the same specs give
the same records on one process, on many, or on a cluster.

Card files travel as their text (``RulesSource``), so a worker on another
machine needs no copy of them; each process compiles a ruleset once.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import attrs

from ..base.kinds import Decision, MoveKind
from ..bots.specs import BotSpec
from ..engine.notation import card_of, head_word
from ..game import Game, new_game
from ..info.tally import card_uses, lasting
from ..lang.loader import build_ruleset, load_ruleset
from ..model.ruleset import Ruleset

#: A game that reaches this many moves is stopped and counted unfinished
#: (the rules' turn limit ends every game long before: a safety net).
MOVE_CAP = 20_000

#: The decisions at which a card may be played: where held and playable are counted.
CARD_DECISIONS = (Decision.MAIN, Decision.RESPOND)



@attrs.frozen
class RulesSource:
    """An edition and card files given as (name, text): what a worker needs
    to build the same ruleset."""

    edition: str = "en"
    texts: tuple[tuple[str, str], ...] = ()
    label: str = "A"

    @classmethod
    def from_files(cls, edition: str, paths: list[str] | tuple[str, ...], label: str = "A"
                   ) -> RulesSource:
        texts = []
        for path in paths:
            with open(path, encoding="utf-8") as f:
                texts.append((str(path), f.read()))
        return cls(edition, tuple(texts), label)

    def load(self) -> Ruleset:
        """The ruleset, compiled once per process."""
        key = (self.edition, self.texts)
        rules = _RULESETS.get(key)
        if rules is None:
            rules = load_ruleset(self.edition) if not self.texts else \
                build_ruleset(self.edition, (), self.texts)
            _RULESETS[key] = rules
        return rules


_RULESETS: dict[tuple[str, tuple[tuple[str, str], ...]], Ruleset] = {}


@attrs.frozen
class GameSpec:
    """Everything that decides one game: its rules, mode, teams (blue's ship
    types, red's), seed, and the bot of each side."""

    index: int
    rules: RulesSource
    mode: str
    teams: tuple[tuple[str, ...], tuple[str, ...]]
    seed: int
    bots: tuple[BotSpec, BotSpec]
    config: str = ""


@attrs.define
class CardFigures:
    """One card's counts in one game, for one side. ``held``: the decisions
    where a card may be played (``CARD_DECISIONS``) at which a player of the
    side held it (in hand, or its ship's maneuver); ``playable``: those of
    them at which a legal move played it."""

    drawn: int = 0
    held: int = 0
    playable: int = 0
    played: int = 0
    answered: int = 0
    cancelled: int = 0
    damage: int = 0
    crew: int = 0
    cards: int = 0
    regain: int = 0


@attrs.frozen
class GameRecord:
    """What a finished game says: the result, its length, and what each
    side did with each card, status and token. ``think`` holds each side's
    decisions with a choice and the processor seconds its bot spent on them
    (this process's CPU time, so other work on a shared machine does not
    count; machine-dependent: kept apart from the figures the same seed
    must reproduce)."""

    index: int
    config: str
    ruleset: str
    bots: tuple[str, str]
    teams: tuple[tuple[str, ...], tuple[str, ...]]
    first: str
    winner: str | None
    reason: str
    turns: int
    moves: int
    cards: dict[str, dict[str, dict[str, int]]]
    statuses: dict[str, dict[str, int]]
    tokens: dict[str, dict[str, int]]
    think: dict[str, tuple[int, float]] = attrs.field(eq=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self, recurse=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        data = dict(data)
        data["bots"] = tuple(data["bots"])
        data["teams"] = tuple(tuple(t) for t in data["teams"])
        data["think"] = {k: tuple(v) for k, v in data.get("think", {}).items()}
        return cls(**data)


def play_game(spec: GameSpec) -> GameRecord:
    """Play the game of ``spec`` to its end and count what happened."""
    rules = spec.rules.load()
    game = new_game(rules, mode=spec.mode, teams=[list(t) for t in spec.teams], seed=spec.seed)
    side_of = {s.id: s.side for s in game.state.ships}
    side_bot = {"blue": spec.bots[0], "red": spec.bots[1]}
    bots = {ship: side_bot[side_of[ship]].build(spec.seed * 16 + i)
            for i, ship in enumerate(game.ships)}
    figures: dict[str, dict[str, CardFigures]] = {}
    held = {ship: Counter[str]() for ship in game.ships}
    think = {"blue": [0, 0.0], "red": [0, 0.0]}

    def card(name: str, side: str) -> CardFigures:
        return figures.setdefault(name, {}).setdefault(side, CardFigures())

    def count_draws() -> None:
        for ship in game.ships:
            now = Counter(game.hand(ship))
            for name, n in (now - held[ship]).items():
                card(name, side_of[ship]).drawn += n
            held[ship] = now

    def count_held(player: str, legal: list[str]) -> None:
        playable = {card_of(text) for text in legal}
        for name in {*game.hand(player), *maneuvers[player]}:
            figures_of = card(name, side_of[player])
            figures_of.held += 1
            figures_of.playable += name in playable

    maneuvers = {s.id: rules.ships[s.type].maneuvers for s in game.state.ships}
    count_draws()
    while not game.is_over and len(game.moves) < MOVE_CAP:
        player = game.to_move
        assert player is not None
        side = side_of[player]
        legal = game.legal_moves()
        choices = len(legal)
        if game.decision in CARD_DECISIONS:
            count_held(player, legal)
        stack = game.state.stack
        answered = stack[-1].card if stack else None
        start = time.process_time()
        move = bots[player].choose(game)
        if choices > 1:
            think[side][0] += 1
            think[side][1] += time.process_time() - start
        if answered is not None and head_word(move) in (MoveKind.RESPOND, MoveKind.ORDER):
            owner = side_of[game.ships[stack[-1].seat]]
            card(answered, owner).answered += 1
        game.play(move)
        count_draws()
    return GameRecord(
        index=spec.index, config=spec.config, ruleset=spec.rules.label,
        bots=(spec.bots[0].text, spec.bots[1].text), teams=spec.teams,
        first=side_of[game.ships[0]], winner=game.winner if game.is_over else None,
        reason=end_reason(game), turns=game.turn_number, moves=len(game.moves),
        cards=log_figures(game, side_of, figures),
        statuses=lasting(game.log, "status", "ship", game.turn_number),
        tokens=lasting(game.log, "token", "box", game.turn_number),
        think={s: (n, secs) for s, (n, secs) in think.items()})


def end_reason(game: Game) -> str:
    """Why the game ended (the ``game_over`` event's reason), or ``move_cap``."""
    if not game.is_over:
        return "move_cap"
    for event in reversed(game.log):
        if event.kind == "game_over":
            return str(event.get("reason"))
    return "over"


def log_figures(game: Game, side_of: dict[str, str],
                figures: dict[str, dict[str, CardFigures]]) -> dict[str, dict[str, dict[str, int]]]:
    """Plays, cancels and the effects of each card's uses, from the log
    (``tally.card_uses``), added to ``figures`` by side."""
    for (name, player), uses in card_uses(game.log).items():
        if not (uses.declared or uses.resolved or uses.cancelled):
            continue
        fig = figures.setdefault(name, {}).setdefault(side_of[player], CardFigures())
        fig.played += uses.declared
        fig.cancelled += uses.cancelled
        fig.damage += uses.damage
        fig.crew += uses.crew
        fig.cards += uses.cards
        fig.regain += uses.regain
    return {name: {side: attrs.asdict(f) for side, f in sorted(sides.items())}
            for name, sides in sorted(figures.items())}


def play_batch(specs: list[GameSpec]) -> list[GameRecord]:
    """A batch of games, one task of the local pool or of Dask."""
    return [play_game(spec) for spec in specs]
