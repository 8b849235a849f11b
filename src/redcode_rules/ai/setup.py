"""What the two AI adapters (openspiel.py, pettingzoo.py) share.

A game for a learning program is named by a few parameters (``AiSetup``):
the edition, the mode, the team size, the placement, a turn limit and card
files on top. From them come the rules (compiled once per process), new
games, and the team returns: +1 to every player of the winning side, -1 to
every player of the losing side, 0 each in a draw, so the returns of every
game sum to zero (the teams are of the same size).

The module needs no package of the ``ai`` extra, so either adapter can be
imported without the other's ecosystem.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Mapping

import attrs

from ..base.errors import UsageError
from ..engine.setup import default_teams
from ..game import Game, new_game
from ..info.game_tensor import kept_tensor
from ..info.tensors import Encoding, Layout, Slice
from ..lang.loader import build_ruleset, load_ruleset
from ..model.ruleset import Ruleset

__all__ = ["AiSetup", "CHANCE", "TensorLayout", "team_returns", "seat_of"]

#: The chance player's name in ``game.to_move`` (``chance="explicit"``).
CHANCE = "chance"

#: The file name a turn limit is compiled under (a ``rules { turn_limit N }`` block).
TURN_LIMIT_FILE = "turn_limit.rc"

_TEAMS = re.compile(r"([1-9])v([1-9])")


@attrs.frozen
class AiSetup:
    """The parameters of a game as the adapters take them.

    ``teams`` is ``"1v1"``, ``"2v2"`` or ``"3v3"`` (the same number of ships
    a side, so team returns sum to zero); ``turn_limit`` 0 keeps the rules'
    own (D8.5); ``cards`` are card files applied on top of the edition, in
    order, written in the adapters' parameters as one string separated by
    ``;`` (OpenSpiel parameters are scalars).
    """

    edition: str = "en"
    mode: str = "war"
    teams: str = "1v1"
    placement: str = "choose"
    turn_limit: int = 0
    cards: tuple[str, ...] = ()

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> AiSetup:
        """A setup from parameters by name (OpenSpiel's, PettingZoo's keywords);
        ``cards`` as a ``;``-separated string or a sequence of paths. Unknown
        names and bad values raise ``UsageError`` naming the parameter."""
        known = {f.name for f in attrs.fields(cls)}
        unknown = sorted(set(params) - known)
        if unknown:
            raise UsageError(f"unknown parameter {unknown[0]!r}; the parameters are "
                             f"{', '.join(sorted(known))}")
        values = dict(params)
        cards = values.get("cards", ())
        if isinstance(cards, str):
            cards = tuple(c.strip() for c in cards.split(";") if c.strip())
        values["cards"] = tuple(str(c) for c in cards)
        setup = cls(**values)
        setup.check()
        return setup

    def check(self) -> None:
        """``UsageError`` for a value no game can be made of."""
        if not _TEAMS.fullmatch(self.teams) or len(set(self.teams.split("v"))) != 1:
            raise UsageError(f"teams: expected 1v1, 2v2 or 3v3 (the same number of ships a "
                             f"side), not {self.teams!r}")
        if self.mode not in ("war", "arena"):
            raise UsageError(f"mode: expected war or arena, not {self.mode!r}")
        if self.placement not in ("choose", "fixed"):
            raise UsageError(f"placement: expected choose or fixed, not {self.placement!r}")
        if not isinstance(self.turn_limit, int) or self.turn_limit < 0:
            raise UsageError(f"turn_limit: expected a whole number, 0 for the rules' own, "
                             f"not {self.turn_limit!r}")

    def params(self) -> dict[str, Any]:
        """The setup as scalar parameters (``cards`` joined by ``;``)."""
        return {"edition": self.edition, "mode": self.mode, "teams": self.teams,
                "placement": self.placement, "turn_limit": self.turn_limit,
                "cards": ";".join(self.cards)}

    @property
    def team_size(self) -> int:
        """Ships (players) a side."""
        return int(self.teams.split("v")[0])

    @property
    def num_players(self) -> int:
        """Players in all: every ship is a seat."""
        return 2 * self.team_size

    @property
    def rules(self) -> Ruleset:
        """The rules of the setup (compiled once per process)."""
        return _rules(self.edition, self.cards, self.turn_limit)

    def team_types(self) -> list[list[str]]:
        """The ship types of each side, as ``redcode demo --teams NvN``."""
        rules = self.rules
        if self.team_size > len(rules.ships):
            raise UsageError(f"teams: each side has 1 to {len(rules.ships)} ships in this "
                             f"edition, not {self.team_size}")
        return default_teams(rules, self.team_size, self.team_size)

    def new_game(self, chance: str = "explicit", seed: int = 0) -> Game:
        """A new game of the setup (``chance="explicit"``: every random event is
        a decision of the chance player, so the seed decides nothing)."""
        return new_game(self.rules, mode=self.mode, teams=self.team_types(), seed=seed,
                        placement=self.placement, chance=chance)


@lru_cache(maxsize=32)
def _rules(edition: str, cards: tuple[str, ...], turn_limit: int) -> Ruleset:
    """The rules of an edition with card files on top and, if not 0, a turn limit
    (compiled as one more card file, so a save names it as it names the others)."""
    if not turn_limit:
        return load_ruleset(edition, extra=list(cards))
    limit = f"rules {{\n    turn_limit {turn_limit}\n}}\n"
    return build_ruleset(edition, cards, ((TURN_LIMIT_FILE, limit),))


def seat_of(game: Game) -> dict[str, int]:
    """Each player's seat number (0 first), in ``game.ships`` order."""
    return {ship: i for i, ship in enumerate(game.ships)}


def team_returns(game: Game) -> list[float]:
    """Per seat: +1 on the winning side, -1 on the losing side, 0 in a draw or
    before the end."""
    winner = game.winner
    if winner not in ("blue", "red"):
        return [0.0] * len(game.ships)
    return [1.0 if game.ship(ship).side == winner else -1.0 for ship in game.ships]


def with_words_chosen(layout: Layout, words: int) -> Layout:
    """A game tensor's layout with the adapters' ``words_chosen`` slice after it."""
    chosen = Slice("words_chosen", layout.size, (words,),
                   "the words the player has chosen so far of its move (adapters)")
    return Layout(layout.slices + (chosen,))


class TensorLayout:
    """The fixed layout of the adapters' tensors for one configuration.

    The observation tensor is the game's (``Observation.tensor()``,
    info/tensors.py; read straight from the game, ``observation_tensor``)
    followed by ``words_chosen``: one entry per word of the
    vocabulary, 1 for each word the player has chosen so far of the move it
    is making (0 between moves and for the other players, who have not seen
    them). The information-state tensor is the game's
    (``game.information_state_tensor``: the observation's and a summary of
    the public history) followed by ``words_chosen``.
    """

    def __init__(self, game: Game, space: Any):
        self.space = space
        encoding = Encoding.of_game(game)
        self._layouts = {False: encoding.layout, True: encoding.info_layout}
        self._full = {info: with_words_chosen(layout, space.size)
                      for info, layout in self._layouts.items()}
        # the game's part of each tensor, by information state: read at every write
        self._sizes = {info: layout.size for info, layout in self._layouts.items()}

    @classmethod
    def for_game(cls, game: Game, space: Any) -> TensorLayout:
        """The layout of a game's configuration with the vocabulary ``space``."""
        return cls(game, space)

    def bounds(self) -> tuple[float, float]:
        """The least and greatest value of any entry (for a Box space): the
        entries are flags and counts."""
        return 0.0, float("inf")

    def pieces(self, information_state: bool) -> tuple[Slice, ...]:
        """The slices of the observation tensor, or of the information-state
        tensor: the game's (info/tensors.py), then ``words_chosen``."""
        return self._full[information_state].slices

    def words_at(self, information_state: bool) -> int:
        """Where ``words_chosen`` begins in the tensor: the game's own size."""
        return self._sizes[information_state]

    def write(self, out: Any, game: Game, player: str, prefix: tuple[int, ...],
              information_state: bool) -> None:
        """Fills ``out`` (a flat float array of the pieces' total size, such as
        a numpy array) with ``player``'s tensor and the words it has chosen."""
        tensor = (game.information_state_tensor(player) if information_state
                  else kept_tensor(game, player))
        n = self._sizes[information_state]
        out[:n] = tensor
        out[n:] = 0
        for i in prefix:
            out[n + i] = 1.0
