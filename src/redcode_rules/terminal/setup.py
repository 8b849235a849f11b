"""`redcode play`'s set-up: the command line's choices (``PlaySetup``) turned
into a game, the person's seat and the bots; the short game's rules and a
game's goal, which the web table shows too."""

from __future__ import annotations

from typing import Sequence

import attrs

from ..base.errors import UsageError
from ..bots.players import BOTS, Bot
from ..bots.specs import BotSpec, parse_bot
from ..game import Game
from ..i18n.catalog import catalog, pick
from ..lang.loader import build_ruleset
from ..model.ruleset import Ruleset

#: The short game (``--short`` of play and demo): rule options on top of the edition.
SHORT_GAME_FILE = ("short_game.rc", "rules {\n    victory_points 2\n    turn_limit 60\n}\n")
SHORT_GAME = "war to 2 points, at most 60 turns (30 each in 1v1)"


def game_goal(rules: Ruleset, mode: str, lang: str) -> str:
    """What ends a game, for its header (``war to 2 points, at most 60
    turns``): a short game, or a variant's numbers, show there."""
    goals = catalog(lang)["goals"]
    options = rules.options
    return pick(goals[mode], options.victory_points).format(points=options.victory_points,
                                                           turns=options.turn_limit)


def short_rules(edition: str, cards: Sequence[str] = ()) -> Ruleset:
    """An edition (and card files) with the short game's rule options; a save or
    replay of its games holds them, as it holds a card file given as text."""
    return build_ruleset(str(edition), tuple(str(c) for c in cards), (SHORT_GAME_FILE,))


@attrs.frozen
class PlaySetup:
    """What the command line chose: the game, the person's ship, the bots, the language."""

    rules: Ruleset
    mode: str
    teams: list[list[str]]
    seed: int
    lang: str
    seat: str | None = None     # ship id, ship type, side or 1-based seat; None = seat 1
    bots: str = "greedy"        # one bot name, or one per bot seat, comma separated
    confirm: bool = True        # ask before a move that harms one's own side


def pick_seat(game: Game, wanted: str | None) -> str:
    """The ship id the person plays: ``--seat`` as an id, a seat number, a type or a side."""
    ships = game.ships
    if wanted is None:
        return ships[0]
    if wanted in ships:
        return wanted
    if wanted.isdigit() and 1 <= int(wanted) <= len(ships):
        return ships[int(wanted) - 1]
    of_side = [s for s in ships if game.ship(s).side == wanted]
    of_type = [s for s in ships if game.ship(s).type == wanted]
    if of_side or len(of_type) == 1:
        return (of_side or of_type)[0]
    raise UsageError(f"--seat: {wanted!r} is not one ship of this game; the seats are "
                     + ", ".join(f"{i + 1} {s}" for i, s in enumerate(ships)))


def seat_specs(game: Game, human: str, spec: str) -> dict[str, BotSpec]:
    """The bot of each other seat as the command line named it: ``--bots
    greedy`` for all, or ``random,mcts:hard`` seat by seat."""
    others = [s for s in game.ships if s != human]
    names = [n.strip() for n in spec.split(",")]
    if len(names) == 1:
        names *= len(others)
    if len(names) != len(others):
        raise UsageError(f"--bots: give one bot for all other seats or one per other seat "
                         f"({len(others)}: {', '.join(others)}), not {len(names)}")
    try:
        return dict(zip(others, (parse_bot(n) for n in names)))
    except UsageError as err:
        raise UsageError(f"--bots: {err}") from None


def build_bots(game: Game, specs: dict[str, BotSpec], seed: int) -> dict[str, Bot]:
    """A fresh bot per seat of ``specs``, seeded by the game's seed and its seat."""
    seats = {s: i for i, s in enumerate(game.ships)}
    return {ship: spec.build(seed * 100 + seats[ship]) for ship, spec in specs.items()}


def type_name(bot: Bot | None) -> str:
    """The ``--bots`` name of a bot (greedy when unknown)."""
    for name, kind in BOTS.items():
        if type(bot) is kind:
            return name
    return "greedy"
