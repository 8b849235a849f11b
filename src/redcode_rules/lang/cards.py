"""The card language's compiler for cards: maneuvers and order cards (cost,
range, target, modes, the expressions they read), each effect line compiled
by lang/effect_lines.py."""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from ..base.kinds import CardKind
from ..model.ruleset import ANSWER_KINDS, CardDef, RuleOptions, SourceRef, Target, TargetKind
from ..rules.effects import PRIMITIVES, Effect, ModeChoice, MoveShip, Selector, \
    path_with_card, primitive_of
from ..rules.exprs import ANSWERED_SUBJECTS, Amount, BoxWord, Place, Ships, Subject
from .amounts import with_amounts
from .effect_lines import compile_effect
from .choices import modes_chooser
from .expr_checks import CHOSEN_UNCHOSEN, before_target, check_results, check_rolls, \
    check_words, reads_result, with_boxes
from .exprs import ANSWERED_WORDS
from .grammar import NOTATION_WORDS, name_clash
from .layers import SHIP_PROPS, WORDING_PROPS, Layers, _Entry, _suggest, said_as
from .limits import MAX_MODES
from .records import Pos, Prop


def _card_id_meaning(word: str) -> str | None:
    """What a card id ``word`` would already mean in a move or in a test of the
    answered item (``answered is order``), or None."""
    if word in NOTATION_WORDS:
        return f"a move starting with '{word}' is already a move of its own (docs/notation.md)"
    if word in ANSWERED_WORDS:
        return f"'answered is {word}' already tests that, so the card could never be named there"
    clash = name_clash(word, "card")
    if clash is not None:
        return f"it is a word of the card language, as in '{clash}'"
    return None


def compile_card(draft: Layers, entry: _Entry, options: RuleOptions,
                 statuses: Mapping[str, Any], mode: str | None = None) -> CardDef:
    """A maneuver or an order card: its cost, range, target and effects, checked;
    a card with modes, each of them (``mode``: the one compiled, D4.15)."""
    p = entry.props
    where = f"{entry.kind} '{entry.id}'" + (f" mode '{mode}'" if mode else "")
    if mode is None:
        meaning = _card_id_meaning(entry.id)
        if meaning is not None:
            raise draft.error(entry.pos, f"{'an' if entry.kind == 'order' else 'a'} "
                              f"{entry.kind} cannot be called '{entry.id}': {meaning}")
        if "mode" in p:
            return _with_modes(draft, entry, options, statuses, where)
    _check_props(draft, entry, where)
    base = computed_cost = None  # a maneuver's cost: N, or an amount
    if entry.kind == "maneuver":
        if "cost" not in p:
            raise draft.error(entry.pos, f"{where} has no cost (R4.1)")
        base, computed_cost = _cost(draft, p["cost"], where)
        if base < 1:
            raise draft.error(p["cost"].pos, f"{where}: cost must be at least 1 crew (R4.1)")
    if entry.kind == "order":
        if "copies" not in p:
            raise draft.error(entry.pos, f"{where} has no copies (R1.4)")
    effects = tuple(compile_effect(draft, c, statuses) for c in p["effect"].value)
    rng = p["range"].value if "range" in p else None
    if "over_islands" in p and rng is None:
        raise draft.error(p["over_islands"].pos, f"{where} has no range to see over islands "
                          "with: write 'range N over islands' (D2.12)")
    response = bool(p["response"].value) if "response" in p else False
    # the target: declared, or inferred from the selectors the effects use
    used = {c.selector for c in effects}
    if any(isinstance(c.selector, Ships) and c.selector.place is Place.AREA
           for c in effects):
        used.add(Selector.AREA)  # `each enemy ship in area`
    if "target" in p:
        target = p["target"].value
        tpos = p["target"].pos
    else:
        tpos = entry.pos
        if Selector.AREA in used or Selector.BOXES in used:
            named = Selector.AREA if Selector.AREA in used else Selector.BOXES
            raise draft.error(entry.pos, f"{where} acts on '{named.value}' but declares "
                              "no 'target area WxH'")
        target = Target(TargetKind.SHIP if Selector.TARGET in used else TargetKind.SELF)
    _counted(draft, where, target, effects, p["effect"])
    second = _second(draft, where, p, target, effects, response)
    effects = _check_target(draft, entry, where, target, tpos, effects, used, rng, response)
    effects = _check_exprs(draft, entry, effects, target, response, options)
    answers = _answers(draft, p, where, "response" in p, options)
    respondable = bool(p["respondable"].value) if "respondable" in p else \
        entry.kind == "order" and options.orders_respondable == "yes"
    card = CardDef(
        id=entry.id, kind=entry.kind, effects=effects, target=target,
        cost=base, range=rng,
        respondable=respondable,
        response=response,
        answers=answers,
        copies=p["copies"].value if "copies" in p else 0,
        source=SourceRef(entry.pos.file, entry.pos.line),
        usable=p["usable"].value if "usable" in p else None,
        once="once" in p,
        second=second,
        second_optional="second" in p and p["second"].value.optional,
        computed_cost=computed_cost,
        over_islands="over_islands" in p, mode=mode)
    return with_amounts(draft, card, p.get("choose_amount"), where)  # D4.19


def _with_modes(draft: Layers, entry: _Entry, options: RuleOptions,
                statuses: Mapping[str, Any], where: str) -> CardDef:
    """A card with modes (D4.15): 2 to ``MAX_MODES`` of them, named by move
    words, none twice; each compiled as the whole card it plays, the card's
    own properties and the mode's (a property said at the card or in a mode,
    never both); the card itself has no effect of its own. The card listed
    under its id is its first mode's, without effects, holding them all,
    with the highest of their costs: the most crew that may be on it (R4.1),
    or a computed cost if one of them has one (then counted as it is used)."""
    p = entry.props
    specs = p["mode"].value
    if not 2 <= len(specs) <= MAX_MODES:
        raise draft.error(p["mode"].pos, f"{where} has {len(specs)} mode"
                          f"{'' if len(specs) == 1 else 's'}: a card has 2 to {MAX_MODES} "
                          "modes, its player choosing one (D4.15)")
    if "effect" in p:
        raise draft.error(p["effect"].pos, f"{where} has modes, so its effects are said in "
                          "each mode: move this 'effect' into the modes (D4.15)")
    shared = {k: v for k, v in p.items() if k not in ("mode", "modes_by")}
    chooser = modes_chooser(draft, entry.props, specs, where)  # D4.17
    modes: list[CardDef] = []
    for spec in specs:
        meaning = _card_id_meaning(spec.name) or (
            "it is the card's own name" if spec.name == entry.id else None) or (
            "another mode of the card has it" if any(m.mode == spec.name for m in modes)
            else None)
        if meaning is not None:
            raise draft.error(spec.pos, f"{where}: a mode cannot be called '{spec.name}': "
                              f"{meaning}")
        props = dict(shared)
        for prop in spec.props:
            if prop.name in WORDING_PROPS:  # its words: Layers.words reads them
                if prop.name != "name":
                    raise draft.error(prop.pos, f"{where}: mode '{spec.name}' has a 'name' "
                                      f"in each language, not a '{prop.name}'; a flavour "
                                      "text is the card's (D4.15)")
                continue
            if prop.name in props:
                said = "the card" if prop.name in shared else f"mode '{spec.name}'"
                raise draft.error(prop.pos, f"{where}: '{said_as(prop.name)}' is said at "
                                  f"{said} already; say it at the card for every mode, or "
                                  "in each mode (D4.15)")
            props[prop.name] = prop
        if "effect" not in props:
            raise draft.error(spec.pos, f"{where}: mode '{spec.name}' has no effect")
        mode = compile_card(draft, _Entry(entry.kind, entry.id, props, entry.pos), options,
                            statuses, spec.name)
        if chooser is not None:  # its moves are chosen as it resolves (D4.17, D4.20)
            mode = attrs.evolve(mode, effects=tuple(
                attrs.evolve(e, later=True) if type(e) is MoveShip else e
                for e in mode.effects))
        modes.append(attrs.evolve(mode, mode=spec.name, modes_by=chooser))
    first = modes[0]
    if chooser is not None:  # the card holds the question, its modes the rest (D4.17)
        return attrs.evolve(first, effects=(ModeChoice(chooser),), mode=None,
                            modes=tuple(modes), usable=first.usable if "usable" in shared
                            else None, modes_by=chooser)
    costs = [m.cost for m in modes if m.cost is not None]
    computed = next((m.computed_cost for m in modes if m.computed_cost is not None), None)
    return attrs.evolve(first, effects=(), mode=None, modes=tuple(modes), usable=None,
                        bounds=None, amounts=(),  # each mode chooses its own (D4.19)
                        second=None, computed_cost=computed, cost=max(costs) if costs else None)


def _check_props(draft: Layers, entry: _Entry, where: str) -> None:
    """What a card may not say (a property of another kind of card, of a
    ship or a map), and that it says an effect."""
    p = entry.props
    for key, prop in p.items():
        if entry.kind == "order" and key in ("cost", "range", "over_islands"):
            raise draft.error(prop.pos, f"order cards have no '{said_as(key)}': they ignore range "
                              "and cannot be responded to (R7.3)")
        if entry.kind == "maneuver" and key == "copies":
            raise draft.error(prop.pos, "maneuvers have no 'copies': they are on control cards")
        if key in ("layout", "start", *SHIP_PROPS):
            raise draft.error(prop.pos, f"'{key}' belongs to a ship or map, not to {where}")
    if "effect" not in p:
        raise draft.error(entry.pos, f"{where} has no effect")


def _check_target(draft: Layers, entry: _Entry, where: str, target: Target, tpos: Any,
                  effects: tuple, used: set, rng: Any, response: bool) -> tuple:
    """The target agrees with what the effects act on (R4.2, R5.2, D7.5), and
    at most one effect moves a ship: the effects, a box target's read onto
    its box."""
    p = entry.props
    if target.kind is TargetKind.SELF and Selector.TARGET in used:
        raise draft.error(tpos, f"{where} targets itself but an effect uses 'target'")
    if Selector.AREA in used and target.kind is not TargetKind.AREA:
        raise draft.error(tpos, f"{where} uses 'each ship in area' without 'target area WxH'")
    if Selector.BOXES in used and target.kind is not TargetKind.AREA:
        raise draft.error(tpos, f"{where} uses 'area' without 'target area WxH'")
    if target.kind is TargetKind.AREA:
        if entry.kind == "maneuver":
            raise draft.error(tpos, "area targets are for order cards (D7.5)")
        if target.width < 1 or target.height < 1:
            raise draft.error(tpos, "an area needs a size of at least 1x1")
    effects = _on_box_target(draft, entry, effects, target, tpos)
    if entry.kind == "maneuver" and target.kind in (TargetKind.SHIP, TargetKind.SOURCE) \
            and rng is None:
        raise draft.error(tpos, f"{where} targets a ship but has no range (R4.2)")
    # a move counts from its own subject (D4.20): the answered item's ships too
    whence = {c.of for c in effects if type(c) is MoveShip and c.toward}
    needs_answer = [c for c in effects if c.selector in (Selector.ANSWERED,
                                                         Selector.ANSWERED_TARGET)
                    or primitive_of(c).answered] \
        or target.kind is TargetKind.SOURCE or Selector.SOURCE in used \
        or bool(whence & {Subject.SOURCE, Subject.ANSWERED_TARGET})
    if Subject.TARGET in whence and (target.kind not in (TargetKind.SHIP, TargetKind.SOURCE)
                                     or target.counted):
        raise draft.error(p["effect"].pos, f"{where}: a move toward or away from 'target' "
                          "counts from the card's target ship, and this card targets "
                          f"{'no ship' if target.kind is TargetKind.SELF else 'several ships' if target.counted else 'a box or an area'}"
                          " (D4.20)")
    if needs_answer and not response:
        raise draft.error(tpos, f"{where} acts on the item it answers, so it must be a "
                          "'response' (R5.2)")
    moves = [e for e in effects if path_with_card(e)]
    if len(moves) > 1:
        raise draft.error(p["effect"].pos, f"{where} has more than one move effect")
    if moves and target.kind is TargetKind.AREA:
        raise draft.error(p["effect"].pos, f"{where} targets an area, not a ship: move its "
                          "ships with 'move N each ship in area' (D4.20)")
    return effects


def _counted(draft: Layers, where: str, target: Target,
             effects: tuple[Effect, ...], effect_prop: Prop) -> None:
    """A counted target (``target up to N …``, D4.13; its N is checked as it
    is read, lang/parse.py): the effects name its ships as ``each target``
    (never ``target``, which would leave the others out), and move none along
    a path (a path is one ship's); ``each target`` only on a card with one."""
    calls = effect_prop.value
    if not target.counted:
        for call, effect in zip(calls, effects):
            if Selector.TARGETS in effect.selectors:
                raise draft.error(call.pos, f"{where}: 'each target' names the ships of a "
                                  "counted target; declare one: target up to N … ships, or "
                                  "target exactly N … ships (D4.13)")
        return
    for call, effect in zip(calls, effects):
        if Selector.TARGET in effect.selectors:
            raise draft.error(call.pos, f"{where} names several targets: effect "
                              f"'{call.name}' acts on them as 'each target', not 'target' "
                              "(D4.13)")
        if path_with_card(effect):
            raise draft.error(call.pos, f"{where} names several targets and a path is one "
                              f"ship's: '{call.name}' cannot be on a card with a counted "
                              "target (D4.13)")


def _second(draft: Layers, where: str, p: Mapping[str, Prop], target: Target,
            effects: tuple[Effect, ...], response: bool) -> Ships | None:
    """A second target (``second target enemy ship within 2 of target``,
    D4.14): after a first target ship, one ship of the card's reach counted
    from a ship (never a box), moved along no path; ``second target`` in
    the effects only on a card with one."""
    calls = p["effect"].value
    if "second" not in p:
        for call, effect in zip(calls, effects):
            if Selector.SECOND in effect.selectors:
                raise draft.error(call.pos, f"{where}: 'second target' names a ship chosen "
                                  "after the target; declare it: second target … ship (D4.14)")
        return None
    prop = p["second"]
    second = prop.value.ships
    if target.kind is not TargetKind.SHIP or target.counted:
        raise draft.error(prop.pos, f"{where}: a second target is chosen after the first: "
                          "declare 'target … ship' (one ship) before it (D4.14)")
    if second.within is not None and not isinstance(second.of, Subject):
        raise draft.error(prop.pos, f"{where}: a second target is within N of a ship "
                          "(self, target, a kind of ship), not of a box (D4.14)")
    if second.of is Subject.SOURCE and not response:
        raise draft.error(prop.pos, f"{where}: the second target reads the answered item, "
                          "so the card must be a 'response' (R5.2)")
    for call, effect in zip(calls, effects):
        if path_with_card(effect):
            raise draft.error(call.pos, f"{where} names a second target and a path is one "
                              f"ship's: '{call.name}' cannot be on such a card (D4.14)")
    return second


def _answers(draft: Layers, p: Mapping[str, Prop], where: str, response: bool,
             options: RuleOptions) -> frozenset[CardKind]:
    """The kinds of item a response may answer: its ``answers``, else the
    rules' ``responses_answer`` (R5.2). ``response``: whether the card says
    ``response`` or ``not response`` at all."""
    if "answers" not in p:
        return ANSWER_KINDS[options.responses_answer]
    prop = p["answers"]
    if not response:  # ``not response`` in a patch turns it off, answers and all
        raise draft.error(prop.pos, f"{where} says what it answers but is not a "
                          "'response': add 'response' (R5.2)")
    kinds: set[CardKind] = set()
    for word in prop.value:
        if word not in ANSWER_KINDS:
            raise draft.error(prop.pos, f"{where}: a response answers maneuvers, orders "
                              f"or any, not '{word}'", _suggest(word, list(ANSWER_KINDS)))
        if kinds & ANSWER_KINDS[word]:
            raise draft.error(prop.pos, f"{where}: '{word}' is said twice in what it answers")
        kinds.update(ANSWER_KINDS[word])
    return frozenset(kinds)


def _on_box_target(draft: Layers, entry: _Entry, effects: tuple[Effect, ...], target: Target,
                   tpos: Pos) -> tuple[Effect, ...]:
    """A box target (D4.11) checked, and its effects' ``target`` made the
    target box; ``target`` of a primitive that acts only on a box target
    (``jump``) refused on a card without one."""
    where = f"{entry.kind} '{entry.id}'"
    calls = entry.props["effect"].value
    if target.kind is not TargetKind.BOX:
        for call, effect in zip(calls, effects):
            prim = primitive_of(effect)
            if effect.selector is Selector.TARGET and Selector.TARGET not in prim.selectors:
                raise draft.error(call.pos, f"{where}: effect '{call.name}' acts on a box "
                                  "target; declare one: target free box within N, or "
                                  "target free adjacent box")
        return effects
    boxes = target.boxes
    assert boxes is not None  # the parser gives a box target its words
    if "range" in entry.props:
        raise draft.error(entry.props["range"].pos, f"{where} targets a box: its reach is "
                          "its 'within N' or 'adjacent'; a range is for ship targets (R4.2)")
    if entry.kind == "maneuver" and boxes.reach is None and boxes.near is not None:
        raise draft.error(tpos, f"{where} targets a box near other ships but says not how "
                          "far from its own: a maneuver reaches only an 'adjacent' box then "
                          "(`target free adjacent box within 1 of a friendly ship`, R4.2, "
                          "D4.11); an order card reaches any")
    if entry.kind == "maneuver" and boxes.reach is None:
        raise draft.error(tpos, f"{where} targets a box but says not how far: a maneuver "
                          "reaches 'box within N' or an 'adjacent box' (R4.2, D4.11)")
    out = []
    for call, effect in zip(calls, effects):
        prim = primitive_of(effect)
        if effect.selector is Selector.TARGET:
            if Selector.TARGET_BOX not in prim.selectors:
                takes = ", ".join(n for n, p in PRIMITIVES.items()
                                  if Selector.TARGET_BOX in p.selectors)
                raise draft.error(call.pos, f"{where} targets a box, and effect "
                                  f"'{call.name}' acts on ships: 'target' is a box here "
                                  f"(a box target serves {takes})")
            effect = attrs.evolve(effect, selector=Selector.TARGET_BOX)
            if prim.jumps and BoxWord.FREE not in boxes.words:
                raise draft.error(tpos, f"{where}: a ship jumps only to a free box; write "
                                  "'target free box …' (R2.4, D4.11)")
        out.append(effect)
    return tuple(out)


def _cost(draft: Layers, prop: Prop, where: str) -> tuple[int, Amount | None]:
    """A maneuver's cost as (the fixed cost, the amount or None): an amount
    of numbers only is a fixed cost; one with quantities has as fixed
    cost its value with every quantity 0, at least 1 (CardDef.computed_cost)."""
    value = prop.value
    if not isinstance(value, Amount):
        return value, None
    fixed = sum(sign * term for sign, term in value.terms if type(term) is int)
    if all(type(term) is int for _, term in value.terms):
        return fixed, None
    read = before_target(value)
    if read is not None:
        raise draft.error(prop.pos, f"{where}: a cost is counted before a target is "
                          f"chosen, so it cannot read {read}; it may read the ship that "
                          "uses the card (self) and the sides")
    return max(1, fixed), value

def _check_exprs(draft: Layers, entry: _Entry, effects: tuple[Effect, ...], target: Target,
                 response: bool, options: RuleOptions) -> tuple[Effect, ...]:
    """The card's expressions (rules/exprs.py) checked: every word known, every
    subject one the card has; the effects with their boxes as indexes."""
    p = entry.props
    where = f"{entry.kind} '{entry.id}'"
    words = [w for key in ("target", "usable", "second", "cost", "choose_amount") if key in p
             for w in p[key].words]
    calls = p["effect"].value
    words += [w for c in calls for w in c.words]
    unchosen = next((w for w in words if w.kind == "chosen"), None)
    if unchosen is not None and "choose_amount" not in p:  # D4.19
        raise draft.error(Pos(unchosen.file, unchosen.line, unchosen.column),
                          f"{where}: {CHOSEN_UNCHOSEN}")
    cards = [*draft.entries["maneuver"], *draft.entries["order"]]
    boxes = check_words(tuple(words), draft.error, draft.entries["ship"],
                        draft.entries["status"], cards, 2 * options.board_columns,
                        2 * options.board_rows, draft.entries["maneuver"],
                        chosen="choose_amount" in p,  # D4.19
                        tokens=draft.entries["token"])

    def check(subjects: set, pos: Pos, what: str, it: bool = False) -> None:
        if Subject.IT in subjects and not it:
            raise draft.error(pos, f"{where}: 'it' is the ship a filter tests ('where …'); "
                              f"{what} has none")
        if Subject.TARGET in subjects and target.kind not in (TargetKind.SHIP,
                                                              TargetKind.SOURCE):
            raise draft.error(pos, f"{where}: {what} reads the target, but the card has no "
                              "target ship (declare 'target ship')")
        if Subject.HERE in subjects:
            raise draft.error(pos, f"{where}: {what} reads 'here', the box of a token, "
                              "which only a token's trigger has; count from 'self' or a box")
        if Subject.TARGET in subjects and target.counted:
            raise draft.error(pos, f"{where}: {what} reads 'target', but the card names "
                              "several targets (D4.13); test them in its filter: target up "
                              "to N ships where …")
        if subjects & ANSWERED_SUBJECTS and not response:
            raise draft.error(pos, f"{where}: {what} reads the answered item, so the card "
                              "must be a 'response' (R5.2)")

    if "usable" in p:
        subjects = p["usable"].value.subjects()
        if Subject.TARGET in subjects:
            raise draft.error(p["usable"].pos, f"{where}: 'usable if' is checked before a "
                              "target is chosen; test the target in a filter: target "
                              "ship where …")
        check(subjects, p["usable"].pos, "'usable if'")
    flt = target.filter
    if flt is not None:
        if flt.where is not None and Subject.TARGET in flt.where.subjects():
            raise draft.error(p["target"].pos, f"{where}: in a target filter the ship "
                              "tested is 'it', not 'target'")
        check(flt.subjects(), p["target"].pos, "its target filter", it=True)
    if "second" in p:  # it may read the first target (D4.14)
        check(p["second"].value.ships.subjects(), p["second"].pos, "its second target", it=True)
    check_results(effects, calls, draft.error, where)
    check_rolls(effects, calls, draft.error, where)
    for key in ("usable", "target"):
        value = p[key].value if key in p else None
        if result := reads_result(getattr(value, "filter", value)):
            raise draft.error(p[key].pos, f"{where}: '{result}' is known only as the "
                              "card resolves, after one of its damage effects; "
                              f"'{key}' is read before")
    out = []
    for call, effect in zip(calls, effects):
        sel = effect.selector
        if hasattr(sel, "subjects"):
            check(sel.subjects(), call.pos, f"effect '{call.name}'")
        computed = effect.computed
        if computed is not None:
            subjects = set().union(*(getattr(effect, n).subjects()
                                     for n in computed.amounts))
            if computed.condition is not None:
                subjects |= computed.condition.subjects()
            check(subjects, call.pos, f"effect '{call.name}'")
        out.append(attrs.evolve(effect, selector=with_boxes(sel, boxes))
                   if isinstance(sel, Ships) and sel.of_name else effect)
    return tuple(out)
