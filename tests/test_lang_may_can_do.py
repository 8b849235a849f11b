"""``may``'s "if you do" (D4.16): ``yes`` is offered only if the block's
first effect can be done, its ``if`` holding and it changing the game now
(``Effect.can_do``: a crew loss with crew in reserve, a discard with a card
in hand, a damage with a ship to take it, a regain below the track, a
token with a box that takes it). When
only ``no`` is left, the question answers itself: nothing of the block is
done. A roll its ``if`` reads (``chance N in M``, D4.18) is not read before
it is made: the question comes first, the roll as the effect resolves. The
cards are tests/data/may_can_do.rc.
"""

from fractions import Fraction as F

import redcode_rules as rc

from conftest import OPEN_BOARD, ROOT, logged, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "may_can_do.rc")
#: blue-submarine at c3 (6 crew in reserve); red-destroyer at g3, 4 boxes off.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["ambush", "ambush", "ambush"],
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "g3"}},
        "hands": {"blue-submarine": ["jettison", "broadside", "patch_up"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def sub(reserve: int, **more) -> dict:
    """The blue submarine with ``reserve`` crew in reserve, the rest withdrawn."""
    return {**BASE["ships"], "blue-submarine": {"at": "c3", "reserve": reserve,
                                                "withdrawn": 6 - reserve, **more}}


def test_d4_16_a_crew_loss_with_an_empty_reserve_is_not_offered_nor_its_if_you_do():
    """Scavenge with 1 crew in reserve: the crew goes on the maneuver, the
    reserve is empty, so only ``no`` is left: no crew lost, no card drawn."""
    g = game(ships=sub(1))
    g.play("scavenge")
    pass_all(g)
    assert g.decision == "main" and g.to_move == "blue-submarine"
    assert (g.ship("blue-submarine").reserve, g.ship("blue-submarine").withdrawn) == (0, 5)
    assert len(g.hand("blue-submarine")) == 3
    assert logged(g, ("crew_loss", "draw"), "kind") == []


def test_d4_16_a_crew_loss_with_crew_in_reserve_is_offered():
    g = game(ships=sub(2))
    g.play("scavenge")
    pass_all(g)
    assert g.legal_moves() == ["choose no", "choose yes"]
    g.play("choose yes")
    assert (g.ship("blue-submarine").reserve, g.ship("blue-submarine").withdrawn) == (0, 5)
    assert len(g.hand("blue-submarine")) == 4


def test_d4_16_a_discard_with_no_card_left_is_not_offered():
    """Jettison, the last card of the hand: nothing to discard, no draw."""
    g = game(hands={"blue-submarine": ["jettison"]})
    g.play("order jettison")
    assert g.hand("blue-submarine") == [] and g.decision == "main"


def test_d4_16_a_discard_with_a_card_in_hand_is_offered():
    g = game(hands={"blue-submarine": ["jettison", "broadside"]})
    g.play("order jettison")
    assert g.legal_moves() == ["choose no", "choose yes"]
    g.play("choose yes")
    assert g.hand("blue-submarine") == ["ambush", "ambush"]


def test_d4_16_a_damage_with_no_ship_to_take_it_is_not_offered():
    """Broadside with the enemy 4 boxes off: no ship within 2, so no crew lost."""
    g = game()
    g.play("order broadside")
    assert g.decision == "main" and g.ship("blue-submarine").reserve == 6


def test_d4_16_a_damage_with_a_ship_to_take_it_is_offered():
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "e3"}})
    g.play("order broadside")
    assert g.legal_moves() == ["choose no", "choose yes"]
    g.play("choose yes")
    assert (g.ship("red-destroyer").repairs, g.ship("blue-submarine").reserve) == (2, 5)


def test_d4_16_a_regain_on_a_full_track_is_not_offered():
    g = game()
    g.play("order patch_up")
    assert g.decision == "main" and g.ship("blue-submarine").reserve == 6


def test_d4_16_a_regain_below_the_track_is_offered():
    g = game(ships=sub(6, repairs=2))
    g.play("order patch_up")
    assert g.legal_moves() == ["choose no", "choose yes"]
    g.play("choose yes")
    assert (g.ship("blue-submarine").repairs, g.ship("blue-submarine").reserve) == (3, 4)


def test_d4_16_salvage_crew_with_an_empty_reserve_is_not_asked():
    """Idea 37 with no `if`: the salvager's empty reserve leaves only
    ``no``, so the sinking draws it nothing (its own crew untouched)."""
    g = scenario_game({
        "edition": "en", "mode": "war", "board": OPEN_BOARD, "phase": "maneuvers",
        "extra": [str(ROOT / "tests" / "data" / "ideas" / "37_salvage_crew.rc")],
        "ships": {"blue-submarine": {"at": "c3", "repairs": 1, "breakdowns": 0},
                  "red-destroyer": {"at": "e3"}, "blue-destroyer": {"at": "a1"},
                  "red-salvager": {"at": "h6", "reserve": 0, "withdrawn": 6}},
        "turn": "red-destroyer", "deck": ["ambush", "evasion"]})
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert g.ship("blue-submarine").sunk and g.decision == "main"
    assert (len(g.hand("red-salvager")), g.ship("red-salvager").withdrawn) == (0, 6)


# ------------------------------------------------------------------ a roll in the first effect's if
def long_shot(target: dict, **fields) -> rc.Game:
    """Long shot played on the red destroyer (``target``: its fields): may
    {2 damage to the target if it is damaged and chance 1 in 2; if you do,
    1 crew lost}."""
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "e3", **target}},
             hands={"blue-submarine": ["long_shot"]}, **fields)
    g.play("order long_shot red-destroyer")
    return g


def test_a_chance_in_the_first_effects_if_is_not_read_before_the_roll_sampled():
    """D4.16 with D4.18: the card has not rolled when the question is asked,
    so its chance does not make the first effect impossible: ``yes`` is
    offered, and the roll is made as the damage resolves, after the answer
    (seed 0 rolls a 1: the damage is done, then the crew lost)."""
    g = long_shot({"repairs": 2}, seed=0)
    assert g.legal_moves() == ["choose no", "choose yes"]
    assert g.state.stack[-1].rolled == 0
    g.play("choose yes")
    assert [(e.kind, e.data) for e in g.log[2:]] == [
        ("accepted", {"player": "blue-submarine"}),
        ("damage", {"ship": "red-destroyer", "amount": 2, "repairs": 3, "breakdowns": 2}),
        ("crew_loss", {"ship": "blue-submarine", "amount": 1})]
    assert (g.ship("red-destroyer").repairs, g.ship("red-destroyer").breakdowns,
            g.ship("blue-submarine").reserve) == (3, 2, 5)


def test_a_chance_in_the_first_effects_if_is_rolled_after_yes_by_the_chance_player():
    """Explicit chance: the question comes first, with no chance decision
    before it; ``choose yes`` makes the roll a chance decision (``pick 1``,
    ``pick 2``). On a 2 the damage is not done; the block goes on (the player
    did take the chance: the crew is lost)."""
    g = long_shot({"repairs": 2}, chance="explicit")
    assert not g.is_chance_node and g.legal_moves() == ["choose no", "choose yes"]
    g.play("choose yes")
    assert g.is_chance_node and g.chance_outcomes() == [("pick 1", F(1, 2)), ("pick 2", F(1, 2))]
    g.play("pick 2")
    assert logged(g, ("accepted", "damage", "crew_loss"), "kind") == ["accepted", "crew_loss"]
    assert (g.ship("red-destroyer").repairs, g.ship("blue-submarine").reserve) == (2, 5)


def test_a_chance_in_the_first_effects_if_is_not_rolled_on_no():
    """``choose no``: nothing of the block is done, and no roll is made."""
    g = long_shot({"repairs": 2}, chance="explicit")
    g.play("choose no")
    assert not g.is_chance_node and g.decision == "main"
    assert logged(g, ("declined", "damage", "crew_loss"), "kind") == ["declined"]


def test_a_chance_beside_a_condition_that_fails_leaves_only_no():
    """The rest of the ``if`` is still read: an undamaged target fails it on
    every face, so nobody is asked and nothing is rolled."""
    g = long_shot({}, chance="explicit")
    assert not g.is_chance_node and g.decision == "main"
    assert logged(g, ("accepted", "declined", "damage", "crew_loss"), "kind") == []


def test_d4_16_a_token_refused_on_every_box_is_not_offered_nor_its_if_you_do():
    """Mark the wreck on the submarine's own box: a shoal (an island token)
    is refused under a ship (D2.14), so only ``no`` is left: no token, no
    refusal logged, no card drawn."""
    g = game(hands={"blue-submarine": ["mark_wreck"]})
    g.play("order mark_wreck c3")
    pass_all(g)
    assert g.decision == "main" and g.to_move == "blue-submarine"
    assert g.hand("blue-submarine") == []
    assert logged(g, ("token", "token_refused", "draw"), "kind") == []


def test_d4_16_a_token_with_a_box_that_takes_it_is_offered():
    g = game(hands={"blue-submarine": ["mark_wreck"]})
    g.play("order mark_wreck d3")
    pass_all(g)
    assert g.legal_moves() == ["choose no", "choose yes"]
    g.play("choose yes")
    assert logged(g, ("token", "draw"), "kind") == ["token", "draw"]
    assert logged(g, "token", "token", "box") == [("shoal", "d3")]
