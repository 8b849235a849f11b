"""Card text generated from the compiled effects, so it cannot disagree with them.

Each primitive has a template per language (``effects`` in ``lang/*.yaml``);
a card's text is its effects' sentences, then its range or area and its
response flags. A new card written in the DSL gets text in every language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import Effect, Selector, primitive_of
from .exprs_text import computed_note, condition_text, cost_text, ships_text, target_text, \
    to_ships_text, usable_text, with_condition
from .i18n import Words, catalog, display_name, pick, status_name, token_name

if TYPE_CHECKING:  # the model sits above: Ruleset.text calls card_text
    from .model import Ruleset, ShipDef, StatusDef
    from .triggers import TokenDef, TriggerDef


def status_rule_parts(status: StatusDef, lang: str = "en",
                      names: Words | None = None,
                      statuses: dict[str, StatusDef] | None = None) -> dict[str, str]:
    """What a status forbids and how long it lasts, as phrases of ``lang``
    (``forbids``: `no maneuvers, not even responses`; ``until``: `until its
    next turn`), from its declaration; ``names``: the card set's own names."""
    words = catalog(lang)["status_rules"]
    parts = [words["forbids"][f.value] for f in status.forbids] + changes(status, words, lang,
                                                                           names)
    # what it does, if anything (``statuses``: those its triggers may give)
    parts += [trigger_text(t, lang, statuses=statuses, words=names) for t in status.triggers]
    until = pick(words["until"][status.duration.value], status.uses or None)
    cond = "" if status.condition is None else condition_text(status.condition, lang)
    return {"forbids": words["joiner"].join(parts),
            "until": until.format(uses=status.uses, cond=cond)}


def changes(status: StatusDef, words: dict, lang: str = "en",
            names: Words | None = None) -> list[str]:
    """What a status changes (untargetable, modify, redirect) as phrases of
    ``lang``, whose ``status_rules`` are ``words``; ``names``: the card set's
    own names (``Ruleset.words``)."""
    parts = []
    if status.untargetable:
        key = "both" if len(status.untargetable) == 2 else status.untargetable[0].value
        parts.append(words["untargetable"][key])
    for modifier, n, card in status.modifiers:
        forms = words["modify"][modifier.value]["more" if n > 0 else "less"]
        phrase = pick(forms, abs(n)).format(n=abs(n))
        if card is not None:
            phrase += words["only"].format(card=display_name(card, lang, names))
        parts.append(phrase)
    if status.redirect is not None:
        parts.append(words["redirect"][status.redirect.value])
    return parts


def trigger_text(trigger: TriggerDef, lang: str = "en", token: bool = False,
                 statuses: dict[str, StatusDef] | None = None,
                 words: Words | None = None) -> str:
    """A trigger as a phrase of ``lang``: when it fires, then its effects, seen
    from its holder (`at the start of its player's turn: 1 repair damage to
    this ship`); ``token``: the holder is a token; ``words``: the card set's
    own names (``Ruleset.words``)."""
    said = catalog(lang)["triggers"]
    event = trigger.event.value
    when = said["when"][event].format(
        of=said["of"][trigger.of.value], turn=said["turn"][trigger.of.value],
        box=said["box"]["token" if token else "ship"])
    effects = [effect_text(e, lang, statuses, words, trigger=True) for e in trigger.effects]
    return said["rule"].format(when=when, by=said["by"].get(trigger.by.value, ""),
                               once=said["once"] if trigger.once else "",
                               effects=join(effects, catalog(lang)["card"]))


def trigger_sentences(triggers: tuple[TriggerDef, ...], lang: str = "en", token: bool = False,
                      statuses: dict[str, StatusDef] | None = None,
                      names: Words | None = None) -> list[str]:
    """Each trigger of a ship type or a token as a sentence of ``lang``."""
    return [_capital(trigger_text(t, lang, token, statuses, names)) + "." for t in triggers]


def ability_texts(ship: ShipDef, lang: str = "en",
                  statuses: dict[str, StatusDef] | None = None,
                  names: Words | None = None) -> list[str]:
    """Each ability of a ship type and what it changes, in ``lang``
    (`Armoured (each damage it takes is 1 less)`)."""
    words = catalog(lang)["status_rules"]
    return [f"{display_name(a, lang, names)} "
            f"({', '.join(changes(statuses[a], words, lang, names))})"
            for a in ship.abilities if a in (statuses or {})]


def token_lasts(token: TokenDef, lang: str = "en") -> str:
    """How long a token kind lasts, in ``lang`` (`until its next turn`); empty
    for one that stays until a trigger removes it."""
    if token.duration.value == "permanent":
        return ""
    return catalog(lang)["status_rules"]["until"][token.duration.value]


def token_text(token: TokenDef, lang: str = "en",
               statuses: dict[str, StatusDef] | None = None,
               names: Words | None = None) -> str:
    """A token kind's rule in ``lang``: a sentence per trigger, then how long
    it lasts unless it stays (`When a ship ends a move on its box: …`)."""
    parts = trigger_sentences(token.triggers, lang, True, statuses, names)
    lasts = token_lasts(token, lang)
    return " ".join(parts + ([_capital(lasts) + "."] if lasts else []))


def ship_rule_text(ship: ShipDef, lang: str = "en",
                   statuses: dict[str, StatusDef] | None = None,
                   names: Words | None = None) -> str:
    """What a ship type does beyond its control card, in ``lang``: each
    ability and what it changes, each trigger (empty for the printed ships)."""
    return " ".join([a + "." for a in ability_texts(ship, lang, statuses, names)]
                    + trigger_sentences(ship.triggers, lang, False, statuses, names))


def _capital(sentence: str) -> str:
    """A sentence that starts with a word of a template, capitalised."""
    return sentence[:1].upper() + sentence[1:]


def effect_text(effect: Effect, lang: str = "en",
                statuses: dict[str, StatusDef] | None = None, words: Words | None = None,
                types=(), trigger: bool = False) -> str:
    """One effect as a phrase of ``lang``, from its primitive's template;
    ``statuses``: the rules' declared statuses, which a status effect
    describes; ``words``: the card set's own names (``Ruleset.words``);
    ``types``: the ship type ids, which a filter may name (exprs_text);
    ``trigger``: the effect of a trigger, whose selectors are seen from its holder."""
    cat = catalog(lang)
    params = effect.params()
    amount = params.get("amount")
    values = dict(params)
    selector = effect.selector
    if isinstance(selector, Selector):
        sel = selector.value
        held = cat["triggers"] if trigger else {"selectors": {}, "to_selectors": {}}
        values["who"] = held["selectors"].get(sel) or cat["selectors"][sel]
        values["to_who"] = held["to_selectors"].get(sel) or cat["to_selectors"][sel]
        key = sel
    else:  # a set of ships or players (exprs.py)
        held = {}
        values["who"] = ships_text(selector, lang, types)
        values["to_who"] = to_ships_text(selector, lang, types)
        key = "each"
    if "token" in params:
        values["token"] = token_name(str(params["token"]), lang, words)
    computed = effect.computed
    if computed is not None and computed.amounts:
        values.update({n: "N" for n in computed.amounts})
        amount = None  # "N": the plural form
    if "track" in params:
        values["track"] = pick(cat["tracks"][params["track"]], amount)
    if "by" in params:  # a hand effect: how it picks its cards ("of your choice" on self)
        by = params["by"]
        values["by"] = cat["pickers"]["player" if by == "owner" and
                                      effect.selector.value == "self" else by]
    if "status" in params:
        values["status"] = status_name(params["status"], lang, words=words)
        values.update(status_rule_parts((statuses or {})[params["status"]], lang, words,
                                        statuses))
    name = primitive_of(effect).name
    template = cat["effects"][name]
    if trigger and key in held.get("effects", {}).get(name, {}):
        template = held["effects"][name]  # wording seen from a trigger's holder
    if isinstance(template, dict) and key in template:
        template = template[key]  # wording that depends on whom
    phrase = pick(template, amount).format(**values)
    if computed is None:
        return phrase
    if computed.amounts:
        phrase += computed_note(effect, lang)
    return with_condition(phrase, effect, lang, types)


def join(parts: list[str], words: dict) -> str:
    """`a; b; c` or `a, b y c`, as the language joins a list of effects."""
    if len(parts) < 2:
        return "".join(parts)
    return words["joiner"].join(parts[:-1]) + words["last_joiner"] + parts[-1]


def card_text(rules: Ruleset, card_id: str, lang: str = "en") -> str:
    """One paragraph: the effects, then range or area, then the response flags."""
    words = catalog(lang)["card"]
    card = rules.card(card_id)
    types = frozenset(rules.ships)
    body = join([effect_text(e, lang, rules.statuses, rules.words, types)
                 for e in card.effects], words)
    parts = [body[:1].upper() + body[1:] + "."]
    if card.target.filter is not None:
        parts.append(target_text(card.target.filter, lang, types))
    if card.usable is not None:
        parts.append(usable_text(card.usable, lang, types))
    if card.target.kind.value == "area":  # TargetKind.AREA (model.py, above)
        parts.append(words["area"].format(width=card.target.width, height=card.target.height))
    if card.kind == "maneuver":
        if card.computed_cost is not None:  # a fixed cost is in the figure tables
            parts.append(cost_text(card.computed_cost, lang))
        parts.append(words["range"].format(range=card.range) if card.range is not None
                     else words["self_only"])
        parts.append(words["respondable"] if card.respondable else words["not_respondable"])
        if card.response:
            parts.append(words["response"])
    else:
        # a filtered target says whom it may be above, not "any ship"
        kind = "self" if card.target.filter is not None else card.target.kind.value
        kind = kind.replace("source", "ship")
        parts.append(words[("order_open_" if card.respondable else "order_") + kind])
        if card.response:
            parts.append(words["response"])
    if card.once:
        parts.append(words["once"])
    return " ".join(parts)
