"""The box a ship left (docs/dsl.md, "Geometry"; D2.17): `box left by
SUBJECT` names the box the ship's last move or jump left, where a token
effect acts (`place_token wake_mine on box left by self`). The card file is
tests/data/box_left.rc; cards/examples/geometry_wake_mine.rc is played in
the cookbook."""

import json
from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import card_text, status_text

from conftest import OPEN_BOARD, ROOT, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "box_left.rc")
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "b2"}},
        "turn": "blue-submarine", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def tokens(g: rc.Game) -> list[tuple[str, str]]:
    return [(t["token"], t["at"]) for t in g.tokens]


def test_a_wake_mine_is_laid_on_the_box_the_ship_left():
    """D2.17: the submarine moves c3 to d3 and the mine lies on c3, behind it;
    the red destroyer entering c3 then takes its 2 damage."""
    g = game()
    g.play("lay_wake_mine d3")
    pass_all(g)
    assert g.ship("blue-submarine").left == "c3"
    assert tokens(g) == [("wake_mine", "c3")]
    g.play("end")
    g.play("movement c3")
    assert (g.ship("red-destroyer").repairs, tokens(g)) == (1, [])


def test_a_move_lost_as_it_resolves_leaves_no_box():
    """D4.10: the red destroyer cuts onto d3 first; the submarine stays on
    c3 and left no box, so the mine is laid nowhere."""
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "e3"}},
             hands={"red-destroyer": ["cut_across"]})
    g.play("lay_wake_mine d3")
    g.play("order cut_across d3")
    pass_all(g)
    assert (g.ship("blue-submarine").position, g.ship("blue-submarine").left) == ("c3", None)
    assert tokens(g) == []


def test_an_order_sweeps_the_box_another_ship_left():
    g = game(ships={**BASE["ships"], "blue-submarine": {"at": "d3", "left": "c3"}},
             tokens=[{"token": "wake_mine", "at": "c3", "owner": "blue-submarine"},
                     {"token": "wake_mine", "at": "e3", "owner": "blue-submarine"}],
             turn="red-destroyer", hands={"red-destroyer": ["sweep_wake"]})
    g.play("order sweep_wake blue-submarine")
    assert tokens(g) == [("wake_mine", "e3")]


def test_a_ship_that_never_moved_left_no_box():
    g = game(turn="red-destroyer", hands={"red-destroyer": ["sweep_wake"]},
             tokens=[{"token": "wake_mine", "at": "c3", "owner": "blue-submarine"}])
    g.play("order sweep_wake blue-submarine")
    assert tokens(g) == [("wake_mine", "c3")]


def test_a_trigger_lays_a_trail_behind_every_move():
    """`when enters of self` of a status: each move of its ship leaves a mine
    on the box it left (a triggered effect reads the box too)."""
    g = game(ships={**BASE["ships"], "blue-submarine": {"at": "c3", "trail_layer": True}})
    g.play("movement d4")
    assert tokens(g) == [("wake_mine", "c3")]


def test_a_jump_leaves_its_box_too(tmp_path):
    """D4.11: a jump ends a move on its box, and left the box it jumped from."""
    path = tmp_path / "hop.rc"
    path.write_text("order hop { copies 0  respondable  target free box within 3\n"
                    "  effect jump to target }\n")
    g = game(extra=[CARDS, str(path)], hands={"blue-submarine": ["hop"]})
    g.play("order hop f5")
    pass_all(g)
    assert (g.ship("blue-submarine").position, g.ship("blue-submarine").left) == ("f5", "c3")


def test_the_box_left_is_in_saves_and_scenarios():
    g = game()
    g.play("lay_wake_mine d3")
    pass_all(g)
    assert [s["left"] for s in json.loads(g.to_json())["state"]["ships"]] == [
        g.engine.board.index("c3"), None]
    assert rc.Game.from_json(g.to_json()) == g
    again = rc.Game.from_scenario(g.to_scenario())
    assert again.ship("blue-submarine").left == "c3" and again.ship("red-destroyer").left is None


def test_a_scenario_box_left_on_an_island_is_refused():
    board = "\n".join(["..#....."] + ["........"] * 5)
    with pytest.raises(rc.ScenarioError) as info:
        game(board=board, ships={**BASE["ships"], "blue-submarine": {"at": "c3", "left": "c1"}})
    assert info.value.field == "ships.blue-submarine.left"


def test_the_text_says_the_box_the_ship_left_in_three_languages():
    said = {lang: card_text(load_ruleset(lang, [CARDS]), "lay_wake_mine", lang)
            for lang in ("en", "es", "it")}
    assert said["en"].startswith("Your ship moves 1 box; place a wake mine token on the box "
                                 "your ship left.")
    assert said["es"].startswith("Tu barco se mueve 1 casilla y coloca una ficha de mina de "
                                 "estela en la casilla que dejó tu barco.")
    assert said["it"].startswith("La tua nave si muove di 1 casella e piazza un segnalino "
                                 "mina di scia sulla casella lasciata dalla tua nave.")
    assert status_text(load_ruleset("en", [CARDS]), "trail_layer", "en").endswith(
        "place a wake mine token on the box this ship left.")


@pytest.mark.parametrize("text, words", [
    ("order o {\n  copies 1\n  effect damage 1 to box left by self\n}\n",
     "effect 'damage' cannot act on 'box left by self'"),
    ("token t { mark \"t\" }\norder o {\n  copies 1\n"
     "  effect place_token t on box left by it\n}\n",
     "'box left by' names the box a ship left: write self, target, source, not 'it'"),
    ("token t { mark \"t\" }\norder o {\n  copies 1\n"
     "  effect place_token t on box left by target\n}\n",
     "target"),
])
def test_a_wrong_box_left_is_named_with_its_file_and_line(text, words):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "w.rc")
    assert info.value.file == "w.rc" and info.value.line in (3, 4)
    assert words in str(info.value)


def test_a_token_trigger_cannot_name_the_box_its_self_left():
    """In a token's trigger `self` is the token, which never moves."""
    with pytest.raises(rc.DslError, match="a token is not a ship"):
        rc.load_source("token t {\n  mark \"t\"\n  when enters {\n"
                       "    effect place_token t on box left by self }\n}\n", "w.rc")


def test_rules_that_never_read_it_keep_no_box_left():
    """The printed games: their states, scenarios and views as they were."""
    g = rc.new_game(rc.load_ruleset("en"), seed=7, placement="fixed")
    g.play("movement b3")
    assert g.ship("blue-submarine").left is None and "left:" not in g.to_scenario()
