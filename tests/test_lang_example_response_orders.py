"""Every example card file with an order card played as a response loads on
every edition and plays that response there (docs/rules.md R5.2, R7.3):
what an order answers is a card property and a rule option, never a patch
of an edition's cards."""

import textwrap
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.base.kinds import CardKind, Decision
from redcode_rules.model.ruleset import TargetKind

from conftest import EDITIONS, EXAMPLES, OPEN_BOARD, logged, pass_all, shared_rules


def response_order_files() -> list[tuple[Path, str]]:
    """(example file, response order card) for each order card an example
    file declares that may be played as a response."""
    base = rc.load_ruleset("en")
    found = []
    for path in sorted(EXAMPLES.glob("*.rc")):
        rules = shared_rules("en", str(path))
        found += [(path, card_id) for card_id, card in rules.orders.items()
                  if card.response and card_id not in base.orders]
    return found


#: What ``response_order_files`` finds, written out so that collecting the
#: tests compiles no card file (every worker collects them)
FILES = [(EXAMPLES / name, card_id) for name, card_id in [
    ("answers_orders.rc", "veto"), ("numbers_brace.rc", "brace"),
    ("numbers_bulkheads.rc", "bulkheads"),
    ("ways_to_play.rc", "countermand"), ("ways_to_play.rc", "damage_report")]]


def test_the_examples_have_response_orders():
    assert response_order_files() == FILES


def load(edition: str, path: Path) -> rc.Ruleset:
    return shared_rules(edition, str(path))


def first_item(rules: rc.Ruleset, card: rc.CardDef) -> tuple[str, str]:
    """(blue's hand, blue's move) of an item the response card answers: a
    torpedo where it answers maneuvers, else a respondable order card."""
    if CardKind.MANEUVER in card.answers:
        return "[]", "torpedo red-destroyer"
    order = next(o for o, c in rules.orders.items()
                 if c.respondable and c.target.kind is TargetKind.SHIP)
    return f"[{order}]", f"order {order} red-destroyer"


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("path, card_id", FILES, ids=[f"{p.stem}-{c}" for p, c in FILES])
def test_an_example_response_order_plays_on_every_edition(path, card_id, edition):
    rules = load(edition, path)
    card = rules.orders[card_id]
    hand, move = first_item(rules, card)
    board = textwrap.indent(OPEN_BOARD, "  ")
    g = rc.Game.from_scenario(
        f"edition: {edition}\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {{blue-submarine: {hand}, red-destroyer: [{card_id}]}}\n"
        "deck: [ambush]\nturn: blue-submarine\nphase: maneuvers\n")
    g.play(move)
    assert (g.decision, g.to_move) == (Decision.RESPOND, "red-destroyer")
    answers = sorted(m for m in g.legal_moves() if m.split()[:2] == ["order", card_id])
    assert answers, f"{card_id} is not offered in answer to '{move}'"
    g.play(answers[0])
    pass_all(g)
    assert g.hand("red-destroyer") == []
    assert logged(g, "order", "player", "card")[-1] == ("red-destroyer", card_id)
    assert (g.decision, g.to_move) == (Decision.MAIN, "blue-submarine")
