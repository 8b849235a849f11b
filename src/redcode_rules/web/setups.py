"""What the lobby chooses, checked, and the new game it makes.

A table's settings are plain data (``TableConfig``), stored with the game
and sent to a worker process: the edition, the language of its pages, the
mode, the team sizes, the short game, a card file from the workshop, and
who sits at each seat (a person, or a bot named as ``redcode play --bots``
names it). Every field is checked here, and a bad one is a ``UsageError``
naming the field, before anything is built or stored.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

import attrs

from ..base.errors import DslError, RedCodeError, UsageError, quote
from ..bots.specs import parse_bot
from ..engine.setup import sized_teams
from ..game import Game, new_game
from ..i18n.catalog import languages
from ..lang.compiler import parse_source
from ..lang.loader import builtin_editions, load_ruleset, ruleset_of_texts
from ..model.ruleset import Ruleset
from ..terminal.setup import SHORT_GAME_FILE

#: Who may sit at a seat: a person, or one of these bots (the lobby's list).
BOT_CHOICES = ("random", "greedy", "lookahead", "mcts:easy", "mcts:normal", "mcts:hard")
HUMAN = "human"
MODES = ("war", "arena")
SIZES = ("1v1", "2v2", "3v3")
#: The file name a workshop card file is compiled under (in errors and saves).
WORKSHOP_FILE = "workshop.rc"
#: The most seats a game has (3v3).
MAX_SEATS = 6


@attrs.frozen
class TableConfig:
    """A table's settings (see the module's docstring); ``players``: who sits
    at each seat in seat order, ``human`` or a bot."""

    edition: str = "en"
    lang: str = "en"
    mode: str = "war"
    size: str = "1v1"
    short: bool = False
    players: tuple[str, ...] = (HUMAN, "greedy")
    cards: str | None = None
    seed: int = 0

    def texts(self) -> tuple[tuple[str, str], ...]:
        """The card files on top of the edition: the workshop's, then the short game's."""
        return (((WORKSHOP_FILE, self.cards),) if self.cards else ()) + \
            ((SHORT_GAME_FILE,) if self.short else ())

    def rules(self) -> Ruleset:
        """The edition with the table's card files, compiled once per process
        for the same texts (a game's every reload and worker shares them)."""
        if self.cards:
            refuse_variant(self.cards)
        texts = self.texts()
        return ruleset_of_texts(self.edition, texts, ()) if texts else load_ruleset(self.edition)

    def new_game(self) -> Game:
        """The game these settings make (its seats in ``players``' order)."""
        rules = self.rules()
        try:
            game = new_game(rules, mode=self.mode, teams=self.size, seed=self.seed)
        except RedCodeError as err:
            raise UsageError(f"teams: {err}") from None
        if len(game.ships) != len(self.players):
            raise UsageError(f"players: {len(game.ships)} seats, {len(self.players)} players")
        return game

    def as_data(self) -> dict[str, Any]:
        return attrs.asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> TableConfig:
        fields = {f.name for f in attrs.fields(cls)}
        return cls(**{k: tuple(v) if k == "players" else v
                      for k, v in data.items() if k in fields})


def seats_of(size: str) -> int:
    """How many seats a team size has (``2v2``: 4)."""
    blue, _, red = size.partition("v")
    return int(blue) + int(red)


def choice(form: Mapping[str, str], field: str, allowed: tuple[str, ...], default: str) -> str:
    """A field that takes one of ``allowed``; a UsageError naming it otherwise."""
    value = form.get(field, default) or default
    if value not in allowed:
        raise UsageError(f"{field}: {quote(value)} is not one of {', '.join(allowed)}")
    return value


def read_config(form: Mapping[str, str], cards: str | None = None) -> TableConfig:
    """The lobby's form as settings, every field checked (``UsageError``
    naming the field); ``cards``: the text of the workshop file it chose."""
    edition = choice(form, "edition", tuple(builtin_editions()), "en")
    lang = choice(form, "lang", tuple(languages()), edition)
    mode = choice(form, "mode", MODES, "war")
    size = choice(form, "teams", SIZES, "1v1")
    short = choice(form, "short", ("", "on", "1"), "") != ""
    players = tuple(choice(form, f"seat{i + 1}", (HUMAN, *BOT_CHOICES),
                           HUMAN if i == 0 else "greedy") for i in range(seats_of(size)))
    seed_text = (form.get("seed") or "").strip()
    if seed_text:
        if not seed_text.isdigit() or len(seed_text) > 18:
            raise UsageError(f"seed: {quote(seed_text)} is not a whole number of at most "
                             "18 digits")
        seed = int(seed_text)
    else:
        seed = random.SystemRandom().randrange(2 ** 31)
    config = TableConfig(edition, lang, mode, size, short, players, cards, seed)
    check_rules(config)
    return config


def check_rules(config: TableConfig) -> None:
    """The settings' rules compile and seat the teams (a UsageError if not)."""
    try:
        rules = config.rules()
        sized_teams(rules, config.size)
    except RedCodeError as err:
        field = "cards" if config.cards else "teams"
        raise UsageError(f"{field}: {err}") from None
    for player in config.players:
        if player != HUMAN:
            parse_bot(player)


def refuse_variant(text: str) -> None:
    """A workshop file is applied on top of the edition the page chose: its
    ``variant ... extends ...`` line would name a parent file on the server,
    which is never read, so it is refused at its line (a DslError)."""
    decls = parse_source(text, WORKSHOP_FILE)
    header = next((d for d in decls if d.action == "variant"), None)
    if header is not None:
        lines = text.splitlines()
        raise DslError(f"'variant {header.id} extends {header.parent}': a workshop file is "
                       "applied on top of the edition chosen on the page and cannot extend "
                       "another file (no file on the server is read); choose the edition "
                       "there and remove this line", file=WORKSHOP_FILE,
                       line=header.pos.line, column=header.pos.column,
                       source_line=lines[header.pos.line - 1] if lines else None)
