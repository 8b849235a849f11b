"""Straight moves (docs/dsl.md, "Geometry"; D2.16): `move N straight SUBJECT`
takes every voluntary step in one direction; running water's forced steps
go any way (R2.5). The card file is tests/data/straight.rc;
cards/examples/geometry_ram.rc is played in the cookbook."""

import json
from functools import partial

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.rules.effects import MoveShip, Selector
from redcode_rules.text.cards import card_text

from conftest import ROOT, goes_straight, pass_all, plain_moves, scenario_game, starting

CARDS = str(ROOT / "tests" / "data" / "straight.rc")
#: running water on e3 and f3, open water elsewhere
BOARD = "\n".join(["........"] * 2 + ["....~~.."] + ["........"] * 3)
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": BOARD,
        "ships": {"blue-destroyer": {"at": "c3"}, "red-destroyer": {"at": "h6"},
                  "blue-submarine": {"at": "a1"}, "red-submarine": {"at": "a6"}},
        "turn": "blue-destroyer", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def test_a_straight_move_lists_one_direction_per_path():
    """D2.16: from c3, 1 or 2 boxes along each of the 8 directions; east,
    the second step enters the running water of e3, which carries the ship
    on any way (R2.5)."""
    assert starting(game(), "ram") == [
        "ram b2", "ram b3", "ram b3 a3", "ram b4", "ram b4 a5", "ram c2",
        "ram c2 c1", "ram c4", "ram c4 c5", "ram d2", "ram d2 e1", "ram d3",
        "ram d3 e3 e2", "ram d3 e3 e4", "ram d3 e3 f2", "ram d3 e3 f3 g2",
        "ram d3 e3 f3 g3", "ram d3 e3 f3 g4", "ram d3 e3 f4", "ram d4", "ram d4 e5"]


def test_a_move_that_turns_is_refused_and_explained():
    g = game()
    assert g.explain("ram d3 d2") == (
        "d3 d2 turns: a straight move takes every voluntary step in one direction; only "
        "running water's forced steps go another way (D2.16)")
    with pytest.raises(rc.IllegalMove):
        g.play("ram d3 d2")
    assert g.ship("blue-destroyer").position == "c3"
    assert "d3 d2 gira" in game(edition="es").explain("ram d3 d2")


def test_after_running_water_the_next_step_keeps_the_direction():
    """D2.16 with R2.5: east to d3, then e3 (running water) carries the ship
    to f2 (or on through f3); its third step goes east again from there."""
    g = game(hands={"blue-destroyer": ["flank_speed"]})
    head = "order flank_speed blue-destroyer"
    assert starting(g, f"{head} d3") == [f"{head} {path}" for path in (
        "d3", "d3 e3 e2", "d3 e3 e4", "d3 e3 f2", "d3 e3 f2 g2", "d3 e3 f3 g2 h2",
        "d3 e3 f3 g3", "d3 e3 f3 g3 h3", "d3 e3 f3 g4", "d3 e3 f3 g4 h4", "d3 e3 f4")]
    assert g.explain(f"{head} d3 e3 f2 g1").startswith("d3 e3 f2 g1 turns")
    g.play(f"{head} d3 e3 f2 g2")
    assert g.ship("blue-destroyer").position == "g2"


def test_the_ram_hits_the_enemy_ships_alongside_where_it_stops():
    g = game(ships={**BASE["ships"], "red-submarine": {"at": "f4"}})
    g.play("ram d3 e3 e2")
    pass_all(g)
    assert (g.ship("blue-destroyer").position, g.ship("red-submarine").repairs) == ("e2", 3)
    g = game(ships={**BASE["ships"], "red-submarine": {"at": "f5"}})
    g.play("ram d3 e3 e4")
    pass_all(g)
    assert (g.ship("blue-destroyer").position, g.ship("red-submarine").repairs) == ("e4", 1)


def test_a_straight_move_is_checked_again_as_it_resolves():
    """D4.10: the red destroyer cuts across to e5 in answer to the ram
    declared to d4 e5: the ram's move is lost, its crew spent."""
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "f6"}},
             hands={"red-destroyer": ["cut_across"]})
    g.play("ram d4 e5")
    g.play("order cut_across e5")
    pass_all(g)
    assert g.ship("red-destroyer").position == "e5"
    assert g.ship("blue-destroyer").position == "c3"
    assert g.ship("blue-destroyer").crew_on("ram") == 2


def test_a_save_with_a_straight_move_on_the_stack_loads_and_a_turning_one_is_refused():
    g = game()
    g.play("ram d3 e3 f3 g2")
    again = rc.Game.from_json(g.to_json())
    assert again == g
    pass_all(again)
    assert again.ship("blue-destroyer").position == "g2"
    data = json.loads(g.to_json())
    data["state"]["stack"][0]["path"] = [g.engine.board.index(b) for b in ("d3", "d2")]
    with pytest.raises(rc.SaveError, match=r"d2 turns off the straight line \(D2\.16\)"):
        rc.Game.from_json(json.dumps(data))


def test_the_text_says_a_straight_line_in_three_languages():
    said = {lang: card_text(load_ruleset(lang, [CARDS]), "flank_speed", lang)
            for lang in ("en", "es", "it")}
    assert said["en"].startswith("The target moves up to 3 boxes in a straight line.")
    assert said["es"].startswith("El objetivo se mueve hasta 3 casillas en línea recta.")
    assert said["it"].startswith("Il bersaglio si muove fino a 3 caselle in linea retta.")


def test_a_printed_move_keeps_its_record():
    """Only a straight move records the word: a printed card's hash and text
    stay as they were."""
    assert MoveShip(Selector.SELF, amount=2).params() == {"amount": 2}
    assert MoveShip(Selector.SELF, amount=2, straight="straight").params() == \
        {"amount": 2, "straight": True}


def test_a_misspelt_word_is_named_with_its_file_and_line():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("order dash {\n  copies 1\n  effect move 2 stright self\n}\n", "d.rc")
    assert (info.value.file, info.value.line) == ("d.rc", 3)
    assert "straight" in str(info.value)


def test_a_move_with_a_word_too_many_says_what_it_takes():
    with pytest.raises(rc.DslError, match=r"takes 1 to 2 value\(s\): move AMOUNT \[straight\]"):
        rc.load_source("order dash {\n  copies 1\n  effect move 2 straight far self\n}\n",
                       "d.rc")


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), start=st.integers(0, 47), steps=st.integers(1, 3),
       ships=st.lists(st.integers(0, 47), max_size=6))
def test_straight_paths_equal_the_plain_search_filtered(seed, start, steps, ships):
    """The straight walk lists one path per outcome of the straight paths of
    the plain search (tests/conftest.py), and every one it lists goes one
    way and is checked legal by ``outcome_of``, straight and plain."""
    board = rc.new_game(rc.load_ruleset("en"), seed=seed).board
    assume(not board.is_island(start))
    occupied = sum({1 << s for s in ships}) & ~(1 << start)
    straight = board.straight_view()
    paths = straight.paths(start, steps, occupied)
    assert list(paths) == plain_moves(board, start, steps, occupied, straight=True)
    for text in paths:
        path = tuple(board.index(b) for b in text.split())
        assert goes_straight(board, start, path)
        assert straight.outcome_of(start, steps, occupied, path) is not None
        assert board.outcome_of(start, steps, occupied, path) is not None
