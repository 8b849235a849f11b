"""The game state as plain data (cattrs): the one way a format builds a
``GameState`` from what it read, and writes one out.

A save holds the state as this plain data (seats, box indexes, what is
left of each status), its statuses one key per declared status as
scenarios write them (``statuses_out``, ``statuses_in``). A scenario reads
its own fields (ship ids, box names, defaults) into the same plain data and
builds its state here too, so both formats make the state one way; each
then checks it with the one validator (engine/validate.py).
"""

from __future__ import annotations

from typing import Any

import cattrs

from ..base.errors import ScenarioError
from ..model.modifiers import lifetime_in, lifetime_out
from ..model.state import Event, GameState, Lifetime, ShipState

_conv = cattrs.Converter(forbid_extra_keys=True)
# log event data are plain JSON values already
_conv.register_structure_hook_func(lambda t: t is object, lambda value, _: value)


def state_from_data(data: dict[str, Any]) -> GameState:
    """The state of plain data (``state_to_data``'s); cattrs' errors for a
    shape that is none (the caller names the part)."""
    return _conv.structure(data, GameState)


def state_to_data(state: GameState) -> dict[str, Any]:
    """The state as plain data: JSON values only."""
    return _conv.unstructure(state)


def log_from_data(data: list[Any]) -> list[Event]:
    """The log of plain data (``log_to_data``'s)."""
    return _conv.structure(data, list[Event])


def log_to_data(log: list[Event]) -> list[Any]:
    """The log as plain data: JSON values only."""
    return _conv.unstructure(log, list[Event])


def life_data(life: Lifetime) -> Any:
    """What is left of a status as plain data, as a state's ship holds it."""
    return _conv.unstructure(life)


def statuses_out(state: dict[str, Any], rules, ships: list[ShipState]) -> dict[str, Any]:
    """Each ship's statuses written as one key per declared status
    (``"intercepted": false``), as scenarios write them (``lifetime_out``)."""
    ids = [ship.id for ship in ships]
    for ship, ship_state in zip(state["ships"], ships):
        del ship["statuses"]
        has = dict(ship_state.statuses)
        for name in rules.statuses:
            ship[name] = lifetime_out(has[name], ids) if name in has else False
    return state


def statuses_in(state: dict[str, Any], rules) -> dict[str, Any]:
    """The saved state with each ship's status keys gathered back into its
    ``statuses`` (``statuses_out``, ``lifetime_in``); a key that is no
    declared status is left for the structuring to refuse."""
    ids = [ship.get("id") for ship in state["ships"] if isinstance(ship, dict)]
    ships = []
    for index, ship in enumerate(state["ships"]):
        if not isinstance(ship, dict):
            ships.append(ship)
            continue
        ship = dict(ship)
        if "statuses" in ship:
            raise ScenarioError(f"state.ships[{index}].statuses", "unknown field: a save "
                                "writes each status as a key of its own (intercepted: true)")
        statuses = []
        for name in rules.statuses:
            life = lifetime_in(rules, name, ship.pop(name, False),
                               f"state.ships[{index}].{name}", ids)
            if life is not None:
                statuses.append((name, life_data(life)))
        ship["statuses"] = statuses
        ships.append(ship)
    return {**state, "ships": ships}
