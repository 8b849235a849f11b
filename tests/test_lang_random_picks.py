"""Random picks (`a random enemy ship`, D4.18): one ship of a set drawn as
the effect resolves, each effect its own draw, by the seeded RNG or, with
explicit chance, by the chance player (`pick SHIP`); saves, replays,
resamples and the bots follow it. The card file is tests/data/random_picks.rc."""

import json
from fractions import Fraction as F

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.bots.players import GreedyBot
from redcode_rules.testing.fuzz import card_fuzz_rules, fuzz_cards
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, logged, play_bots, scenario_game

CARDS = str(ROOT / "tests" / "data" / "random_picks.rc")
#: Seats: blue-submarine, red-destroyer, blue-destroyer, red-aircraft_carrier,
#: blue-aircraft_carrier, red-submarine. Blue-submarine at c3 sees the red
#: destroyer (e3) and the red carrier (c5) within 3; the red submarine (h6)
#: is 5 boxes away.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": [],
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "d4"},
                  "red-aircraft_carrier": {"at": "c5"},
                  "blue-aircraft_carrier": {"at": "a6"}, "red-submarine": {"at": "h6"}},
        "hands": {"blue-submarine": ["stray_shells", "near_miss", "jinx"]}}
THIRD = F(1, 3)
ENEMIES = ["pick red-aircraft_carrier", "pick red-destroyer", "pick red-submarine"]


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def explicit(**fields) -> rc.Game:
    return game(chance="explicit", **fields)


def tracks(g: rc.Game, *ships: str) -> list[tuple[int, int]]:
    return [(g.ship(s).repairs, g.ship(s).breakdowns) for s in ships]


# ------------------------------------------------------------------ explicit chance


def test_each_random_pick_is_a_chance_node_with_each_ship_alike():
    """D4.18, D7.12: stray shells' three effects each ask the chance player
    which enemy ship it hits, each of the three with a third."""
    g = explicit()
    g.play("order stray_shells")
    for _ in range(3):
        assert g.is_chance_node and g.to_move == "chance"
        assert g.chance_outcomes() == [(o, THIRD) for o in ENEMIES]
        g.play("pick red-destroyer")
    assert not g.is_chance_node
    assert g.moves == ["order stray_shells"] + ["pick red-destroyer"] * 3
    # 3 damage: the destroyer's 3 repairs become its first breakdown (R3.1)
    assert tracks(g, "red-destroyer", "red-aircraft_carrier", "red-submarine") == [
        (3, 2), (3, 3), (3, 3)]


def test_each_pick_hits_the_ship_it_names():
    g = explicit()
    for move in ("order stray_shells", "pick red-submarine", "pick red-aircraft_carrier",
                 "pick red-submarine"):
        g.play(move)
    assert tracks(g, "red-destroyer", "red-aircraft_carrier", "red-submarine") == [
        (3, 3), (2, 3), (1, 3)]
    assert logged(g, "damage", "ship") == ["red-submarine", "red-aircraft_carrier",
                                           "red-submarine"]


def test_a_ship_sunk_by_one_pick_is_not_drawn_by_the_next():
    """A ship off the board is in no set (R9.2): once the red submarine
    sinks, the next picks are between the two ships left, each with a half."""
    g = explicit(ships={**BASE["ships"], "red-submarine": {"at": "h6", "repairs": 1,
                                                           "breakdowns": 0}})
    g.play("order stray_shells")
    g.play("pick red-submarine")
    assert g.ship("red-submarine").sunk
    assert g.chance_outcomes() == [("pick red-aircraft_carrier", F(1, 2)),
                                   ("pick red-destroyer", F(1, 2))]


def test_a_set_of_one_ship_draws_nothing_and_an_empty_set_does_nothing():
    one = explicit(ships={"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}})
    one.play("order stray_shells")
    assert not one.is_chance_node
    assert tracks(one, "red-destroyer") == [(3, 2)]
    # near miss: the other ships within 1 of the target with 2 repairs or
    # more (the target is 0 boxes from itself): the red submarine alone
    alone = explicit()
    alone.play("order near_miss red-submarine")
    assert not alone.is_chance_node
    assert logged(alone, "damage", "ship") == ["red-submarine"]
    # with 1 repair it is not one either: no ship, nothing done
    none = explicit(ships={**BASE["ships"], "red-submarine": {"at": "h6", "repairs": 1}})
    none.play("order near_miss red-submarine")
    assert not none.is_chance_node
    assert logged(none, "damage", "ship") == []


def test_a_random_pick_reads_its_set_with_the_target():
    """Near miss: 2 damage to a random other ship within 1 of the target
    with 2 repairs or more: of the red destroyer at e3, the blue destroyer
    (d4) and the destroyer itself; the carrier at c5 is 2 boxes away."""
    g = explicit()
    g.play("order near_miss red-destroyer")
    assert g.chance_outcomes() == [("pick blue-destroyer", F(1, 2)),
                                   ("pick red-destroyer", F(1, 2))]
    g.play("pick blue-destroyer")
    assert tracks(g, "blue-destroyer", "red-destroyer") == [(1, 3), (3, 3)]


def test_a_maneuvers_random_pick_in_sight():
    """Flak: 1 damage to a random enemy ship in the visual field: the red
    destroyer and the red carrier, not the red submarine out of sight."""
    g = explicit(ships={**BASE["ships"], "red-submarine": {"at": "h6"}})
    g.play("flak")
    assert g.chance_outcomes() == [("pick red-aircraft_carrier", F(1, 2)),
                                   ("pick red-destroyer", F(1, 2))]


def test_a_trigger_draws_its_own_ship():
    """Jinx: at the end of the jinxed ship's player's turn, 1 damage to a
    random other friendly ship of it: a chance node in the turn's end."""
    g = explicit()
    g.play("order jinx red-destroyer")
    g.play("end")  # blue's turn: the red destroyer's trigger waits for its own
    assert not g.is_chance_node and g.to_move == "red-destroyer"
    g.play("end")
    assert g.is_chance_node
    assert g.chance_outcomes() == [("pick red-aircraft_carrier", F(1, 2)),
                                   ("pick red-submarine", F(1, 2))]
    g.play("pick red-submarine")
    assert tracks(g, "red-submarine", "red-destroyer") == [(2, 3), (3, 3)]


def test_anything_but_a_listed_pick_is_refused_at_the_node():
    g = explicit()
    g.play("order stray_shells")
    before = g.to_json()
    for move in ("pick blue-destroyer", "pick nobody", "end"):
        with pytest.raises(rc.IllegalMove):
            g.play(move)
    assert g.to_json() == before


# ------------------------------------------------------------------ sampled chance


def test_sampled_picks_are_the_seeds_and_each_its_own():
    """With the seeded RNG the three picks are drawn one by one: the same
    seed hits the same ships; over seeds every enemy ship is hit, and some
    seed hits two different ships with one card."""
    hit = []
    for seed in range(12):
        g = game(seed=seed)
        g.play("order stray_shells")
        ships = logged(g, "damage", "ship")
        assert len(ships) == 3
        again = game(seed=seed)
        again.play("order stray_shells")
        assert logged(again, "damage", "ship") == ships
        hit.append(ships)
    assert {s for ships in hit for s in ships} == {"red-destroyer", "red-aircraft_carrier",
                                                   "red-submarine"}
    assert any(len(set(ships)) > 1 for ships in hit)


def test_a_sampled_pick_replays_and_saves_the_same():
    g = game(seed=5)
    g.play("order stray_shells")
    assert rc.Game.from_replay(g.replay()) == g
    back = rc.Game.from_json(g.to_json())
    assert back == g and back.log == g.log


# ------------------------------------------------------------------ saves, resamples, bots


def test_a_game_at_a_ship_pick_round_trips():
    g = explicit()
    g.play("order stray_shells")
    g.play("pick red-destroyer")
    for other in (rc.Game.from_json(g.to_json()), rc.Game.from_replay(g.replay()), g.clone()):
        assert other == g and other.chance_outcomes() == g.chance_outcomes()
        other.play("pick red-submarine")
    assert json.loads(g.to_json())["chance_node"] == {
        "setup": False, "move": "order stray_shells", "outcomes": ["pick red-destroyer"]}


def test_a_resample_at_a_ship_pick_asks_the_same_ships():
    """D7.11: the board is public, so a resample at a pick asks the same
    ships, and plays on as a game of its own."""
    g = explicit()
    g.play("order stray_shells")
    g.play("pick red-destroyer")
    other = g.resample("red-destroyer", 3)
    assert other.is_chance_node and other.chance_outcomes() == g.chance_outcomes()
    other.play("pick red-aircraft_carrier")
    other.play("pick red-aircraft_carrier")
    assert tracks(other, "red-destroyer", "red-aircraft_carrier") == [(2, 3), (1, 3)]
    assert tracks(g, "red-aircraft_carrier") == [(3, 3)]


def test_the_greedy_bot_weighs_a_pick_without_drawing():
    """The greedy bot reads a random pick's every ship, each by its chance,
    and draws nothing: choosing leaves the game as it was."""
    for g in (game(seed=1), explicit()):
        before = g.to_json()
        GreedyBot(0).choose(g)
        assert g.to_json() == before
    g = game()
    reasons = GreedyBot(0).reasons(g, g.move_of("order stray_shells"))
    # three effects, each 1 damage to one of three enemy ships: a third each
    assert [(r.ship, round(r.value, 3)) for r in reasons if r.ship] == [
        (ship, 0.333) for ship in ("red-destroyer", "red-aircraft_carrier",
                                   "red-submarine")] * 3


@pytest.mark.parametrize("seed", [0, 1])
def test_bots_play_random_picks_in_explicit_games(seed):
    """The greedy bot (blue) and ISMCTS (red, its searches resampling at
    chance nodes and playing blue's picks) play on from hands of random
    picks; the chance player's picks are played as the game asks them."""
    g = explicit(seed=seed, hands={"blue-submarine": ["stray_shells", "near_miss"],
                                   "red-destroyer": ["jinx"]})
    play_bots(g, seed)
    ships = {f"pick {s}" for s in g.ships}
    assert any(m in ships for m in g.moves)


def test_the_chance_player_takes_a_pick_in_action_words():
    g = explicit()
    g.play("order stray_shells")
    space = ActionSpace.for_game(g)
    assert space.legal_actions(g) == [space.id("pick")]
    assert space.legal_actions(g, (space.id("pick"),)) == sorted(
        space.id(o.split()[1]) for o in ENEMIES)
    assert space.step(g, (space.id("pick"),), space.id("red-submarine")) is None
    assert logged(g, "damage", "ship") == ["red-submarine"]


def test_random_games_with_random_picks_keep_every_invariant(tmp_path):
    failure, usage = fuzz_cards(card_fuzz_rules("en", [CARDS]), games=1, seed=16, out=tmp_path)
    assert failure is None
    assert usage.unused() == []


# ------------------------------------------------------------------ words


@pytest.mark.parametrize("lang, text", [
    ("en", "1 repair damage to an enemy ship at random, 3 times."),
    ("es", "-1 reparación a un barco enemigo al azar, 3 veces."),
    ("it", "-1 riparazione a una nave nemica a caso, 3 volte."),
])
def test_a_random_pick_is_said_in_each_language(lang, text):
    rules = rc.load_ruleset("en", extra=[CARDS])
    assert card_text(rules, "stray_shells", lang).startswith(text)


def test_a_random_player_is_not_a_word():
    error = dsl_refusal("order x { copies 1  effect draw 1 to a random enemy player }")
    assert error.line == 1 and "player" in error.reason
