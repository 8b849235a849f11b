"""The card language's compiler for ship types, map cards, rule options and
the deck: each ship type's letter, drawing, maneuvers and abilities; each map
card's boxes; the options' values; and what the whole set must add up to
(the deck's copies, a board's map cards)."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from ..base.errors import DslError
from ..model.ruleset import (
    PLACEMENTS,
    ORDERS_RESPONDABLE,
    RESPONSES_ANSWER,
    SINKER_DRAWS_FOR,
    SUNK_MID_CHAIN,
    CardDef,
    Catchup,
    Duration,
    MapCardDef,
    RuleOptions,
    ShipDef,
    Silhouette,
    SourceRef,
    StatusDef,
)
from ..rules.triggers import Holder
from .layers import CARD_PROPS, Layers, _Entry, _suggest
from .records import Pos, Prop
from .statuses import compile_triggers

#: The largest board (R1.1): box columns are named a to z, 2 per map card.
MAX_BOARD_COLUMNS = 13
MAX_BOARD_ROWS = 13


#: The marks a ship type takes on the text board when it declares no ``letter``
#: and every letter of its id is another ship type's.
SPARE_LETTERS = "123456789"



def compile_options(draft: Layers) -> RuleOptions:
    """The rule options; an option in error is kept in ``problems`` and left
    at its default, so the cards are still checked."""
    fields = {f.name: f for f in attrs.fields(RuleOptions)}
    values: dict[str, Any] = {}
    for key, prop in draft.options.items():
        value = draft.attempt(_option, draft, key, prop, fields)
        if value is not None:
            values[key] = value
    for key, choices in (("sunk_mid_chain", SUNK_MID_CHAIN), ("placement", PLACEMENTS),
                         ("sinker_draws_for", SINKER_DRAWS_FOR),
                         ("orders_respondable", ORDERS_RESPONDABLE),
                         ("responses_answer", RESPONSES_ANSWER)):
        if key in values and values[key] not in choices:
            prop = draft.options[key]
            draft.report(draft.error(prop.pos, f"{key} must be one of "
                                            f"{', '.join(choices)}",
                                            _suggest(prop.value, choices)))
            del values[key]
    if values.get("neighbours", 8) not in (4, 8):
        draft.report(draft.error(draft.options["neighbours"].pos,
                                        "neighbours must be 4 or 8"))
        del values["neighbours"]
    for key in ("hand_limit", "ship_maneuvers", "deck_size", "board_columns", "board_rows",
                "victory_points", "turn_limit"):
        if key in values and values[key] < 1:
            draft.report(draft.error(draft.options[key].pos,
                                            f"rule option '{key}' must be at least 1"))
            del values[key]
    try:
        _check_board_size(draft, values)
    except DslError as err:  # the default board, to check the cards on
        draft.report(err)
        for key in ("board_columns", "board_rows"):
            values.pop(key, None)
    values["catchup"] = tuple(sorted(
        (Catchup(t, r, p.value[2]) for (t, r), p in draft.catchups.items() if p.value[2] > 0),
        key=lambda c: (c.team, -c.reduced_to)))
    return RuleOptions(**values)

def _option(draft: Layers, key: str, prop: Prop, fields: dict[str, Any]) -> Any:
    """One rule option's value, of the option's type."""
    if key not in fields or key == "catchup":
        raise draft.error(prop.pos, f"unknown rule option '{key}'",
                          _suggest(key, [k for k in fields if k != "catchup"]))
    kind = fields[key].type
    if kind in ("int", int):
        if not isinstance(prop.value, int):
            raise draft.error(prop.pos, f"rule option '{key}' needs a number")
        if prop.value < 0:
            raise draft.error(prop.pos, f"rule option '{key}' cannot be negative")
    elif not isinstance(prop.value, str):
        raise draft.error(prop.pos, f"rule option '{key}' needs a word")
    return prop.value

def _check_board_size(draft: Layers, values: dict[str, Any]) -> None:
    """R1.1, D2.7: a board the engine can play: box columns named a to z,
    and two start cards in opposite corners, not one card."""
    for key, most in (("board_columns", MAX_BOARD_COLUMNS), ("board_rows", MAX_BOARD_ROWS)):
        if values.get(key, 1) > most:
            raise draft.error(draft.options[key].pos, f"rule option '{key}' is at most {most} "
                              f"(a board of at most {2 * MAX_BOARD_COLUMNS} boxes a side, "
                              "columns a to z, R1.1)")
    defaults = RuleOptions()
    cols = values.get("board_columns", defaults.board_columns)
    rows = values.get("board_rows", defaults.board_rows)
    if cols * rows < 2:
        key = "board_rows" if "board_rows" in draft.options else "board_columns"
        raise draft.error(draft.options[key].pos, f"a board of {cols}x{rows} map card has no "
                          "room for two start cards in opposite corners (R1.1, D2.7)")

def ship_letters(draft: Layers) -> dict[str, str]:
    """Each ship type's letter on the text board, by id: its own ``letter``
    (one lower-case letter that no other ship type has), else the first
    letter of its id that no other ship type has, else a digit. Declared
    letters are taken first, so a default never takes one of them."""
    entries = draft.entries["ship"].values()
    letters: dict[str, str] = {}
    owners: dict[str, tuple[str, Pos]] = {}  # a declared letter → its ship, where
    for entry in entries:
        prop = entry.props.get("letter")
        if prop is None:
            continue
        if len(prop.value) != 1:  # a NAME: it starts with a lower-case letter
            raise draft.error(prop.pos, f"ship '{entry.id}': a letter is one lower-case "
                              f"letter (blue's ships show it upper case), not "
                              f"'{prop.value}'")
        if prop.value in owners:  # the error is at the later of the two
            first = owners[prop.value]
            (owner, at), (ship, pos) = sorted([first, (entry.id, prop.pos)],
                                              key=lambda o: draft.written(o[1]))
            raise draft.error(pos, f"ship '{ship}': ship '{owner}' already has "
                              f"letter '{prop.value}' (declared at {at.file}:{at.line}:"
                              f"{at.column}); each ship type needs its own letter on the "
                              "text board")
        owners[prop.value] = (entry.id, prop.pos)
        letters[entry.id] = prop.value
    taken = set(letters.values())
    for entry in entries:
        if entry.id in letters:
            continue
        free = [ch for ch in [*filter(str.isalpha, entry.id), *SPARE_LETTERS]
                if ch not in taken]
        if not free:
            raise draft.error(entry.pos, f"ship '{entry.id}': every letter of its id and "
                              "every digit is another ship type's mark on the text board; "
                              "give it a 'letter'")
        letters[entry.id] = free[0]
        taken.add(free[0])
    return letters

def _silhouette(draft: Layers, entry: _Entry) -> Silhouette:
    """The ship's drawing on the SVG board: the one it names, else a plain hull."""
    prop = entry.props.get("silhouette")
    if prop is None:
        return Silhouette.HULL
    known = [s.value for s in Silhouette]
    if prop.value not in known:
        raise draft.error(prop.pos, f"ship '{entry.id}': unknown silhouette '{prop.value}'; "
                          f"the board draws {', '.join(known)}", _suggest(prop.value, known))
    return Silhouette(prop.value)

def compile_ship(draft: Layers, entry: _Entry, maneuvers: Mapping[str, Any],
                 options: RuleOptions, letters: dict[str, str],
                 statuses: dict[str, StatusDef]) -> ShipDef:
    """A ship type: its tracks, its control card's maneuvers, its letter,
    drawing, abilities and triggers."""
    p = entry.props
    where = f"ship '{entry.id}'"
    meaning = draft.filter_meaning(entry.id, ships=False)
    if meaning is not None:
        raise draft.error(entry.pos, f"a ship type cannot be called '{entry.id}': in a test "
                          f"or a filter ('target is {entry.id}', 'each {entry.id} ship') the "
                          f"word is {meaning}, so the ship type could never be selected")
    for key, prop in p.items():
        if key in CARD_PROPS:
            raise draft.error(prop.pos, f"'{key}' belongs to a card, not to {where}")
    for key in ("repairs", "breakdowns", "crew", "maneuvers"):
        if key not in p:
            raise draft.error(entry.pos, f"{where} has no {key} (R1.3, R1.5)")
    for key in ("repairs", "breakdowns", "crew"):
        if p[key].value < 1:
            raise draft.error(p[key].pos, f"{where}: {key} must be at least 1")
    names = p["maneuvers"].value
    seen = set()
    for name, pos in names:
        if name not in maneuvers:
            raise draft.error(pos, f"{where} lists unknown maneuver '{name}'",
                              _suggest(name, maneuvers))
        if name in seen:
            raise draft.error(pos, f"{where} lists maneuver '{name}' twice")
        seen.add(name)
    if not names:
        raise draft.error(p["maneuvers"].pos, f"{where} lists no maneuvers: its control "
                          "card needs at least one (R1.5)")
    if len(names) > options.ship_maneuvers:  # D1.5: fewer is a smaller card, more needs room
        raise draft.error(p["maneuvers"].pos, f"{where} has {len(names)} maneuvers; a "
                          f"control card holds at most {options.ship_maneuvers} (R1.5, D1.5): "
                          f"'rules {{ ship_maneuvers {len(names)} }}' makes room for them")
    return ShipDef(id=entry.id, repairs=p["repairs"].value, breakdowns=p["breakdowns"].value,
                   crew=p["crew"].value, maneuvers=tuple(n for n, _ in names),
                   letter=letters.get(entry.id, entry.id[0]),
                   silhouette=_silhouette(draft, entry),
                   source=SourceRef(entry.pos.file, entry.pos.line),
                   abilities=_abilities(draft, entry, statuses),
                   triggers=compile_triggers(draft, entry, Holder.SHIP))

def _abilities(draft: Layers, entry: _Entry, statuses: dict[str, StatusDef]) -> tuple[str, ...]:
    """A ship type's abilities: declared statuses that never end and change
    numbers, targeting or damage, always or only ``while`` a condition
    holds (what a status forbids is read on the hot paths from the ship's
    state, so an ability cannot forbid)."""
    prop = entry.props.get("abilities")
    if prop is None:
        return ()
    where = f"ship '{entry.id}'"
    out: list[str] = []
    for name, pos in prop.value:
        spec = statuses.get(name)
        if spec is None and name in draft.entries["status"]:
            continue  # a status in error: reported at its declaration
        if spec is None:
            raise draft.error(pos, f"{where}: unknown ability '{name}'; an ability is a "
                              "declared status: status armoured { permanent  modify damage -1 }",
                              _suggest(name, statuses))
        if name in out:
            raise draft.error(pos, f"{where} lists ability '{name}' twice")
        if spec.duration not in (Duration.PERMANENT, Duration.WHILE):
            raise draft.error(pos, f"{where}: ability '{name}' must be a permanent status, "
                              f"not '{spec.duration.value}' (an ability never ends; one "
                              "may act only 'while' a condition holds)")
        if spec.forbids or spec.redirect is not None:
            what = "forbids" if spec.forbids else "redirects damage"
            raise draft.error(pos, f"{where}: ability '{name}' {what}; an ability may only "
                              "'modify' numbers or be 'untargetable'")
        if spec.uses:  # kept in no ship's state, an ability's uses could not be counted
            what = "prevents damage" if spec.prevents else f"lasts {spec.uses} uses"
            raise draft.error(pos, f"{where}: ability '{name}' {what}; an ability is never "
                              "used up: give it 'modify', 'set', 'limit' or 'untargetable'")
        flags = spec.ignores_running or spec.sees_over_islands
        if spec.triggers and (spec.duration is Duration.WHILE or spec.condition is not None):
            event = spec.triggers[0].event.value
            raise draft.error(pos, f"{where}: ability '{name}' acts only 'while' a condition "
                              "holds, and its triggers would watch always, as the ship's do; "
                              f"test the condition in the trigger (when {event} {{ effect … "
                              "if … }) or give the triggers a permanent ability of their own")
        if not spec.modifies and not flags and not spec.triggers:
            raise draft.error(pos, f"{where}: ability '{name}' changes nothing; give it "
                              "'modify damage -1', 'untargetable' or a trigger")
        out.append(name)
    return tuple(out)

def compile_map(draft: Layers, entry: _Entry) -> MapCardDef:
    """A map card: 2 rows of 2 boxes; a start card all open water."""
    p = entry.props
    if "layout" not in p:
        raise draft.error(entry.pos, f"map '{entry.id}' has no layout")
    rows = p["layout"].value
    if len(rows) != 2 or any(len(r) != 2 for r in rows):
        raise draft.error(p["layout"].pos, f"map '{entry.id}': a map card is 2 rows of 2 "
                          'boxes, such as layout "#." ".~" (R1.1)')
    for row in rows:
        for ch in row:
            if ch not in ".#~":
                raise draft.error(p["layout"].pos, f"map '{entry.id}': unknown box {ch!r}; "
                                  "use . water, # island, ~ running water (R2.2)")
    start = "start" in p
    if start and any(ch != "." for row in rows for ch in row):
        raise draft.error(p["layout"].pos, f"map '{entry.id}': a start card is all open "
                          "water (D2.7)")
    return MapCardDef(entry.id, tuple(rows), start, SourceRef(entry.pos.file, entry.pos.line))

def _last_copies_pos(draft: Layers) -> Pos | None:
    """Where the most recent file set a card's copies or the deck size: the likely
    cause of a bad total."""
    props = [e.props["copies"].pos for e in draft.entries["order"].values()
             if "copies" in e.props]
    if "deck_size" in draft.options:
        props.append(draft.options["deck_size"].pos)
    if not props:
        return None
    order = {f: i for i, f in enumerate(draft.files)}
    return max(props, key=lambda p: (order.get(p.file, -1), -p.line))

def check_deck(draft: Layers, orders: dict[str, CardDef], options: RuleOptions) -> None:
    """R1.4: the copies of the order cards add up to the deck."""
    total = sum(o.copies for o in orders.values())
    if total != options.deck_size:
        counts = ", ".join(f"{o.id} {o.copies}" for o in orders.values())
        pos = _last_copies_pos(draft) or (
            draft.options["deck_size"].pos if "deck_size" in draft.options
            else draft.anywhere())
        raise draft.error(pos, f"the order cards add up to {total} copies ({counts}); the "
                          f"deck must have {options.deck_size} (R1.4)")

def check_whole(draft: Layers, ships: dict[str, ShipDef], maps: dict[str, MapCardDef],
                options: RuleOptions) -> None:
    """R1.2, R1.1: ship types to play, and the map cards of a board."""
    anywhere = draft.anywhere()
    if not ships:
        raise draft.error(anywhere, "no ship types are declared (R1.2)")
    starts = [m for m in maps.values() if m.start]
    others = [m for m in maps.values() if not m.start]
    need = options.board_columns * options.board_rows - 2
    if len(starts) < 2 or len(others) < need:
        raise draft.error(anywhere, f"a board needs 2 start map cards and {need} others; "
                          f"there are {len(starts)} and {len(others)} (R1.1, D2.7)")
