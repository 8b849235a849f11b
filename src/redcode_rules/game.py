"""The public ``Game``: the core game (engine/game_core.py) with its formats.

``GameCore`` plays; ``Game`` adds what sits above it — JSON saves,
scenarios, replays, narration, the board as text and as SVG — by handing
itself to those modules, so a game they build is a ``Game`` (python-chess's
``Board`` likewise knows nothing of ``chess.pgn`` or ``chess.svg``).
"""

from __future__ import annotations

import html
from array import array
import random
from pathlib import Path
from typing import Any, Mapping, Sequence

from .base.errors import SaveError, ScenarioError
from .engine.game_core import GameCore
from .engine.history import CHECKPOINT_EVERY
from .engine.views import ShipView
from .engine.notation import normalise
from .engine.setup import Default, sized_teams
from .formats.replay import make_replay, replay
from .formats.saves import game_from_json, game_to_json
from .formats.scenario import game_from_scenario, game_to_scenario
from .i18n.catalog import check_language
from .info.observation import Observation, information_state, observe
from .info.resample import resample
from .info.tensors import encode_information_state
from .model.ruleset import Ruleset
from .render.svg import board
from .text.narrate import board_text, narrate

__all__ = ["CHECKPOINT_EVERY", "Game", "ShipView", "game_from_pickle", "new_game", "normalise"]


def as_save_error(err: ScenarioError) -> SaveError:
    """A scenario field's error said of a save, whose every field it is."""
    return err if isinstance(err, SaveError) else SaveError(err.field, err.reason)


class Game(GameCore):
    """A game of Red Code in progress.

    Make one with ``new_game`` (or ``Game.from_scenario``, ``Game.from_json``).
    Every decision is a move string in the notation of docs/notation.md, made
    by ``to_move``: ``legal_moves()`` lists them (computed once per state),
    ``play`` applies one or raises ``IllegalMove`` with the rule that forbids
    it, changing nothing, and ``undo`` takes it back. ``str(game)`` is the
    board as text.
    """

    __slots__ = ()

    # ------------------------------------------------------------- formats
    @classmethod
    def from_scenario(cls, scenario: str | Path | Mapping[str, Any]) -> Game:
        """A position from the YAML scenario format of docs/scenarios.md: YAML
        text, a mapping, or the path of a ``.yaml`` file (str or Path)."""
        return game_from_scenario(scenario, game_class=cls)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """The game saved by ``to_json``, exactly: state, log, moves and RNG.

        The rules are loaded again from the edition and card files it names
        and must compile to the same card data (``ScenarioError`` if not)."""
        try:
            return game_from_json(text, game_class=cls)
        except ScenarioError as err:
            raise as_save_error(err) from None

    @classmethod
    def from_replay(cls, source: str | Path | dict[str, Any], upto: int | None = None) -> Game:
        """A replay re-simulated (a file, its JSON text or its data), every move
        checked; ``upto`` stops after that many moves (see ``redcode_rules.formats.replay``)."""
        return replay(source, upto, game_class=cls)

    def to_scenario(self) -> str:
        """This position as scenario YAML that ``from_scenario`` reads back equal.

        ``ScenarioError`` for what the format cannot hold: a chain on the
        stack, a finished game, card files given as text (see formats/scenario.py).
        """
        return game_to_scenario(self)

    def to_json(self) -> str:
        """A lossless save as JSON text: ``Game.from_json(text) == game``.

        Unlike ``to_scenario`` it holds any moment of a game, a chain on the
        stack included, and the log; it is meant for programs, not people.
        What no reader would take back is refused here (``SaveError``, with
        the reader's own message)."""
        try:
            return game_to_json(self)
        except ScenarioError as err:
            raise as_save_error(err) from None

    def replay(self) -> dict[str, Any]:
        """This game as a replay (setup + moves); see ``redcode_rules.formats.replay``."""
        return make_replay(self)

    # ------------------------------------------------------------- information
    def observation(self, player: str) -> Observation:
        """What ``player`` (a ship id) may know now and nothing more
        (info/observation.py, docs/rules.md D7.7–D7.9); ``str()`` of it is the
        observation string."""
        return observe(self, player)

    def information_state(self, player: str) -> str:
        """The string identifying ``player``'s information set: its
        observation and the public history (D7.10)."""
        return information_state(self, player)

    def information_state_tensor(self, player: str) -> array:
        """The information state as numbers: the observation tensor and a
        summary of the public history (info/tensors.py, ``Encoding.info_layout``)."""
        return encode_information_state(self, observe(self, player))

    def resample(self, player: str, rng: int | random.Random) -> Game:
        """A game ``player`` cannot tell from this one: the hands and deck
        cards it has not seen redrawn (info/resample.py, D7.11); ``rng`` is an int
        seed or a ``random.Random``."""
        return resample(self, player, rng)

    # ------------------------------------------------------------- renderers
    def svg(self, **options: Any) -> str:
        """The board as SVG (see ``redcode_rules.render.svg.board`` for the options)."""
        return board(self, **options)

    def narration(self, lang: str | None = None) -> list[str]:
        """The log as sentences in ``lang`` (en, es, it), by default ``self.lang``."""
        return narrate(self.log, self.lang if lang is None else check_language(lang),
                       self.rules.words, scores=self.starting_score(),
                       natures=self.rules.natures)

    def starting_score(self) -> dict[str, int] | None:
        """The score before the first event of the log: a scenario's, else None (0 each)."""
        start = ((self._setup or {}).get("scenario") or {}).get("score")
        return dict(start) if isinstance(start, dict) else None

    def board_text(self) -> str:
        """The board as text, row 1 first, ships as letters (see narrate.board_text)."""
        return board_text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG, for Jupyter (as python-chess boards show themselves)."""
        return self.svg()

    def _repr_html_(self) -> str:
        """The board and one line under it (turn, who is to move, the score), for Jupyter."""
        if self.is_over:
            status = f"over: {self.winner}"
        else:
            status = f"turn {self.turn_number}, {self.to_move} to move ({self.decision})"
        if self.state.mode == "war":
            status += ", score " + " – ".join(f"{side} {n}" for side, n in self.score.items())
        return f"<div>{self.svg()}<p>{html.escape(status)}</p></div>"

    def __str__(self) -> str:
        """The board as text (``board_text``), as python-chess prints a board."""
        return self.board_text()

    def __reduce__(self):
        """Pickling goes through the JSON save (``to_json``), so a pickle loads
        in the pure and the compiled build alike, and is checked as a save is.
        The undo history is not kept (as in a save); the language is."""
        return (game_from_pickle, (self.to_json(), self._lang))


def game_from_pickle(text: str, lang: str | None) -> Game:
    """A pickled game (``Game.__reduce__``): its JSON save and its language."""
    game = Game.from_json(text)
    if lang is not None:
        game.lang = lang
    return game


def new_game(rules: Ruleset, mode: str = "war",
             teams: Sequence[Sequence[str]] | str | Default = Default.TEAMS,
             seed: int = 0, placement: str | None = None, chance: str = "sampled") -> Game:
    """A new game: ``teams`` lists blue's ship types, then red's (default: one
    ship each, the first and the second ship type declared, as ``redcode demo
    --teams 1v1``: submarine against destroyer in every edition), or gives
    the sizes, ``"1v1"``, ``"2v2"`` or ``"3v3"``: the default types in seat
    order, as the command line and the AI adapters take them.

    ``placement`` (R2.8, D2.8): "choose" — before the first turn each player,
    in seat order, places their ship on a free box of their start card with
    ``place <box>`` (``decision`` is "place", ``to_move`` the placing
    player); "fixed" — the ships start on fixed boxes (blue b2, a2, b1; red
    g5, h5, g6) and the first turn begins at once, for quick simulations.
    None takes the rule option ``placement`` (``choose`` in every edition).

    ``chance``: "sampled" — the seeded RNG settles every random event (the
    same seed, the same game); "explicit" — each random event (a map card
    dealt, a card drawn, a card of a hand picked at random) is a decision of
    the chance player: ``to_move`` and ``decision`` are "chance",
    ``chance_outcomes()`` lists the outcomes (docs/notation.md) with their
    exact probabilities and ``play`` takes one.
    """
    if isinstance(teams, str):
        teams = sized_teams(rules, teams) or teams  # not a size: new_state says what is wrong
    return Game.new(rules, mode, teams, seed, placement, chance)
