"""A ship measured from where it sank (D9.16).

A trigger set off by a ship's sinking (``when sunk``), or by the damage
that sank it (``when damaged … if hull of self = 0``), resolves after the
ship left the board; its distances and sets count from the box the ship
sank on, while the ship itself stays off the board: never reached, never
counted. The cards are tests/data/scuttling.rc.
"""

import json

import redcode_rules as rc
from redcode_rules.lang.loader import build_ruleset

from conftest import OPEN_BOARD, ROOT, logged, pass_all, play_checking_invariants, scenario_game

CARDS = str(ROOT / "tests" / "data" / "scuttling.rc")
#: the red destroyer at d4 with its last repair; three ships next to it and one far.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "ships": {"blue-submarine": {"at": "c3"},
                  "red-destroyer": {"at": "d4", "repairs": 1, "breakdowns": 0},
                  "blue-aircraft_carrier": {"at": "e5"}, "red-submarine": {"at": "d5"},
                  "blue-destroyer": {"at": "h1"}, "red-aircraft_carrier": {"at": "a6"}},
        "hands": {"blue-submarine": ["ambush"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def repairs(g: rc.Game) -> dict[str, tuple[int, int]]:
    return {s: (g.ship(s).repairs, g.ship(s).breakdowns) for s in BASE["ships"]}


def test_d9_16_a_sunk_trigger_reaches_the_ships_around_the_box_it_sank_on():
    """Scuttling charges: the destroyer sunk on d4 deals 2 to every ship
    within 1 of d4, its own side's included; the far ship and the wreck
    itself take nothing."""
    g = game()
    g.play("order ambush red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").sunk
    assert logged(g, "damage", "ship", "amount") == [
        ("red-destroyer", 2), ("blue-submarine", 2), ("blue-aircraft_carrier", 2),
        ("red-submarine", 2)]
    assert repairs(g) == {"blue-submarine": (1, 3), "red-destroyer": (0, 0),
                          "blue-aircraft_carrier": (1, 3), "red-submarine": (1, 3),
                          "blue-destroyer": (3, 3), "red-aircraft_carrier": (3, 3)}


def test_d9_16_a_damage_trigger_reads_the_hull_and_the_box_of_the_sinking():
    """The carrier's blast (``if hull of self = 0``): sunk on e5 by the
    ambush, 1 damage to every other ship within 2 of e5: the blue submarine
    on c3, the red destroyer on d4 and the red submarine on f3, both sunk.
    The destroyer's charges then reach c3 from d4 (the carrier is gone),
    and the red submarine's sinking asks its player (D4.16)."""
    g = game(ships={**BASE["ships"], "blue-aircraft_carrier": {"at": "e5", "repairs": 1,
                                                                "breakdowns": 0},
                    "red-submarine": {"at": "f3", "repairs": 1, "breakdowns": 0}},
             hands={"red-destroyer": ["ambush"]}, turn="red-destroyer")
    g.play("order ambush blue-aircraft_carrier")
    pass_all(g)
    assert logged(g, "damage", "ship", "amount") == [
        ("blue-aircraft_carrier", 2), ("blue-submarine", 1), ("red-destroyer", 1),
        ("red-submarine", 1), ("blue-submarine", 2)]
    assert [s for s in BASE["ships"] if g.ship(s).sunk] == [
        "red-destroyer", "blue-aircraft_carrier", "red-submarine"]
    assert repairs(g)["blue-submarine"] == (3, 2)
    assert g.legal_moves() == ["choose no", "choose yes"]


def test_d9_16_a_damage_trigger_that_did_not_sink_does_nothing():
    g = game(ships={**BASE["ships"], "blue-aircraft_carrier": {"at": "e5"}},
             hands={"red-destroyer": ["ambush"]}, turn="red-destroyer")
    g.play("order ambush blue-aircraft_carrier")
    pass_all(g)
    assert logged(g, "damage", "ship", "amount") == [("blue-aircraft_carrier", 2)]


def test_d9_16_a_question_of_a_sunk_trigger_keeps_the_box_through_a_save():
    """The red submarine sunk on d5 asks its player; saved and loaded while
    it asks, ``yes`` then deals 1 to every enemy ship within 2 of d5."""
    g = game(ships={"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "h6"},
                    "red-submarine": {"at": "d5", "repairs": 1, "breakdowns": 0},
                    "blue-aircraft_carrier": {"at": "f5"}, "blue-destroyer": {"at": "h1"},
                    "red-aircraft_carrier": {"at": "a1"}},
             hands={"blue-submarine": ["ambush"]})
    g.play("order ambush red-submarine")
    pass_all(g)
    assert g.legal_moves() == ["choose no", "choose yes"]
    data = json.loads(g.to_json())
    assert [item["wreck"] for item in data["state"]["stack"]] == [None, 35]  # d5
    loaded = rc.Game.from_json(g.to_json())
    assert loaded == g
    loaded.play("choose yes")
    assert logged(loaded, "damage", "ship", "amount")[-2:] == [
        ("blue-submarine", 1), ("blue-aircraft_carrier", 1)]
    assert loaded.ship("blue-destroyer").repairs == 3


def test_d9_16_random_games_with_sinking_blasts_keep_every_invariant():
    """Random play where every sinking may set off a blast: every invariant
    after every move, each question saved and loaded as it stands."""
    rules = build_ruleset("en", [CARDS])
    blasts = 0
    for seed in range(4):
        g = rc.new_game(rules, teams=[["destroyer", "submarine"],
                                      ["aircraft_carrier", "destroyer"]], seed=seed)
        play_checking_invariants(g, seed)
        blasts += sum(e.kind == "trigger" for e in g.log)
    assert blasts
