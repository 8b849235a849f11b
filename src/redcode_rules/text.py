"""Card text generated from the compiled effects, so it cannot disagree with them."""

from __future__ import annotations

from .effects import primitive_of
from .i18n import catalog, pick
from .model import Ruleset, TargetKind


def effect_text(effect, lang: str = "en") -> str:
    cat = catalog(lang)
    prim = primitive_of(effect)
    params = effect.params()
    amount = params.get("amount")
    values = dict(params)
    values["who"] = cat["selectors"][effect.selector.value]
    if "track" in params:
        values["track"] = pick(cat["tracks"][params["track"]], amount)
    if "status" in params:
        values["status"] = cat["statuses"].get(params["status"], params["status"])
    return pick(cat["effects"][prim.name], amount).format(**values)


def card_text(rules: Ruleset, card_id: str, lang: str = "en") -> str:
    """One paragraph: the effects, then range or area, then the response flags."""
    cat = catalog(lang)["card"]
    card = rules.card(card_id)
    body = "; ".join(effect_text(e, lang) for e in card.effects)
    parts = [body[:1].upper() + body[1:] + "."]
    if card.target.kind is TargetKind.AREA:
        parts.append(cat["area"].format(width=card.target.width, height=card.target.height))
    elif card.kind == "maneuver":
        parts.append(cat["range"].format(range=card.range) if card.range is not None
                     else cat["self_only"])
    if card.kind == "maneuver":
        parts.append(cat["respondable"] if card.respondable else cat["not_respondable"])
        if card.response:
            parts.append(cat["response"])
    return " ".join(parts)
