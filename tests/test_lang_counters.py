"""A status that stacks is a counter (D9.9): `number of NAME on SUBJECT`
reads its counts, `remove_status NAME N` takes N off, the status ending
with its last; played with exact values, saved and said in three languages."""

import pytest

import redcode_rules as rc
from redcode_rules.rules.exprs import Measure, Quantity, Scope, Subject

from conftest import OPEN_BOARD, card_file, dsl_refusal, scenario_game

CARDS = """\
status depth {
    permanent
    stacks 3
    untargetable by enemy damaging cards
    when turn_starts { effect remove_status depth 1 on self }
    name en "depth" es "profundidad" it "profondità"
    state en "deep" es "sumergido" it "immersa"
}
status tally {
    permanent
    stacks 9
    name en "tally" es "cuenta" it "conto"
    state en "tallied" es "contado" it "contata"
}
order dive {
    copies 1
    target self
    effect status depth on self; status depth on self
    name en "Deep dive" es "Inmersión profunda" (f) it "Immersione profonda" (f)
}
order sonar_ping {
    copies 1
    effect damage (number of depth on target) to target; status tally on target
    name en "Sonar ping" es "Pulso de sonar" it "Impulso sonar"
}
order surface {
    copies 1
    target self
    effect remove_status depth 2 on self; draw (number of tally on self)
    name en "Surface" es "Emerger" it "Emergere"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    return card_file(tmp_path, CARDS, "counters.rc")


def game(cards, turn="blue-submarine", **ships):
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 6, "turn": turn,
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "d4"}, **ships},
        "hands": {"blue-submarine": ["dive", "surface"], "red-destroyer": ["sonar_ping"]}})


def counts(g, ship="blue-submarine"):
    return {name: life.count for name, life in g.state.ships[
        [s.id for s in g.state.ships].index(ship)].statuses}


def test_a_counter_counts_up_and_one_comes_off_at_each_turn_start(cards):
    g = game(cards)
    g.play("order dive")
    assert counts(g) == {"depth": 2}
    g.play("end")  # red's turn: the submarine cannot be targeted by its ping
    assert not [m for m in g.legal_moves() if m.startswith("order sonar_ping blue")]
    g.play("end")  # blue's turn starts: 1 off
    assert counts(g) == {"depth": 1}
    assert g.narration("en")[-1] == "  The depth count of blue submarine is now 1."
    g.play("end")
    g.play("end")  # the last off: the status ends
    assert counts(g) == {}
    assert g.log[-1].kind == "status_end"


def test_taking_off_more_counts_than_it_holds_ends_it(cards):
    g = game(cards, **{"blue-submarine": {"at": "a1", "depth": {"count": 1}}})
    g.play("order surface")
    assert counts(g) == {}


def test_a_count_is_read_as_a_number_and_a_mark_counts_too(cards):
    """The ping deals the target's depth count (0: none) and leaves a tally;
    surface draws as many cards as its ship's tallies."""
    g = game(cards, "red-destroyer", **{"red-destroyer": {"at": "d4", "tally": {"count": 2}}})
    g.play("order sonar_ping red-destroyer")
    assert (g.ship("red-destroyer").repairs, counts(g, "red-destroyer")) == (3, {"tally": 3})
    g = game(cards, **{"blue-submarine": {"at": "a1", "depth": {"count": 3},
                                          "tally": {"count": 2}}})
    g.play("order surface")
    assert counts(g) == {"depth": 1, "tally": 2}
    assert g.hand("blue-submarine") == ["dive", "captain", "captain"]


def test_a_counter_survives_a_save(cards):
    g = game(cards)
    g.play("order dive")
    again = rc.Game.from_json(g.to_json())
    assert counts(again) == {"depth": 2}


def test_a_count_names_a_declared_status():
    err = dsl_refusal("order x {\n    copies 1\n    effect draw (number of dept on self)\n}\n"
                      "deck { keep size }\n")
    assert err.line == 3 and "'dept' does not describe a declared status" in err.reason


@pytest.mark.parametrize("lang, card, text", [
    ("en", "surface", "Your ship loses 2 from its depth count; you draw N order cards (N = "
                      "the tally count of your ship)."),
    ("es", "surface", "Tu barco pierde 2 de su contador de profundidad y robas N cartas de "
                      "órdenes (N = el contador de cuenta de tu barco)."),
    ("it", "surface", "La tua nave perde 2 dal suo contatore di profondità e peschi N carte "
                      "degli ordini (N = il contatore di conto della tua nave)."),
])
def test_a_counter_is_said_in_three_languages(cards, lang, card, text):
    said = rc.load_ruleset("en", extra=[cards]).text(card, lang)
    assert said.startswith(text), said


MORALE = """\
status morale {
    permanent
    stacks 9
    when turn_ends of friendly { effect draw 1 to self if number of morale on self >= 5 }
    name en "morale" es "moral" it "morale"
    state es "con moral" it "con morale"
}
patch ship destroyer { when turn_ends of self { effect status morale on you } }
order rally { copies 1  effect remove_status morale 3 on you; status morale on you }
deck { keep size }
"""


@pytest.fixture
def morale(tmp_path):
    return card_file(tmp_path, MORALE, "morale.rc")


def test_a_players_counter_given_by_a_ships_trigger_outlives_the_ship(morale):
    """The destroyer's trigger gives its player morale 'on you' (D9.8): the
    status is the player's, kept when the destroyer sinks (war)."""
    g = scenario_game({
        "edition": "en", "extra": [morale], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 6, "turn": "blue-destroyer",
        "ships": {"blue-destroyer": {"at": "a1", "repairs": 1, "breakdowns": 0},
                  "red-destroyer": {"at": "c1"}},
        "hands": {"red-destroyer": ["ambush"]}})
    g.play("end")
    assert counts(g, "blue-destroyer") == {"morale": 1}
    g.play("order ambush blue-destroyer")
    assert g.ship("blue-destroyer").sunk
    assert counts(g, "blue-destroyer") == {"morale": 1}


@pytest.mark.parametrize("lang, text", [
    ("en", "You lose 3 from your morale count; morale, while you are in the game"),
    ("es", "Pierdes 3 de tu contador de moral y moral, mientras sigas en la partida"),
    ("it", "Perdi 3 dal tuo contatore di morale e morale, finché resti in gioco"),
])
def test_a_players_counter_is_said_as_the_players(morale, lang, text):
    assert rc.load_ruleset("en", extra=[morale]).text("rally", lang).startswith(text)


def test_a_players_counter_is_read_while_its_ship_is_off_the_board(morale):
    """D9.8, D9.9: the morale stays with the player while its destroyer
    waits to return, and a card reads it there."""
    rules = rc.load_ruleset("en", extra=[morale])
    g = scenario_game({
        "edition": "en", "extra": [morale], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 6, "turn": "red-destroyer",
        "ships": {"blue-destroyer": {"at": None, "sunk": True, "morale": {"count": 5}},
                  "red-destroyer": {"at": "c1"}}})
    assert rules.statuses["morale"].player
    count = Measure(Quantity.COUNT, Subject.SELF, "morale")  # `number of morale on self`
    assert count.value(g._engine().queries, Scope(0)) == 5


@pytest.mark.parametrize("text, says", [
    ("status s { permanent  when turn_ends { effect draw 1 } }\n"
     "order o { copies 1  mode a { effect status s on you }  mode b { effect draw 1 } }\n"
     "order p { copies 1  target self  effect status s on self }\n",
     "order 'p' gives status 's' to a ship, and another gives it to a player"),
    ("status s { permanent  when turn_ends { effect draw 1 } }\n"
     "order o { copies 1  effect give 1 owner to target }\n",
     "by must be one of player, random, not 'owner'"),
    ("token t { this turn  when turn_starts { effect draw 1 } }\n"
     "order o { copies 1  target self  effect place_token t on self }\n",
     "token 't' ends ('this turn') before its 'turn_starts' trigger could fire"),
])
def test_a_players_status_a_give_and_a_tokens_turn_start_are_checked(text, says):
    assert says in dsl_refusal(text + "deck { keep size }\n").reason


def test_ending_a_players_statuses_by_nature_compiles():
    rules = rc.load_source("status s { permanent  when turn_ends { effect draw 1 } }\n"
                           "order o { copies 1  effect status s on you }\n"
                           "order p { copies 1  effect remove_status every on you }\n"
                           "deck { keep size }\n", "x.rc")
    assert rules.statuses["s"].player
