"""Lines from a ship (docs/dsl.md, "Geometry"; D2.10): `each WORD… ship in
line|row|column|diagonal within N [of SUBJECT|BOX]` is the ships on the
straight lines from that ship or box, at most N boxes along each, a line
stopped by an island and never by a ship. The card file is
tests/data/geometry.rc; cards/examples/geometry_broadside.rc is played in the
cookbook."""

import random
from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "geometry.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-destroyer": {"at": "c3"}, "blue-submarine": {"at": "b3"},
                  "blue-aircraft_carrier": {"at": "a6"}, "red-submarine": {"at": "f3"},
                  "red-destroyer": {"at": "c5"}, "red-aircraft_carrier": {"at": "g3"}},
        "turn": "blue-destroyer", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def repairs(g: rc.Game) -> dict[str, int]:
    return {ship: g.ship(ship).repairs for ship in g.ships}


def hit(before: dict[str, int], g: rc.Game) -> list[str]:
    """The ships that lost repairs since ``before``."""
    return sorted(s for s, n in repairs(g).items() if n < before[s])


def played(move: str, **fields) -> list[str]:
    g = game(**fields)
    before = repairs(g)
    g.play(move)
    pass_all(g)
    return hit(before, g)


def test_a_row_reaches_the_enemy_ships_across_within_n_past_any_ship():
    """D2.10: the friendly submarine on b3 does not stop the row; the carrier
    on g3 is 4 boxes away; the destroyer on c5 is in the column."""
    assert played("broadside") == ["red-submarine"]


def test_an_island_stops_a_line():
    board = "\n".join(["........"] * 2 + ["....#..."] + ["........"] * 3)
    assert played("broadside", board=board) == []


def test_a_column_reaches_both_ways_and_both_sides():
    ships = {**BASE["ships"], "blue-submarine": {"at": "c1"}, "red-destroyer": {"at": "c5"},
             "red-aircraft_carrier": {"at": "c6"}}
    assert played("plunge", ships=ships) == ["blue-submarine", "red-destroyer"]


def test_diagonals_reach_the_four_corners_only():
    ships = {**BASE["ships"], "red-submarine": {"at": "a1"}, "red-destroyer": {"at": "e5"},
             "red-aircraft_carrier": {"at": "d3"}}
    assert played("raking_fire", ships=ships) == ["red-destroyer", "red-submarine"]


def test_lines_count_from_the_subject_within_names():
    """`in line within 2 of target`: the 8 lines from the target, the target
    itself not on them; the enemies are the card's player's."""
    g = game(hands={"blue-destroyer": ["star_shell"]},
             ships={**BASE["ships"], "red-submarine": {"at": "e5"},
                    "red-destroyer": {"at": "e3"}, "red-aircraft_carrier": {"at": "h6"}})
    before = {s: g.ship(s).reserve for s in g.ships}
    g.play("order star_shell red-destroyer")
    assert sorted(s for s in g.ships if g.ship(s).reserve < before[s]) == ["red-submarine"]


def test_lines_from_a_box():
    g = game(hands={"blue-destroyer": ["shore_battery"]},
             ships={**BASE["ships"], "blue-submarine": {"at": "a4"},
                    "red-submarine": {"at": "h4"}, "red-destroyer": {"at": "d5"}})
    before = repairs(g)
    g.play("order shore_battery")
    assert hit(before, g) == ["blue-submarine", "red-submarine"]


def test_lines_from_a_ship_off_the_board_reach_nobody():
    """D9.3: a ship off the board is nowhere, so it has no lines."""
    rules = load_ruleset("en", extra=[CARDS])
    g = game()
    g.play("broadside")
    ship = g.ship_state("blue-destroyer")
    sel = rules.card("broadside").effects[0].selector
    ship.position = None
    assert sel.seats(g.engine, g.state.stack[-1]) == []


@pytest.mark.parametrize("words, line, column, reason", [
    ("each enemy ship in row", 1, 40,
     "'in row' names straight lines from one ship or box: say how far with 'within N "
     "[of SUBJECT|BOX]' ('each enemy ship in row within 3') (D2.10)"),
    ("each enemy ship in diagonal within 2 of a friendly ship", 1, 40,
     "'in diagonal' names straight lines from one ship or box: say how far with 'within N "
     "[of SUBJECT|BOX]' ('each enemy ship in diagonal within 3') (D2.10)"),
    ("each enemy ship in rows within 2", 1, 59, "unexpected 'rows'; expected 'area', "
     "'column', 'diagonal', 'line', 'row' or 'sight'"),
])
def test_a_line_written_wrong_is_refused_where_it_is(words, line, column, reason):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(f"order x {{ copies 0  effect damage 1 to {words} }}\n", "v.rc")
    err = info.value
    assert (err.file, err.reason, err.line, err.column) == ("v.rc", reason, line, column)


@pytest.mark.parametrize("lang, text", [
    ("en", "1 repair damage to every enemy ship in the row of your ship within 3 boxes. "
           "No target. Can be responded to."),
    ("es", "-1 reparación a cada barco enemigo en la fila de tu barco a distancia 3 como "
           "máximo. Sin objetivo. Admite respuesta."),
    ("it", "-1 riparazione a ogni nave nemica nella fila della tua nave a distanza 3 al "
           "massimo. Senza bersaglio. Ammette risposta."),
])
def test_a_row_s_text(lang, text):
    assert card_text(load_ruleset(lang, extra=[CARDS]), "broadside", lang) == text


@pytest.mark.parametrize("card, text", [
    ("star_shell", "cada barco enemigo en las líneas desde el objetivo a distancia 2"),
    ("shore_battery", "cada barco en la fila de d4 a distancia 8"),
    ("raking_fire", "cada barco enemigo en las diagonales desde tu barco a distancia 2"),
])
def test_lines_from_a_subject_or_a_box_are_said_from_it(card, text):
    assert text in card_text(load_ruleset("es", extra=[CARDS]), card, "es")


# ------------------------------------------------------------------ the box a ship is on


def damage_of(card: str, target: str, **fields) -> int:
    """The repairs ``target`` lost to the order card ``card``."""
    g = game(hands={"blue-destroyer": [card]}, **fields)
    before = g.ship(target).repairs
    g.play(f"order {card} {target}")
    return before - g.ship(target).repairs


def at(**boxes) -> dict:
    return {"ships": {**BASE["ships"], **{s.replace("_", "-", 1): {"at": b}
                                           for s, b in boxes.items()}}}


@pytest.mark.parametrize("box, lost", [("b2", 2), ("a1", 2), ("c3", 0), ("g5", 0)])
def test_a_ship_on_its_side_s_start_card(box, lost):
    """D2.11: `friendly start` is the card's side's start card (D2.7)."""
    assert damage_of("home_waters", "red-submarine", **at(blue_destroyer=box)) == lost


@pytest.mark.parametrize("box, lost", [("h6", 1), ("e3", 1), ("b2", 0), ("f3", 0)])
def test_a_target_on_running_water_or_on_the_enemy_start_card(box, lost):
    board = "\n".join(["........"] * 2 + ["....~..."] + ["........"] * 3)
    assert damage_of("caught_in_the_current", "red-submarine", board=board,
                     **at(red_submarine=box)) == lost


def test_open_water_is_neither_running_water_nor_an_island():
    board = "\n".join(["........"] * 2 + ["....~..."] + ["........"] * 3)
    assert [damage_of("open_sea_gunnery", "red-submarine", board=board,
                      **at(red_submarine=box)) for box in ("e3", "f3")] == [1, 0]


def test_a_while_reads_the_box_its_ship_is_on():
    """The status lasts only while its ship is off every start card: it ends
    when the ship sails onto one."""
    g = game(hands={"blue-destroyer": ["long_patrol"]}, **at(blue_destroyer="c3"))
    g.play("order long_patrol")
    assert g.ship("blue-destroyer").statuses == ("far_from_home",)
    g.play("movement b2")
    pass_all(g)
    assert (g.ship("blue-destroyer").position, g.ship("blue-destroyer").statuses) == ("b2", ())


@pytest.mark.parametrize("cond, column, reason", [
    ("box of you is start", 48,
     "'box of you' names no box: a box is a ship's, write self, target, source or it"),
    ("box of self is frendly start", 63,
     "'frendly' does not describe the box a ship is on: a box test takes open, running, "
     "start, edge, friendly, enemy"),
    ("box of self is friendly", 63,
     "a side's box is its start card: write 'friendly start' or 'enemy start', one of them"),
    ("box of self is friendly enemy start", 63,
     "a side's box is its start card: write 'friendly start' or 'enemy start', one of them"),
])
def test_a_box_test_written_wrong_is_refused_where_it_is(cond, column, reason):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(f"order x {{ copies 0  effect damage 1 to self if {cond} }}\n", "v.rc")
    err = info.value
    assert (err.file, err.reason, err.line, err.column) == ("v.rc", reason, 1, column)


def test_a_box_test_reads_only_what_the_card_has():
    """`usable if` is read before a target is chosen: it cannot read its box."""
    with pytest.raises(rc.DslError) as info:
        rc.load_source("order x { copies 0  target ship  usable if box of target is start\n"
                       "  effect damage 1 to target }\n", "v.rc")
    assert "target" in info.value.reason


@pytest.mark.parametrize("lang, card, text", [
    ("en", "home_waters", "2 repair damage to the target if your ship is on the start card "
                          "of your side."),
    ("es", "home_waters", "-2 reparaciones al objetivo si tu barco está en la carta inicial "
                          "de tu bando."),
    ("it", "home_waters", "-2 riparazioni al bersaglio se la tua nave è sulla carta iniziale "
                          "della tua squadra."),
    ("en", "caught_in_the_current", "1 repair damage to the target if it is on running water "
                                    "or it is on the start card of the enemy side."),
    ("es", "open_sea_gunnery", "-1 reparación al objetivo si no está en agua abierta."),
    ("it", "open_sea_gunnery", "-1 riparazione al bersaglio se non è in acqua libera."),
])
def test_a_box_test_s_text(lang, card, text):
    assert card_text(load_ruleset(lang, extra=[CARDS]), card, lang).startswith(text)


# ------------------------------------------------------------------ sight over islands

ISLAND_D3 = "\n".join(["........"] * 2 + ["...#...."] + ["........"] * 3)


def carrier(**ships) -> rc.Game:
    return game(board=ISLAND_D3, turn="blue-aircraft_carrier",
                ships={"blue-aircraft_carrier": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                       "blue-submarine": {"at": "a6"}, "red-submarine": {"at": "h6"},
                       **{s.replace("_", "-", 1): {"at": b} for s, b in ships.items()}})


def test_a_card_that_sees_over_islands_targets_past_one():
    """D2.12: the island on d3 cuts the torpedo's line, not the plane's."""
    g = carrier()
    assert "spotter_plane red-destroyer" in g.legal_moves()
    assert "torpedo red-destroyer" not in g.legal_moves()
    g.play("spotter_plane red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").repairs == 2


def test_sight_over_islands_still_stops_behind_an_enemy_ship_and_at_its_range():
    """R4.3 as ever but for islands: the submarine on d2 hides the destroyer
    behind it on e1; the one on g3 is 4 boxes away. (Its own ship is always a
    target, R4.2.)"""
    own = "spotter_plane blue-aircraft_carrier"
    g = carrier(red_submarine="d2", red_destroyer="e1")
    assert [m for m in g.legal_moves() if m.startswith("spotter_plane")] == \
        [own, "spotter_plane red-submarine"]
    g = carrier(red_destroyer="g3")
    assert [m for m in g.legal_moves() if m.startswith("spotter_plane")] == [own]


def test_a_card_that_does_not_see_over_islands_is_explained_by_its_sight():
    assert carrier().explain("torpedo red-destroyer") == \
        "red-destroyer is not in the visual field of blue-aircraft_carrier within range 2 (R4.3)"


@pytest.mark.parametrize("card, column, reason", [
    ("order x { copies 0  over islands  effect damage 1 to self }", 21,
     "order cards have no 'over islands': they ignore range and cannot be responded to "
     "(R7.3)"),
    ("maneuver x { cost 1  over islands  effect damage 1 to self }", 22,
     "maneuver 'x' has no range to see over islands with: write 'range N over islands' "
     "(D2.12)"),
])
def test_sight_over_islands_written_wrong_is_refused_where_it_is(card, column, reason):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(card + "\n", "v.rc")
    err = info.value
    assert (err.file, err.reason, err.line, err.column) == ("v.rc", reason, 1, column)


@pytest.mark.parametrize("lang, text", [
    ("en", "1 repair damage to the target. Range 3, over islands. Can be responded to."),
    ("es", "-1 reparación al objetivo. Distancia 3, por encima de los islotes. Admite "
           "respuesta."),
    ("it", "-1 riparazione al bersaglio. Distanza 3, sopra le isole. Ammette risposta."),
])
def test_sight_over_islands_text(lang, text):
    assert card_text(load_ruleset(lang, extra=[CARDS]), "spotter_plane", lang) == text


# ------------------------------------------------------------------ in every place, and at random


def test_an_aura_reaches_along_a_row(tmp_path):
    """Lines in a continuous effect's affected set (D2.10, D9.7): the
    destroyer's signals give +1 range to the friendly ships in its row only."""
    path = tmp_path / "signals.rc"
    path.write_text("status row_signals { permanent  affects each friendly other ship in row "
                    "within 3 of self  modify range +1 }\n"
                    "patch ship destroyer { ability row_signals }\n")
    g = game(extra=[CARDS, str(path)], turn="blue-submarine",
             ships={"blue-destroyer": {"at": "a3"}, "blue-submarine": {"at": "c3"},
                    "red-submarine": {"at": "f3"}, "red-destroyer": {"at": "h6"}})
    assert "torpedo red-submarine" in g.legal_moves()   # 3 boxes: range 2 + 1
    g = game(extra=[CARDS, str(path)], turn="blue-submarine",
             ships={"blue-destroyer": {"at": "a4"}, "blue-submarine": {"at": "c3"},
                    "red-submarine": {"at": "f3"}, "red-destroyer": {"at": "h6"}})
    assert "torpedo red-submarine" not in g.legal_moves()


def test_an_aura_reaches_along_lines_only_and_says_so():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("status s { permanent  affects each ship in sight within 3  "
                       "modify range +1 }\n", "v.rc")
    assert (info.value.reason, info.value.column) == (
        "an aura reaches along lines from its ship ('in row within 2'), not 'in sight'", 44)
    from redcode_rules.text.cards import status_text
    rules = rc.load_source("status row_signals { permanent  affects each friendly other ship "
                           "in row within 3 of self  modify range +1 }\n", "v.rc")
    assert status_text(rules, "row_signals", "en").endswith(
        "for every other ship friendly to this ship in the row of this ship within 3 boxes, "
        "its maneuvers' range is 1 more.")


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_lines_box_tests_and_sight_over_islands_keep_every_invariant(seed):
    """Random games on the printed maps (islands, running water, start cards)
    with the geometry cards: after every move the state is one the validator
    accepts and the game has a legal move; a save reads back the same."""
    from redcode_rules.engine.invariants import game_problems
    from redcode_rules.engine.validate import check_state

    g = rc.new_game(load_ruleset("en", extra=[CARDS]), seed=seed)
    rnd = random.Random(seed)
    for _ in range(300):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_moves()))
        assert game_problems(g) == []
        assert list(check_state(g.state, g.rules, g.board)) == []
    assert rc.Game.from_json(g.to_json()).state == g.state
