"""The lower or the higher of two amounts: ``min(A, B)`` and ``max(A, B)``,
terms of any amount ("as many as it has, up to 2"), read as the effect
resolves, said in three languages, and checked as their amounts are."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import OPEN_BOARD, card_file, dsl_refusal, pass_all, scenario_game

CARDS = """\
order skim {
    copies 1  target enemy ship
    effect crew_loss (min(2, crew in reserve of target)) to target
}
maneuver salvo {
    cost 2  range 4
    effect damage (max(1, number of enemy ships within 4 - 1)) to target
}
deck { keep size }
patch ship destroyer { maneuvers movement repair torpedo orders missile depth_charge shield salvo }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("extremes"), CARDS)


def game(cards: str, ships: str, hand: str = "[]") -> rc.Game:
    board = "\n".join("  " + row for row in OPEN_BOARD.splitlines())
    return scenario_game(f"edition: en\nextra: [{cards}]\nboard: |\n{board}\nships:\n{ships}"
                         f"hands: {{blue-destroyer: {hand}}}\n"
                         "turn: blue-destroyer\nphase: maneuvers\n")


@pytest.mark.parametrize("reserve,lost", [(1, 1), (2, 2), (6, 2)])
def test_min_takes_as_many_as_there_are_up_to_its_bound(cards, reserve, lost):
    g = game(cards, "  blue-destroyer: {at: b2}\n"
                    f"  red-submarine: {{at: f5, reserve: {reserve}, withdrawn: {6 - reserve}}}\n",
             "[skim]")
    g.play("order skim red-submarine")
    sub = g.ship("red-submarine")
    assert (sub.reserve, sub.withdrawn) == (reserve - lost, 6 - reserve + lost)


@pytest.mark.parametrize("enemies,damage", [(1, 1), (2, 1), (3, 2)])
def test_max_gives_at_least_its_floor(cards, enemies, damage):
    """3v3: the red ships within 4 boxes of b2 first, the others on column h."""
    near = ["c2", "d2", "e2"][:enemies] + ["h1", "h3", "h5"][enemies:]
    reds = "".join(f"  red-{t}: {{at: {box}}}\n" for t, box in
                   zip(("submarine", "destroyer", "aircraft_carrier"), near))
    g = game(cards, "  blue-destroyer: {at: b2}\n  blue-submarine: {at: a5}\n"
                    "  blue-aircraft_carrier: {at: a6}\n" + reds)
    g.play("salvo red-submarine")
    pass_all(g)
    assert g.ship("red-submarine").repairs == 3 - damage


@pytest.mark.parametrize("lang,text", [
    ("en", "The target loses N crew from the reserve (N = the lower of 2 and the number of "
           "crew in the reserve of the target)."),
    ("es", "-N tripulantes de la reserva al objetivo (N = el menor entre 2 y el número de "
           "tripulantes en la reserva del objetivo)."),
    ("it", "-N membri dell'equipaggio in riserva al bersaglio (N = il minore tra 2 e il "
           "numero di membri in riserva del bersaglio)."),
])
def test_min_in_three_languages(cards, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).text("skim", lang=lang).startswith(text)


def test_max_in_its_text_and_its_written_form(cards):
    rules = rc.load_ruleset("en", extra=[cards])
    assert rules.text("salvo").startswith(
        "N repair damage to the target (N = the higher of 1 and the number of enemy ships "
        "within 4 boxes of your ship minus 1).")
    assert str(rules.maneuvers["salvo"].effects[0].amount) == \
        "max(1, number of enemy ships within 4 - 1)"


@pytest.mark.parametrize("card,reason", [
    ("maneuver lunge { cost (min(3, repairs of target))  range 2  effect damage 1 to target }",
     "maneuver 'lunge': a cost is counted before a target is chosen, so it cannot read the "
     "target ('repairs of target'); it may read the ship that uses the card (self) and the "
     "sides"),
    ("maneuver echo { cost 1  usable if min(2, damage dealt) > 0  effect draw 1 }",
     "maneuver 'echo': 'damage dealt' is known only as the card resolves, after one of its "
     "damage effects; 'usable' is read before"),
])
def test_what_either_amount_reads_is_checked(card, reason):
    assert dsl_refusal(card + "\n").reason == reason


def test_min_takes_two_amounts():
    err = dsl_refusal("order o { copies 0  effect draw (min(2)) }\n")
    assert (err.line, err.column) == (1, 39)
    assert err.reason.startswith("unexpected ')'; expected")


def test_min_compared_in_a_condition_is_said_as_a_value():
    rules = rc.load_source("maneuver zap { cost 1  range 3  target enemy ship\n"
                           "    usable if min(crew in reserve of self, 3) >= 3\n"
                           "    effect damage 1 to target }\n"
                           "patch ship destroyer { maneuvers movement repair torpedo orders "
                           "missile depth_charge shield zap }\n", "en")
    assert "Usable only if the lower of the number of crew in the reserve of your ship and 3 " \
        "is at least 3." in rules.text("zap")
