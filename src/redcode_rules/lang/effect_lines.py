"""One effect line of the card language compiled: its primitive found in
the registry (effects.PRIMITIVES), its values checked against the
primitive's parameters, the ships or players it acts on against the
primitive's selectors, and the words only some primitives take (a second
ship to swap with, a move's direction, D4.20)."""

from __future__ import annotations

from typing import Any, Mapping

from ..rules.effects import FLOW, PILES, PRIMITIVES, Effect, MoveShip, Picker, Primitive, \
    Selector
from ..rules.exprs import Amount, BoxLeft, Computed, Ships, Subject
from .layers import Layers, _suggest
from .records import Call


def _worded_args(draft: Layers, call: Call, prim: Any) -> list[tuple[Any, Any]]:
    """The arguments of a primitive whose parameters are all optional, written
    in any order: a word is the value of the parameter whose choices hold
    it; a number is followed by its parameter's unit (``2 repairs``); each
    parameter at most once."""
    words = {c: p for p in prim.params if p.kind is str for c in p.choices}
    units = {p.unit: p for p in prim.params if p.unit}
    spelled = ", ".join([*words, *(f"N {u}" for u in units)])
    given: dict[str, tuple[Any, Any]] = {}
    args = list(call.args)
    while args:
        arg = args.pop(0)
        if isinstance(arg, str):
            param = words.get(arg)
            if param is None:
                raise draft.error(call.pos, f"effect '{call.name}' takes {spelled}, not "
                                  f"'{arg}'", _suggest(arg, [*words, *units]))
        else:
            unit = args.pop(0) if args else None
            param = units.get(unit) if isinstance(unit, str) else None
            if param is None:
                raise draft.error(call.pos, f"effect '{call.name}': say what the number "
                                  f"counts ({', '.join(f'N {u}' for u in units)}), as in "
                                  f"'{prim.example}'")
        if param.name in given:
            raise draft.error(call.pos, f"effect '{call.name}' gives its {param.name} twice")
        given[param.name] = (param, arg)
    return [given[p.name] for p in prim.params if p.name in given]


def compile_effect(draft: Layers, call: Call, statuses: Mapping[str, Any]) -> Effect:
    if call.name in FLOW:  # a ``may`` block's question or its else (lang/choices.py)
        return FLOW[call.name].cls(call.selector, *call.args)
    prim = PRIMITIVES.get(call.name)
    if prim is None:
        raise draft.error(call.pos, f"unknown effect '{call.name}'",
                          _suggest(call.name, PRIMITIVES))
    pairs = _worded_args(draft, call, prim) if prim.worded else list(zip(prim.params,
                                                                         call.args))
    required = sum(not p.optional for p in prim.params)  # optional words come last
    if not prim.worded and not required <= len(call.args) <= len(prim.params):
        spelled = " ".join(f"[{'|'.join(p.choices)}]" if p.optional else p.name.upper()
                           for p in prim.params)
        many = f"{required} to {len(prim.params)}" if required < len(prim.params) \
            else str(required)
        raise draft.error(call.pos, f"effect '{call.name}' takes {many} "
                          f"value(s): {call.name} {spelled}".rstrip()
                          + f" (example: {prim.example})")
    kwargs: dict[str, Any] = {}
    amounts = []
    for param, arg in pairs:
        if param.kind is int and isinstance(arg, Amount):
            if not param.computed:
                raise draft.error(call.pos, f"effect '{call.name}': {param.name} must be "
                                  "a number written on the card, not computed")
            amounts.append(param.name)
        elif param.kind is int:
            if not isinstance(arg, int):
                raise draft.error(call.pos, f"effect '{call.name}': {param.name} must be a "
                                  f"number, not '{arg}'")
            if arg < param.minimum:
                raise draft.error(call.pos, f"effect '{call.name}': {param.name} must be at "
                                  f"least {param.minimum}")
            if param.maximum is not None and arg > param.maximum:
                raise draft.error(call.pos, f"effect '{call.name}': {param.name} must be at "
                                  f"most {param.maximum} ({param.bound})")
        else:
            # a declared name (a status) or one of the primitive's words
            declared = {"status": statuses, "token": draft.entries["token"]}
            choices = (*declared[param.declared], *param.choices) if param.declared \
                else param.choices
            if param.declared and not choices:
                raise draft.error(call.pos, f"effect '{call.name}': no {param.declared} is "
                                  f"declared; declare one first: {param.declared} NAME "
                                  "{ ... }")
            if not isinstance(arg, str) or (choices and arg not in choices):
                raise draft.error(call.pos, f"effect '{call.name}': {param.name} must be one "
                                  f"of {', '.join(choices)}, not '{arg}'",
                                  _suggest(str(arg), choices))
        kwargs[param.name] = arg
    selector = call.selector or prim.default
    if selector is None:
        raise draft.error(call.pos, f"effect '{call.name}' needs to say whom it acts on "
                          f"(example: {prim.example})")
    # a set of ships where a primitive acts on every ship of an area; a
    # set of players where it acts on players (draw)
    # ``target`` of a primitive that acts on a box target: the card's target decides
    # (_on_box_target)
    box_target = selector is Selector.TARGET and Selector.TARGET_BOX in prim.selectors
    # ``each target`` (D4.13) is a set of ships, where a set of ships fits
    # ``second target`` (D4.14) is one ship, where ``target`` is one
    fits = Selector.BOXES in prim.selectors if isinstance(selector, BoxLeft) else \
        Selector.AREA in prim.selectors if selector is Selector.TARGETS else \
        Selector.TARGET in prim.selectors if selector is Selector.SECOND else \
        box_target or selector in prim.selectors if isinstance(selector, Selector) else \
        Selector.AREA in prim.selectors if isinstance(selector, Ships) else prim.players
    if not fits:
        allowed = ", ".join("target (a box)" if s is Selector.TARGET_BOX else s.value
                            for s in prim.selectors)
        if Selector.AREA in prim.selectors:
            allowed += ", each … ship"
        if prim.players:
            allowed += ", each … player"
        if Selector.BOXES in prim.selectors:
            allowed += ", box left by …"
        raise draft.error(call.pos, f"effect '{call.name}' cannot act on '{selector.value}'; "
                          f"it acts on {allowed}")
    if selector is Selector.YOU and prim.gives_status:  # ending one names no declaration
        _players_status(draft, call, kwargs)
    if selector in PILES and kwargs.get("by") == Picker.OWNER.value:
        raise draft.error(call.pos, f"effect '{call.name}': the {selector.value} has no owner "
                          "to choose its card; write 'player' (the card's player chooses) or "
                          f"'random' (example: {call.name} 1 player of {selector.value})")
    _check_top(draft, call, selector, kwargs.get("by"))
    also = _further_ships(draft, call, prim, selector)
    if call.direction is not None:
        kwargs.update(_direction(draft, call, prim, selector))
    computed = Computed(call.condition, tuple(amounts)) \
        if call.condition is not None or amounts else None
    return prim.cls(selector=selector, computed=computed, also=also, **kwargs)


def _check_top(draft: Layers, call: Call, selector, by: str | None) -> None:
    """``top`` picks the top cards of a zone (D7.15): the deck's to discard,
    the discards' to take; a hand has no top, and the deck's top card taken
    is a draw. A discard from the deck is of its top cards only."""
    top = by == Picker.TOP.value
    if call.name == "discard" and selector is Selector.DECK and not top:
        raise draft.error(call.pos, "effect 'discard': a discard from the deck is of its top "
                          "cards; write 'discard N top of deck' (D7.15)")
    if not top:
        return
    if selector not in PILES:
        raise draft.error(call.pos, f"effect '{call.name}': a hand has no top; 'top' picks the "
                          "top cards of the deck ('discard 2 top of deck') or the last "
                          "discarded ('take 1 top of discards'); a hand's card is picked "
                          "'random', 'owner' or 'player'")
    if call.name == "take" and selector is Selector.DECK:
        raise draft.error(call.pos, "effect 'take': the top card of the deck taken is a draw; "
                          "write 'draw N'")


#: The ships a move may go toward or away from (D4.20): one ship each.
TOWARD = (Subject.SELF, Subject.TARGET, Subject.SOURCE, Subject.ANSWERED_TARGET)


def _direction(draft: Layers, call: Call, prim: Primitive, selector) -> dict[str, Any]:
    """``toward SUBJECT`` or ``away from SUBJECT`` (D4.20): only after a move,
    from one ship that is not the one it moves."""
    word, subject = call.direction
    said = word if word.endswith("toward") else word + " from"
    if prim.cls is not MoveShip:
        raise draft.error(call.pos, f"effect '{call.name}' goes nowhere: only a move goes "
                          f"'{said}' a ship (example: move 1 target away from self)")
    if subject not in TOWARD:
        raise draft.error(call.pos, f"a move goes {said} one ship: "
                          f"{', '.join(s.value for s in TOWARD)}, not '{subject.value}'")
    if isinstance(selector, Selector) and selector.value == subject.value:
        raise draft.error(call.pos, f"effect '{call.name}' moves {selector.value} {said} "
                          "itself: name another ship to count from (D4.20)")
    return {"toward": word, "of": subject}


#: The properties that change what a ship or player may do or has (beside
#: lifetimes, words and triggers): a player's status needs ``affects`` for
#: them (D9.8), one with triggers alone only watches (D9.12).
CHANGES = frozenset({"forbids", "untargetable", "modify", "redirect", "limit", "prevent",
                     "ignores_running"})


def _players_status(draft: Layers, call: Call, kwargs: dict[str, Any]) -> None:
    """``status NAME on you``: a player's status (D9.8) acts on ships through
    ``affects`` (a player has no numbers of its own), never only on its
    player's ship, which may be off the board; or it only watches, through
    its triggers, with no change of its own (a trap, D9.12)."""
    name = kwargs["status"]
    entry = draft.entries["status"][name]
    watcher = "when" in entry.props and not CHANGES.intersection(entry.props)
    if "affects" not in entry.props and not watcher:
        raise draft.error(call.pos, f"effect '{call.name}': status '{name}' given to a player "
                          "('on you') acts on ships through 'affects' (such as 'affects each "
                          "ship'), or only watches with triggers ('when …'); give a status "
                          "without either to a ship ('on self')")


def _further_ships(draft: Layers, call: Call, prim: Primitive, first) -> tuple[Selector, ...]:
    """The ships after the first of a primitive that names ``prim.ships``
    (``swap self with target``): as many as it names, each one ship of its
    selectors, all different."""
    named = (first, *call.also)
    if len(named) != prim.ships:
        says = "one ship" if prim.ships == 1 else f"{prim.ships} ships"
        raise draft.error(call.pos, f"effect '{call.name}' names {says}, not {len(named)} "
                          f"(example: {prim.example})")
    if prim.ships == 1:
        return ()
    for selector in named:
        # the second target (D4.14) is one ship, as the target is
        one = Selector.TARGET if selector is Selector.SECOND else selector
        if not isinstance(one, Selector) or one not in prim.selectors:
            allowed = ", ".join(s.value for s in prim.selectors)
            raise draft.error(call.pos, f"effect '{call.name}' names each ship as one of "
                              f"{allowed} (example: {prim.example})")
    if len(set(named)) != len(named):
        raise draft.error(call.pos, f"effect '{call.name}' names {prim.ships} different ships, "
                          f"not '{first.value}' twice (example: {prim.example})")
    return tuple(call.also)
