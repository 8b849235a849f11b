"""Each registry of facts is walked whole, so a forgotten entry fails here.

- the event kinds (rules/events.py): every kind the package logs has its fields
  there, and a sentence in each catalog or an explicit "not narrated"; a
  kind whose verb depends on a status's nature has one per nature;
- the primitives (effects.PRIMITIVES): each has its text in each catalog, a
  bot value, a summary and an example that compile, and the choice it asks;
- the statuses' verbs: one fact, the status's nature, chooses the verb on the
  card and in the narration (Italian "subisce" only of a status that harms).
"""

from __future__ import annotations

import inspect
import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.rules.effects import PRIMITIVES, Effect, Ops, Primitive, Selector
from redcode_rules.engine.state_ops import StateOps
from redcode_rules.rules.events import EVENT_KINDS, NARRATION_VARIANTS
from redcode_rules.i18n.catalog import catalog
from redcode_rules.base.kinds import Choice
from redcode_rules.text.narrate import narrate_event
from redcode_rules.model.state import Event

from conftest import OPEN_BOARD
from test_format_round_trips import logged_kinds

LANGS = ("en", "es", "it")


# ------------------------------------------------------------------ event kinds


def test_every_logged_event_kind_is_registered_with_its_fields():
    found = logged_kinds()
    assert set(found) == set(EVENT_KINDS)
    for kind, fields in found.items():
        spec = EVENT_KINDS[kind]
        assert set(spec.fields) <= fields <= set(spec.fields) | set(spec.optional), kind


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_kind_is_narrated_or_said_not_to_be(lang):
    events = catalog(lang)["events"]
    for kind, spec in EVENT_KINDS.items():
        if not spec.narrated:
            assert kind not in events, f"{kind} is not narrated, yet has a sentence in {lang}"
            continue
        assert events.get(kind), f"{kind} has no sentence in {lang}"
        if spec.by_nature:  # one sentence: the verb phrase comes from the status's nature
            assert "{gets}" in events[kind] or "{ends}" in events[kind], kind
        for variant in NARRATION_VARIANTS.get(kind, ()):
            assert events.get(variant), f"{variant} has no sentence in {lang}"
        if spec.amount is not None:
            assert spec.amount in spec.fields or kind in NARRATION_VARIANTS, kind


def test_an_event_kind_not_narrated_has_no_line():
    assert not EVENT_KINDS["turn_end"].narrated
    assert narrate_event(Event("turn_end", 3, {"player": "blue-submarine"})) == ""


# ------------------------------------------------------------------ primitives


@pytest.mark.parametrize("lang", LANGS)
def test_every_primitive_has_its_text_in_each_language(lang):
    templates = catalog(lang)["effects"]
    for name in PRIMITIVES:
        assert templates.get(name), f"primitive {name} has no text in {lang}"


def test_every_primitive_has_its_facts():
    for name, prim in PRIMITIVES.items():
        assert isinstance(prim, Primitive) and prim.name == name
        assert issubclass(prim.cls, Effect)
        assert isinstance(prim.value, float), f"{name}: a bot value"
        assert isinstance(prim.choice, Choice)
        assert prim.summary and prim.example.split()[0] == name
        assert prim.selectors and (prim.default is None or prim.default in prim.selectors)
        assert prim.amount is None or prim.amount in {p.name for p in prim.params}
        assert prim.harm in (-1, 0, 1)
        assert 1 <= prim.ships <= len(prim.selectors), f"{name}: the ships it names"


def test_the_state_operations_are_the_effects_protocol_name_by_name():
    """Effects are handed the ``StateOps`` itself: every operation of the
    one protocol they are written against is its method, with the same
    parameters (names, kinds and defaults)."""
    operations = {name for name in vars(Ops) if not name.startswith("_")}
    assert "swap" in operations
    for name in operations:
        assert hasattr(StateOps, name), f"StateOps has no {name}"
        want = [(p.name, p.kind, p.default)
                for p in inspect.signature(getattr(Ops, name)).parameters.values()]
        have = [(p.name, p.kind, p.default)
                for p in inspect.signature(getattr(StateOps, name)).parameters.values()]
        assert have == want, name


def test_every_primitives_example_compiles_and_has_text(tmp_path):
    """Each entry's example, as a card's effect, loads and reads in three languages."""
    lines = ["status dazed { forbids orders  until end of its next turn }",
             "token buoy { mark \"b\" }"]
    cards = {}
    for name, prim in PRIMITIVES.items():
        example = prim.example.replace("intercepted", "dazed").replace("mine", "buoy")
        target = "" if "target" not in example and "area" not in example else \
            "target area 1x1" if " area" in example else \
            "target free box" if Selector.TARGET not in prim.selectors else "target any ship"
        if prim.cancels or prim.answered:  # it acts on the item it answers (R5.2)
            lines.append(f"maneuver c_{name} {{ cost 1  range 0  response  effect {example} }}")
        else:
            lines.append(f"order c_{name} {{ copies 0  {target}  effect {example} }}")
        cards[name] = f"c_{name}"
    path = tmp_path / "examples.rc"
    path.write_text("\n".join(lines) + "\n")
    rules = rc.load_ruleset("en", extra=[str(path)])
    for name, card in cards.items():
        for lang in LANGS:
            assert rules.text(card, lang), (name, lang)


# ------------------------------------------------------------------ statuses' verbs


def status_game(tmp_path, nature: str) -> rc.Game:
    path = tmp_path / "cards.rc"
    path.write_text(
        f"status marked {{ forbids orders  until end of its next turn  nature {nature}\n"
        '  name en "marked" es "marcado" it "la marcatura" (f) }\n'
        "order tag { copies 2  target any ship  effect status marked on target }\n"
        "patch order ambush { copies 2 }\n")
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        "hands: {blue-submarine: [tag]}\ndeck: [mechanic, ambush, deserter]\n"
        "turn: blue-submarine\nphase: maneuvers\n")


@pytest.mark.parametrize("nature, line", [
    ("harmful", "  Il distruttore rosso viene colpito dalla marcatura."),
    ("protective", "  Il distruttore rosso è sotto la protezione della marcatura."),
    ("neutral", "  Il distruttore rosso è sotto l'effetto della marcatura."),
])
def test_the_italian_narration_says_a_status_named_by_a_noun_by_its_nature(tmp_path, nature,
                                                                           line):
    g = status_game(tmp_path, nature)
    g.play("order tag red-destroyer")
    assert g.narration("it")[-1] == line
    assert g.rules.natures["marked"] == nature


def test_the_card_and_the_narration_read_the_same_nature(tmp_path):
    g = status_game(tmp_path, "protective")
    assert "è sotto la protezione della marcatura" in g.rules.text("tag", "it")
    g.play("order tag red-destroyer")
    assert "è sotto la protezione della marcatura" in g.narration("it")[-1]
