"""The card language's compiler for statuses, triggers and tokens: a
status's duration, what it forbids and changes (and the classes of cards
it names, rules/card_classes.py); the triggers of a status,
ship type or token (rules/triggers.py); a token kind's mark.

Its length is one compiler's: a status, its triggers and a token share their
checks and messages (next to split: triggers and tokens apart).
"""

from __future__ import annotations

from typing import Any

import attrs

from ..base.kinds import CardKind, Choice
from ..model.modifiers import MAX_STACKS, MAX_TURNS, MAX_USES
from ..model.ruleset import Duration, Forbid, Limit, Modifier, Redirect, SourceRef, StatusDef
from ..rules.board import Terrain
from ..rules.card_classes import KIND_WORDS, CardClass, Trait, Whose
from ..rules.effects import PRIMITIVES, Effect, RemoveStatus, Selector, TokenSelf, primitive_of
from ..rules.exprs import (ANSWERED_SUBJECTS, Amount, BoxKind, BoxLeft, Condition, Place,
                          Ships, Subject)
from ..rules.parameters import MAX_TRACK, PARAMETERS, TRACKS
from ..rules.triggers import (ACTOR_EVENTS, CARD_EVENTS, CLASS_EVENTS, Holder, TokenDef,
                              TriggerDef, TriggerEvent, Who)
from ..text.cards import Nature, status_nature
from .effect_lines import compile_effect
from .expr_checks import check_results, check_rolls, check_words, reads_result, tests_sight
from .layers import Layers, _Entry, _suggest, said_as
from .records import Call, ClassWords, Pos, Prop, TriggerSpec

#: The kinds of box a count names (D2.22): no token is named like one.
BOX_KINDS = tuple(k.value for k in BoxKind)


#: The players whose turns a status's duration counts: "its" (the affected
#: ship's player, the default) and "your" (the card's player).
DURATION_PLAYERS = ("its", "your")

#: A status's duration may also name the next turn whoever's it is ("the").
STATUS_TURNS = (*DURATION_PLAYERS, "the")

#: The lowest number each ``set`` or ``limit`` may give, and the highest: the
#: bound of the parameter's rule (rules/parameters.py: a cost is at least 1
#: crew, R4.1; a move goes at most ``board.MAX_MOVE`` boxes, D4.6).
SET_RANGE = {Modifier(name): (row.low, row.high) for name, row in PARAMETERS.items()}


#: The subjects a ``while CONDITION`` may read: the ship that has the status
#: (self, it), its player (you) and the sides seen from it; no card resolves.
WHILE_SUBJECTS = frozenset({Subject.SELF, Subject.IT, Subject.YOU, Subject.FRIENDLY,
                            Subject.ENEMY})


#: Words a status cannot be called: a ship's fields, which ``game.ship(id)``,
#: scenarios and saves already use beside one key per declared status.
SHIP_WORDS = ("id", "side", "type", "at", "position", "repairs", "breakdowns", "reserve",
              "crew", "crew_on", "withdrawn", "sunk", "eliminated", "maneuvers", "statuses",
              "declared")



def compile_status(draft: Layers, entry: _Entry) -> StatusDef:
    """A status declaration: one duration, and what it forbids, changes or
    does; or none of these, a mark that cards read (``if target is marked``,
    ``each marked ship``, D9.19)."""
    p = entry.props
    where = f"status '{entry.id}'"
    if entry.id in SHIP_WORDS:
        raise draft.error(entry.pos, f"a status cannot be called '{entry.id}': a ship's "
                          "statuses are keys beside its own fields "
                          f"({', '.join(SHIP_WORDS)})")
    meaning = draft.filter_meaning(entry.id)
    if meaning is not None:
        raise draft.error(entry.pos, f"a status cannot be called '{entry.id}': in a test or "
                          f"a filter ('self is {entry.id}', 'each {entry.id} ship') the "
                          f"word is {meaning}, so the status could never be selected")
    duration, uses, condition, turns = _duration(draft, entry, where)
    forbids: list[Forbid] = []
    forbidden = _forbidden_class(draft, entry)
    for word, pos in (p["forbids"].value.words if "forbids" in p and forbidden is None
                      else ()):
        known = [f.value for f in Forbid]
        if word not in known:
            raise draft.error(pos, f"{where} cannot forbid '{word}'; it forbids "
                              f"{', '.join(known)}", _suggest(word, known))
        if Forbid(word) in forbids:
            raise draft.error(pos, f"{where} forbids '{word}' twice")
        forbids.append(Forbid(word))
    spec = StatusDef(entry.id, duration, tuple(forbids),
                     SourceRef(entry.pos.file, entry.pos.line), uses,
                     _untargetable(draft, entry), _modifiers(draft, entry),
                     _redirect(draft, entry), compile_triggers(draft, entry, Holder.STATUS),
                     condition, _nature(draft, entry), _limits(draft, entry),
                     uses if "prevent" in p else 0,
                     untargetable_by=_untargetable_class(draft, entry), forbids_cards=forbidden,
                     affects=_affects(draft, entry), stacks=_stacks(draft, entry),
                     ends_on=_ends_on(draft, entry), ignores_running="ignores_running" in p,
                     sees_over_islands="sees_over_islands" in p, turns=turns)
    _check_turn_starts(draft, entry, spec.duration, spec.triggers, Holder.STATUS)
    if uses and not (spec.modifiers or spec.redirect or spec.limits or spec.prevents):
        plural = "" if uses == 1 else "s"
        raise draft.error(p["uses"].pos, f"{where} lasts {uses} use{plural} but nothing "
                          "in it is used: a use is counted by 'modify' (a maneuver declared, a "
                          "move, a damage changed) or 'redirect' (a damage sent)")
    return spec

def _ends_on(draft: Layers, entry: _Entry) -> CardClass | None:
    """``until it uses CLASS``: the cards whose use by its ship ends the
    status (D9.10), a class of cards as ``forbids`` names one."""
    prop = entry.props.get("ends_on")
    if prop is None:
        return None
    return compile_class(draft, entry, prop.value, "until it uses")


def _stacks(draft: Layers, entry: _Entry) -> int:
    """``stacks N``: how many times its ship may hold the status (D9.9), 2 to
    ``MAX_STACKS``: its ``modify`` lines add up once per count, and cards
    read its counts (``number of NAME on SUBJECT``), a counter; only one its
    own ship holds (an aura's holders do not count it)."""
    prop = entry.props.get("stacks")
    if prop is None:
        return 1
    n, pos = prop.value
    where = f"status '{entry.id}'"
    if not 2 <= n <= MAX_STACKS:
        raise draft.error(pos, f"{where} stacks 2 to {MAX_STACKS} times, not {n}")
    if "affects" in entry.props:
        raise draft.error(prop.pos, f"{where} affects other ships, so it cannot say "
                          "'stacks': its count is its own ship's")
    return n


def _duration(draft: Layers, entry: _Entry,
              where: str) -> tuple[Duration, int, Condition | None, int]:
    """A status's duration, its uses, its ``while`` condition and the next
    turns it spans: a time, ``for N uses``, or both (it ends at whichever
    comes first); a status that prevents damage counts its uses in damage
    points and lasts until they are spent when it says no time
    (``permanent``); ``for N turns`` ends at the end of the Nth next turn
    (D9.17), as ``until end of its next turn`` at the first's."""
    p = entry.props
    if not {"duration", "uses", "prevent", "while", "ends_on"} & set(p):
        said = {Duration.WHILE: "while CONDITION", Duration.UNTIL_IT_USES: "until it uses CARDS"}
        durations = ", ".join(said.get(d, d.value) for d in Duration)
        raise draft.error(entry.pos, f"{where} has no duration ({durations})")
    # `while` without a time is the duration (the status ends when the
    # condition fails); beside a time it says when the status acts (it holds
    # only while the condition holds, and ends by its time)
    duration = Duration.PERMANENT
    condition = _while(draft, entry, p["while"]) if "while" in p else None
    turns = 1
    if "duration" in p:
        text, whose, *spans = p["duration"].value
        if whose is not None:
            player = text.split(" ")[3]
            known = STATUS_TURNS if not spans else ("its", "your")
            if player not in known:
                said = "'its' player (the affected ship's), 'your' (the card's player's)" + \
                    (" or 'the' next turn (whoever's it is)" if not spans else "")
                raise draft.error(whose, f"{where}: a duration counts the turns of {said}, "
                                  f"not '{player}'", _suggest(player, known))
        duration = Duration(text)
        if spans:
            turns, tpos = spans[0]
            if not 1 <= turns <= MAX_TURNS:
                raise draft.error(tpos, f"{where}: a status lasts 1 to {MAX_TURNS} turns, "
                                  f"not {turns}")
    elif condition is not None:
        duration = Duration.WHILE
    uses = 0
    if "uses" in p:
        uses, pos = p["uses"].value
        if not 1 <= uses <= MAX_USES:
            raise draft.error(pos, f"{where}: a status lasts 1 to {MAX_USES} uses, "
                              f"not {uses}")
        if "prevent" in p:
            raise draft.error(p["uses"].pos, f"{where} prevents damage: its uses are the "
                              "damage points it prevents, so it takes no 'for N uses'")
        if "duration" not in p and condition is None:
            duration = Duration.USES
    elif "ends_on" in p and "duration" not in p and condition is None:
        duration = Duration.UNTIL_IT_USES  # its only end is a card its ship uses
    if "prevent" in p:
        uses, (what, wpos) = p["prevent"].value
        if what != "damage":
            raise draft.error(wpos, f"{where} prevents damage only, not '{what}'",
                              _suggest(what, ["damage"]))
        if not 1 <= uses <= MAX_USES:
            raise draft.error(p["prevent"].pos, f"{where}: a status prevents 1 to "
                              f"{MAX_USES} damage, not {uses}")
    return duration, uses, condition, turns


def _limits(draft: Layers,
            entry: _Entry) -> tuple[tuple[Modifier, Limit, int | Amount, str | None], ...]:
    """``set NAME to N`` and ``limit NAME to [at most|at least] N [on CARD]``
    lines: each number set or bounded once per way and card, to a number its
    rule allows (``SET_RANGE``); a ship's sight has no number of its own, so
    it is only limited (at most N boxes)."""
    prop = entry.props.get("limit")
    if prop is None:
        return ()
    known = [m.value for m in Modifier]
    out: list[tuple[Modifier, Limit, int | Amount, str | None]] = []
    for word, pos, how, n, only, verb, words in prop.value:
        if word not in known:
            # the numbers this verb may change: set (N), limit (at most, at least)
            allowed = {Limit.SET.value} if verb == "set" else \
                {Limit.AT_MOST.value, Limit.AT_LEAST.value}
            said = [w for w in known if allowed & set(PARAMETERS[w].bounds)]
            raise draft.error(pos, f"status '{entry.id}' cannot {verb} '{word}'; it "
                              f"{verb}s {', '.join(said)}", _suggest(word, said))
        if isinstance(how, tuple):
            how, bpos = how
            bounds = [Limit.AT_MOST.value, Limit.AT_LEAST.value]
            if how not in bounds:
                raise draft.error(bpos, f"status '{entry.id}': a limit is 'at most' or "
                                  f"'at least', not '{how}'", _suggest(how, bounds))
        modifier, limit = Modifier(word), Limit(how)
        if modifier is Modifier.SIGHT and limit is not Limit.AT_MOST:
            raise draft.error(pos, f"status '{entry.id}': a ship's sight is its visual "
                              "field, with no number of its own to set or raise; 'limit "
                              "sight to at most N' keeps it to N boxes")
        if limit.value not in PARAMETERS[word].bounds:
            raise draft.error(pos, f"status '{entry.id}' cannot {verb} '{word}'; it is "
                              + ("changed by 'modify' only" if PARAMETERS[word].modified
                                 else f"only limited: 'limit {word} to at most N'"))
        low, high = SET_RANGE[modifier]
        if isinstance(n, Amount):
            n = _limit_amount(draft, entry, pos, f"{verb} {word}", n, words)
        if type(n) is int and not low <= n <= high:
            raise draft.error(pos, f"status '{entry.id}': '{verb} {word}' takes {low} to "
                              f"{high}, not {n}")
        card = None if only is None else _limited_card(draft, entry, word, *only)
        if any(m is modifier and h is limit and c == card for m, h, _, c in out):
            raise draft.error(pos, f"status '{entry.id}' {verb}s '{word}' "
                              f"{'' if limit is Limit.SET else limit.value + ' '}twice")
        out.append((modifier, limit, n, card))
    return tuple(out)

def _limit_amount(draft: Layers, entry: _Entry, pos: Pos, said: str, amount: Amount,
                  words: tuple) -> Amount | int:
    """The amount a ``set`` or ``limit`` bounds a number by (D9.14), checked as
    a ``while`` is: its words known, and only what the ship that has the status
    gives (self; it: the ship it acts on; you, friendly, enemy); no card
    resolves, so no target nor ``damage dealt``. A written number in
    parentheses is that number (its bound is checked as one)."""
    check_words(words, draft.error, draft.entries["ship"], draft.entries["status"],
                [*draft.entries["maneuver"], *draft.entries["order"]], 0, 0,
                draft.entries["maneuver"], tokens=draft.entries["token"])
    if reads_result(amount):
        raise draft.error(pos, f"status '{entry.id}': 'damage dealt' is what an effect "
                          f"of a resolving card did; '{said}' cannot read it")
    for subject in sorted(amount.subjects() - WHILE_SUBJECTS, key=str):
        read = "the answered item" if subject in ANSWERED_SUBJECTS \
            else f"'{subject.value}'"
        raise draft.error(pos, f"status '{entry.id}': '{said} to (…)' is about the ship "
                          f"that has the status, so it cannot read {read}; it may read self, "
                          "it (the ship it acts on), you, friendly and enemy",
                          _suggest(subject.value, [s.value for s in WHILE_SUBJECTS]))
    (sign, first), *more = amount.terms
    return first if not more and sign > 0 and type(first) is int else amount


def _while(draft: Layers, entry: _Entry, prop: Prop) -> Condition:
    """A ``while CONDITION`` duration's condition, checked: its words known,
    and only the subjects a status's ship gives (self and it: that ship;
    you: its player; friendly, enemy: the sides seen from it)."""
    check_words(prop.words, draft.error, draft.entries["ship"], draft.entries["status"],
                [*draft.entries["maneuver"], *draft.entries["order"]], 0, 0,
                draft.entries["maneuver"], tokens=draft.entries["token"])
    condition = prop.value[1]
    if result := reads_result(condition):
        raise draft.error(prop.pos, f"status '{entry.id}': '{result}' is what an effect "
                          "of a resolving card did; 'while' cannot read it")
    if tests_sight(condition):  # self and it are one ship there (D2.21, D2.10)
        raise draft.error(prop.pos, f"status '{entry.id}': 'while' reads its own ship only, "
                          "and no ship is in its own sight or on its own lines (D2.21, "
                          "D2.10); test them in an aura ('affects each enemy ship where self "
                          "is in sight of it')")
    for subject in sorted(condition.subjects() - WHILE_SUBJECTS, key=str):
        read = "the answered item" if subject in ANSWERED_SUBJECTS \
            else f"'{subject.value}'"
        raise draft.error(prop.pos, f"status '{entry.id}': 'while' is about the ship that "
                          f"has the status, so it cannot read {read}; it may read self "
                          "(or it: that ship), you (its player), friendly, enemy and the mode",
                          _suggest(subject.value, [s.value for s in WHILE_SUBJECTS]))
    return condition

#: What a status with ``affects`` may not say: each acts on the ship that
#: has the status alone (read from its own state, or spent by it).
NOT_IN_AURA = {"forbids": "what it forbids is read from its own ship's state",
               "redirect": "the damage redirected is its own ship's",
               "prevent": "the damage prevented is its own ship's",
               "uses": "its uses are spent by its own ship",
               "when": "its triggers watch its own ship",
               "ignores_running": "running water carries its own ship, as it moves",
               "sees_over_islands": "the visual field it opens is its own ship's"}


def _affects(draft: Layers, entry: _Entry) -> Ships | None:
    """``affects each WORD... ship [within N of self] [where …]``: the ships a
    status's changes act on, read whenever a rule asks (an aura), seen from
    the ship that has the status (self, it, you and the sides; no card
    resolves, so no target nor answered item), and only changes of numbers
    and targeting: anything else acts on its own ship."""
    prop = entry.props.get("affects")
    if prop is None:
        return None
    where = f"status '{entry.id}'"
    sel = prop.value
    check_words(prop.words, draft.error, draft.entries["ship"], draft.entries["status"],
                (), 0, 0, tokens=draft.entries["token"])
    for subject in sorted(sel.subjects() - WHILE_SUBJECTS, key=str):
        raise draft.error(prop.pos, f"{where}: 'affects' is seen from the ship that has the "
                          f"status, so it cannot read '{subject.value}'; it may read self (that "
                          "ship), it (the ship tested), you, friendly and enemy",
                          _suggest(subject.value, [s.value for s in WHILE_SUBJECTS]))
    for name, why in NOT_IN_AURA.items():
        if name in entry.props:
            raise draft.error(entry.props[name].pos, f"{where} affects other ships, so it "
                              f"cannot say '{said_as(name)}': {why}; give such a status to "
                              "the ships with an effect instead")
    return sel


def _untargetable(draft: Layers, entry: _Entry) -> tuple[CardKind, ...]:
    """``untargetable [by maneuvers orders]``: the kinds of card it hides from
    (both without ``by``); none when it names a class of cards
    (``_untargetable_class``)."""
    prop = entry.props.get("untargetable")
    if prop is None:
        return ()
    if not prop.value:
        return (CardKind.MANEUVER, CardKind.ORDER)
    if not _kinds_only(prop.value):
        return ()
    known = {"maneuvers": CardKind.MANEUVER, "orders": CardKind.ORDER}
    out: list[CardKind] = []
    for word, pos in prop.value.words:
        if known[word] in out:
            raise draft.error(pos, f"status '{entry.id}' names '{word}' twice")
        out.append(known[word])
    return tuple(out)


def _kinds_only(words: ClassWords) -> bool:
    """Whether a class is kinds of card only (``maneuvers orders``)."""
    return not words.listed and words.cost is None and \
        all(w in ("maneuvers", "orders") for w, _ in words.words)


def _forbidden_class(draft: Layers, entry: _Entry) -> CardClass | None:
    """``forbids CLASS``: the cards its ship's player may not use (R9), when
    the words are not what a status forbids (``Forbid``: maneuvers,
    responses, orders, movement)."""
    prop = entry.props.get("forbids")
    if prop is None:
        return None
    given = prop.value
    known = {f.value for f in Forbid}
    if not given.listed and given.cost is None and \
            not _class_shaped(given) and any(w in known for w, _ in given.words):
        return None  # what a status forbids (an unknown word among them is said there)
    if not given.listed and given.cost is None and len(given.words) == 1 and \
            given.words[0][0] not in draft.entries["maneuver"] and \
            given.words[0][0] not in draft.entries["order"] and \
            given.words[0][0] not in CLASS_WORDS:
        word, pos = given.words[0]
        raise draft.error(pos, f"status '{entry.id}' cannot forbid '{word}'; it forbids "
                          f"{', '.join(f.value for f in Forbid)}, or a class of cards "
                          "('damaging cards', 'torpedo, radar')",
                          _suggest(word, sorted(known)))
    return compile_class(draft, entry, given, "forbids")


def _class_shaped(given: ClassWords) -> bool:
    """Whether ``forbids`` words describe a class of cards rather than list
    what a status forbids: words that describe cards, then one kind word
    (``ranged maneuvers``, ``damaging orders``). A list of what a status
    forbids (``maneuvers orders``) has no such word before its last."""
    words = [w for w, _ in given.words]
    return len(words) > 1 and words[-1] in KIND_WORDS and \
        all(w in CLASS_WORDS and w not in KIND_WORDS for w in words[:-1])


def _untargetable_class(draft: Layers, entry: _Entry) -> CardClass | None:
    """``untargetable by CLASS`` for a class that is more than kinds of card:
    ``untargetable by enemy damaging cards``, ``by torpedo, radar``."""
    prop = entry.props.get("untargetable")
    if prop is None or not prop.value or _kinds_only(prop.value):
        return None
    return compile_class(draft, entry, prop.value, "untargetable by", whose=True)


#: The words that describe cards in a class, with what they mean (the
#: compiler's suggestions and the reference list them).
CLASS_WORDS = {**{t.value: t for t in Trait}, **{w: w for w in KIND_WORDS}}


def compile_class(draft: Layers, entry: _Entry, given: ClassWords, where: str,
                  whose: bool = False, maneuvers_only: bool = False) -> CardClass:
    """A class of cards, checked: a list of declared cards, or words that
    describe cards (traits, then one kind word, then ``costing N``);
    ``whose``: ``enemy`` may come first (whose cards hide a ship);
    ``maneuvers_only``: the class must hold maneuvers (a range, a cost)."""
    cards = list(draft.entries["maneuver"]) + ([] if maneuvers_only else
                                               list(draft.entries["order"]))
    here = f"status '{entry.id}': '{where}'"
    if given.listed or (len(given.words) == 1 and given.words[0][0] in cards):
        seen: list[str] = []
        for name, pos in given.words:
            if name not in cards:
                raise draft.error(pos, f"{here} names unknown "
                                  f"{'maneuver' if maneuvers_only else 'card'} '{name}'",
                                  _suggest(name, cards))
            if name in seen:
                raise draft.error(pos, f"{here} names '{name}' twice")
            seen.append(name)
        return CardClass(names=tuple(seen))
    words = list(given.words)
    owner = Whose.OTHER
    if whose and words and words[0][0] == Whose.ENEMY.value:
        owner = Whose.ENEMY
        words.pop(0)
    if len(words) >= 2 and words[-2][0] == "order" and words[-1][0] in ("cards", "card"):
        words[-2:] = [("orders", words[-2][1])]  # 'order cards', as cards are printed
    if owner is Whose.ENEMY and len(words) == 1 and words[0][0] in cards \
            and words[0][0] not in KIND_WORDS:  # `enemy orders`: the order cards
        raise draft.error(words[0][1], f"{here}: 'enemy' comes before words that describe "
                          f"cards ('enemy damaging cards'), not before a card's name; name "
                          f"'{words[0][0]}' alone (every other player's), or describe the "
                          "enemy's cards by their words")
    if not words or words[-1][0] not in KIND_WORDS:
        last, pos = words[-1] if words else ("", given.pos)
        known = sorted(CLASS_WORDS) + (["enemy"] if whose else [])
        hint = f"{last} cards" if last in CLASS_WORDS or last == "enemy" else \
            _suggest(last, known + cards) if last else None
        raise draft.error(pos, f"{here}: a class of cards ends with cards, maneuvers or "
                          f"orders ('ranged maneuvers', 'enemy damaging cards'), or is a "
                          f"list of cards ('torpedo, radar'); not '{last}'", hint)
    noun, npos = words.pop()
    kind = KIND_WORDS[noun]
    traits: list[Trait] = []
    for word, pos in words:
        if word not in {t.value for t in Trait}:
            known = [t.value for t in Trait] + (["enemy"] if whose else [])
            extra = " ('enemy' comes first, and only in 'untargetable by')" \
                if word == "enemy" else ""
            raise draft.error(pos, f"{here}: '{word}' does not describe cards; a class's "
                              f"words are {', '.join(known)}{extra}", _suggest(word, known))
        if Trait(word) in traits:
            raise draft.error(pos, f"{here} says '{word}' twice")
        traits.append(Trait(word))
    if maneuvers_only and kind is CardKind.ORDER:
        raise draft.error(npos, f"{here}: order cards have no range or cost (R7.3); "
                          "name maneuvers")
    cost = None
    if given.cost is not None:
        cost, cpos = given.cost
        if kind is CardKind.ORDER:
            raise draft.error(cpos, f"{here}: order cards cost no crew (R7.3)")
    kinds = (CardKind.MANEUVER,) if maneuvers_only else () if kind is None else (kind,)
    return CardClass(kinds=kinds, traits=tuple(traits), cost=cost, whose=owner)


def players_statuses(draft: Layers, statuses: dict[str, StatusDef], cards: list,
                     holders: tuple[tuple[str, dict], ...] = ()) -> dict[str, StatusDef]:
    """The statuses that cards, or the triggers of statuses, ship types and
    tokens (``holders``: each kind with its compiled entries), give ``on
    you`` marked a player's (D9.8): a status is a ship's or a player's, so
    one given to both is refused where it is given to a ship."""
    given: dict[str, list[tuple[str, str, bool]]] = {}
    sources = [(card.kind, card.id, way.effects) for card in cards for way in card.ways]
    sources += [(kind, ident, trigger.effects) for kind, table in holders
                for ident, holder in table.items() for trigger in holder.triggers]
    for kind, ident, effects in sources:
        for effect in effects:
            if primitive_of(effect).gives_status:  # given, not ended
                name = effect.params()["status"]
                given.setdefault(name, []).append((kind, ident, effect.selector is Selector.YOU))
    players = {name for name, uses in given.items() if any(you for *_, you in uses)}
    for name in sorted(players):
        for kind, ident, you in given[name]:
            if not you:
                entry = draft.entries[kind][ident]
                raise draft.error(entry.pos, f"{kind} '{ident}' gives status '{name}' "
                                  "to a ship, and another gives it to a player ('on "
                                  "you'): a status is a ship's or a player's; declare two")
    for name in sorted(players):
        _no_player_track(draft, name)
    return {k: attrs.evolve(s, player=True) if k in players else s
            for k, s in statuses.items()}


def _no_player_track(draft: Layers, name: str) -> None:
    """A player's status changes no track (D9.15): a track is a ship's, and a
    player's status outlives its ship (D9.8), so it is refused at its line."""
    entry = draft.entries["status"][name]
    lines = [(word, pos) for word, pos, *_ in (*_values(entry, "modify"), *_values(entry, "limit"))
             if word in TRACKS]
    if lines:
        word, pos = lines[0]
        raise draft.error(pos, f"status '{name}' is given to a player ('on you'), so it "
                          f"cannot change '{word}': a track is a ship's; give the status to "
                          "a ship ('on self')")


def _values(entry: _Entry, prop: str) -> tuple:
    """The lines of one prop of an entry (none if it has none)."""
    found = entry.props.get(prop)
    return () if found is None else found.value


def with_members(statuses: dict[str, StatusDef], cards: list) -> dict[str, StatusDef]:
    """The statuses with the cards of their classes filled in, from every
    card of the ruleset (``CardClass.members``): a class covers the cards of
    every file, read once as the ruleset is compiled."""
    def filled(spec: StatusDef) -> StatusDef:
        hidden, barred, ends = spec.untargetable_by, spec.forbids_cards, spec.ends_on
        if hidden is None and barred is None and ends is None and \
                not any(isinstance(c, CardClass) for _, _, c in spec.modifiers):
            return spec
        return attrs.evolve(spec, modifiers=tuple(
            (m, n, c.with_members(cards) if isinstance(c, CardClass) else c)
            for m, n, c in spec.modifiers),
            untargetable_by=None if hidden is None else hidden.with_members(cards),
            forbids_cards=None if barred is None else barred.with_members(cards),
            ends_on=None if ends is None else ends.with_members(cards))
    return {k: filled(s) for k, s in statuses.items()}


def _modifiers(draft: Layers, entry: _Entry) -> tuple[tuple[Modifier, int, str | None], ...]:
    """``modify NAME N [on CARD]`` lines: each number changed once per card,
    by a non-zero N; a card named is a declared maneuver (an order card
    too for movement), and only a parameter of a card names one
    (rules/parameters.py, ``per_card``)."""
    prop = entry.props.get("modify")
    if prop is None:
        return ()
    known = [m.value for m in Modifier if PARAMETERS[m.value].modified]
    out: list[tuple[Modifier, int, str | None]] = []
    for word, pos, amount, only in prop.value:
        if word in PARAMETERS and not PARAMETERS[word].modified:  # D2.18
            raise draft.error(pos, f"status '{entry.id}' cannot modify '{word}': it has no "
                              f"number to add to (unbounded); 'limit {word} to at most N' "
                              "bounds it")
        if word not in known:
            raise draft.error(pos, f"status '{entry.id}' cannot modify '{word}'; it "
                              f"modifies {', '.join(known)}", _suggest(word, known))
        card = None if only is None else _modified_card(draft, entry, word, only)
        if any(m.value == word and c == card for m, _, c in out):
            raise draft.error(pos, f"status '{entry.id}' modifies '{word}' twice")
        if amount == 0:
            raise draft.error(pos, f"status '{entry.id}': 'modify {word}' needs a change "
                              "other than 0, such as +1 or -1")
        if word in TRACKS and abs(amount) > MAX_TRACK:  # D9.15
            raise draft.error(pos, f"status '{entry.id}': 'modify {word}' changes a track by "
                              f"at most {MAX_TRACK} (a track holds 0 to {MAX_TRACK}), not "
                              f"{amount:+d}")
        out.append((Modifier(word), amount, card))
    return tuple(out)

#: The numbers a change for some cards may name order cards for: a move an
#: order card makes, the damage an order card deals the ship.
ANY_CARD = ("movement", "damage")
#: The numbers a ``set``/``limit`` may bound for one card (``on CARD``).
BOUND_ON = ("range", "cost", "movement", "damage")


def _modified_card(draft: Layers, entry: _Entry, word: str,
                   given: ClassWords) -> str | CardClass:
    """The cards a ``modify ... on CARDS`` names, checked: one card (its id),
    or a class of cards (``on ranged maneuvers``, ``on torpedo, radar``), for
    a parameter of a card (rules/parameters.py, ``per_card``)."""
    if not PARAMETERS[word].per_card:
        names = [n for n, row in PARAMETERS.items() if row.per_card]
        takers = ", ".join(names[:-1]) + " and " + names[-1]
        raise draft.error(given.pos, f"status '{entry.id}': 'modify {word}' is for its "
                          f"{PARAMETERS[word].bearer.value}, not for one card ('on' is for "
                          f"{takers})")
    cards, kind = _cards_on(draft, word)
    if len(given.words) == 1 and not given.listed and given.cost is None:
        card, pos = given.words[0]
        if card in cards:
            return card
        if card in draft.entries["order"] or card not in CLASS_WORDS:
            raise draft.error(pos, f"status '{entry.id}': unknown {kind} '{card}' for "
                              f"'modify {word}'", _suggest(card, cards))
    return compile_class(draft, entry, given, f"modify {word} on",
                         maneuvers_only=word not in ANY_CARD)


def _limited_card(draft: Layers, entry: _Entry, word: str, card: str, pos: Pos) -> str:
    """The one card a ``set``/``limit ... on CARD`` names, checked."""
    if word not in BOUND_ON:
        raise draft.error(pos, f"status '{entry.id}': a bound on '{word}' is for its ship, "
                          f"not for one card ('on' is for {', '.join(BOUND_ON[:-1])} and "
                          f"{BOUND_ON[-1]})")
    cards, kind = _cards_on(draft, word)
    if card not in cards:
        raise draft.error(pos, f"status '{entry.id}': unknown {kind} '{card}' for "
                          f"a bound on '{word}'", _suggest(card, cards))
    return card


def _cards_on(draft: Layers, word: str) -> tuple[list[str], str]:
    """The cards ``on CARD`` may name for the number ``word``, and what to
    call one: every maneuver, and the order cards too for a move an order
    card makes and the damage an order card deals (``ANY_CARD``)."""
    cards = list(draft.entries["maneuver"])
    if word not in ANY_CARD:
        return cards, "maneuver"
    return cards + list(draft.entries["order"]), "card"


def _redirect(draft: Layers, entry: _Entry) -> Redirect | None:
    """``redirect damage to giver``."""
    prop = entry.props.get("redirect")
    if prop is None:
        return None
    (what, wpos), (where, pos) = prop.value
    if what != "damage":
        raise draft.error(wpos, f"status '{entry.id}' redirects damage only, not '{what}'",
                          _suggest(what, ["damage"]))
    known = [r.value for r in Redirect]
    if where not in known:
        raise draft.error(pos, f"status '{entry.id}' redirects damage to "
                          f"{', '.join(known)} (the ship of the card's player who gave it), "
                          f"not '{where}'", _suggest(where, known))
    return Redirect(where)

#: The durations over which no turn starts (this turn), or whose end comes
#: at the start of the first turn that could start (the next turn's, anyone's).
NO_TURN_START = (Duration.THIS_TURN, Duration.START_OF_THE_NEXT_TURN)


def _check_turn_starts(draft: Layers, entry: _Entry, duration: Duration,
                       triggers: tuple[TriggerDef, ...], holder: Holder) -> None:
    """A status or a token ends at a turn's start before its ``turn_starts``
    triggers fire there (R6.1): one that ends at the start of its next turn
    (its ship's, its owner's) never sees that turn start, one that lasts this
    turn or until the next turn's start sees none. Its text would promise
    what never happens."""
    own = Who.OWNER if holder is Holder.TOKEN else Who.SELF
    for trigger in triggers:
        if trigger.event is not TriggerEvent.TURN_STARTS:
            continue
        if duration in NO_TURN_START or (
                duration is Duration.START_OF_NEXT_TURN and trigger.of is own):
            raise draft.error(entry.props["when"].pos, f"{holder.value} '{entry.id}' ends "
                              f"('{duration.value}') before its 'turn_starts' trigger "
                              "could fire: a status ends at a turn's start before that turn's "
                              "triggers fire; make it last until the end of a turn ('until end "
                              "of its next turn'), or watch 'turn_ends'")


def _nature(draft: Layers, entry: _Entry) -> Nature | None:
    """``nature harmful|protective|neutral``: what the status is to its ship,
    for the verb that gives it in card text; None: read from what it does."""
    prop = entry.props.get("nature")
    if prop is None:
        return None
    word, pos = prop.value
    known = [n.value for n in Nature]
    if word not in known:
        raise draft.error(pos, f"status '{entry.id}': its nature is {', '.join(known)}, "
                          f"not '{word}'", _suggest(word, known))
    return Nature(word)

def compile_triggers(draft: Layers, entry: _Entry, holder: Holder) -> tuple[TriggerDef, ...]:
    """The triggers of a status, ship type or token (``when ...``), in order."""
    prop = entry.props.get("when")
    if prop is None:
        return ()
    return tuple(_trigger(draft, spec, entry, holder, i) for i, spec in enumerate(prop.value))

def _who(draft: Layers, given: tuple[str, Pos] | None, where: str, holder: Holder,
         default: Who) -> Who:
    """``of`` or ``by`` of a trigger: one of ``Who``; a token has no ``self``."""
    if given is None:
        return default
    name, pos = given
    known = [w.value for w in Who if w is not Who.OWNER or holder is Holder.TOKEN]
    if name not in known and name != Who.OWNER:
        raise draft.error(pos, f"{where}: a trigger watches {', '.join(known)}, not "
                          f"'{name}'", _suggest(name, known))
    if holder is Holder.TOKEN and name == Who.SELF:
        raise draft.error(pos, f"{where}: a token is not a ship, so it has no 'self' to "
                          "watch; 'owner' is the ship of the player who placed it, and "
                          "'friendly' and 'enemy' are seen from its owner's side")
    if holder is not Holder.TOKEN and name == Who.OWNER:
        raise draft.error(pos, f"{where}: 'owner' is the player who placed a token, so only "
                          "a token's trigger watches it; a ship's or a status's watches "
                          "'self'")
    return Who(name)

def _trigger(draft: Layers, spec: TriggerSpec, entry: _Entry, holder: Holder,
             index: int) -> TriggerDef:
    """One trigger, checked: a known event, whom it watches, effects that
    resolve at once on ``self`` or ``target``, and no trigger that fires
    itself forever (docs/dsl.md, "Triggers and tokens")."""
    where = f"{holder.value} '{entry.id}'"
    events = [e.value for e in TriggerEvent]
    if spec.event not in events:
        raise draft.error(spec.pos, f"{where}: unknown trigger event '{spec.event}'; a "
                          f"trigger waits for {', '.join(events)}",
                          _suggest(spec.event, events))
    event = TriggerEvent(spec.event)
    of = _who(draft, spec.of, where, holder,
              Who.ANY if holder is Holder.TOKEN else Who.SELF)
    if spec.by is not None and event not in ACTOR_EVENTS:
        at = spec.by.pos if isinstance(spec.by, ClassWords) else spec.by[1]
        raise draft.error(at, f"{where}: '{event}' has no ship that causes it; "
                          "'by' is for " + ", ".join(e.value for e in TriggerEvent
                                                    if e in ACTOR_EVENTS))
    named, cards = _by(draft, spec.by, entry, where, holder, event)
    by = Who.ANY if named is None else named
    if event is TriggerEvent.PLAYS and cards is not None and cards.names and \
            all(n in draft.entries["maneuver"] for n in cards.names):
        cards = attrs.evolve(cards, kinds=(CardKind.MANEUVER,))  # used, not played: its text
    if event is TriggerEvent.PLAYS:  # the ship that plays is the one it happens to (D9.18)
        if spec.of is not None:
            raise draft.error(spec.of[1], f"{where}: 'plays' watches the ship that plays the "
                              "card, named with 'by' ('when plays by enemy order cards'); "
                              "it has no 'of'")
        if named is None:  # no WHO written: the holder's own, as for 'of'
            by = Who.ANY if holder is Holder.TOKEN else Who.SELF
        of = by
    effects = tuple(compile_effect(draft, c, draft.entries["status"]) for c in spec.calls)
    check_words(tuple(w for c in spec.calls for w in c.words  # chosen: D4.19
                      if w.kind in ("card", "maneuver", "chosen", "box kind")),
                draft.error, (), (), [*draft.entries["maneuver"], *draft.entries["order"]],
                0, 0, draft.entries["maneuver"], tokens=draft.entries["token"])
    check_results(effects, spec.calls, draft.error, where,
                  dealt=event is TriggerEvent.DAMAGED)  # the event's damage (D9.20)
    check_rolls(effects, spec.calls, draft.error, where)
    for call, effect in zip(spec.calls, effects):
        _check_triggered(draft, call, effect, where, holder, event)
    if event is TriggerEvent.DAMAGED and not spec.once:
        # the effects' damage is the holder's (a token's: its owner's)
        again = (Who.FRIENDLY, Who.ANY) if holder is Holder.TOKEN else (Who.SELF, Who.ANY)
        for call, effect in zip(spec.calls, effects):
            hits = effect.selector is Selector.TARGET or _set_may_hold(effect.selector, of) or (
                effect.selector is Selector.SELF and of in (Who.SELF, Who.ANY))
            if primitive_of(effect).damage and hits and by in again:
                raise draft.error(call.pos, f"{where}: this trigger would fire itself "
                                  f"forever: '{call.name}' on {effect.selector.value} is "
                                  f"again 'damaged' of {of.value}; add 'once per turn' or "
                                  "act on another ship")
    return TriggerDef(event, of, by, spec.once, effects, f"{holder.value}:{entry.id}:{index}",
                      cards)


def _by(draft: Layers, given: tuple[str, Pos] | ClassWords | None, entry: _Entry, where: str,
        holder: Holder, event: TriggerEvent) -> tuple[Who | None, CardClass | None]:
    """A trigger's ``by``: WHO caused the event (None: not written), and for
    an event with a card the class of cards (``by enemy damaging cards``: WHO
    first, then the class; ``by damaging cards``: no WHO)."""
    if given is not None and not isinstance(given, ClassWords) and event in CLASS_EVENTS and \
            (given[0] in KIND_WORDS or given[0] in draft.entries["maneuver"]
             or given[0] in draft.entries["order"]):  # one word, a class: `by maneuvers`
        given = ClassWords((given,), None, False, given[1])
    if given is None:
        return None, None
    if not isinstance(given, ClassWords):
        return _who(draft, given, where, holder, Who.ANY), None
    if event not in CLASS_EVENTS:
        raise draft.error(given.pos, f"{where}: 'by' names a class of cards only for "
                          "'targeted' (the card that targets), 'plays' (the card played) "
                          f"and 'damaged' (the card that deals it); for '{event.value}' it "
                          "names who: " + ", ".join(w.value for w in Who))
    words = list(given.words)
    who = None
    if not given.listed and words and words[0][0] in {w.value for w in Who}:
        who = _who(draft, words.pop(0), where, holder, Who.ANY)
    return who, compile_class(draft, entry, attrs.evolve(given, words=tuple(words)),
                              f"when {event.value} by")

def _check_triggered(draft: Layers, call: Call, effect: Effect, where: str, holder: Holder,
                     event: TriggerEvent) -> None:
    """A triggered effect resolves at once: nobody chooses, and it acts on
    the holder (``self``), the ship the event happened to (``target``) or,
    for an event a ship causes, that ship (``source``)."""
    prim = primitive_of(effect)
    if prim.turns and event in (TriggerEvent.TURN_STARTS, TriggerEvent.TURN_ENDS):
        raise draft.error(call.pos, f"{where}: '{call.name}' at a turn's "
                          f"{'start' if event is TriggerEvent.TURN_STARTS else 'end'} would "
                          "give a turn at every turn, which only the turn limit ends (D6.5); "
                          "give it from a card, or a trigger of another event")
    if prim.choice is Choice.YES_NO and event in (TriggerEvent.TURN_STARTS,
                                                  TriggerEvent.TURN_ENDS):
        raise draft.error(call.pos, f"{where}: a trigger at a turn's start or end resolves "
                          "within the turn's steps, with nobody to ask; a 'may' is for a "
                          "trigger of another event (D4.16)")
    # may: D4.16; crew recovered by a trigger come from where D6.6 says, nobody asked
    if prim.choice not in (Choice.NONE, Choice.YES_NO, Choice.CREW_SOURCE):
        raise draft.error(call.pos, f"{where}: a trigger resolves at once with nobody to "
                          f"choose, so it cannot use '{call.name}' (its player chooses "
                          f"a {prim.choice.value})")
    if Selector.TARGET in effect.selectors and Selector.TARGET not in prim.selectors:
        raise draft.error(call.pos, f"{where}: '{call.name}' acts on the box a card "
                          "targets (D4.11); a trigger has no box target")
    # the ship whose box left it names is named as the ship itself (D2.17)
    left = effect.selector.of if isinstance(effect.selector, BoxLeft) else None
    named = {*effect.selectors, *([Selector(left.value)] if left is not None else [])}
    if Selector.SOURCE in named and event not in ACTOR_EVENTS:
        raise draft.error(call.pos, f"{where}: no ship causes '{event}', so there is no "
                          "'source' to act on; 'source' is for " + ", ".join(
                             e.value for e in TriggerEvent if e in ACTOR_EVENTS))
    if primitive_of(effect).answered and event not in CARD_EVENTS:  # D5.6, D9.12
        raise draft.error(call.pos, f"{where}: '{call.name}' acts on the card that set the "
                          "trigger off, which only 'targeted' (the card that targets) and "
                          f"'plays' (the card played) have; '{event}' has no card")
    if effect.selector is Selector.ANSWERED:  # the event's item (D9.12)
        if event not in CARD_EVENTS:
            raise draft.error(call.pos, f"{where}: '{call.name} answered' acts on the card "
                              "that set the trigger off, which only 'targeted' (the card "
                              "that targets) and 'plays' (the card played) have; "
                              f"'{event}' has no card")
    elif isinstance(effect.selector, Ships) and effect.selector.place is Place.BOARD:
        _check_triggered_set(draft, call, effect.selector, where, event, holder)
    elif left is None and effect.selector not in (Selector.SELF, Selector.TARGET,
                                                  Selector.SOURCE, Selector.YOU):
        raise draft.error(call.pos, f"{where}: in a trigger an effect acts on 'self' (the "
                          "holder), 'target' (the ship the event happened to), 'source' "
                          "(the ship that caused it) or, on a ship or a status, a set of "
                          "ships ('each enemy ship within 1 of self'), or, in a 'targeted' or "
                          "'plays' trigger, the card that targeted or was played ('cancel "
                          "answered'), not "
                          f"'{effect.selector.value}'")
    computed = effect.computed
    if computed is not None and holder is not Holder.TOKEN:
        subjects = set().union(*(getattr(effect, n).subjects() for n in computed.amounts))
        if computed.condition is not None:
            subjects |= computed.condition.subjects()
        if Subject.HERE in subjects:
            raise draft.error(call.pos, f"{where}: 'here' is the box of a token, so only a "
                              "token's trigger reads it; measure from 'self' (the holder)")
        if subjects & {Subject.ANSWERED, Subject.ANSWERED_TARGET} and event not in CARD_EVENTS:
            raise draft.error(call.pos, f"{where}: it reads the card that set the trigger "
                              "off ('answered'), which only 'targeted' (the card that targets) "
                              f"and 'plays' (the card played) have; '{event}' has no card")
    if holder is Holder.TOKEN and Selector.SELF in named and (prim.token_self is None
                                                              or left is not None):
        raise draft.error(call.pos, f"{where}: a token is not a ship: in its trigger "
                          f"'self' is {_token_self()}; use 'target' for the ship the event "
                          "happened to")


def _set_may_hold(selector, of: Who) -> bool:
    """Whether a set of ships a trigger acts on may hold the ship it watches:
    any set may, but one of enemy or other ships never holds the holder, the
    one ship ``of self`` watches."""
    if not isinstance(selector, Ships):
        return False
    return of is not Who.SELF or not {"enemy", "other"} & set(selector.filter.words)


def _check_triggered_set(draft: Layers, call: Call, ships: Ships, where: str,
                         event: TriggerEvent, holder: Holder) -> None:
    """A set of ships a triggered effect acts on (``damage 1 to each enemy
    ship within 1 of self``), read as it resolves: ``self`` the holder,
    ``target`` the ship the event happened to, ``source`` the ship that caused
    it (for an event a ship causes), ``it`` the ship tested; in a token's,
    ``here`` its box in place of ``self`` (D9.11)."""
    token = holder is Holder.TOKEN
    allowed = {Subject.IT, Subject.YOU, Subject.FRIENDLY, Subject.ENEMY, Subject.TARGET,
               Subject.HERE if token else Subject.SELF} | (
                   {Subject.SOURCE} if event in ACTOR_EVENTS else set())
    for subject in sorted(ships.subjects() - allowed, key=str):
        if token and subject is Subject.SELF:
            raise draft.error(call.pos, f"{where}: a token is not a ship: its set counts "
                              "from its box, 'here' ('each ship within 1 of here'), not "
                              "from 'self'")
        if subject is Subject.HERE:
            raise draft.error(call.pos, f"{where}: 'here' is the box of a token, so only a "
                              "token's trigger reads it; count from 'self' (the holder)")
        raise draft.error(call.pos, f"{where}: the set '{ships.value}' reads "
                          f"'{subject.value}', which '{event}' does not give; a set in a "
                          "trigger reads self (the holder), target (the ship the event "
                          "happened to), source (the ship that caused it, if one did), it, "
                          "you, friendly and enemy")


def _token_self() -> str:
    """What ``self`` may be in a token's trigger, each with how it is written:
    ``the token (remove_token self) or its owner (draw)``."""
    return " or ".join(
        f"{meaning.value} ({p.name if p.default is Selector.SELF else p.name + ' self'})"
        for meaning in TokenSelf for p in PRIMITIVES.values() if p.token_self is meaning)


def compile_token(draft: Layers, entry: _Entry, letters: dict[str, str],
                  marks: dict[str, str]) -> TokenDef:
    """A token kind: its mark (one character, no ship's letter, no other
    token's mark; default ``*``) and its triggers."""
    if entry.id in BOX_KINDS:  # one word in `number of WORD boxes` (D2.22)
        raise draft.error(entry.pos, f"token '{entry.id}' is named like a kind of box "
                          f"({', '.join(BOX_KINDS)}), which a count of boxes would read "
                          "instead of it: give it another name")
    prop = entry.props.get("mark")
    mark = prop.value if prop is not None else "*"
    pos = prop.pos if prop is not None else entry.pos
    ships = {ch for letter in letters.values() for ch in (letter, letter.upper())}
    if len(mark) != 1 or mark.isspace() or mark in ".#~":
        raise draft.error(pos, f"token '{entry.id}': a mark is one character that is not "
                          f"terrain (. # ~) or a space, such as \"*\", not \"{mark}\"")
    if mark in ships:
        raise draft.error(pos, f"token '{entry.id}': mark '{mark}' is a ship's letter on "
                          "the text board; give it another mark")
    if mark in marks:
        raise draft.error(pos, f"token '{entry.id}': token '{marks[mark]}' already has "
                          f"mark '{mark}'; give it a 'mark' of its own")
    marks[mark] = entry.id
    duration = Duration.PERMANENT
    if "duration" in entry.props:
        text, whose = entry.props["duration"].value
        if whose is not None and text.split(" ")[3] not in DURATION_PLAYERS:
            raise draft.error(whose, f"token '{entry.id}': a duration counts the turns of "
                              f"'its' player (the player who placed it), not "
                              f"'{text.split(' ')[3]}'",
                              _suggest(text.split(" ")[3], DURATION_PLAYERS))
        duration = Duration(text)
    blockade = entry.props.get("entry")  # D2.15
    if blockade is not None:
        check_words(blockade.words, draft.error, draft.entries["ship"],
                    draft.entries["status"], (), 0, 0)
    terrain = _terrain(draft, entry)
    if terrain is not None and "blocks_sight" in entry.props:
        raise draft.error(entry.props["blocks_sight"].pos, f"token '{entry.id}' makes its box "
                          "terrain already: an island cuts sight, open or running water does "
                          "not; 'blocks sight' is for a token that leaves its box as it is")
    triggers = compile_triggers(draft, entry, Holder.TOKEN)
    _check_turn_starts(draft, entry, duration, triggers, Holder.TOKEN)
    return TokenDef(entry.id, mark, duration, triggers,
                    None if blockade is None else blockade.value, terrain,
                    "blocks_sight" in entry.props)


def _terrain(draft: Layers, entry: _Entry) -> Terrain | None:
    """``terrain open|running|island`` of a token (D2.14), or None."""
    prop = entry.props.get("terrain")
    if prop is None:
        return None
    known = [t.value for t in Terrain]
    if prop.value not in known:
        raise draft.error(prop.pos, f"token '{entry.id}': a terrain is {', '.join(known)}, "
                          f"not '{prop.value}'", _suggest(prop.value, known))
    return Terrain(prop.value)


def with_removals(statuses: dict[str, StatusDef], *holders: dict[str, Any]) -> list[dict]:
    """Each holder (cards, statuses, ship types, tokens by id) with the statuses
    its ``remove_status`` effects remove filled in (``RemoveStatus.names``):
    the one named, every status of the nature named (read as the card text
    reads it, ``text.status_nature``) or every status, once all are known."""
    def names(word: str) -> tuple[str, ...]:
        if word in statuses:
            return (word,)
        return tuple(k for k, spec in statuses.items()
                     if word == "every" or status_nature(spec).value == word)

    def effects(found: tuple[Effect, ...]) -> tuple[Effect, ...]:
        return tuple(attrs.evolve(e, names=names(e.status)) if isinstance(e, RemoveStatus)
                     else e for e in found)

    def filled(entry: Any) -> Any:
        changes: dict[str, Any] = {}
        if hasattr(entry, "effects"):
            changes["effects"] = effects(entry.effects)
        if getattr(entry, "triggers", ()):
            changes["triggers"] = tuple(attrs.evolve(t, effects=effects(t.effects))
                                        for t in entry.triggers)
        return attrs.evolve(entry, **changes) if changes else entry
    return [{k: filled(v) for k, v in holder.items()} for holder in holders]
