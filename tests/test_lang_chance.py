"""A card's roll (`chance N in M`, D4.18): one die of M faces rolled the
first time an effect of the card (or trigger) reads a chance, read by every
chance of it, so `if chance 1 in 3` and `if not chance 1 in 3` do one of
two effects, never both; by the seeded RNG or, with explicit chance, by the
chance player (`pick 1` … `pick M`). The card file is tests/data/chance.rc."""

import json
from fractions import Fraction as F

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, logged, play_bots, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "chance.rc")
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": [],
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
        "hands": {"blue-submarine": ["gamble", "shake"]}}
FACES = [(f"pick {n}", F(1, 3)) for n in (1, 2, 3)]


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def explicit(**fields) -> rc.Game:
    return game(chance="explicit", **fields)


def shot(g: rc.Game) -> rc.Game:
    g.play("lucky_shot red-destroyer")
    pass_all(g)
    return g


# ------------------------------------------------------------------ one roll


def test_the_roll_is_a_chance_node_with_each_face_alike():
    g = shot(explicit())
    assert g.is_chance_node and g.chance_outcomes() == FACES


@pytest.mark.parametrize("face, dealt", [("pick 1", [3]), ("pick 2", [1]), ("pick 3", [1])])
def test_one_roll_does_one_of_the_two_effects(face, dealt):
    """D4.18: both effects read the one roll: 3 damage on a 1, else 1, never both."""
    g = shot(explicit())
    g.play(face)
    assert not g.is_chance_node
    assert logged(g, "damage", "amount") == dealt


def test_sampled_rolls_are_the_seeds_and_never_both():
    seen = set()
    for seed in range(15):
        dealt = logged(shot(game(seed=seed)), "damage", "amount")
        assert dealt in ([3], [1])
        assert logged(shot(game(seed=seed)), "damage", "amount") == dealt
        seen.add(dealt[0])
    assert seen == {1, 3}


def test_a_roll_with_another_condition():
    """Gamble: 2 damage if the roll is 1 and the target is damaged; the card's
    ship regains 1 repair on a 2. An undamaged target on a 1: nothing."""
    g = explicit()
    g.play("order gamble red-destroyer")
    assert g.chance_outcomes() == [("pick 1", F(1, 2)), ("pick 2", F(1, 2))]
    g.play("pick 1")
    assert logged(g, ("damage", "regain"), "kind") == []
    hurt = explicit(ships={**BASE["ships"], "red-destroyer": {"at": "e3", "repairs": 2}})
    hurt.play("order gamble red-destroyer")
    hurt.play("pick 1")
    assert hurt.ship("red-destroyer").repairs == 3 and hurt.ship("red-destroyer").breakdowns == 2


def test_a_trigger_rolls_its_own_die():
    """Shaky: at the end of its player's turn, 1 damage to the ship on 1 or 2
    of 4 faces; each trigger rolls anew."""
    g = explicit()
    g.play("order shake red-destroyer")
    g.play("end")
    g.play("end")  # red's turn ends: the trigger rolls
    assert g.chance_outcomes() == [(f"pick {n}", F(1, 4)) for n in (1, 2, 3, 4)]
    g.play("pick 2")
    assert logged(g, "damage", "ship", "amount") == [("red-destroyer", 1)]


def test_a_roll_is_kept_on_the_item_and_saved():
    """The roll is the stack item's (``rolled``, save format 8): a save at
    the roll's chance node comes back there, and plays on the same."""
    g = shot(explicit())
    for other in (rc.Game.from_json(g.to_json()), rc.Game.from_replay(g.replay()), g.clone()):
        assert other == g and other.chance_outcomes() == FACES
        other.play("pick 1")
        assert logged(other, "damage", "amount") == [3]


def test_a_saved_item_with_a_roll_out_of_range_is_refused():
    g = game()
    g.play("lucky_shot red-destroyer")
    data = json.loads(g.to_json())
    data["state"]["stack"][0]["rolled"] = 10
    with pytest.raises(rc.SaveError) as info:
        rc.Game.from_json(json.dumps(data))
    assert "rolled" in str(info.value) and "D4.18" in str(info.value)


def test_a_resample_at_a_roll_asks_the_same_faces():
    g = shot(explicit())
    other = g.resample("red-destroyer", 1)
    assert other.is_chance_node and other.chance_outcomes() == FACES


# ------------------------------------------------------------------ AI words, bots


def test_the_action_words_have_the_faces_only_where_a_card_rolls():
    """The faces 1 to 4 (shaky rolls 4) come last, and only for a ruleset
    that rolls: the boxes and ships keep their ids, the cards follow the card
    file's as for any card file."""
    plain = ActionSpace.for_game(game(extra=[], hands={}))
    rolls = ActionSpace.for_game(game())
    assert "1" not in plain.words
    assert rolls.words[-4:] == ("1", "2", "3", "4")
    assert [rolls.id(w) for w in ("pick", "h6", "red-submarine")] == \
        [plain.id(w) for w in ("pick", "h6", "red-submarine")]
    assert rolls.words[-5] == plain.words[-1]  # the last map card, then the faces
    g = shot(explicit())
    assert rolls.legal_actions(g) == [rolls.id("pick")]
    assert rolls.legal_actions(g, (rolls.id("pick"),)) == [rolls.id(n) for n in "123"]
    assert rolls.step(g, (rolls.id("pick"),), rolls.id("1")) is None
    assert logged(g, "damage", "amount") == [3]


@pytest.mark.parametrize("seed", [0, 1])
def test_bots_play_rolls_in_explicit_games(seed):
    g = explicit(seed=seed, hands={"blue-submarine": ["gamble", "shake"],
                                   "red-destroyer": []})
    play_bots(g, seed)
    assert any(m.startswith("pick ") for m in g.moves)


# ------------------------------------------------------------------ words and checks


@pytest.mark.parametrize("lang, said", [
    ("en", "3 repair damage to the target if the roll (1 to 3) is 1; otherwise, 1 repair "
     "damage to the target."),
    ("es", "-3 reparaciones al objetivo si la tirada (1 a 3) es 1; si no, -1 reparación al "
     "objetivo."),
    ("it", "-3 riparazioni al bersaglio se il tiro (da 1 a 3) è 1; altrimenti -1 "
     "riparazione al bersaglio."),
])
def test_the_card_says_its_roll(lang, said):
    assert card_text(game().rules, "lucky_shot", lang).startswith(said)


@pytest.mark.parametrize("card, error", [
    ("usable if chance 1 in 2\n  effect draw 1 to self", "'usable if'"),
    ("target ship where chance 1 in 2\n  effect damage 1 to target", "a target filter"),
    ("effect damage 1 to each ship where chance 1 in 2", "a set's 'where'"),
    ("effect damage 1 to a random ship where chance 1 in 2", "a set's 'where'"),
    ("effect damage 1 to self if chance 1 in 1", "a roll has 2 to 9 faces"),
    ("effect damage 1 to self if chance 3 in 3", "a roll has 2 to 9 faces"),
    ("effect damage 1 to self if chance 1 in 10", "a roll has 2 to 9 faces"),
    ("effect damage 1 to self if chance 1 in 2;\n  damage 2 to self if chance 1 in 3",
     "'chance 1 in 3' and 'chance 1 in 2' read one roll"),
])
def test_a_chance_out_of_an_effects_if_or_of_two_dice_is_refused(card, error):
    refusal = dsl_refusal(f"order o {{\n  copies 0\n  {card}\n}}\n")
    assert error in refusal.reason and "(D4.18)" in refusal.reason
    assert refusal.line >= 2


def test_a_chance_in_while_is_refused():
    refusal = dsl_refusal("status s {\n  while chance 1 in 2\n  forbids orders\n}\n")
    assert "'while'" in refusal.reason and refusal.line == 2
