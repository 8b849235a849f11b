"""What a game's log tells, counted: each card's uses and what they did, how
long each status and token lasted, which ships sank.

The log is public (D7.10), so anyone may count it. The one reading of a log
the balance lab (lab/selfplay.py: per side) and the card fuzzer
(testing/fuzz.py: per new card) sum up their own way.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

import attrs

from ..model.state import Event

#: The events that put a card on the chain, and the count each adds to.
DECLARED = {"use": "used", "respond": "responded", "order": "ordered"}
#: The events of what a card's resolution did, and the count each adds to:
#: each counts for the card that resolved last.
EFFECTS = {"damage": "damage", "crew_loss": "crew", "draw": "cards", "take": "cards",
           "take_from": "cards",
           "regain": "regain"}


@attrs.define
class CardUses:
    """One card's uses by one player in one game: the maneuver ``used`` or
    ``responded`` with, the order card ``ordered``; how often it
    ``resolved``, was ``cancelled`` (D4.7) or ``wasted`` (R5.5); and what its
    resolutions did: ``damage`` dealt, ``crew`` withdrawn, ``cards`` drawn or
    taken, repairs or breakdowns ``regain``ed."""

    used: int = 0
    responded: int = 0
    ordered: int = 0
    resolved: int = 0
    cancelled: int = 0
    wasted: int = 0
    damage: int = 0
    crew: int = 0
    cards: int = 0
    regain: int = 0

    @property
    def declared(self) -> int:
        """Every time it was put on the chain."""
        return self.used + self.responded + self.ordered


def card_uses(log: Iterable[Event]) -> dict[tuple[str, str], CardUses]:
    """Each card's uses, by (card, the player's ship id), in the order first
    seen. An effect event counts for the card that resolved last, until
    another card is declared or a turn starts or ends."""
    uses: dict[tuple[str, str], CardUses] = {}
    current: CardUses | None = None
    for event in log:
        kind = event.kind
        if kind in DECLARED or kind in ("resolve", "cancelled", "wasted"):
            key = (str(event["card"]), str(event["player"]))
            found = uses.get(key)
            if found is None:
                found = uses[key] = CardUses()
            if kind in DECLARED:
                field = DECLARED[kind]
                current = None
            else:
                field = "resolved" if kind == "resolve" else kind
                current = found if kind == "resolve" else current
            setattr(found, field, getattr(found, field) + 1)
        elif kind in EFFECTS and current is not None:
            field = EFFECTS[kind]
            amount = event.get("amount", event.get("count", 1))
            setattr(current, field, getattr(current, field) + int(amount))  # type: ignore[arg-type]
        elif kind in ("turn_end", "turn_start"):
            current = None
    return uses


def lasting(log: Iterable[Event], kind: str, where: str, last: int) -> dict[str, dict[str, int]]:
    """How often each status (``kind`` "status", on a ``where`` "ship") or
    token ("token", on a "box") was given and the turns it lasted in all:
    from its event to its end (``status_end``, ``token_removed``), logged
    whatever ended it. One given again while it lasts starts over (it lasts
    from then on; a box takes a token of a kind once); one still there at the
    end counts to the ``last`` turn. Sorted by name."""
    started: dict[tuple[str, str], list[int]] = {}
    out: dict[str, dict[str, int]] = {}

    def close(name: str, starts: list[int], turn: int) -> None:
        out[name]["turns"] += turn - starts.pop(0)
        out[name]["ended"] += 1

    for event in log:
        if event.kind == kind:
            name = str(event[kind])
            entry = out.setdefault(name, {"given": 0, "turns": 0, "ended": 0})
            entry["given"] += 1
            starts = started.setdefault((name, str(event[where])), [])
            if starts:
                close(name, starts, event.turn)
            starts.append(event.turn)
        elif event.kind in (f"{kind}_end", f"{kind}_removed"):
            name = str(event[kind])
            starts = started.get((name, str(event[where])))
            if starts:
                close(name, starts, event.turn)
    for (name, _), starts in started.items():
        for turn in starts:
            out[name]["turns"] += last - turn
    return dict(sorted(out.items()))


def sunk(log: Iterable[Event]) -> Counter[str]:
    """How often each ship (by id) sank."""
    return Counter(str(event["ship"]) for event in log if event.kind == "sunk")
