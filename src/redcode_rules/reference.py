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
        if field.name == "catchup":
            value = "; ".join(f"{c.team}v{c.team} → {c.reduced_to}: {c.cards}" for c in value)
        meaning = catalog(lang)["options"].get(field.name, OPTION_DOCS[field.name])
        lines.append(f"| `{field.name}` | {value} | {meaning.replace('|', '/')} |")
    lines.append("")
    diffs = differences(rules, lang)
    lines += [f"## {words['differences_title']}", ""]
    lines += [f"- {d}" for d in diffs] if diffs else [f"- {words['no_differences']}"]
    lines.append("")
    return "\n".join(lines)


def differences(rules: Ruleset, lang: str = "en") -> list[str]:
    """What this ruleset changes from the base cards and options (for its docs)."""
    from .loader import BASE, load_ruleset
    words = catalog(lang)["reference"]
    base = load_ruleset(BASE)
    out = []
    for kind in ("maneuvers", "orders", "ships", "maps"):
        mine, theirs = getattr(rules, kind), getattr(base, kind)
        out += [f"`{cid}`: {words['removed']}" for cid in theirs if cid not in mine]
        out += [f"`{cid}`: {words['added']}" for cid in mine if cid not in theirs]
        out += [f"`{cid}`: {words['changed']} — {rules.text(cid, lang) if kind in ('maneuvers', 'orders') else ''}".rstrip(" —")
                for cid, card in mine.items() if cid in theirs and card != theirs[cid]]
    for field in attrs.fields(type(rules.options)):
        a, b = getattr(rules.options, field.name), getattr(base.options, field.name)
        if a != b:
            out.append(f"`{field.name}`: {b} → {a}")
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
