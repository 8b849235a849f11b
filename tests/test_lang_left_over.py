"""What a damage left over (`damage left over`, D9.6): what a card's last
damage effect did not need to sink the ships it sank, after every change,
read by a later effect of the same card or trigger (a second target, D4.14,
takes it: Overflow). The card file is cards/examples/numbers_overflow.rc."""

import pytest

import redcode_rules as rc
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, logged, scenario_game

CARDS = str(ROOT / "cards" / "examples" / "numbers_overflow.rc")
#: Seats: blue-submarine, red-destroyer, blue-destroyer, red-aircraft_carrier.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "mode": "war", "deck": [],
        "ships": {"blue-submarine": {"at": "c3"},
                  "red-destroyer": {"at": "e3", "repairs": 1, "breakdowns": 0},
                  "blue-destroyer": {"at": "a1"}, "red-aircraft_carrier": {"at": "f3"}},
        "hands": {"blue-submarine": ["overflow"]}}
ARMOUR = "status armour { permanent  modify damage -1 }\n"


def overflow(**fields) -> rc.Game:
    g = scenario_game(BASE, **fields)
    g.play("order overflow red-destroyer red-aircraft_carrier")
    return g


def test_what_sinking_the_target_did_not_need_goes_to_the_second_target():
    """D9.6: 1 repair left takes 1 of the 3; the carrier takes the other 2."""
    g = overflow()
    assert logged(g, ("damage", "sunk"), "kind", "ship", "amount") == [
        ("damage", "red-destroyer", 3), ("sunk", "red-destroyer", None),
        ("damage", "red-aircraft_carrier", 2)]


def test_a_target_that_does_not_sink_leaves_nothing_over():
    """2 repairs and a breakdown take all 3: 0 left over, no damage logged."""
    g = overflow(ships={**BASE["ships"], "red-destroyer": {"at": "e3", "repairs": 2,
                                                           "breakdowns": 1}})
    assert logged(g, "damage", "ship", "amount") == [("red-destroyer", 3)]
    assert g.ship("red-aircraft_carrier").repairs == 3


def test_a_target_that_needed_all_of_it_leaves_nothing_over():
    g = overflow(ships={**BASE["ships"], "red-destroyer": {"at": "e3", "repairs": 3,
                                                           "breakdowns": 0}})
    assert g.ship("red-destroyer").sunk
    assert logged(g, "damage", "ship") == ["red-destroyer"]


def test_what_is_left_over_is_counted_after_every_change(tmp_path):
    """An armour that takes 1 off each damage (D9.5): the destroyer is dealt
    2 of the 3, needs 1, leaves 1; the armoured carrier takes 1 - 1 = 0."""
    armour = tmp_path / "armour.rc"
    armour.write_text(ARMOUR)
    g = overflow(extra=[CARDS, str(armour)],
                 ships={**BASE["ships"],
                        "red-destroyer": {"at": "e3", "repairs": 1, "breakdowns": 0,
                                          "armour": True},
                        "red-aircraft_carrier": {"at": "f3", "armour": True}})
    assert logged(g, "damage", "ship", "amount") == [("red-destroyer", 2)]
    assert g.ship("red-aircraft_carrier").repairs == 3


def test_a_trigger_reads_what_its_own_damage_left_over(tmp_path):
    """A trigger is an item of its own: its `damage left over` is its own.
    At the red destroyer's turn start, 5 damage sinks the blue destroyer
    next to it (1 repair), and the 4 left over come back to it."""
    cards = tmp_path / "backfire.rc"
    cards.write_text(
        "status backfire { permanent\n"
        "  when turn_starts { effect damage 5 to each enemy ship within 1 of self; "
        "damage (damage left over) to self } }\n")
    g = scenario_game(BASE, extra=[CARDS, str(cards)],
                      ships={**BASE["ships"], "red-destroyer": {"at": "e3", "backfire": True},
                             "blue-destroyer": {"at": "e4", "repairs": 1, "breakdowns": 0}})
    g.play("end")
    assert logged(g, "damage", "ship", "amount") == [("blue-destroyer", 5),
                                                      ("red-destroyer", 4)]


@pytest.mark.parametrize("lang, said", [
    ("en", "3 repair damage to the target; N repair damage to the second target (N = the "
     "damage left over after the sinking)."),
    ("es", "-3 reparaciones al objetivo y -N reparaciones al segundo objetivo (N = el daño "
     "recién causado que sobró al hundir)."),
    ("it", "-3 riparazioni al bersaglio e -N riparazioni al secondo bersaglio (N = i danni "
     "appena inflitti avanzati all'affondamento)."),
])
def test_the_card_says_what_it_reads(lang, said):
    assert card_text(scenario_game(BASE).rules, "overflow", lang).startswith(said)


@pytest.mark.parametrize("card, error", [
    ("target ship\n  effect damage (damage left over) to target",
     "'damage left over' reads what an earlier damage effect of the same card or trigger "
     "did; none comes before 'damage'"),
    ("target ship\n  usable if damage left over > 0\n  effect damage 1 to target",
     "'damage left over' is known only as the card resolves"),
    ("target ship\n  effect damage 1 to target; damage (damage left over of self) to target",
     "'damage left over' is what this card's last damage effect left over: it is of nobody"),
])
def test_damage_left_over_before_a_damage_or_of_a_ship_is_refused(card, error):
    refusal = dsl_refusal(f"order x {{\n  copies 0\n  {card}\n}}\n")
    assert error in refusal.reason
