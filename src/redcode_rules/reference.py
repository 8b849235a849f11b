"""The rule reference as Markdown, generated from a compiled ruleset.

``redcode rules --lang es --edition es --out DIR`` and the docs build call
``write_reference``; every number comes from the ruleset, every sentence
from the language catalog, so the reference cannot disagree with the engine.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from .i18n import catalog, display_name
from .model import OPTION_DOCS, Ruleset


def _yes(flag: bool, lang: str) -> str:
    words = catalog(lang)["reference"]
    return words["yes"] if flag else words["no"]


def ships_page(rules: Ruleset, lang: str = "en") -> str:
    words = catalog(lang)["reference"]
    lines = [f"# {words['ships_title']} ({rules.name})", ""]
    for ship in rules.ships.values():
        lines += [f"## {display_name(ship.id, lang)}", "",
                  f"{words['repairs']}: {ship.repairs} · {words['breakdowns']}: "
                  f"{ship.breakdowns} · {words['crew']}: {ship.crew}", "",
                  f"| {words['maneuver']} | id | {words['cost']} | {words['range']} | "
                  f"{words['respondable']} | {words['response']} | {words['text']} |",
                  "| --- | --- | --- | --- | --- | --- | --- |"]
        for name in ship.maneuvers:
            card = rules.maneuvers[name]
            rng = "—" if card.range is None else str(card.range)
            lines.append(f"| {display_name(name, lang)} | `{name}` | {card.cost} | {rng} | "
                         f"{_yes(card.respondable, lang)} | {_yes(card.response, lang)} | "
                         f"{rules.text(name, lang)} |")
        lines.append("")
    return "\n".join(lines)


def orders_page(rules: Ruleset, lang: str = "en") -> str:
    words = catalog(lang)["reference"]
    lines = [f"# {words['orders_title']} ({rules.name})", "",
             f"| {words['order']} | id | {words['copies']} | {words['text']} |",
             "| --- | --- | --- | --- |"]
    for card in rules.orders.values():
        lines.append(f"| {display_name(card.id, lang)} | `{card.id}` | {card.copies} | "
                     f"{rules.text(card.id, lang)} |")
    lines += ["", f"{words['deck_total']}: {sum(c.copies for c in rules.orders.values())}", ""]
    return "\n".join(lines)


def options_page(rules: Ruleset, lang: str = "en") -> str:
    words = catalog(lang)["reference"]
    lines = [f"# {words['options_title']} ({rules.name})", "",
             f"| {words['option']} | {words['value']} | {words['meaning']} |",
             "| --- | --- | --- |"]
    for field in attrs.fields(type(rules.options)):
        value = getattr(rules.options, field.name)
        value = _option_value(value)
        meaning = catalog(lang)["options"].get(field.name, OPTION_DOCS[field.name])
        lines.append(f"| `{field.name}` | {value} | {meaning.replace('|', '/')} |")
    lines.append("")
    diffs = differences(rules, lang)
    lines += [f"## {words['differences_title']}", ""]
    lines += [f"- {d}" for d in diffs] if diffs else [f"- {words['no_differences']}"]
    lines.append("")
    return "\n".join(lines)


CARD_FIELDS = ("cost", "range", "respondable", "response", "copies")


def _option_value(value) -> str:
    if isinstance(value, tuple):  # catch-up rules, in the card language's own words
        return "[" + "; ".join(f"catchup {c.team}v{c.team} reduced to {c.reduced_to} gives "
                               f"{c.cards}" for c in value) + "]"
    return str(value)


def _card_changes(rules: Ruleset, base: Ruleset, cid: str, lang: str) -> str:
    """`copies 4 → 5`, `range 2 → 3`, and the new text when the effects changed."""
    mine, theirs = rules.card(cid), base.card(cid)
    parts = [f"{f} {getattr(theirs, f)} → {getattr(mine, f)}" for f in CARD_FIELDS
             if getattr(mine, f) != getattr(theirs, f)]
    if (mine.effects, mine.target) != (theirs.effects, theirs.target):
        parts.append(f"«{base.text(cid, lang)}» → «{rules.text(cid, lang)}»")
    return "; ".join(parts)


def differences(rules: Ruleset, lang: str = "en") -> list[str]:
    """What this ruleset changes from the base cards and options, one line each."""
    from .loader import BASE, load_ruleset
    words = catalog(lang)["reference"]
    base = load_ruleset(BASE)
    out = []
    for kind in ("maneuvers", "orders", "ships", "maps"):
        mine, theirs = getattr(rules, kind), getattr(base, kind)
        out += [f"`{cid}`: {words['removed']}" for cid in theirs if cid not in mine]
        out += [f"`{cid}`: {words['added']}" for cid in mine if cid not in theirs]
        for cid, item in mine.items():
            if cid in theirs and item != theirs[cid]:
                detail = _card_changes(rules, base, cid, lang) if kind in ("maneuvers", "orders") \
                    else words["changed"]
                out.append(f"`{cid}`: {detail}")
    for field in attrs.fields(type(rules.options)):
        a, b = getattr(rules.options, field.name), getattr(base.options, field.name)
        if a != b:
            out.append(f"`{field.name}`: {_option_value(b)} → {_option_value(a)}")
    return out


def write_reference(rules: Ruleset, out: str | Path, lang: str = "en") -> list[Path]:
    """Write ships.md, orders.md and options.md into ``out``; return the paths."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    pages = {"ships.md": ships_page(rules, lang), "orders.md": orders_page(rules, lang),
             "options.md": options_page(rules, lang)}
    paths = []
    for name, text in pages.items():
        path = folder / name
        path.write_text(text, "utf-8")
        paths.append(path)
    return paths
