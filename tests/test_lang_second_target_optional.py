"""A second target the player may leave out (`second target up to 1 … ship`,
D4.14): the card is listed on each target alone and with each second ship,
the move without one names the target alone, `to second target` then does
nothing; `explain`, saves, replays, the action words and the greedy bot
read both. The card is cards/examples/choices_plunging_fire.rc (the
cookbook's Plunging fire, the blind trial's T04)."""

import json

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.bots.players import GreedyBot
from redcode_rules.testing.fuzz import card_fuzz_rules, fuzz_cards
from redcode_rules.text.cards import card_text
from redcode_rules.web.clicks import pick_tree

from conftest import (ROOT, dsl_refusal, logged, pass_all, refused, replayed, scenario_game,
                      starting)

CARDS = str(ROOT / "cards" / "examples" / "choices_plunging_fire.rc")
MORE = str(ROOT / "tests" / "data" / "second_target_optional.rc")
#: The red destroyer (e3) and the red carrier (a5) have 1 repair and no
#: breakdown: 3 damage sinks either with 2 left over. The red submarine (f4)
#: is 1 box from the destroyer and 5 from the carrier.
BASE = {"extra": [CARDS], "phase": "maneuvers", "turn": "blue-submarine", "deck": [],
        "ships": {"blue-submarine": {"at": "c3"},
                  "red-destroyer": {"at": "e3", "repairs": 1, "breakdowns": 0},
                  "blue-destroyer": {"at": "a1"}, "red-submarine": {"at": "f4"},
                  "blue-aircraft_carrier": {"at": "a6"},
                  "red-aircraft_carrier": {"at": "a5", "repairs": 1, "breakdowns": 0}},
        "hands": {"blue-submarine": ["plunging_fire"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def repairs(g: rc.Game) -> tuple[int, ...]:
    return tuple(g.ship(s).repairs for s in ("red-destroyer", "red-submarine",
                                            "red-aircraft_carrier"))


# ------------------------------------------------------------------ listing


def test_each_target_is_listed_alone_and_with_each_second_ship():
    """The carrier has no enemy ship within 2: it is listed alone (a
    mandatory second target would not list it at all, D4.14)."""
    assert starting(game(), "order plunging_fire") == [
        "order plunging_fire red-aircraft_carrier",
        "order plunging_fire red-destroyer",
        "order plunging_fire red-destroyer red-submarine",
        "order plunging_fire red-submarine",
        "order plunging_fire red-submarine red-destroyer"]


def test_a_maneuver_and_a_mode_may_leave_out_their_second_target():
    """Glancing shot (range 2 from c3): the red submarine, 1 box from the
    red destroyer, is out of range, so the destroyer is listed alone; the
    order's second mode lists its target alone and with each second ship."""
    g = game(extra=[CARDS, MORE], hands={"blue-submarine": ["split"]})
    assert starting(g, "glancing") == ["glancing red-aircraft_carrier", "glancing red-destroyer"]
    assert starting(g, "order split two") == [
        "order split two red-aircraft_carrier", "order split two red-destroyer",
        "order split two red-destroyer red-submarine", "order split two red-submarine",
        "order split two red-submarine red-destroyer"]
    g.play("glancing red-destroyer")
    pass_all(g)
    assert repairs(g) == (0, 3, 1)


@pytest.mark.parametrize("move, reason", [
    ("order plunging_fire red-aircraft_carrier red-submarine",
     "red-submarine is not a ship plunging_fire may take as its second target after "
     "red-aircraft_carrier (D4.14)"),
    ("order plunging_fire red-destroyer red-destroyer",
     "plunging_fire names red-destroyer twice: its second target is another ship (D4.14)"),
    ("order plunging_fire blue-destroyer",
     "blue-destroyer is not a ship plunging_fire may target: it targets an enemy ship"),
    ("order plunging_fire red-destroyer red-submarine red-aircraft_carrier",
     "plunging_fire names its target, then, if you choose one, its second target: "
     "plunging_fire <ship> [<ship>] (D4.14)"),
])
def test_a_move_not_listed_is_refused_saying_why_and_nothing_changes(move, reason):
    assert refused(game(), move) == reason


# ------------------------------------------------------------------ resolving


def test_the_damage_left_over_goes_to_the_second_target():
    """3 damage sinks the destroyer (1 repair) with 2 left over: the submarine 3 -> 1."""
    g = game()
    g.play("order plunging_fire red-destroyer red-submarine")
    assert logged(g, "order", "targets") == [["red-destroyer", "red-submarine"]]
    assert g.ship("red-destroyer").sunk
    assert repairs(g) == (0, 1, 1)


def test_without_a_second_target_its_effect_does_nothing():
    g = game()
    g.play("order plunging_fire red-destroyer")
    assert g.ship("red-destroyer").sunk
    assert repairs(g) == (0, 3, 1)
    assert logged(g, "damage", "ship") == ["red-destroyer"]


def test_a_target_far_from_every_enemy_ship_is_played_on_alone():
    g = game()
    g.play("order plunging_fire red-aircraft_carrier")
    assert g.ship("red-aircraft_carrier").sunk
    assert repairs(g) == (1, 3, 0)


# ------------------------------------------------------------------ records and bots


def test_a_save_in_a_response_window_keeps_the_target_alone(tmp_path):
    """No format change: the stack item's ``targets`` holds the one ship."""
    card = tmp_path / "respondable.rc"
    text = open(CARDS, encoding="utf-8").read()
    card.write_text(text.replace("copies 2", "copies 2  respondable"), "utf-8")
    g = game(extra=[str(card)])
    g.play("order plunging_fire red-destroyer")
    assert json.loads(g.to_json())["state"]["stack"][0]["targets"] == [1]
    again = rc.Game.from_json(g.to_json())
    assert again == g
    pass_all(again)
    assert repairs(again) == (0, 3, 1)


@pytest.mark.parametrize("move", ["order plunging_fire red-destroyer",
                                  "order plunging_fire red-destroyer red-submarine"])
def test_a_replay_plays_the_moves_again_to_the_same_game(move):
    g = game()
    g.play(move)
    again = replayed(g)
    assert again == g


def test_the_action_words_end_a_target_alone_with_the_stop_word():
    """ai/actions.py: the target alone begins the pair, so the stop word ends it."""
    g = game()
    space = ActionSpace.for_game(g)
    card, destroyer = space.id("plunging_fire"), space.id("red-destroyer")
    assert space.actions_of(g, "order plunging_fire red-destroyer red-submarine")[-3:] == (
        card, destroyer, space.id("red-submarine"))
    assert space.actions_of(g, "order plunging_fire red-destroyer")[-3:] == (
        card, destroyer, 0)


def test_the_greedy_bot_values_the_card_with_and_without_the_second_target():
    """The sinking counts for both; the second ship's damage only for the pair."""
    g = game()
    bot = GreedyBot()
    values = {m: [(r.key, r.ship, r.value) for r in bot.reasons(g, g.move_of(m))]
              for m in ("order plunging_fire red-destroyer red-submarine",
                        "order plunging_fire red-destroyer")}
    assert values == {
        "order plunging_fire red-destroyer red-submarine": [
            ("sink", "red-destroyer", 8.0), ("damage", "red-submarine", 1.0)],
        "order plunging_fire red-destroyer": [("sink", "red-destroyer", 8.0)]}


def test_a_click_on_the_target_plays_it_alone_or_waits_for_the_second_ship():
    """web/clicks.py: the target's node is a move and leads on to its second ships."""
    g = game()
    tree = pick_tree(starting(g, "order plunging_fire"), [s.id for s in g.engine.state.ships],
                     lambda word: g.board.index(word) is not None)
    first = tree.at(["card:plunging_fire", "ship:red-destroyer"])
    assert first.move == "order plunging_fire red-destroyer"
    assert {k: n.move for k, n in first.next.items()} == {
        "ship:red-submarine": "order plunging_fire red-destroyer red-submarine"}


@pytest.mark.parametrize("seed", [3, 16])
def test_random_games_with_an_optional_second_target_keep_every_invariant(tmp_path, seed):
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=1, seed=seed,
                                out=tmp_path)
    assert failure is None
    assert usage.unused() == []


# ------------------------------------------------------------------ the language


@pytest.mark.parametrize("lang, said", [
    ("en", "Target: an enemy ship. Second target, if you choose one: an enemy ship within 2 "
     "boxes of the target."),
    ("es", "Objetivo: un barco enemigo. Segundo objetivo, si eliges uno: un barco enemigo a "
     "distancia 2 como máximo del objetivo."),
    ("it", "Bersaglio: una nave nemica. Secondo bersaglio, se ne scegli uno: una nave nemica a "
     "distanza 2 al massimo dal bersaglio."),
])
def test_the_card_says_its_second_target_may_be_left_out(lang, said):
    assert said in card_text(game().rules, "plunging_fire", lang)


@pytest.mark.parametrize("count, column", [("up to 2", 23), ("exactly 1", 25),
                                           ("up to 0", 23)])
def test_one_second_target_at_most_is_checked_with_its_file_and_line(count, column):
    text = (f"order o {{ copies 1\n  target ship\n  second target {count} ship\n"
            "  effect damage 1 to second target }\ndeck { keep size }\n")
    error = dsl_refusal(text)
    assert (error.file, error.line, error.column) == ("x.rc", 3, column)
    assert error.reason == ("a card has one second target at most, chosen or not: 'second "
                            f"target up to 1 … ship', not '{count}' (D4.14)")
