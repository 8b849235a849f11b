"""The values of the card language (docs/dsl.md, "Values"; docs/design.md,
"Numbers"): every number of a ship, of the game and of what happened that a
card may read. A ship's crew withdrawn and on its maneuvers, the size of
its tracks, its hull; the deck and the discards; tallies of the log over a
turn or the game (D9.6); what the card's last damage dealt; a written
factor. Each is played from a scenario with exact values; the card file is
tests/data/values.rc, and cards/examples/values_vengeance.rc is played in
the cookbook."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.rules.exprs import Measure, Quantity, Scope, Subject
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "values.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "a1"}, "red-submarine": {"at": "h6"}},
        "turn": "blue-submarine", "phase": "maneuvers", "deck": ["ambush", "evasion"]}
game = partial(scenario_game, BASE)


def with_ships(hand: str, **ships) -> rc.Game:
    """The base game, the submarine holding ``hand``, some ships changed."""
    return game(ships={**BASE["ships"], **ships}, hands={"blue-submarine": [hand]})


def tracks(g: rc.Game, ship: str) -> tuple[int, int]:
    view = g.ship(ship)
    return view.repairs, view.breakdowns


# ------------------------------------------------------------------ a ship's numbers


def test_crew_withdrawn_reads_the_withdrawn_pile_alone():
    """2 withdrawn, 2 on torpedo, 2 in reserve: 2 damage (R3.5), not the 4 out."""
    g = with_ships("withdrawn_shot", **{"blue-submarine": {
        "at": "c3", "reserve": 2, "withdrawn": 2, "crew_on": {"heavy_torpedo": 2}}})
    g.play("order withdrawn_shot red-destroyer")
    assert tracks(g, "red-destroyer") == (1, 3)


def test_crew_on_maneuvers_and_on_one_maneuver():
    ship = {"at": "c3", "reserve": 1, "withdrawn": 2,
            "crew_on": {"heavy_torpedo": 2, "immersion": 1}}
    g = with_ships("crewed_shot", **{"blue-submarine": ship})
    g.play("order crewed_shot red-destroyer")
    assert tracks(g, "red-destroyer") == (3, 2)  # 3 on maneuvers: a breakdown turned
    g = with_ships("torpedo_crews", **{"blue-destroyer": {"at": "a1", "crew_on": {"torpedo": 2}},
                                       "blue-submarine": ship})
    g.play("order torpedo_crews red-destroyer")
    assert tracks(g, "red-destroyer") == (3, 3)  # the submarine has no torpedo: 0


def test_hull_is_the_repair_damage_a_ship_can_still_take():
    """R3.1: 2 repairs and 1 breakdown of a 3-repair track hold 5 damage;
    one less leaves it afloat with 1 repair."""
    g = with_ships("scuttle", **{"red-destroyer": {"at": "e3", "repairs": 2, "breakdowns": 1}})
    g.play("order scuttle red-destroyer")
    assert tracks(g, "red-destroyer") == (1, 0)


def test_track_sizes_read_the_ship_type():
    g = with_ships("refit", **{"blue-submarine": {"at": "c3", "repairs": 1, "breakdowns": 1}})
    g.play("order refit")
    assert tracks(g, "blue-submarine") == (3, 3)  # regains up to the tracks (R3.4)
    g = with_ships("muster")
    g.play("order muster red-destroyer")
    assert tracks(g, "red-destroyer") == (3, 1)  # 6 crew: 6 damage


def test_the_deck_and_the_discards_are_counted():
    g = game(hands={"blue-submarine": ["deck_count"]}, deck=["ambush", "evasion", "ambush"])
    g.play("order deck_count red-destroyer")
    assert tracks(g, "red-destroyer") == (3, 2)
    g = game(hands={"blue-submarine": ["discard_count"]}, discard=["ambush", "evasion"])
    g.play("order discard_count red-destroyer")  # played, the card is on the discards too
    assert tracks(g, "red-destroyer") == (3, 2)


def test_a_written_factor_multiplies_a_quantity():
    g = with_ships("broadside", **{"red-destroyer": {"at": "e3", "repairs": 3, "breakdowns": 1}})
    g.play("order broadside red-destroyer")
    assert tracks(g, "red-destroyer") == (3, 0)  # 3 * 1 breakdown = 3 damage


def test_a_ship_off_the_board_reads_0_of_its_new_numbers():
    """D9.3: the sunk destroyer's hull, withdrawn crew and tracks are 0."""
    g = game(ships={**BASE["ships"], "blue-destroyer": {"sunk": True}})
    eng = g.engine
    for q in (Quantity.HULL, Quantity.WITHDRAWN, Quantity.CREW_ON, Quantity.REPAIRS_TRACK):
        assert Measure(q, Subject.TARGET).value(eng.queries, Scope(0, target=2)) == 0


# ------------------------------------------------------------------ tallies (D9.6)


def test_maneuvers_used_this_turn_count_the_turn_being_played():
    g = game(hands={"blue-submarine": ["combo"]})
    g.play("heavy_torpedo red-destroyer")
    pass_all(g)
    g.play("order combo red-destroyer")
    assert tracks(g, "red-destroyer") == (3, 2)  # 2 of the torpedo, 1 of combo
    assert len(g.hand("blue-submarine")) == 0    # one order used this game: no draw


def test_a_turn_without_a_maneuver_counts_none():
    g = game(hands={"blue-submarine": ["combo"]})
    g.play("order combo red-destroyer")
    assert tracks(g, "red-destroyer") == (3, 3)


def test_a_tally_over_the_game_counts_earlier_turns():
    """The submarine played an order a round ago and combo now: 2 orders this
    game, so combo draws; no maneuver this turn, so it does no damage."""
    g = game(hands={"blue-submarine": ["deck_count", "combo"]}, deck=["ambush"] * 4)
    g.play("order deck_count red-destroyer")
    for _ in range(4):
        g.play("end")
    assert g.to_move == "blue-submarine" and g.turn_number == 5
    g.play("order combo red-destroyer")
    assert g.hand("blue-submarine") == ["ambush"]
    assert tracks(g, "red-destroyer") == (2, 2)  # the 4 of deck_count only


def test_ships_sunk_and_lost_of_a_side():
    """The submarine sinks the red destroyer (1 sunk by blue this game); on
    red's turn after, red lost none this turn: reprisal does 1 damage."""
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "e3", "repairs": 1,
                                                          "breakdowns": 0}},
             hands={"blue-submarine": ["reprisal"]})
    g.play("heavy_torpedo red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").sunk
    g.play("order reprisal red-submarine")   # ships sunk of enemy: 0; lost of enemy this turn: 1
    assert tracks(g, "red-submarine") == (2, 3)


# ------------------------------------------------------------------ results


@pytest.mark.parametrize("repairs, breakdowns, regained", [
    (3, 3, 2),   # the 2 damage taken whole
    (1, 0, 1),   # the target had 1 repair to lose: it sinks, 1 dealt (D9.6)
])
def test_damage_dealt_is_what_the_target_took(repairs, breakdowns, regained):
    g = with_ships("siphon", **{
        "blue-submarine": {"at": "c3", "repairs": 1},
        "red-destroyer": {"at": "e3", "repairs": repairs, "breakdowns": breakdowns}})
    g.play("order siphon red-destroyer")
    assert g.ship("blue-submarine").repairs == 1 + regained


def test_damage_dealt_counts_after_the_target_s_changes(tmp_path):
    """D9.5 then D9.6: a target that takes 1 less damage gives 1 less back."""
    path = tmp_path / "armour.rc"
    path.write_text("status armoured { permanent  modify damage -1 }\n")
    g = game(extra=[CARDS, str(path)], hands={"blue-submarine": ["siphon"]},
             ships={**BASE["ships"], "blue-submarine": {"at": "c3", "repairs": 1},
                    "red-destroyer": {"at": "e3", "armoured": True}})
    g.play("order siphon red-destroyer")
    assert g.ship("blue-submarine").repairs == 2 and tracks(g, "red-destroyer") == (2, 3)


# ------------------------------------------------------------------ checks


@pytest.mark.parametrize("effect, line, column, reason", [
    ("damage (1 * hull of target) to target", 1, 49,
     "a factor is a number from 2 to 9, not 1 (write the quantity alone for 1)"),
    ("regain repair (damage dealt) to self", 1, 41,
     "order 'x': 'damage dealt' reads what an earlier damage effect of the same card or "
     "trigger did; none comes before 'regain'"),
    ("damage (cards in deck of target) to target", 1, 49,
     "'cards in deck' is the game's deck: it is of nobody"),
    ("damage (crew on torpido of self) to target", 1, 57,
     "'torpido' does not describe a maneuver of the card set"),
    ("damage (number of damagin maneuvers used by self this turn) to target", 1, 59,
     "'damagin' does not describe cards; a class's words are ranged, damaging, moving, "
     "own_ship"),
    ("damage (ships lost of it this game) to target", 1, 55,
     "'ships lost' is of a side: write 'of friendly' or 'of enemy' (or self, target, "
     "source: that ship's side)"),
    ("damage (ships lost of friendly) to target", 1, 71,
     "unexpected ')'; expected 'this'"),
])
def test_a_value_written_wrong_is_refused_where_it_is(effect, line, column, reason):
    err = dsl_refusal(f"order x {{ copies 0  target ship  effect {effect} }}\n")
    assert (err.reason, err.line, err.column) == (reason, line, column)


def test_damage_dealt_is_refused_where_it_is_read_before_the_card_resolves():
    err = dsl_refusal("order x {\n    copies 0\n    usable if damage dealt > 0\n"
                  "    effect damage 1 to self\n}\n")
    assert (err.line, err.column) == (3, 5)
    assert err.reason == ("order 'x': 'damage dealt' is known only as the card resolves, "
                          "after one of its damage effects; 'usable' is read before")


# ------------------------------------------------------------------ text


@pytest.mark.parametrize("lang, card, text", [
    ("en", "withdrawn_shot", "N repair damage to the target (N = the number of withdrawn crew "
     "of your ship)."),
    ("es", "reprisal", "-N reparaciones al objetivo (N = el número de barcos que el bando "
     "enemigo ha hundido en esta partida más el número de barcos que el bando enemigo ha "
     "perdido en este turno)."),
    ("it", "siphon", "-2 riparazioni al bersaglio e la tua nave recupera +N riparazioni (N = "
     "i danni appena inflitti)."),
    ("en", "combo", "1 repair damage to the target if the number of damaging maneuvers your "
     "ship has used this turn is at least 1; you draw 1 order card if the number of cards you "
     "have used this game is at least 2."),
    ("es", "broadside", "-N reparaciones al objetivo (N = 3 veces el número de averías del "
     "objetivo)."),
])
def test_values_are_said_in_three_languages(lang, card, text):
    said = card_text(load_ruleset("en", extra=[CARDS]), card, lang)
    assert said.startswith(text), said
