"""Old saves brought up to date: the save format's version (``FORMAT``) and
one migration step per version since the first (``MIGRATIONS``), each a
small function that turns a parsed save of one version into one of the
next, so a field renamed or added since is migrated, not explained.
formats/saves.py applies them (``migrate``) before it reads a save.
"""

from __future__ import annotations

from typing import Any, Callable

from ..base.errors import ScenarioError, quote
from ..engine.chance import ChanceMode

#: The save format's version, the ``format`` field of every save. A change of
#: the save's shape (a field renamed, dropped or moved) raises it by one and
#: adds the step from the version before to ``MIGRATIONS``: old saves are
#: brought up to date step by step, never explained field by field.
FORMAT = 14


def _format_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 wrote ``ruleset.extra``, card files by path, always empty
    since saves carry every card text; format 2 has no such field. A
    non-empty one stays, for ``ruleset_from_ref`` to refuse: its card
    texts are not in the save, so no migration can supply them."""
    ruleset = data.get("ruleset")
    if isinstance(ruleset, dict) and ruleset.get("extra") == []:
        data = {**data, "ruleset": {k: v for k, v in ruleset.items() if k != "extra"}}
    return {**data, "format": 2}


#: Format 2's names of the resolver's position and their names in format 3.
_RENAMED_2_TO_3 = {"stack item": {"pc": "next_effect", "recovering": "owed_about"},
                   "state": {"floor": "reopen_at"}}


def _renamed(record: Any, names: dict[str, str]) -> Any:
    if not isinstance(record, dict):
        return record  # the reader refuses it, naming the field
    return {names.get(key, key): value for key, value in record.items()}


def _format_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Format 3 names the resolver's position by what it holds: a stack
    item's ``next_effect`` (was ``pc``) and ``owed_about``, the ship an owed
    choice is about (was ``recovering``), and the state's ``reopen_at``, the
    stack height at which a window reopens (was ``floor``)."""
    state = data.get("state")
    if isinstance(state, dict):
        state = _renamed(state, _RENAMED_2_TO_3["state"])
        if isinstance(state.get("stack"), list):
            state["stack"] = [_renamed(item, _RENAMED_2_TO_3["stack item"])
                              for item in state["stack"]]
        data = {**data, "state": state}
    return {**data, "format": 3}


def _format_3_to_4(data: dict[str, Any]) -> dict[str, Any]:
    """Format 4 names how the game settles its random events (``chance``):
    every earlier save was played with the seeded RNG, sampled chance."""
    return {**data, "chance": ChanceMode.SAMPLED.value, "format": 4}


def _format_4_to_5(data: dict[str, Any]) -> dict[str, Any]:
    """Format 5 gives a stack item ``owed_after``, the ships of the choices
    an effect owes after those about ``owed_about`` (an effect on a set of
    ships asks ship after ship): none in an earlier save, whose effects
    owed choices about one ship only."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("stack"), list):
        stack = [{**item, "owed_after": []} if isinstance(item, dict) else item
                 for item in state["stack"]]
        data = {**data, "state": {**state, "stack": stack}}
    return {**data, "format": 5}


def _format_5_to_6(data: dict[str, Any]) -> dict[str, Any]:
    """Format 6 gives a stack item ``dealt``, what its last damage effect
    dealt (``damage dealt``), a ship ``skips`` and the state ``extra_turns``
    and ``resume_after`` (D6.5): nothing dealt, skipped or given in an
    earlier save, whose cards could do none of it."""
    state = data.get("state")
    if isinstance(state, dict):
        state = {**state, "extra_turns": [], "resume_after": None}
        if isinstance(state.get("stack"), list):
            state["stack"] = [{**item, "dealt": 0} if isinstance(item, dict) else item
                              for item in state["stack"]]
        if isinstance(state.get("ships"), list):
            state["ships"] = [{**ship, "skips": 0} if isinstance(ship, dict) else ship
                              for ship in state["ships"]]
        data = {**data, "state": state}
    return {**data, "format": 6}


def _format_6_to_7(data: dict[str, Any]) -> dict[str, Any]:
    """Format 7 gives a stack item ``targets``, the ships of a counted
    target (D4.13): none in an earlier save, whose cards had one target
    each, kept in ``target``."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("stack"), list):
        stack = [{**item, "targets": []} if isinstance(item, dict) else item
                 for item in state["stack"]]
        data = {**data, "state": {**state, "stack": stack}}
    return {**data, "format": 7}


def _format_7_to_8(data: dict[str, Any]) -> dict[str, Any]:
    """Format 8 gives a stack item ``mode``, the mode its player chose with
    the card (D4.15): none in an earlier save, whose cards had no modes."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("stack"), list):
        stack = [{**item, "mode": None} if isinstance(item, dict) else item
                 for item in state["stack"]]
        data = {**data, "state": {**state, "stack": stack}}
    return {**data, "format": 8}


def _format_8_to_9(data: dict[str, Any]) -> dict[str, Any]:
    """Format 9 gives a ship ``left``, the box its last move left (``box
    left by``, D2.17): none in an earlier save, whose cards could not read it."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("ships"), list):
        ships = [{**ship, "left": None} if isinstance(ship, dict) else ship
                 for ship in state["ships"]]
        data = {**data, "state": {**state, "ships": ships}}
    return {**data, "format": 9}


def _format_9_to_10(data: dict[str, Any]) -> dict[str, Any]:
    """Format 10 gives a stack item ``rolled`` (``chance N in M``, D4.18) and
    ``left_over`` (``damage left over``): none in an earlier save, whose cards read neither."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("stack"), list):
        stack = [{**item, "rolled": 0, "left_over": 0} if isinstance(item, dict) else item
                 for item in state["stack"]]
        data = {**data, "state": {**state, "stack": stack}}
    return {**data, "format": 10}


def _format_10_to_11(data: dict[str, Any]) -> dict[str, Any]:
    """Format 11 gives a stack item ``chosen``, the amount its player chose
    with the card (``choose amount``, D4.19): none in an earlier save, whose
    cards chose none."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("stack"), list):
        stack = [{**item, "chosen": None} if isinstance(item, dict) else item
                 for item in state["stack"]]
        data = {**data, "state": {**state, "stack": stack}}
    return {**data, "format": 11}


# -- may (D4.16): a triggered item that asks waits on the stack -------------
def _format_11_to_12(data: dict[str, Any]) -> dict[str, Any]:
    """Format 12 gives a stack item ``actor`` and ``here``, a triggered item's
    event's ship and its token's box (``may`` in a trigger, D4.16): none in an
    earlier save, whose stack held cards only. Reads only those fields, so it
    brings a save of format 10 or 11 to 12 alike."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("stack"), list):
        stack = [{"actor": None, "here": None, **item} if isinstance(item, dict) else item
                 for item in state["stack"]]
        data = {**data, "state": {**state, "stack": stack}}
    return {**data, "format": 12}


# -- a sunk ship measured from where it sank (D9.16) -------------------------
def _format_12_to_13(data: dict[str, Any]) -> dict[str, Any]:
    """Format 13 gives a stack item ``wreck``, the box a triggered item's
    event's ship was on, which it is measured from once sunk (D9.16): none in
    an earlier save, whose triggers measured a sunk ship from nowhere."""
    state = data.get("state")
    if isinstance(state, dict) and isinstance(state.get("stack"), list):
        stack = [{"wreck": None, **item} if isinstance(item, dict) else item
                 for item in state["stack"]]
        data = {**data, "state": {**state, "stack": stack}}
    return {**data, "format": 13}


# -- what every player saw come into a hand (D7.8, D7.11) -------------------
def _format_13_to_14(data: dict[str, Any]) -> dict[str, Any]:
    """Format 14 gives the state ``shown``: per hand, the cards every player
    still in the game saw come in from the discards (D7.8). An earlier save
    did not keep them apart from what each player knows (``known``), so none
    is counted public: a resample then draws again everything another
    player knows of a redealt hand (D7.11), while the cards each player
    knows stay its own."""
    state = data.get("state")
    if isinstance(state, dict):
        data = {**data, "state": {**state, "shown": []}}
    return {**data, "format": 14}


#: Version → the step that turns a save of that version into one of the next.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _format_1_to_2, 2: _format_2_to_3, 3: _format_3_to_4, 4: _format_4_to_5,
    5: _format_5_to_6, 6: _format_6_to_7, 7: _format_7_to_8, 8: _format_8_to_9,
    9: _format_9_to_10, 10: _format_10_to_11, 11: _format_11_to_12,
    12: _format_12_to_13, 13: _format_13_to_14}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """A parsed save brought to ``FORMAT`` one step at a time (``MIGRATIONS``);
    ``ScenarioError`` on ``format`` for a version this code does not know,
    naming a newer one as newer."""
    version = data.get("format")
    if type(version) is not int or not 1 <= version <= FORMAT:
        if type(version) is int and version > FORMAT:
            raise ScenarioError("format", f"save format {version} is newer than this version "
                                f"of redcode_rules, which reads formats 1 to {FORMAT}: "
                                "update it to load this save")
        raise ScenarioError("format", f"unknown save format {quote(version)}; this version "
                            f"reads formats 1 to {FORMAT}")
    while version < FORMAT:
        data = MIGRATIONS[version](data)
        version += 1
    return data
