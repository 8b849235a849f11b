"""The kinds of log event, one registry: what each holds and how it reads.

Each ``EventKind`` says the fields an event of its kind has (a word ``str``,
a number ``int``, a list of words ``list``: box names), the fields it may
have, and how the narration tells it: its sentence under ``events`` in each
``lang/*.yaml`` (or, ``narrated=False``, no line at all), the field whose 0
makes it not worth a line, whether its line stands flush left, and whether
it says a status of a ship (its state with the verb the language gives it).

Its users: the engine logs only kinds described here (``event_shape_fault``,
model/state.py), the save reader checks a saved log against it (formats/saves.py), the
narration reads it (text/narrate.py), and tests/test_registries.py walks it
against the catalogs and every ``event(...)`` call of the package. A new
kind of event is one entry here and its sentence in each catalog.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

import attrs

#: The fields a move's own event may carry besides its kind's (its notation).
_MOVE_FIELDS = MappingProxyType({"card_mode": str, "chosen": int, "target": str,
                                 "targets": list, "area": str, "box": str, "path": list})


@attrs.frozen
class EventKind:
    """One kind of log event (see the module's docstring)."""

    name: str
    fields: Mapping[str, type]
    optional: Mapping[str, type] = MappingProxyType({})
    narrated: bool = True
    """Told in the narration (``events.<name>`` in each catalog); False: never
    a line (said explicitly, so a forgotten sentence is not mistaken for it)."""
    amount: str | None = None
    """The field that says how much changed: with 0 ("loses 0 crew") the
    event is not worth a line."""
    top_level: bool = False  # its line is flush left (a turn, the game's start and end)
    by_nature: bool = False
    """It says its ``status`` of a ship: the status's state with the verb the
    language gives it (text/statuses.py), the nature of the status choosing
    the phrase of one named only by a noun."""


def _kinds(*kinds: EventKind) -> Mapping[str, EventKind]:
    return MappingProxyType({k.name: k for k in kinds})


EVENT_KINDS: Mapping[str, EventKind] = _kinds(
    EventKind("game_start", {"mode": str, "board": list}, top_level=True),
    EventKind("turn_start", {"player": str}, top_level=True),
    EventKind("turn_end", {"player": str}, narrated=False),  # the next turn's line says it
    EventKind("recover", {"ship": str, "source": str}),
    EventKind("use", {"player": str, "card": str}, _MOVE_FIELDS),
    EventKind("respond", {"player": str, "card": str}, _MOVE_FIELDS),
    EventKind("order", {"player": str, "card": str}, _MOVE_FIELDS),
    EventKind("pass", {"player": str}),
    EventKind("accepted", {"player": str}),  # a player answered a may yes (D4.16)
    EventKind("declined", {"player": str}),  # … or no: its else, if any, resolves
    # a mode chosen by another (D4.17), and the card whose mode it is
    EventKind("chose", {"player": str, "card_mode": str}, MappingProxyType({"card": str})),
    EventKind("resolve", {"player": str, "card": str}),
    EventKind("cancelled", {"player": str, "card": str}),
    EventKind("wasted", {"player": str, "card": str}),
    EventKind("cancel", {"player": str, "card": str, "of": str}),
    EventKind("retarget", {"player": str, "card": str, "of": str, "target": str}),  # D5.6
    EventKind("damage", {"ship": str, "amount": int, "repairs": int, "breakdowns": int},
              amount="amount"),
    EventKind("regain", {"ship": str, "track": str, "amount": int}, amount="amount"),
    # repairs or breakdowns above a track's new size, lost at once (D9.15)
    EventKind("track_shrinks", {"ship": str, "track": str, "amount": int}, amount="amount"),
    EventKind("crew_loss", {"ship": str, "amount": int}, amount="amount"),
    EventKind("move", {"ship": str, "path": list}),
    EventKind("swap", {"ship": str, "other": str}),  # two ships exchanged boxes (D4.12)
    EventKind("draw", {"player": str, "count": int}, amount="count"),
    EventKind("discard", {"player": str, "card": str}),
    EventKind("reshuffle", {"cards": int}),
    EventKind("look", {"player": str, "of": str}),
    EventKind("take", {"player": str, "of": str}),
    EventKind("give", {"player": str, "to": str}),  # a card of a hand given (D7.16)
    EventKind("deck_top", {"player": str}),
    # a card taken from a zone (D7.13): the zone, not the card (from the deck it is secret)
    EventKind("take_from", {"player": str, "zone": str}),
    EventKind("shuffle", {"cards": int}),  # the deck shuffled after a take from it (D7.13)
    # a player looked at the top cards of the deck, to put them back in its order (D7.14)
    EventKind("arrange", {"player": str, "count": int}, amount="count"),
    # the top cards of the deck discarded, face up, or put on its bottom (D7.15)
    EventKind("deck_discard", {"player": str, "count": int, "cards": list}, amount="count"),
    EventKind("deck_bottom", {"player": str, "count": int}, amount="count"),
    EventKind("refloat", {"ship": str, "box": str}),
    EventKind("status", {"ship": str, "status": str}, by_nature=True),
    EventKind("status_end", {"ship": str, "status": str}, by_nature=True),
    # counts of a status that stacks taken off, some left (D9.9)
    EventKind("status_count", {"ship": str, "status": str, "count": int}, amount="count"),
    EventKind("redirect", {"ship": str, "to": str, "status": str}),
    EventKind("prevent", {"ship": str, "status": str, "amount": int}, amount="amount"),
    EventKind("sunk", {"ship": str, "by": str}),
    # the side's new total; its narration says the points gained ("gained")
    EventKind("score", {"side": str, "points": int}, amount="gained"),
    EventKind("catchup", {"side": str, "cards": int}, amount="cards"),
    EventKind("place", {"ship": str, "box": str}),
    EventKind("respawn", {"ship": str, "box": str}),
    EventKind("wait", {"ship": str}),
    EventKind("extra_turn", {"player": str}),  # a turn given after this one (D6.5)
    EventKind("skip_turn", {"player": str}),   # a next turn to skip (D6.5)
    EventKind("skipped", {"player": str}),     # the turn skipped, begun and ended at once
    EventKind("game_over", {"winner": str, "reason": str}, top_level=True),
    EventKind("trigger", {"trigger": str, "holder": str}),
    EventKind("trigger_limit", {"count": int}),
    EventKind("token", {"token": str, "box": str}),
    EventKind("token_removed", {"token": str, "box": str}),
    # a terrain token not placed: an island under a ship, or too much running water (D2.14)
    EventKind("token_refused", {"token": str, "box": str}),
)

#: The sentence keys a kind's narration may use besides its own name: a
#: score told as points lost, or as a total when what it adds is unknown; a
#: crew recovered from the withdrawn ones.
NARRATION_VARIANTS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"score": ("score_lost", "score_total"), "recover": ("recover_withdrawn",)})
