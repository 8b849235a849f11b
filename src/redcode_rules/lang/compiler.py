"""The card language: parse with Lark, transform into declarations, compile.

Three steps, each with one job and its own modules:

1. ``parse_source`` (lang/parse.py) turns text into a list of declarations
   (attrs objects that remember their file and line), or raises
   ``DslError`` with the line, a caret and what was expected in words.
2. ``Draft`` applies declarations layer by layer (lang/layers.py: base cards,
   then each variant, then the user's files): new cards, ``patch``,
   ``remove``, ``rules``. A variant only states what differs from its parent.
3. ``Draft.compile`` checks the whole and builds the immutable ``Ruleset``
   of effect objects, each kind of declaration by its own compiler:
   lang/cards.py (cards and effects), lang/statuses.py (statuses, triggers
   and tokens), lang/ships.py (ship types, map cards, rule options and the
   deck).
"""

from __future__ import annotations

import attrs

from ..model.ruleset import Ruleset, RulesSpec
from ..rules.board import MAX_MOVE
from .cards import compile_card
from .grammar import WORDS, card_parser, grammar_text, grammar_words
from .layers import Layers
from .parse import parse_source, strip_bom
from .records import Call, Decl, Pos, Prop, TriggerSpec, Words
from .ships import (check_deck, check_whole, compile_map, compile_options, compile_ship,
                        ship_letters)
from .statuses import (compile_status, compile_token, players_statuses, with_members,
                       with_removals)

__all__ = ["MAX_MOVE", "WORDS", "Call", "Decl", "Draft", "Pos", "Prop", "TriggerSpec", "Words",
           "card_parser", "grammar_text", "grammar_words", "parse_source", "strip_bom"]


@attrs.define
class Draft(Layers):
    """Declarations applied so far; ``compile`` turns them into a Ruleset."""

    def compile(self, name: str, spec: RulesSpec = RulesSpec()) -> Ruleset:
        """The checked, immutable Ruleset of everything applied so far; ``spec``
        says how it was built (``loader``)."""
        before = self.found
        options = compile_options(self)
        options_ok = self.found == before
        statuses = self.each("status", compile_status)
        declared = self.entries["status"]  # a status in error is still a name cards may use
        maneuvers = self.each("maneuver", compile_card, options, declared)
        orders = self.each("order", compile_card, options, declared)
        statuses = with_members(statuses, [*maneuvers.values(), *orders.values()])
        letters = self.attempt(ship_letters, self) or {}
        ships = self.each("ship", compile_ship, self.entries["maneuver"], options, letters,
                          statuses)
        maps = self.each("map", compile_map)
        marks: dict[str, str] = {}  # a token kind's mark → its id
        tokens = self.each("token", compile_token, letters, marks)
        # a status given 'on you' by a card or a trigger is a player's (D9.8)
        statuses = self.attempt(players_statuses, self, statuses,
                                [*maneuvers.values(), *orders.values()],
                                (("status", statuses), ("ship", ships), ("token", tokens))) \
            or statuses
        words = self.words()
        # the deck and the board add up what every order, ship and map says
        if options_ok and len(orders) == len(self.entries["order"]):
            self.attempt(check_deck, self, orders, options)
        if options_ok and len(ships) == len(self.entries["ship"]) \
                and len(maps) == len(self.entries["map"]):
            self.attempt(check_whole, self, ships, maps, options)
        self.raise_problems()
        maneuvers, orders, statuses, ships, tokens = with_removals(
            statuses, maneuvers, orders, statuses, ships, tokens)
        return Ruleset(name=name, maneuvers=maneuvers, orders=orders, ships=ships, maps=maps,
                       options=options, files=tuple(self.files), lineage=tuple(self.lineage),
                       statuses=statuses, tokens=tokens, spec=spec, words=words)
