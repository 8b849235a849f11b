"""Card text generated from the compiled effects, so it cannot disagree with them.

Each primitive has a template per language (``effects`` in ``lang/*.yaml``);
a card's text is its effects' sentences, then its range or area and its
response flags. A new card written in the DSL gets text in every language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .effects import Effect, primitive_of
from .i18n import catalog, pick, status_name

if TYPE_CHECKING:  # the model sits above: Ruleset.text calls card_text
    from .model import Ruleset, StatusDef
    from .triggers import TriggerDef


def status_rule_parts(status: StatusDef, lang: str = "en",
                      statuses: dict[str, StatusDef] | None = None) -> dict[str, str]:
    """What a status forbids and how long it lasts, as phrases of ``lang``
    (``forbids``: `no maneuvers, not even responses`; ``until``: `until its
    next turn`), from its declaration."""
    words = catalog(lang)["status_rules"]
    parts = [words["forbids"][f.value] for f in status.forbids]
    # what it does, if anything (``statuses``: those its triggers may give)
    parts += [trigger_text(t, lang, statuses=statuses) for t in status.triggers]
    return {"forbids": words["joiner"].join(parts),
            "until": words["until"][status.duration.value]}


def trigger_text(trigger: TriggerDef, lang: str = "en", token: bool = False,
                 statuses: dict[str, StatusDef] | None = None) -> str:
    """A trigger as a phrase of ``lang``: when it fires, then its effects, seen
    from its holder (`at the start of its player's turn: 1 repair damage to
    this ship`); ``token``: the holder is a token."""
    words = catalog(lang)["triggers"]
    event = trigger.event.value
    when = words["when"][event].format(
        of=words["of"][trigger.of.value], turn=words["turn"][trigger.of.value],
        box=words["box"]["token" if token else "ship"])
    effects = [effect_text(e, lang, statuses, trigger=True) for e in trigger.effects]
    return words["rule"].format(when=when, by=words["by"].get(trigger.by.value, ""),
                                once=words["once"] if trigger.once else "",
                                effects=join(effects, catalog(lang)["card"]))


def effect_text(effect: Effect, lang: str = "en",
                statuses: dict[str, StatusDef] | None = None, trigger: bool = False) -> str:
    """One effect as a phrase of ``lang``, from its primitive's template;
    ``statuses``: the rules' declared statuses, which a status effect describes;
    ``trigger``: the effect of a trigger, whose selectors are seen from its holder."""
    cat = catalog(lang)
    params = effect.params()
    amount = params.get("amount")
    values = dict(params)
    sel = effect.selector.value
    held = cat["triggers"] if trigger else {"selectors": {}, "to_selectors": {}}
    values["who"] = held["selectors"].get(sel) or cat["selectors"][sel]
    values["to_who"] = held["to_selectors"].get(sel) or cat["to_selectors"][sel]
    if "token" in params:
        values["token"] = str(params["token"]).replace("_", " ")
    if "track" in params:
        values["track"] = pick(cat["tracks"][params["track"]], amount)
    if "status" in params:
        values["status"] = status_name(params["status"], lang)
        values.update(status_rule_parts((statuses or {})[params["status"]], lang, statuses))
    name = primitive_of(effect).name
    template = cat["effects"][name]
    if trigger and sel in held.get("effects", {}).get(name, {}):
        template = held["effects"][name]  # wording seen from a trigger's holder
    if isinstance(template, dict) and effect.selector.value in template:
        template = template[effect.selector.value]  # wording that depends on whom
    return pick(template, amount).format(**values)


def join(parts: list[str], words: dict) -> str:
    """`a; b; c` or `a, b y c`, as the language joins a list of effects."""
    if len(parts) < 2:
        return "".join(parts)
    return words["joiner"].join(parts[:-1]) + words["last_joiner"] + parts[-1]


def card_text(rules: Ruleset, card_id: str, lang: str = "en") -> str:
    """One paragraph: the effects, then range or area, then the response flags."""
    words = catalog(lang)["card"]
    card = rules.card(card_id)
    body = join([effect_text(e, lang, rules.statuses) for e in card.effects], words)
    parts = [body[:1].upper() + body[1:] + "."]
    if card.target.kind.value == "area":  # TargetKind.AREA (model.py, above)
        parts.append(words["area"].format(width=card.target.width, height=card.target.height))
    if card.kind == "maneuver":
        parts.append(words["range"].format(range=card.range) if card.range is not None
                     else words["self_only"])
        parts.append(words["respondable"] if card.respondable else words["not_respondable"])
        if card.response:
            parts.append(words["response"])
    else:
        parts.append(words["order_" + card.target.kind.value.replace("source", "ship")])
    return " ".join(parts)
