"""Card text generated from the compiled effects, so it cannot disagree with them.

Each primitive has a template per language (``effects`` in ``lang/*.yaml``);
a card's text is its effects' sentences, then its range or area and its
response flags. A new card written in the DSL gets text in every language.

The text reads like a printed card: the card set's own names for whatever
it names, each thing said once (a shared subject, a shared condition, a
hand just looked at, an effect repeated said with its number of times, a
long noun said whole once and short after: "order card", then "card"), a
status given with its state agreeing with its subject and its duration
right after it (`the target is intercepted until its next turn: no
maneuvers…`, text/statuses.py), "all" for a number nothing reaches.
tests/text_lint.py checks every text.

A construct gets its text the same way a primitive does: a template per
language in each catalog (``effects.<name>``, with ``one``/``other`` forms
by its amount and a form per selector where the wording depends on whom),
whose placeholders are filled with phrases that already agree (``{who}``,
``{to_who}``, ``{gets}``, ``{until}``); docs/dsl.md ("Names and text in
every language") says how.

Its length is the phrases': a card, a status and a ship type said phrase by
phrase in three languages (next to split: statuses' and ships' texts apart
from cards').
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence

import re

from ..i18n.catalog import Words, catalog, contract, display_name, mode_name, pick, \
    status_name, token_name
from ..i18n.grammar import fuse, phrase_gender, subject_words, tidy
from ..rules.card_classes import CardClass
from ..rules.effects import Effect, May, Selector, primitive_of
from ..rules.exprs import All, AnyOf, BoxLeft, Condition, Is, Not, Players, Subject
from ..rules.parameters import PARAMETERS
from ..rules.triggers import TriggerEvent
from .exprs import AuraHolder, a_ship, amount_text, box_target_text, choose_text, computed_note, \
    condition_text, cost_text, just_chosen, second_text, ship_said, ships_noun, side_of, \
    target_text, targets_text, to_ships_text, usable_text
from .statuses import gets, said, state_of, title
from .values import class_text, one_card_text, played_text

if TYPE_CHECKING:
    from ..rules.triggers import TokenDef, TriggerDef


PLAYS = TriggerEvent.PLAYS


class Nature(str, enum.Enum):
    """What a status is to the ship that has it, which chooses the verb that
    gives it (Italian "subisce" only of a status that harms)."""

    HARMFUL = "harmful"
    PROTECTIVE = "protective"
    NEUTRAL = "neutral"


class StatusDefView(Protocol):
    """What the text reads of a status declaration (model.StatusDef: the model
    sits above, its ``Ruleset.text`` calls ``card_text``)."""

    @property
    def nature(self) -> Nature | None: ...
    @property
    def forbids(self) -> Sequence[Any]: ...
    @property
    def untargetable(self) -> Sequence[Any]: ...
    @property
    def redirect(self) -> Any: ...
    @property
    def modifiers(self) -> Sequence[tuple[Any, Any, Any]]: ...
    @property
    def triggers(self) -> Sequence[TriggerDef]: ...
    @property
    def ignores_running(self) -> bool: ...
    @property
    def sees_over_islands(self) -> bool: ...
    @property
    def duration(self) -> Any: ...
    @property
    def uses(self) -> int: ...
    @property
    def condition(self) -> Condition | None: ...
    @property
    def player(self) -> bool: ...


class ShipDefView(Protocol):
    """What the text reads of a ship type (model.ShipDef, above)."""

    @property
    def abilities(self) -> Sequence[str]: ...
    @property
    def triggers(self) -> Sequence[TriggerDef]: ...


class RulesetView(Protocol):
    """What the text reads of a card set (model.Ruleset, above)."""

    @property
    def ships(self) -> Mapping[str, Any]: ...
    @property
    def statuses(self) -> Mapping[str, Any]: ...
    @property
    def maneuvers(self) -> Mapping[str, Any]: ...
    @property
    def orders(self) -> Mapping[str, Any]: ...
    @property
    def words(self) -> Words: ...
    @property
    def tokens(self) -> Mapping[str, Any]: ...
    def card(self, card_id: str) -> Any: ...


#: the numbers a ship is better off with more of (range, movement, sight) or less
_BETTER_MORE = {name: row.better for name, row in PARAMETERS.items()}


def status_nature(status: StatusDefView) -> Nature:
    """A status's nature: as declared (``nature``), else read from what it does:
    what it forbids or a trigger that hurts its own ship harms; being no
    target, damage sent away, a trigger that helps protect; numbers changed
    count by whether the ship is better off; both or neither: neutral."""
    if status.nature is not None:
        return status.nature
    score = [-1 for _ in status.forbids] + ([-1] if status.forbids_cards is not None else [])
    score += [1 for _ in status.untargetable] + ([1] if status.redirect is not None else [])
    score += [1] if status.untargetable_by is not None else []
    score += [(1 if n * _BETTER_MORE[m.value] > 0 else -1) for m, n, _ in status.modifiers]
    # a ceiling is good where less is better (damage, cost), a floor where more is;
    # a number set may be either
    score += [(-1 if how.value == "at most" else 1) * _BETTER_MORE[m.value]
              for m, how, _, _ in status.limits if how.value != "set"]
    score += [1] if status.prevents else []
    score += [1] if status.ignores_running else []
    score += [1] if status.sees_over_islands else []
    for trigger in status.triggers:
        for effect in trigger.effects:
            if isinstance(effect.selector, Selector) and effect.selector is Selector.SELF:
                harm = primitive_of(effect).harm  # hurts or helps the ship it acts on
                score += [harm] if harm else []
    if score and all(x < 0 for x in score):
        return Nature.HARMFUL
    if score and all(x > 0 for x in score):
        return Nature.PROTECTIVE
    return Nature.NEUTRAL


def status_rule_parts(status: StatusDefView, lang: str = "en",
                      names: Words | None = None,
                      statuses: Mapping[str, StatusDefView] | None = None,
                      types=(), gender: str | None = None,
                      repairs: int | None = None,
                      seen: AuraHolder | None = None) -> dict[str, str]:
    """What a status does and how long it lasts, as phrases of ``lang``
    (``forbids``: what it forbids, changes and triggers, `no maneuvers, not
    even responses`; ``until``: `until its next turn`), from its declaration;
    ``names``: the card set's own names; ``types``: the ship type ids its
    words may name; ``gender``: of the subject it is said of, which its
    words say again ("non lo trascina"; None: the language's word for a
    ship); ``repairs``: what a breakdown is worth (``breakdown_repairs``);
    ``seen``: the ship that has it as the text that gives it sees it, whose
    sides its aura's are (``ships_noun``). Its condition and triggers are
    seen from the ship that has it ("this ship")."""
    words = catalog(lang)["status_rules"]
    again = subject_words(lang, gender)
    parts = [words["forbids"][f.value].format(**again) for f in status.forbids]
    if status.forbids_cards is not None:
        parts.append(words["forbids_class"].format(
            cards=class_text(status.forbids_cards, lang, names), **again))
    parts += changes(status, words, lang, names, types, gender, seen)
    # what it does, if anything (``statuses``: those its triggers may give),
    # each trigger said whole: two that start alike are two events
    triggers = [trigger_text(t, lang, statuses=statuses, words=names, types=types,
                             repairs=repairs) for t in status.triggers]
    cond = "" if status.condition is None else condition_text(
        status.condition, lang, False, types, names, clause="while", held=True)
    cards = "" if status.ends_on is None else class_text(status.ends_on, lang, names)
    until = pick(words["until"][status.duration.value], status.uses or None).format(
        uses=status.uses, cond=cond, cards=cards)
    if status.duration.value == "permanent" and status.player:
        until = words["until_player"]  # a player's: it outlives its ship (D9.8)
    if status.turns > 1:  # several next turns (D9.17)
        until = words["until_turns"][status.duration.value].format(n=status.turns)
    if cards and status.duration.value != "until it uses":  # a time, or a card used (D9.10)
        until = words["until_used"].format(until=until, cards=cards)
    if status.uses and status.duration.value != "for N uses" and not status.prevents:
        # a time and uses together: whichever comes first
        until = pick(words["until_uses"], status.uses).format(until=until, uses=status.uses)
    if cond and status.duration.value != "while":  # it acts only while, ends by its duration
        until = words["acts_while"].format(until=until, cond=cond)
    if status.stacks > 1:
        until = words["stacks"].format(until=until, n=status.stacks)
    said = [joined(parts, lang)] if parts else []
    return {"forbids": words["joiner"].join(said + triggers), "until": until}


def joined(parts: list[str], lang: str) -> str:
    """What a status does, joined by the language's joiner; two parts in a row
    that start with the same subject said as one (`its maneuvers reach 1 box
    less and cost 1 more crew`, not the subject again)."""
    out: list[str] = []
    for part in parts:
        shared = _shared_subject(out[-1], part) if out else 0
        if shared:
            out[-1] += catalog(lang)["card"]["same_subject"] + " ".join(part.split(" ")[shared:])
        else:
            out.append(part)
    return catalog(lang)["status_rules"]["joiner"].join(out)


def _shared_subject(first: str, second: str) -> int:
    """How many words (two or more) ``second`` starts with as ``first`` does,
    leaving each at least two words of its own; 0 for fewer."""
    a, b = first.split(" "), second.split(" ")
    n = 0
    while n < min(len(a), len(b)) - 2 and a[n] == b[n]:
        n += 1
    return n if n >= 2 else 0


def status_text(rules: RulesetView, status_id: str, lang: str = "en") -> str:
    """A status's text (``Ruleset.status_text``): its name, how long it lasts,
    then what it does (`Intercepted, until its next turn: no maneuvers, not
    even responses.`); an aura's sides said of the ship that has it (`every
    ship that is an enemy of this ship`), whichever ship a card gives it."""
    seen = AuraHolder(None, catalog(lang)["triggers"]["selectors"]["self"])
    parts = status_rule_parts(rules.statuses[status_id], lang, rules.words, rules.statuses,
                              frozenset(rules.ships), repairs=breakdown_repairs(rules),
                              seen=seen)
    said = catalog(lang)["status_rules"]["text" if parts["forbids"] else "text_bare"]
    return fuse(lang, said.format(name=title(status_id, lang, rules.words), **parts))


def untargetable_text(status: StatusDefView, lang: str = "en",
                      names: Words | None = None, gender: str | None = None) -> str:
    """The cards a status keeps off a ship, as a phrase of ``lang`` (`enemy
    damaging cards cannot target it`): said of each ship an aura reaches
    ("quella nave" in Italian), not of its holder, for an aura; ``gender``:
    of the ship it is said of (Spanish "tomarla")."""
    words = catalog(lang)["status_rules"]
    again = subject_words(lang, gender)
    aura = "_aura" if status.affects is not None else ""
    hidden = status.untargetable_by
    if hidden is not None:
        table = words["untargetable_class" + aura]
        key = hidden.whose.value
        if len(hidden.names) == 1 and key + "_one" in table:  # one card: a singular verb
            key += "_one"
        return table[key].format(cards=class_text(hidden, lang, names), **again)
    kinds = status.untargetable
    return words["untargetable" + aura]["both" if len(kinds) == 2 else kinds[0].value].format(
        **again)


def changes(status: StatusDefView, words: dict, lang: str = "en",
            names: Words | None = None, types=(), gender: str | None = None,
            seen: AuraHolder | None = None) -> list[str]:
    """What a status changes (untargetable, modify, redirect) as phrases of
    ``lang``, whose ``status_rules`` are ``words``; ``names``: the card set's
    own names (``Ruleset.words``); ``types``: the ship type ids its words may
    name (an aura's ships, a bound's amount); ``gender``: of the ship its
    words say again ("non lo trascina"), for an aura each ship it reaches;
    ``seen``: the ship that has it, as the text that gives it sees it
    (None: the reader's own, or a trigger's holder), whose sides an aura's are."""
    aura = None if status.affects is None else \
        ships_noun(status.affects, lang, types, names, holder=True, seen=seen)
    if aura is not None:
        gender = aura.gender
    again = subject_words(lang, gender)
    parts = []
    if status.untargetable or status.untargetable_by is not None:
        parts.append(untargetable_text(status, lang, names, gender))
    for modifier, n, card in status.modifiers:
        more = "more" if n > 0 else "less"
        if isinstance(card, CardClass):  # the cards are the subject: "… cost 1 crew less"
            forms = words["modify_class"][modifier.value][more]
            # the damage it takes comes from anyone's cards: not "its" (D9.5)
            phrase = contract(lang, pick(forms, abs(n)).format(
                n=abs(n), cards=class_text(card, lang, names, its=modifier.value != "damage"),
                **again))
        elif card is not None:  # the card is the subject: "Repair costs 1 crew less"
            forms = words["modify_on"][modifier.value][more]
            phrase = pick(forms, abs(n)).format(n=abs(n), card=display_name(card, lang, names),
                                                **again)
        else:
            phrase = pick(words["modify"][modifier.value][more], abs(n)).format(n=abs(n),
                                                                               **again)
        parts.append(phrase)
    if status.redirect is not None:
        parts.append(words["redirect"][status.redirect.value].format(**again))
    for modifier, how, n, card in status.limits:
        amount = type(n) is not int  # a bound by an amount (D9.14) says N, then what N is
        said = "N" if amount else n
        if card is not None:
            phrase = pick(words["limit_on"][modifier.value][how.value], None if amount else
                          n).format(n=said, card=display_name(card, lang, names), **again)
        else:
            phrase = pick(words["limit"][modifier.value][how.value], None if amount else
                          n).format(n=said, **again)
        if amount:
            phrase = words["limit_by"].format(limit=phrase, amount=amount_text(
                n, lang, False, types, names, held=True)[0])
        parts.append(phrase)
    if status.prevents:
        parts.append(pick(words["prevent"], status.prevents).format(n=status.prevents, **again))
    if status.ignores_running:
        parts.append(words["ignores_running"].format(**again))
    if status.sees_over_islands:
        parts.append(words["sees_over_islands"].format(**again))
    if aura is not None and parts:  # an aura: for each ship it reaches
        return [words["affects"].format(ships=aura.text, changes=words["joiner"].join(parts))]
    return parts


def trigger_text(trigger: TriggerDef, lang: str = "en", token: bool = False,
                 statuses: Mapping[str, StatusDefView] | None = None,
                 words: Words | None = None, types=(), repairs: int | None = None) -> str:
    """A trigger as a phrase of ``lang``: when it fires, then its effects, seen
    from its holder (`at the start of its player's turn, 1 repair damage to
    this ship`); ``token``: the holder is a token; ``words``: the card set's
    own names (``Ruleset.words``); ``types``: the ship type ids; ``repairs``:
    what a breakdown is worth (``breakdown_repairs``)."""
    said = catalog(lang)["triggers"]
    event = trigger.event.value
    by = trigger.by.value
    forms = said["when"][event]
    if isinstance(forms, dict):  # said otherwise when someone caused it ("when this ship sinks …")
        forms = forms["by" if by in said["by"] else "any"]
    plays = played_text(trigger.cards, lang, words) if trigger.event is PLAYS else ""
    when = forms.format(of=said["of"][trigger.of.value], turn=said["turn"][trigger.of.value],
                        box=said["box"]["token" if token else "ship"],
                        by=said["by"].get(by, ""), plays=plays)
    effects = effects_text(trigger.effects, lang, statuses, words, types, trigger=True,
                           repairs=repairs)
    cards = ""
    if trigger.cards is not None and not plays:  # the card that targets (rules/card_classes.py)
        cards = said["with_cards"].format(card=one_card_text(trigger.cards, lang, words))
    return fuse(lang, said["rule"].format(when=when, cards=cards,
                                              once=said["once"] if trigger.once else "",
                                              effects=effects))


def trigger_sentences(triggers: tuple[TriggerDef, ...], lang: str = "en", token: bool = False,
                      statuses: Mapping[str, StatusDefView] | None = None,
                      names: Words | None = None, types=(),
                      repairs: int | None = None) -> list[str]:
    """Each trigger of a ship type or a token as a sentence of ``lang``
    (``repairs``: what a breakdown is worth, ``breakdown_repairs``)."""
    return [_capital(trigger_text(t, lang, token, statuses, names, types, repairs)) + "."
            for t in triggers]


def ability_texts(ship: ShipDefView, lang: str = "en",
                  statuses: Mapping[str, StatusDefView] | None = None,
                  names: Words | None = None, types=()) -> list[str]:
    """Each ability of a ship type, what it changes and what its triggers do,
    in ``lang`` (`Armoured: each damage it takes is 1 less`, `Flag bridge:
    when a friendly ship takes damage, you draw 1 order card`): a colon, not
    brackets, since what it changes may hold brackets of its own; its
    condition is about the ship itself ("only while this ship is damaged")."""
    words = catalog(lang)["status_rules"]
    known = statuses or {}
    out = []
    for a in ship.abilities:
        if a not in known:
            continue
        said = changes(known[a], words, lang, names, types)
        parts = [joined(said, lang) + _while_said(known[a], words, lang, names, types)] \
            if said else []
        parts += [trigger_text(t, lang, False, known, names, types) for t in known[a].triggers]
        out.append(_capital(f"{title(a, lang, names)}: {'; '.join(parts)}"))
    return out


def _while_said(status: StatusDefView, words: dict, lang: str, names: Words | None,
                types=()) -> str:
    """An ability's ``while`` condition, as ``, only while …`` (empty without one)."""
    if status.condition is None:
        return ""
    return words["ability_while"].format(cond=condition_text(
        status.condition, lang, False, types, names, clause="while", held=True))


def token_lasts(token: TokenDef, lang: str = "en") -> str:
    """How long a token kind lasts, in ``lang`` (`until its next turn`); empty
    for one that stays until a trigger removes it."""
    if token.duration.value == "permanent":
        return ""
    return catalog(lang)["status_rules"]["until"][token.duration.value]


def token_stays(token: TokenDef, lang: str = "en") -> str:
    """The sentence of a token kind's text that says how long it stays
    (`This token stays until the next turn of the player who placed it.`);
    empty for one that stays until a trigger removes it."""
    if token.duration.value == "permanent":
        return ""
    return catalog(lang)["triggers"]["token_stays"][token.duration.value]


def token_text(token: TokenDef, lang: str = "en",
               statuses: Mapping[str, StatusDefView] | None = None,
               names: Words | None = None, types=(), repairs: int | None = None) -> str:
    """A token kind's rule in ``lang``: a sentence per trigger, then how long
    it lasts unless it stays (`When a ship ends a move on its box, …`);
    ``repairs``: what a breakdown is worth (``breakdown_repairs``)."""
    parts = trigger_sentences(token.triggers, lang, True, statuses, names, types, repairs)
    if token.entry is not None:  # a blockade (D2.15)
        parts.append(_capital(catalog(lang)["triggers"]["token_entry"].format(
            ship=a_ship(token.entry, lang, types, names))))
    if token.cover:  # cover (D2.23)
        parts.append(_capital(catalog(lang)["triggers"]["token_cover"]) + ".")
    if token.terrain is not None:  # a terrain token (D2.14), its time said with it
        words = catalog(lang)["triggers"]
        until = words["token_terrain_until"].get(token.duration.value, "")
        parts.append(_capital(words["token_terrain"][token.terrain.value] + until) + ".")
        return " ".join(parts)
    stays = token_stays(token, lang)
    return " ".join(parts + ([stays] if stays else []))


def ship_rule_text(ship: ShipDefView, lang: str = "en",
                   statuses: Mapping[str, StatusDefView] | None = None,
                   names: Words | None = None, types=(), repairs: int | None = None) -> str:
    """What a ship type does beyond its control card, in ``lang``: each
    ability and what it changes, each trigger (empty for the printed ships;
    ``repairs``: what a breakdown is worth, ``breakdown_repairs``)."""
    return " ".join([a + "." for a in ability_texts(ship, lang, statuses, names, types)]
                    + trigger_sentences(ship.triggers, lang, False, statuses, names, types,
                                        repairs))


def _capital(sentence: str) -> str:
    """A sentence that starts with a word of a template, capitalised."""
    return sentence[:1].upper() + sentence[1:]


def effect_text(effect: Effect, lang: str = "en",
                statuses: Mapping[str, StatusDefView] | None = None, words: Words | None = None,
                types=(), trigger: bool = False, answers: str = "maneuver",
                repairs: int | None = None) -> str:
    """One effect as a phrase of ``lang``, from its primitive's template;
    ``statuses``: the rules' declared statuses, which a status effect
    describes; ``words``: the card set's own names (``Ruleset.words``);
    ``types``: the ship type ids, which a filter may name (exprs_text);
    ``trigger``: the effect of a trigger, whose selectors are seen from its
    holder; ``answers``: what a response may answer (``answered_kinds``);
    ``repairs``: what a breakdown is worth (``breakdown_repairs``).
    A card's effects together read better: ``effects_text``."""
    return _effect_phrase(effect, lang, statuses, words, types, trigger, answers,
                          repairs=repairs)[0]


def breakdown_repairs(rules: RulesetView) -> int | None:
    """The repairs a breakdown damage is worth on every ship of the rules
    (D9.15: a full repair track of the ship that takes it), where every ship
    type's repair track holds the same and no status or ability changes its
    size; else None, and the text says "a full repair track"."""
    sizes = {ship.repairs for ship in rules.ships.values()}
    resized = any(change[0].value == "repairs track" for status in rules.statuses.values()
                  for change in (*status.modifiers, *status.limits))
    return sizes.pop() if len(sizes) == 1 and not resized else None


#: a number no hand, track or reserve reaches (the printed deck has 30 cards,
#: R1.4): an effect of at least as many reads as all of it ("their whole
#: hand", "all its reserve crew"), not as the number a designer wrote for it
WHOLE_HAND = 30


def _effect_phrase(effect: Effect, lang: str, statuses: Mapping[str, StatusDefView] | None,
                   words: Words | None, types, trigger: bool, answers: str,
                   bare: bool = False, repairs: int | None = None,
                   sides: Mapping[str, str] | None = None) -> tuple[str, str, str]:
    """An effect's phrase, its subject (``who``) as the phrase starts with it
    and as it ends the phrase after "to" (``to_who``: "-2 repairs to the
    target"); ``bare``: without its condition (said once for several
    effects); ``repairs``: what a breakdown is worth (``breakdown_repairs``);
    ``sides``: the side of the card's targets (``target_sides``)."""
    cat = catalog(lang)
    params = effect.params()
    amount = params.get("amount")
    values = dict(params)
    selector = effect.selector
    left = isinstance(selector, BoxLeft)  # the box a ship left (D2.17): said of its ship
    if left:
        selector = Selector(selector.of.value)
    if isinstance(selector, Selector):
        sel = selector.value
        held = cat["triggers"] if trigger else {"selectors": {}, "to_selectors": {}}
        values["who"] = held["selectors"].get(sel) or cat["selectors"][sel]
        values["to_who"] = held["to_selectors"].get(sel) or cat["to_selectors"][sel]
        # a set's wording for each target (D4.13); the target's for the second (D4.14)
        key = "each" if selector in (Selector.TARGETS, Selector.ANSWERED_TARGET) else \
            "target" if selector is Selector.SECOND else "box left" if left else sel
        for other in effect.also:  # a primitive that names two ships (swap)
            values["other"] = held["selectors"].get(other.value) or cat["selectors"][other.value]
        # "each target" agrees as "the target" does (cada objetivo, ogni bersaglio)
        gender = phrase_gender(str(cat["selectors"]["target"] if selector is Selector.TARGETS
                                   else values["who"]), lang)
    else:  # a set of ships or players (rules/exprs.py)
        held = {}
        # in a trigger, ``self`` is the ship that holds it ("of this ship")
        noun = ships_noun(selector, lang, types, words, holder=trigger)
        values["who"] = noun.text
        values["to_who"] = to_ships_text(selector, lang, types, words, holder=trigger)
        key = "players" if isinstance(selector, Players) else "each"
        gender = noun.gender
    if params.get("by") == "top":  # the top cards of a zone (D7.15): a wording of their own
        key += " top"
    if "token" in params:
        values["token"] = token_name(str(params["token"]), lang, words)
    computed = effect.computed
    if computed is not None and computed.amounts:
        values.update({n: "X" if just_chosen(getattr(effect, n)) else "N"  # X: D4.19
                       for n in computed.amounts})
        amount = None  # "N": the plural form
    if "track" in params:
        values["track"] = pick(cat["tracks"][params["track"]], amount)
    if "by" in params:  # a hand effect: how it picks its cards ("of your choice" on self)
        by = params["by"]
        values["by"] = "" if by == "top" else cat["pickers"][  # the top: said by its key
            "player" if by == "owner" and effect.selector.value == "self" else by]
    name = primitive_of(effect).name
    template = cat["effects"][name]
    if name == "breakdown_damage":  # a full repair track (D9.15), by its number where known
        worth = cat["breakdown_worth"]
        values["worth"] = worth["track"] if repairs is None else \
            pick(worth["repairs"], repairs).format(n=repairs)
    if name == "remove_status" and params.get("count"):  # counts off a counter (D9.9)
        template = cat["effects"]["remove_status_count"][
            "you" if selector is Selector.YOU else "ship"]
        values["status"] = status_name(str(params["status"]), lang, words=words)
    elif name == "remove_status" and selector is Selector.YOU:  # a player's (D9.8, D9.12)
        word = str(params["status"])
        template = cat["effects"]["remove_status_you"]
        if word not in template:
            values["status"] = status_name(word, lang, words=words)
        template = template.get(word, template["named"])
    elif name == "remove_status":  # a nature's word, or a declared status's state
        word = str(params["status"])
        if word not in template:
            values["status"] = state_of(word, lang, words, gender)
            spec = (statuses or {}).get(word)  # the verb its state ends with (status_frames)
            values["ends"] = said("ends", word, lang, words, gender,
                                  status_nature(spec).value if spec is not None
                                  else Nature.NEUTRAL.value)
        template = template.get(word, template["named"])
    elif "status" in params:  # a declared status: its state agreeing with its subject
        spec = (statuses or {})[params["status"]]
        nature = status_nature(spec).value
        values["gets"] = gets(params["status"], lang, words, gender, nature)
        parts = status_rule_parts(spec, lang, words, statuses, types, gender, repairs,
                                  _holder(selector, sides or {}, str(values["who"]), lang))
        values["until"], values["rules"] = parts["until"], parts["forbids"]
        if selector is Selector.YOU:  # a player's status: named, then what it changes (D9.8)
            template = cat["effects"]["status_you"]
            values["status"] = status_name(params["status"], lang, words=words)
        template = template["rules" if parts["forbids"] else "bare"]
    if primitive_of(effect).cancels or primitive_of(effect).answered:
        values["answered"] = cat["answered_kinds"][answers]
    if params.get("straight"):  # move N straight (D2.16)
        template = cat["effects"]["move_straight"]
    if params.get("toward", "").startswith("directly"):  # a push or a pull (D4.21)
        template = cat["effects"]["move_direct"]
    if name == "refloat" and params:  # said as a plain refloat when it has no words
        template = cat["effects"]["refloat_as"]
        values.update(_refloat_words(params, cat["refloat_words"]))
    if amount is not None and amount >= WHOLE_HAND and name in cat["effects_all"]:
        template = cat["effects_all"][name]  # "discards their whole hand", not 99
    if trigger and key in held.get("effects", {}).get(name, {}):
        template = held["effects"][name]  # wording seen from a trigger's holder
    if key == "players" and not (isinstance(template, dict) and key in template):
        key = "each"  # a set of players said as any set is (`every enemy player draws`)
    if selector is Selector.SECOND and isinstance(template, dict) and sel in template:
        template = template[sel]  # a wording of its own for the second target
    elif isinstance(template, dict) and key in template:
        template = template[key]  # wording that depends on whom
        if selector is Selector.SECOND:  # the target's wording, of the second target (D4.14)
            template = _of_second(template, cat["selectors"])
    phrase = contract(lang, tidy(pick(template, amount).format(**values)))
    if params.get("toward"):  # a move toward or away from a ship (D4.20)
        whom = ship_said(Subject(params["of"]), lang, types, words, holder=trigger)
        phrase = contract(lang, phrase + cat["effects"]["move_toward"][params["toward"]].format(
            whom=whom))
    if computed is not None:
        if computed.amounts:
            phrase += computed_note(effect, lang, types, words, trigger)
        if not bare:
            phrase = _with_condition(phrase, effect, lang, types, words, trigger,
                                     key if isinstance(selector, Selector) else None)
    return phrase, str(values["who"]), str(values["to_who"])


def _holder(selector, sides: Mapping[str, str], who: str, lang: str) -> AuraHolder | None:
    """The ship an effect gives a status to, as the card sees it, whose sides
    an aura's are (D9.7): None for the card's own ship or player, whose sides
    are the reader's; else its side where the card's words say it (a
    target's filter: ``sides``, a set's words) and its name (``who``: "the
    target"; "that ship" for each ship of a set)."""
    if isinstance(selector, Players) or selector in (Selector.SELF, Selector.YOU):
        return None
    if isinstance(selector, Selector):
        side = sides.get("target" if selector is Selector.TARGETS else selector.value)
        one = selector in (Selector.TARGET, Selector.SOURCE, Selector.SECOND)
    else:
        side, one = side_of(selector.filter), False
    if side == "own":
        return None
    return AuraHolder(side, who if one else catalog(lang)["exprs"]["who"]["it"])


def target_sides(card) -> dict[str, str]:
    """The side of the ship each target of a card is on, seen from its
    player, where the card's words say it (``target enemy ship``: ``enemy``,
    ``second target own ship``: ``own``), by selector."""
    second = card.second.filter if card.second is not None else None
    found = {"target": side_of(card.target.filter), "second target": side_of(second)}
    return {key: side for key, side in found.items() if side is not None}


def _names_its_ship(effect: Effect, lang: str) -> bool:
    """Whether an effect's phrase names the ship it acts on (`your ship
    regains 1 repair`, `the target's player draws`), so that a condition
    after it may say that ship again as "it"; not one on the card's own
    ship that speaks of its player or side (`you draw 1 order card`, `your
    side scores`), where "it" would name nothing."""
    if effect.selector is not Selector.SELF:  # "the target's player draws … if it is …"
        return True
    template = catalog(lang)["effects"][primitive_of(effect).name]
    if isinstance(template, dict) and effect.selector.value in template:
        template = template[effect.selector.value]
    if isinstance(template, dict) and set(template) <= {"one", "other"}:
        template = template["other"]
    return not isinstance(template, str) or "{who}" in template or "{to_who}" in template


def _of_second(template, selectors: Mapping[str, str]):
    """A wording written for the target with the second target's noun in
    its words (`the target's player draws` → `the second target's player
    draws`, `del objetivo` → `del segundo objetivo`), its placeholders kept."""
    old = selectors["target"].split(" ", 1)[1]
    new = selectors["second target"].split(" ", 1)[1]
    if isinstance(template, dict):
        return {k: _of_second(v, selectors) for k, v in template.items()}
    return re.sub(rf"(?<![{{\w]){re.escape(old)}\b(?![}}])", new, template)


def _with_condition(phrase: str, effect: Effect, lang: str, types, words: Words | None,
                    trigger: bool, said: str | None = None) -> str:
    """An effect's phrase followed by its condition (`… if the target is …`),
    seen from a trigger's holder where it is one's; ``said``: the ship the
    effect is about, said again as a pronoun (`… if it is burning`)."""
    cond = effect.computed.condition if effect.computed is not None else None
    if cond is None:
        return phrase
    return _conditioned(phrase, cond, lang, types, words, "if", trigger, said)


def _conditioned(effects: str, cond: Condition | None, lang: str, types, words: Words | None,
                 how: str, held: bool = False, said: str | None = None) -> str:
    """Effects under a condition: ``if`` after one effect (`… if …`),
    ``if_all`` before several (`if …, a and b`), ``otherwise`` for the
    negation of the condition just said (`otherwise, …`)."""
    w = catalog(lang)["exprs"]
    if how == "otherwise":
        return w["otherwise"].format(effect=effects)
    assert cond is not None
    clause = condition_text(cond, lang, False, types, words, held=held, said=said,
                            trigger=held)
    return tidy(w[how].format(effect=effects, cond=clause))


def _refloat_words(params: Mapping[str, object], words: dict) -> dict[str, str]:
    """Where a refloated ship returns and with what (``refloat``'s words):
    "fully repaired" unless it says its repairs or crew."""
    parts = [pick(words[key], params[key]).format(n=params[key])
             for key in ("repairs", "crew") if key in params]
    with_ = words["with"].format(parts=words["joiner"].join(parts)) if parts \
        else words["restored"]
    return {"with": with_, "where": words["where"][str(params.get("where", "start"))]}


def effects_text(effects, lang: str, statuses: Mapping[str, StatusDefView] | None = None,
                 words: Words | None = None, types=(), trigger: bool = False,
                 answers: str = "maneuver", repairs: int | None = None,
                 sides: Mapping[str, str] | None = None) -> str:
    """A card's or trigger's effects as one phrase, each thing said once: a
    condition shared by effects in a row said before them ("if …, a and b"),
    one that negates the condition just said as "otherwise", the subject of
    an effect said once for the effects after it that share it ("the target
    regains 2 repairs and recovers 1 crew"), an effect said again right
    after itself said once with its number of times, cards taken from a hand
    just looked at taken "from it"; the effect after a status (whose rule is
    a list of its own) starts a sentence of its own; ``repairs``: what a
    breakdown is worth (``breakdown_repairs``); ``sides``: the side of the
    card's targets (``target_sides``), which an aura given them is said by."""
    cut = next((i for i, e in enumerate(effects) if type(e) is May), None)
    if cut is not None:  # a ``may`` block (D4.16): said apart, with what comes before and after
        return _may_text(tuple(effects), cut, lang, statuses, words, types, trigger, answers,
                         repairs, sides)
    said = catalog(lang)["card"]
    parts: list[str] = []
    seps: list[str | None] = []   # the joiner before each part but the first (None: usual)
    last_cond, last_effect = None, None
    for cond, run in _runs(effects):
        groups, inner = _groups(run, lang, statuses, words, types, trigger, answers, repairs,
                                sides)
        if isinstance(cond, Not) and last_cond is not None and cond.part == last_cond:
            parts[-1] += said["clause_joiner"] + _conditioned(
                _join_groups(groups, inner, said), None, lang, types, words, "otherwise")
        else:
            if cond is not None:  # said once, before the effects it applies to
                # before several effects, or a status whose rules follow it (not one of them)
                how = "if" if len(run) == 1 and not _is_status(run[0]) else "if_all"
                under = {"joiner": said["if_joiner"], "last_joiner": said["if_last_joiner"]}
                # after one effect about a ship, the condition says that ship as "it"
                about = run[0].selector.value if how == "if" and \
                    isinstance(run[0].selector, Selector) and \
                    _names_its_ship(run[0], lang) else None
                groups, inner = [_conditioned(_join_groups(groups, inner, under), cond, lang,
                                              types, words, how, trigger, about)], []
            if parts:  # after a condition, a clause of its own: the next effect is not under it
                seps.append(said["after_status"] if _is_status(last_effect) else
                            said["clause_joiner"] if last_cond is not None else None)
            parts += groups
            seps += inner
        last_cond, last_effect = cond, run[-1]
    return _join_groups(parts, seps, said)


def _may_text(effects: tuple[Effect, ...], cut: int, lang: str, statuses, words, types,
              trigger: bool, answers: str, repairs: int | None,
              sides: Mapping[str, str] | None) -> str:
    """Effects with a ``may`` block at ``cut`` (D4.16): "you may withdraw 1
    crew of your ship; if you do, you draw 1 order card", or with an
    ``else`` "the target's player chooses: …, or …"."""
    may: May = effects[cut]  # type: ignore[assignment]
    said = catalog(lang)["may"]
    who = may.selector.value
    held = said["held"] if trigger else {}  # a trigger's words for its ships

    def form(key: str) -> str:
        return held.get(key, {}).get(who) or said[key][who]

    def text(part) -> str:
        return effects_text(part, lang, statuses, words, types, trigger, answers,
                            repairs, sides) if part else ""

    yes = effects[cut + 1:cut + 1 + may.yes]
    start = may.after_no(cut)
    no, rest = effects[start:start + may.no], effects[start + may.no:]
    if no:
        phrase = form("chooses").format(yes=text(yes), no=text(no))
    else:
        first = yes[0]
        name, sel = primitive_of(first).name, str(first.selector.value)
        verb = held.get("verbs", {}).get(name, {}).get(sel) or \
            said["verbs"].get(name, {}).get(sel)
        # its `if` is what offers it (Resolver.offered): "you may" says it
        if verb is not None and not (first.computed and first.computed.amounts):
            values = first.params()
            if "by" in values:  # how a hand effect picks its cards: "of your choice" on self
                values["by"] = catalog(lang)["pickers"][
                    "player" if values["by"] == "owner" and sel == "self" else values["by"]]
            done = pick(verb, values.get("amount")).format(**values)
        else:
            done = said["choose"].format(effect=text(yes[:1]))
        phrase = form("asked").format(effect=done)
        if len(yes) > 1:
            phrase += catalog(lang)["card"]["clause_joiner"] + \
                form("if_done").format(effect=text(yes[1:]))
    joiner = catalog(lang)["card"]["clause_joiner"]
    return joiner.join(p for p in (text(effects[:cut]), phrase, text(rest)) if p)


def _runs(effects) -> list[tuple[Condition | None, list[Effect]]]:
    """The effects in runs of one condition (None: unconditional), in order."""
    runs: list[tuple[Condition | None, list[Effect]]] = []
    for effect in effects:
        cond = effect.computed.condition if effect.computed is not None else None
        if runs and runs[-1][0] == cond:
            runs[-1][1].append(effect)
        else:
            runs.append((cond, [effect]))
    return runs


def _repeats(run: list[Effect]) -> list[tuple[Effect, int]]:
    """The effects of a run, each with how many times it comes right after itself."""
    out: list[tuple[Effect, int]] = []
    for effect in run:
        if out and out[-1][0] == effect:
            out[-1] = (effect, out[-1][1] + 1)
        else:
            out.append((effect, 1))
    return out


def _groups(run: list[Effect], lang: str, statuses, words, types, trigger: bool,
            answers: str, repairs: int | None,
            sides: Mapping[str, str] | None) -> tuple[list[str], list[str | None]]:
    """A run's effects, without their condition, as groups (effects sharing a
    subject or an object, or a take after a look, make one: "the target
    regains 2 repairs and recovers 1 crew", Spanish "-2 reparaciones y -1
    tripulante de la reserva al objetivo") and the joiner before each group
    but the first (a new sentence after a status, else None)."""
    said = catalog(lang)["card"]
    groups: list[str] = []
    seps: list[str | None] = []
    last: tuple[str, str, str, Effect | None] = ("", "", "", None)
    for effect, times in _repeats(run):
        phrase, who, to_who = _effect_phrase(effect, lang, statuses, words, types, trigger,
                                             answers, bare=True, repairs=repairs,
                                             sides=sides)
        if times > 1:  # "1 repair damage to the target, twice", not the clause again
            phrase = pick(said["times"], times).format(effect=phrase, n=times)
        prev = last[3]
        ending = " " + to_who
        if _takes_what_it_looked_at(prev, effect, lang):
            groups[-1] += said["same_subject"] + _phrase_after_look(effect, lang)
        elif groups and not _is_status(prev) and who == last[1] and \
                phrase.startswith(who + " ") and last[0].startswith(who + " "):
            groups[-1] += said["same_subject"] + phrase[len(who) + 1:]
        elif groups and not _is_status(prev) and to_who == last[2] and \
                phrase.endswith(ending) and groups[-1].endswith(ending):
            groups[-1] = groups[-1][:-len(ending)] + said["same_subject"] + phrase
        else:
            if groups:
                seps.append(said["after_status"] if _is_status(prev) else None)
            groups.append(phrase)
        last = (phrase, who, to_who, effect)
    return groups, seps


def _is_status(effect: Effect | None) -> bool:
    """Whether the effect gives a status (its sentence ends in a list of its own)."""
    return effect is not None and primitive_of(effect).gives_status


def _takes_what_it_looked_at(prev: Effect | None, effect: Effect, lang: str) -> bool:
    """An effect with a wording after a look (``effects_after_look``: ``take``)
    of a written number, right after a look at the same player's hand."""
    return (prev is not None and primitive_of(prev).shows_hand
            and primitive_of(effect).name in catalog(lang)["effects_after_look"]
            and prev.selector == effect.selector
            and not (effect.computed is not None and effect.computed.amounts))


def _phrase_after_look(effect: Effect, lang: str) -> str:
    """`take 1 order card of your choice from it`: the hand was just named."""
    cat = catalog(lang)
    params = effect.params()
    by = cat["pickers"][params["by"]]
    return pick(cat["effects_after_look"][primitive_of(effect).name],
                params["amount"]).format(amount=params["amount"], by=by)


def _join_groups(groups: list[str], seps: list[str | None], said: dict) -> str:
    """`a; b; c` or `a, b y c`, as the language joins a list (``joiner``,
    ``last_joiner``), but where ``seps`` gives a joiner of its own (after a
    joiner that ends a sentence, the next group starts with a capital). A
    group that already holds the last joiner's word ("mira … y devuélvelas")
    is followed by ``clause_joiner``: never "… y … y …"."""
    if len(groups) < 2:
        return "".join(groups)
    out = groups[0]
    last = said["last_joiner"]
    for i, (group, sep) in enumerate(zip(groups[1:], seps), start=1):
        default = last if i == len(groups) - 1 else said["joiner"]
        if default == last != said["joiner"] and last in groups[i - 1] and "clause_joiner" in said:
            default = said["clause_joiner"]
        joiner = sep or default
        out += joiner + (_capital(group) if joiner.rstrip().endswith(".") else group)
    return out


def shortened(text: str, lang: str) -> str:
    """A text with each long noun of ``grammar.short_forms`` said whole the
    first time only (`order card`, then `card`): a card says "order card"
    once, not four times. A form's third pattern is the noun's first mention
    in any form (`the top 3 cards of the deck; you draw 1 card`): the one rule
    whatever the card names first; its fourth, what keeps it whole (`it
    answers an order card`, not a maneuver)."""
    for pattern, short, *mention in catalog(lang)["grammar"]["short_forms"]:
        first = re.search(mention[0] if mention else pattern, text, re.IGNORECASE)
        if first is not None:
            head, tail = text[:first.end()], text[first.end():]
            # a fourth pattern: what keeps the noun whole just before it (the
            # kind of card a response answers: "a card" would be a maneuver too)
            keep = re.compile(mention[1] + r"\Z") if len(mention) > 1 else None
            text = head + re.sub(pattern, lambda m: m.group(0) if keep is not None and keep.search(
                tail, 0, m.start()) else m.expand(short), tail)
    return fuse(lang, text)  # "an order card" said short is "a card"


def answerable(rules: RulesetView, card) -> str:
    """What a response may answer, for the text of its cancel: the one kind
    its ``usable if answered is …`` allows (a kind, or cards by name), else a
    maneuver, or an order card too when an order card of the rules can be
    responded to (R5.1)."""
    kinds = _answer_kinds(card.usable, rules)
    if card.response:  # its ``answers``
        kinds = set(card.answers) if kinds is None else kinds & set(card.answers)
    if kinds is not None and len(kinds) == 1:
        return str(next(iter(kinds)))
    if any(o.respondable for o in rules.orders.values()):
        return "both"
    return "maneuver"


def _answer_kinds(cond, rules: RulesetView) -> set[str] | None:
    """The kinds of card (maneuver, order) a condition lets the answered item
    be; None where it does not restrict them."""
    if isinstance(cond, Is) and cond.subject == "answered" and not cond.negated:
        kinds = {w if w in ("maneuver", "order") else rules.card(w).kind
                 for w in cond.words if w in ("maneuver", "order")
                 or w in rules.maneuvers or w in rules.orders}
        return kinds or None
    if isinstance(cond, All):
        parts = [k for k in (_answer_kinds(p, rules) for p in cond.parts) if k is not None]
        return set.intersection(*parts) if parts else None
    if isinstance(cond, AnyOf):
        found = [_answer_kinds(p, rules) for p in cond.parts]
        if any(k is None for k in found):
            return None
        return set().union(*[k for k in found if k is not None])
    return None


def response_text(card, words: Mapping[str, str]) -> str:
    """"Usable as a response", and to what when it answers one kind only (R5.2)."""
    if len(card.answers) == 1:
        return words["response_to_" + next(iter(card.answers))]
    return words["response"]


def acts_on_own_ship(card) -> bool:
    """Whether every effect of a card acts on its own ship (or its player) alone."""
    return all(isinstance(e.selector, Selector) and e.selector is Selector.SELF
               for e in card.effects)


def card_text(rules: RulesetView, card_id: str, lang: str = "en",
              tokens: bool = True) -> str:
    """One paragraph: the effects, then range or area, then the response flags;
    for a card with modes, each mode's, then the flags (D4.15). Unless not
    ``tokens``, the rule of each token it places follows its effects: the
    print sheets leave it out, as each token has a reference card there."""
    words = catalog(lang)["card"]
    card = rules.card(card_id)
    if not card.modes:
        return " ".join([*_what(rules, card, lang, words, tokens=tokens), *_flags(card, words)])
    if card.modes_by is not None:  # chosen by another player as it resolves (D4.17)
        said = [words["mode"].format(name=mode_name(card.id, m.mode, lang, rules.words),
                                     text=" ".join(
            _what(rules, m, lang, words, False, targets=False, tokens=tokens)))
            for m in card.modes]
        return " ".join([words["modes_by"][card.modes_by.value].format(
            modes=words["modes_or"].join(said)),
            *_what(rules, card, lang, words, body=False), *_flags(card, words)])
    costs = {m.cost for m in card.modes}
    # a condition every mode has (said at the card) is said once, after them
    usable = card.modes[0].usable
    shared = usable is not None and all(m.usable == usable for m in card.modes)
    said = [words["mode_cost" if len(costs) > 1 else "mode"].format(
        name=mode_name(card.id, m.mode, lang, rules.words), cost=m.cost,
        text=" ".join(_what(rules, m, lang, words, False, tokens=tokens, usable=not shared)))
        for m in card.modes]
    # an order card says once that it is one, and whether it may be responded to
    kind = [words["order_open_self" if card.respondable else "order_self"]] \
        if card.kind == "order" else []
    when = [usable_text(usable, lang, frozenset(rules.ships), rules.words)] if shared else []
    return " ".join([words["modes"].format(modes=words["modes_or"].join(said)), *when, *kind,
                     *_flags(card, words)])


def _token_rules(effects, rules: RulesetView, lang: str, types) -> list[str]:
    """The rule of each token the effects place, named, after them, as a
    status's rules follow its name: a card that lays a mine says what the
    mine does (`Naval mine: when an enemy ship ends a move on its box, …`)."""
    placed = dict.fromkeys(str(e.params()["token"]) for e in effects
                           if primitive_of(e).name == "place_token")
    out = []
    for name in placed:
        rule = token_text(rules.tokens[name], lang, rules.statuses, rules.words, types,
                          breakdown_repairs(rules))
        if rule:
            out.append(catalog(lang)["card"]["token_rule"].format(
                token=_capital(token_name(name, lang, rules.words)),
                rule=rule[:1].lower() + rule[1:]))
    return out


def _what(rules: RulesetView, card, lang: str, words: Mapping[str, str],
          whole: bool = True, body: bool = True, targets: bool = True,
          tokens: bool = True, usable: bool = True) -> list[str]:
    """What a card (or one of its modes) does: its effects (unless not
    ``body``), its targets, when it may be used, its area, a maneuver's cost
    and range, and for a ``whole`` card (not a mode) an order card's target
    and whether it may be responded to; a mode chosen by another player
    (not ``targets``, D4.17) only its effects and when it may be used; not
    ``usable``: not when it may be used (said once for every mode)."""
    types = frozenset(rules.ships)
    parts = [_capital(effects_text(card.effects, lang, rules.statuses, rules.words, types,
                                   answers=answerable(rules, card),
                                   repairs=breakdown_repairs(rules),
                                   sides=target_sides(card))) + "."] if body else []
    if body and tokens:
        parts += _token_rules(card.effects, rules, lang, types)
    if not targets:
        return parts + ([usable_text(card.usable, lang, types, rules.words)]
                        if card.usable is not None else [])
    said_cost = card.bounds is not None and card.kind == "maneuver" \
        and card.computed_cost is not None
    if card.bounds is not None:  # the amount chosen with it, first, then its cost (D4.19)
        parts[:0] = [choose_text(card.bounds, lang, types, rules.words)] + (
            [cost_text(card.computed_cost, lang, types, rules.words)] if said_cost else [])
    if card.target.counted:  # how many ships, and which (D4.13)
        parts.append(targets_text(card.target.least, card.target.most, card.target.filter,
                                  lang, types, rules.words))
    elif card.target.filter is not None:
        parts.append(target_text(card.target.filter, lang, types, rules.words))
    if card.target.boxes is not None:
        parts.append(box_target_text(card.target.boxes, lang, types, rules.words))
    if card.second is not None:  # chosen after the first (D4.14)
        parts.append(second_text(card.second, lang, types, rules.words, card.second_optional))
    parts = [shortened(" ".join(parts), lang)] if parts else []  # a long noun whole once
    if card.usable is not None and usable:
        parts.append(usable_text(card.usable, lang, types, rules.words))
    if card.target.map_card:  # an area that is one map card (D2.19)
        parts.append(words["map_card"])
    elif card.target.kind.value == "area":  # TargetKind.AREA (model/ruleset.py, above)
        parts.append(words["area"].format(width=card.target.width, height=card.target.height))
    if card.kind == "maneuver":
        if card.computed_cost is not None and not said_cost:  # a fixed cost: the tables
            parts.append(cost_text(card.computed_cost, lang, types, rules.words))
        if card.range is not None:
            said = "range_over_islands" if card.over_islands else "range"  # D2.12
            parts.append(words[said].format(range=card.range))
        elif card.target.boxes is None:  # "own ship only" where it acts on nothing else
            parts.append(words["self_only" if acts_on_own_ship(card) else "no_target"])
    elif whole:
        # a filtered target says whom it may be above, not "any ship"; a
        # response's target may be the ship that performed what it answers
        kind = "self" if card.target.filter is not None or card.target.boxes is not None \
            or card.target.counted else "map_card" if card.target.map_card \
            else card.target.kind.value
        parts.append(words[("order_open_" if card.respondable else "order_") + kind])
    return parts


def _flags(card, words: Mapping[str, str]) -> list[str]:
    """How a card is played, whatever its mode: a maneuver's response flags,
    an order card's response flag, once per game."""
    parts = []
    if card.kind == "maneuver":
        parts.append(words["respondable"] if card.respondable else words["not_respondable"])
    if card.response:
        parts.append(response_text(card, words))
    if card.once:
        parts.append(words["once"])
    return parts
