"""A second target (`second target … ship [within N of …] [where …]`,
D4.14): the move names the target then the second target, `legal_moves`
lists each pair, `explain` says why another is refused, both are targeted,
the effects name it `second target`, saves and the action words carry it.
The card file is tests/data/second_target.rc."""

import json

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.bots.players import GreedyBot
from redcode_rules.testing.fuzz import card_fuzz_rules, fuzz_cards
from redcode_rules.text.cards import card_text

from conftest import (OPEN_BOARD, ROOT, dsl_refusal, logged, pass_all, refused, scenario_game,
                      starting)

CARDS = str(ROOT / "tests" / "data" / "second_target.rc")
#: Seats: blue-submarine, red-destroyer, blue-destroyer, red-aircraft_carrier,
#: blue-aircraft_carrier, red-submarine. From c3 within range 2 in sight:
#: red-destroyer (e3), blue-destroyer (d4), red-aircraft_carrier (c5, 1
#: repair); red-submarine (f4) is 1 box from e3 and 3 from c3.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": [],
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "d4"},
                  "red-aircraft_carrier": {"at": "c5", "repairs": 1},
                  "blue-aircraft_carrier": {"at": "a6"}, "red-submarine": {"at": "f4"}},
        "hands": {"blue-submarine": ["forked_shot"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def compile_error(text: str) -> str:
    error = dsl_refusal(text)
    return f"{error.line}: {error.reason}"


# ------------------------------------------------------------------ listing


def test_each_target_is_listed_with_each_second_ship_of_its_set():
    """Ricochet: an enemy target, then a ship within 1 of it with 2 repairs or
    more that the maneuver reaches (the second target may be friendly: the
    first target's filter is not its). The red submarine, next to the red
    destroyer, is out of range; the carrier, with 1 repair, is never second."""
    assert starting(game(), "ricochet") == [
        "ricochet red-aircraft_carrier blue-destroyer",
        "ricochet red-destroyer blue-destroyer"]


def test_an_order_reaches_its_second_target_anywhere_on_the_board():
    """Order cards ignore range and sight (R7.3): the red submarine, out of
    the submarine's sight, is a second target of a shot at the red destroyer
    (1 box away), not of one at the carrier (3 boxes away)."""
    assert starting(game(), "order forked_shot") == [
        "order forked_shot red-aircraft_carrier red-destroyer",
        "order forked_shot red-destroyer red-aircraft_carrier",
        "order forked_shot red-destroyer red-submarine",
        "order forked_shot red-submarine red-destroyer"]


def test_a_target_with_no_second_ship_is_not_listed():
    """The red destroyer has no enemy ship within 2 of it: it is no target."""
    g = game(ships={**BASE["ships"], "red-submarine": {"at": "h6"},
                    "red-aircraft_carrier": {"at": "h4"}})
    assert starting(g, "order forked_shot") == [
        "order forked_shot red-aircraft_carrier red-submarine",
        "order forked_shot red-submarine red-aircraft_carrier"]


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize("move, reason", [
    ("ricochet red-destroyer", "ricochet names its target, then its second target: ricochet "
     "<ship> <ship> (D4.14)"),
    ("ricochet red-destroyer red-destroyer",
     "ricochet names red-destroyer twice: its second target is another ship (D4.14)"),
    ("ricochet red-destroyer red-aircraft_carrier",
     "red-aircraft_carrier is not a ship ricochet may take as its second target after "
     "red-destroyer (D4.14)"),
    ("ricochet red-destroyer red-submarine",
     "red-submarine is not in the visual field of blue-submarine within range 2 (R4.3)"),
    ("ricochet blue-destroyer red-destroyer",
     "blue-destroyer is not a ship ricochet may target: it targets an enemy ship"),
])
def test_a_pair_not_listed_is_refused_saying_why_and_nothing_changes(move, reason):
    assert refused(game(), move) == reason


# ------------------------------------------------------------------ resolving


def test_the_target_and_the_second_target_take_their_own_effects():
    g = game()
    g.play("ricochet red-destroyer blue-destroyer")
    assert logged(g, "use", "target", "targets") == [
        ("red-destroyer", ["red-destroyer", "blue-destroyer"])]
    pass_all(g)
    assert (g.ship("red-destroyer").repairs, g.ship("blue-destroyer").repairs,
            g.ship("red-aircraft_carrier").repairs) == (1, 2, 1)


def test_both_ships_are_targeted_the_first_first(tmp_path):
    watch = tmp_path / "watch.rc"
    watch.write_text("patch ship destroyer { when targeted of self { effect draw 1 } }\n"
                     "patch ship aircraft_carrier { when targeted of self { effect draw 1 } }\n",
                     "utf-8")
    g = game(extra=[CARDS, str(watch)], deck=["ambush", "evasion", "mechanic"])
    g.play("order forked_shot red-aircraft_carrier red-destroyer")
    assert logged(g, "draw", "player") == ["red-aircraft_carrier", "red-destroyer"]


# ------------------------------------------------------------------ records and bots


def test_a_save_in_a_response_window_keeps_both_targets():
    g = game()
    g.play("ricochet red-destroyer blue-destroyer")
    assert json.loads(g.to_json())["state"]["stack"][0]["targets"] == [1, 2]
    again = rc.Game.from_json(g.to_json())
    assert again == g
    pass_all(again)
    assert again.ship("blue-destroyer").repairs == 2


def test_the_action_words_take_the_target_then_the_second_target():
    g = game()
    space = ActionSpace.for_game(g)
    assert space.actions_of(g, "ricochet red-destroyer blue-destroyer") == (
        space.id("ricochet"), space.id("red-destroyer"), space.id("blue-destroyer"))


def test_the_greedy_bot_counts_the_second_target_on_its_side():
    """1 damage to its own destroyer counts against the pair."""
    g = game()
    reasons = GreedyBot().reasons(g, g.move_of("ricochet red-destroyer blue-destroyer"))
    assert [(r.key, r.ship, r.value) for r in reasons if r.key == "damage"] == [
        ("damage", "red-destroyer", 2.0), ("damage", "blue-destroyer", -1.0)]


def test_random_games_with_second_targets_keep_every_invariant(tmp_path):
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=1, seed=16, out=tmp_path)
    assert failure is None
    assert usage.unused() == []


# ------------------------------------------------------------------ the language


@pytest.mark.parametrize("lang, said", [
    ("en", "2 repair damage to the target; 1 repair damage to the second target. Target: an "
     "enemy ship. Second target: an enemy ship within 2 boxes of the target."),
    ("es", "-2 reparaciones al objetivo y -1 reparación al segundo objetivo. Objetivo: un barco "
     "enemigo. Segundo objetivo: un barco enemigo a distancia 2 como máximo del objetivo."),
    ("it", "-2 riparazioni al bersaglio e -1 riparazione al secondo bersaglio. Bersaglio: una "
     "nave nemica. Secondo bersaglio: una nave nemica a distanza 2 al massimo dal bersaglio."),
])
def test_the_card_says_its_second_target(lang, said):
    assert card_text(game().rules, "forked_shot", lang).startswith(said)


@pytest.mark.parametrize("card, error", [
    ("target ship\n  second target ship within 1 of target\n  effect damage 1 to second target;"
     " move 1 to target",
     "4: order 'o' names a second target and a path is one ship's: 'move' cannot be on such a "
     "card (D4.14)"),
    ("target up to 2 ships\n  second target ship\n  effect damage 1 to each target",
     "3: order 'o': a second target is chosen after the first: declare 'target … ship' (one "
     "ship) before it (D4.14)"),
    ("second target ship\n  effect damage 1 to second target",
     "2: order 'o': a second target is chosen after the first"),
    ("target ship\n  effect damage 1 to second target",
     "3: order 'o': 'second target' names a ship chosen after the target; declare it: second "
     "target … ship (D4.14)"),
    ("target ship\n  second target ship within 2 of c3\n  effect damage 1 to second target",
     "3: order 'o': a second target is within N of a ship (self, target, a kind of ship), not "
     "of a box (D4.14)"),
    ("target ship\n  second target ship within 2 of source\n  effect damage 1 to second target",
     "3: order 'o': the second target reads the answered item, so the card must be a "
     "'response' (R5.2)"),
])
def test_a_second_target_is_checked_with_its_file_and_line(card, error):
    text = f"order o {{ copies 1\n  {card} }}\ndeck {{ keep size }}\n"
    assert compile_error(text).startswith(error)
