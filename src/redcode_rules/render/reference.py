"""The rule reference as Markdown, generated from a compiled ruleset.

``redcode rules --lang es --edition es --out DIR`` and the docs build call
``write_reference``; every number comes from the ruleset, every sentence
from the language catalog, so the reference cannot disagree with the engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from ..i18n.catalog import catalog, display_name, pick, token_name
from ..lang.loader import BASE, load_ruleset
from ..model.ruleset import ANSWER_KINDS, OPTION_DOCS, CardDef, Catchup, Ruleset, ShipDef, TargetKind
from ..text.cards import (ability_texts, answerable, breakdown_repairs, effects_text,
                          status_rule_parts, target_sides, token_text, trigger_sentences)
from ..text.exprs import printed_cost
from ..text.statuses import title


def _cell(text: str) -> str:
    """Text for a Markdown table cell: a designer's name or flavour may hold a `|`."""
    return text.replace("|", "\\|")


def _name_cell(rules: Ruleset, ident: str, lang: str) -> str:
    """The printed name over the id a move string uses: one narrow column."""
    return f"{_cell(display_name(ident, lang, rules.words))}<br>`{ident}`"


def _text_cell(rules: Ruleset, card_id: str, lang: str) -> str:
    """A card's rules text, then its flavour text in italics if its file gives one."""
    text = _cell(rules.text(card_id, lang))
    flavour = rules.flavour(card_id, lang)
    return f"{text}<br>*{_cell(flavour)}*" if flavour else text


def ships_page(rules: Ruleset, lang: str = "en") -> str:
    """Every ship type with its tracks and the maneuvers of its control card.

    The card text already says the range and whether the maneuver can be
    responded to or used as a response, so the table gives only the numbers
    next to it and the text keeps the width of the page.
    """
    words = catalog(lang)["reference"]
    lines = [f"# {words['ships_title']} ({rules.name})", ""]
    for ship in rules.ships.values():
        flavour = rules.flavour(ship.id, lang)
        lines += [f"## {display_name(ship.id, lang, rules.words)}", ""]
        lines += [f"*{flavour}*", ""] if flavour else []
        lines += [
                  f"{words['repairs']}: {ship.repairs} · {words['breakdowns']}: "
                  f"{ship.breakdowns} · {words['crew']}: {ship.crew}", "",
                  *_abilities(rules, ship, lang),
                  # its abilities (rules/triggers.py), a sentence each
                  *trigger_sentences(ship.triggers, lang, False, rules.statuses, rules.words,
                                     frozenset(rules.ships), breakdown_repairs(rules)),
                  *([""] if ship.triggers else []),
                  f"| {words['maneuver']} | {words['cost']} | {words['range']} | "
                  f"{words['text']} |",
                  "| --- | --- | --- | --- |"]
        for name in ship.maneuvers:
            card = rules.maneuvers[name]
            rng = "—" if card.range is None else str(card.range)
            lines.append(f"| {_name_cell(rules, name, lang)} | {printed_cost(card)} | {rng} | "
                         f"{_text_cell(rules, name, lang)} |")
        lines.append("")
    return "\n".join(lines)


def orders_page(rules: Ruleset, lang: str = "en") -> str:
    """Every order card with its copies and text, and the size of the deck."""
    words = catalog(lang)["reference"]
    lines = [f"# {words['orders_title']} ({rules.name})", "",
             f"| {words['order']} | {words['copies']} | {words['text']} |",
             "| --- | --- | --- |"]
    for card in rules.orders.values():
        lines.append(f"| {_name_cell(rules, card.id, lang)} | {card.copies} | "
                     f"{_text_cell(rules, card.id, lang)} |")
    lines += ["", f"{words['deck_total']}: {sum(c.copies for c in rules.orders.values())}", ""]
    if rules.tokens:  # the tokens the cards place, and what they do (rules/triggers.py)
        lines += [f"## {words['tokens_title']}", ""]
        for token in rules.tokens.values():  # its text says how long it lasts
            lines += [f"- **{token_name(token.id, lang, rules.words)}** ({words['token_mark']} "
                      f"`{token.mark}`): " + token_text(token, lang, rules.statuses,
                                                        rules.words, frozenset(rules.ships),
                                                        breakdown_repairs(rules))]
        lines.append("")
    return "\n".join(lines)


def options_page(rules: Ruleset, lang: str = "en") -> str:
    """Every rule option with its value and meaning, then the differences from the base."""
    words = catalog(lang)["reference"]
    lines = [f"# {words['options_title']} ({rules.name})", "",
             f"| {words['option']} | {words['value']} | {words['meaning']} |",
             "| --- | --- | --- |"]
    for field in attrs.fields(type(rules.options)):
        value = option_value(getattr(rules.options, field.name), lang)
        meaning = catalog(lang)["options"].get(field.name, OPTION_DOCS[field.name])
        lines.append(f"| `{field.name}` | {value} | {meaning.replace('|', '/')} |")
    lines.append("")
    diffs = differences(rules, lang)
    lines += [f"## {words['differences_title']}", ""]
    lines += [f"- {d}" for d in diffs] if diffs else [f"- {words['no_differences']}"]
    lines.append("")
    return "\n".join(lines)


def _catchup_rule(rule: Catchup, lang: str) -> str:
    """One catch-up rule in words: `arena catch-up 3v3: the first side reduced to ...`."""
    said = catalog(lang)["differences"]
    return said["catchup"].format(
        team=rule.team, ships=pick(said["ships"], rule.reduced_to).format(n=rule.reduced_to),
        cards=pick(said["cards"], rule.cards).format(n=rule.cards))


def option_value(value: Any, lang: str = "en") -> str:
    """An option's value as the options table shows it (catch-up rules in words)."""
    if isinstance(value, tuple):
        return ";<br>".join(_catchup_rule(c, lang) for c in value) or "—"
    return str(value)


def _capital(sentence: str) -> str:
    """A sentence that starts with a word of a template, capitalised."""
    return sentence[:1].upper() + sentence[1:]


def _effects_text(card: CardDef, lang: str, rules: Ruleset) -> str:
    """What a card does, without the range and response flags its full text adds."""
    body = effects_text(card.effects, lang, rules.statuses, rules.words, frozenset(rules.ships),
                        answers=answerable(rules, card), repairs=breakdown_repairs(rules),
                        sides=target_sides(card))
    if card.target.kind is TargetKind.AREA:
        body += " (" + catalog(lang)["card"]["area"].format(
            width=card.target.width, height=card.target.height).rstrip(".") + ")"
    return body


def _card_changes(rules: Ruleset, base: Ruleset, mine: CardDef, theirs: CardDef,
                  lang: str) -> list[str]:
    """How one card differs from the base card of the same id and kind, a sentence each."""
    said = catalog(lang)["differences"]
    name = display_name(mine.id, lang, rules.words)
    out = []
    if mine.cost != theirs.cost:
        out.append(said["cost"].format(name=name, new=mine.cost, old=theirs.cost))
    if mine.range != theirs.range:
        def shown(r):
            return said["own_ship"] if r is None else r
        out.append(said["range"].format(name=name, new=shown(mine.range),
                                        old=shown(theirs.range)))
    by_option = _said_by_options(rules, base, mine)
    for flag in ("respondable", "response"):
        if getattr(mine, flag) != getattr(theirs, flag) and flag not in by_option:
            key = f"{flag}_{'on' if getattr(mine, flag) else 'off'}"
            out.append(said[key].format(name=name))
    if mine.response and mine.answers != theirs.answers and "answers" not in by_option:
        word = next(w for w, kinds in ANSWER_KINDS.items() if kinds == mine.answers)
        out.append(said["answers"][word].format(name=name))
    if mine.copies != theirs.copies:
        out.append(said["copies"].format(name=name, new=mine.copies, old=theirs.copies))
    if (mine.effects, mine.target) != (theirs.effects, theirs.target):
        out.append(said["effects"].format(name=name, new=_effects_text(mine, lang, rules),
                                          old=_effects_text(theirs, lang, base)))
    return out


def _said_by_options(rules: Ruleset, base: Ruleset, card: CardDef) -> set[str]:
    """The answering properties of a card (``respondable``, ``answers``) that
    are what a changed rule option gives: the option's line says them once."""
    new, old = rules.options, base.options
    out = set()
    if card.kind == "order" and new.orders_respondable != old.orders_respondable \
            and card.respondable == (new.orders_respondable == "yes"):
        out.add("respondable")
    if new.responses_answer != old.responses_answer \
            and card.answers == ANSWER_KINDS[new.responses_answer]:
        out.add("answers")
    return out


def _ship_changes(rules: Ruleset, mine: ShipDef, theirs: ShipDef, lang: str) -> list[str]:
    """How a ship type differs from the base one: its tracks, crew and maneuvers."""
    said, words = catalog(lang)["differences"], catalog(lang)["reference"]
    name = display_name(mine.id, lang, rules.words)
    out = [said["ship"].format(name=name, field=words[f].lower(), new=getattr(mine, f),
                               old=getattr(theirs, f))
           for f in ("repairs", "breakdowns", "crew") if getattr(mine, f) != getattr(theirs, f)]
    if mine.maneuvers != theirs.maneuvers:
        out.append(said["ship_maneuvers"].format(
            name=name, new=", ".join(display_name(m, lang, rules.words)
                                     for m in mine.maneuvers)))
    if mine.abilities != theirs.abilities:
        out.append(said["ship_abilities"].format(
            name=name, new=", ".join(display_name(a, lang, rules.words)
                                     for a in mine.abilities) or "—"))
    return out


def _abilities(rules: Ruleset, ship: ShipDef, lang: str) -> list[str]:
    """A ship type's abilities, one item each with what it changes (none: no lines)."""
    if not ship.abilities:
        return []
    parts = ability_texts(ship, lang, rules.statuses, rules.words, frozenset(rules.ships))
    return [f"{catalog(lang)['reference']['abilities']}:", "",
            *[f"- {part}." for part in parts], ""]


def _option_changes(rules: Ruleset, base: Ruleset, lang: str) -> list[str]:
    """The rule options this ruleset sets differently from the base, in words."""
    said = catalog(lang)["differences"]
    out = []
    for field in attrs.fields(type(rules.options)):
        new, old = getattr(rules.options, field.name), getattr(base.options, field.name)
        if new == old:
            continue
        name = said["option_names"].get(field.name, f"`{field.name}`")
        if field.name == "catchup":
            out += _catchup_changes(new, old, lang)
        elif isinstance(said.get(field.name), dict):   # a word option: its values in words
            values = said[field.name]
            out.append(said["option_words"].format(
                name=name, new=values.get(new, new), old=values.get(old, old)))
        else:
            out.append(said["option"].format(name=name, new=new, old=old))
    return out


def _catchup_changes(new: tuple[Catchup, ...], old: tuple[Catchup, ...],
                     lang: str) -> list[str]:
    """Catch-up rules added, dropped or giving other cards, keyed by team and ships left."""
    said = catalog(lang)["differences"]
    mine = {(c.team, c.reduced_to): c for c in new}
    theirs = {(c.team, c.reduced_to): c for c in old}
    out = []
    for key, rule in mine.items():
        if key not in theirs:
            out.append(said["catchup_added"].format(rule=_catchup_rule(rule, lang)))
        elif rule != theirs[key]:
            old = theirs[key].cards
            out.append(_capital(said["catchup_changed"].format(
                rule=_catchup_rule(rule, lang), old=pick(said["cards"], old).format(n=old))))
    out += [said["catchup_removed"].format(rule=_catchup_rule(rule, lang))
            for key, rule in theirs.items() if key not in mine]
    return out


KINDS = ("maneuvers", "orders", "ships", "maps", "statuses")


def differences(rules: Ruleset, lang: str = "en") -> list[str]:
    """What this ruleset changes from the base cards and options, one sentence each.

    The sentences come from the ``differences`` texts of ``lang/*.yaml``: a
    reader sees "Ambush: 5 copies instead of 4", never the card language.
    """
    said = catalog(lang)["differences"]
    base = load_ruleset(BASE)
    out = []
    for kind in KINDS:
        mine, theirs = getattr(rules, kind), getattr(base, kind)

        def name(cid: str, words=rules.words, kind=kind) -> str:
            """A name as the line says it: a status's as a title, without an article."""
            return title(cid, lang, words) if kind == "statuses" else \
                display_name(cid, lang, words)

        out += [said["removed"][kind].format(name=name(cid, base.words))
                for cid in theirs if cid not in mine]
        out += [said["added"][kind].format(name=name(cid)) for cid in mine if cid not in theirs]
        for cid, item in mine.items():
            if cid not in theirs or item == theirs[cid]:
                continue
            if kind in ("maneuvers", "orders"):
                out += _card_changes(rules, base, item, theirs[cid], lang)
            elif kind == "statuses":
                new, old = (", ".join(status_rule_parts(s, lang, w, None, frozenset(r.ships),
                                                        repairs=breakdown_repairs(r)).values())
                            for s, w, r in ((item, rules.words, rules),
                                            (theirs[cid], base.words, base)))
                out.append(said["effects"].format(name=name(cid), new=new, old=old))
            elif kind == "ships":
                out += _ship_changes(rules, item, theirs[cid], lang)
            else:
                out.append(said["map"].format(name=display_name(cid, lang, rules.words)))
    return out + _option_changes(rules, base, lang)


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
