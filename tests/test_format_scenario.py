"""The YAML scenario format of docs/scenarios.md: exact values, defaults, and a
ScenarioError naming the field for every kind of bad input."""

from __future__ import annotations

import copy

import pytest

import redcode_rules as rc

INTERFACE_EXAMPLE = """\
edition: en            # en | es | it, or a path to a ruleset
mode: war              # war | arena
seed: 1
board: |               # 6 lines of 8 boxes: . water, # island, ~ running water
  ........
  ..#.....
  ...~....
  ........
  .....#..
  ........
start_cards: {blue: a1, red: g5}       # top-left box of each side's start card
ships:
  blue-submarine: {at: b2, repairs: 3, breakdowns: 3}
  red-destroyer:  {at: d4, repairs: 2, breakdowns: 1, reserve: 4,
                   crew_on: {torpedo: 2}, withdrawn: 0, intercepted: false}
hands: {blue-submarine: [kamikaze], red-destroyer: []}
deck: [ambush, evasion]        # top first; omitted = the edition's deck minus hands, shuffled by seed
score: {blue: 0, red: 0}
turn: blue-submarine           # whose turn it is
phase: recover                 # recover | maneuvers  (default recover)
order_played: false            # already played an order card this turn
"""

BOARD = ["........", "..#.....", "...~....", "........", ".....#..", "........"]


def base():
    """The INTERFACE example as a mapping, to break one field at a time."""
    return {
        "edition": "en", "mode": "war", "seed": 1,
        "board": "\n".join(BOARD) + "\n",
        "start_cards": {"blue": "a1", "red": "g5"},
        "ships": {
            "blue-submarine": {"at": "b2", "repairs": 3, "breakdowns": 3},
            "red-destroyer": {"at": "d4", "repairs": 2, "breakdowns": 1, "reserve": 4,
                              "crew_on": {"torpedo": 2}, "withdrawn": 0,
                              "intercepted": False},
        },
        "hands": {"blue-submarine": ["kamikaze"], "red-destroyer": []},
        "deck": ["ambush", "evasion"],
        "score": {"blue": 0, "red": 0},
        "turn": "blue-submarine",
        "phase": "recover",
        "order_played": False,
    }


ZERO_CREW = {m: 0 for m in ("movement", "repair", "torpedo", "orders",
                            "immersion", "countermeasure", "heavy_torpedo", "floating_mine")}


# ---------------------------------------------------------------- the INTERFACE example

def test_interface_example_loads_with_exact_values():
    game = rc.Game.from_scenario(INTERFACE_EXAMPLE)
    assert game.rules.name == "en"
    assert game.ships == ["blue-submarine", "red-destroyer"]
    assert game.board.rows() == BOARD
    assert game.hand("blue-submarine") == ["kamikaze"]
    assert game.hand("red-destroyer") == []
    assert game.deck == ["ambush", "evasion"]
    assert game.discards == []
    assert game.score == {"blue": 0, "red": 0}
    assert game.turn == "blue-submarine"
    assert game.to_move == "blue-submarine"
    # phase recover, but blue has no crew out: nothing to recover (D6.1)
    assert game.decision == "main"
    assert game.stack == []
    assert game.is_over is False and game.winner is None
    assert game.turn_number == 1

    sub = game.ship("blue-submarine")
    assert (sub.side, sub.type, sub.position) == ("blue", "submarine", "b2")
    assert (sub.repairs, sub.breakdowns, sub.reserve, sub.withdrawn) == (3, 3, 6, 0)
    assert (sub.sunk, sub.intercepted) == (False, False)
    assert sub.crew == ZERO_CREW

    dd = game.ship("red-destroyer")
    assert (dd.side, dd.type, dd.position) == ("red", "destroyer", "d4")
    assert (dd.repairs, dd.breakdowns, dd.reserve, dd.withdrawn) == (2, 1, 4, 0)
    assert dd.crew_on("torpedo") == 2
    assert sum(dd.crew.values()) == 2
    assert dd.intercepted is False


def test_interface_example_as_mapping_equals_yaml():
    assert rc.Game.from_scenario(base()) == rc.Game.from_scenario(INTERFACE_EXAMPLE)


def test_deck_is_top_first():
    game = rc.Game.from_scenario(INTERFACE_EXAMPLE)
    game.play("orders")          # draw 1 (R7.1): the top card
    assert game.hand("blue-submarine") == ["kamikaze", "ambush"]
    assert game.deck == ["evasion"]


def test_island_and_running_water_from_the_board():
    game = rc.Game.from_scenario(INTERFACE_EXAMPLE)
    assert game.board.is_island(game.board.index("c2"))
    assert game.board.is_current(game.board.index("d3"))
    assert not game.board.is_island(game.board.index("b2"))


def test_phase_recover_with_crew_out_asks_to_recover():
    data = base()
    data["turn"] = "red-destroyer"
    game = rc.Game.from_scenario(data)
    assert (game.to_move, game.decision) == ("red-destroyer", "recover")
    assert game.legal_moves() == ["recover torpedo"]


def test_phase_maneuvers_skips_recovery():
    data = base()
    data.update(turn="red-destroyer", phase="maneuvers")
    game = rc.Game.from_scenario(data)
    assert (game.to_move, game.decision) == ("red-destroyer", "main")
    assert "end" in game.legal_moves()


def test_order_played_true_forbids_an_order_card():
    data = base()
    data["order_played"] = True
    game = rc.Game.from_scenario(data)
    assert not [m for m in game.legal_moves() if m.startswith("order ")]
    data["order_played"] = False
    game = rc.Game.from_scenario(data)
    assert [m for m in game.legal_moves() if m.startswith("order ")] == \
        ["order kamikaze blue-submarine", "order kamikaze red-destroyer"]


def test_score_and_arena_mode():
    data = base()
    data.update(mode="arena", score={"blue": 0, "red": 0})
    assert rc.Game.from_scenario(data).state.mode == "arena"
    data.update(mode="war", score={"blue": 3, "red": 4})
    assert rc.Game.from_scenario(data).score == {"blue": 3, "red": 4}


def test_d6_3_seats_alternate_sides_in_listing_order():
    game = rc.Game.from_scenario({
        "ships": {"blue-submarine": {"at": "b2"}, "blue-destroyer": {"at": "a1"},
                  "red-destroyer": {"at": "d4"}, "red-aircraft_carrier": {"at": "h6"}},
        "turn": "red-destroyer",
    })
    assert game.ships == ["blue-submarine", "red-destroyer", "blue-destroyer",
                          "red-aircraft_carrier"]
    assert game.to_move == "red-destroyer"


def test_ship_ids_with_explicit_side_and_type():
    game = rc.Game.from_scenario({"ships": {
        "nautilus": {"at": "b2", "side": "blue", "type": "submarine"},
        "bismarck": {"at": "d4", "side": "red", "type": "destroyer"}}})
    assert game.ships == ["nautilus", "bismarck"]
    assert (game.ship("bismarck").side, game.ship("bismarck").type) == ("red", "destroyer")


# ---------------------------------------------------------------- defaults

def test_omitted_fields_take_defaults():
    game = rc.Game.from_scenario({"ships": {"blue-submarine": {"at": "b2"},
                                            "red-destroyer": {"at": "d4"}}})
    rules = rc.load_ruleset("en")
    assert game.rules.hash == rules.hash
    assert game.state.mode == "war"
    assert game.board.rows() == ["........"] * 6
    assert game.board.start_cards == {"blue": "a1", "red": "g5"}
    assert game.hand("blue-submarine") == [] and game.hand("red-destroyer") == []
    assert sorted(game.deck) == sorted(rules.deck)
    assert game.discards == []
    assert game.score == {"blue": 0, "red": 0}
    assert game.turn == game.to_move == "blue-submarine"
    assert game.decision == "main"
    assert game.turn_number == 1
    for ship_id in game.ships:
        s = game.ship(ship_id)
        assert (s.repairs, s.breakdowns, s.reserve, s.withdrawn) == (3, 3, 6, 0)
        assert (s.sunk, s.intercepted) == (False, False)
        assert sum(s.crew.values()) == 0


def test_omitted_deck_is_edition_deck_minus_hands_shuffled_by_seed():
    def deck(seed, hands=None):
        data = {"seed": seed, "ships": {"blue-submarine": {"at": "b2"},
                                        "red-destroyer": {"at": "d4"}}}
        if hands:
            data["hands"] = hands
        return rc.Game.from_scenario(data).deck
    full = sorted(rc.load_ruleset("en").deck)
    assert sorted(deck(1)) == full
    assert deck(1) == deck(1)
    assert deck(1) != deck(2)
    minus = deck(1, {"blue-submarine": ["kamikaze", "mechanic"]})
    assert len(minus) == 28
    assert minus.count("kamikaze") == 1 and minus.count("mechanic") == 3


def test_crew_not_placed_elsewhere_are_in_the_reserve():
    data = base()
    data["ships"]["red-destroyer"] = {"at": "d4", "crew_on": {"torpedo": 2, "movement": 1},
                                      "withdrawn": 1}
    dd = rc.Game.from_scenario(data).ship("red-destroyer")
    assert (dd.reserve, dd.withdrawn, dd.crew_on("torpedo"), dd.crew_on("movement")) == \
        (2, 1, 2, 1)


def test_edition_es_scenario():
    data = base()
    data["edition"] = "es"
    game = rc.Game.from_scenario(data)
    assert game.rules.name == "es"
    assert "mechanic" not in game.rules.orders


def test_sunk_ship_waiting_in_war():
    # R8.4: a sunk ship is off the board; on its turn it is placed (D8.4)
    data = base()
    data["ships"]["red-destroyer"] = {"sunk": True}
    data["turn"] = "red-destroyer"
    game = rc.Game.from_scenario(data)
    assert game.ship("red-destroyer").position is None
    assert (game.to_move, game.decision) == ("red-destroyer", "place")
    assert game.legal_moves() == ["place g5", "place g6", "place h5", "place h6"]


# ---------------------------------------------------------------- errors naming the field

def _set(path, value):
    def mod(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mod


def _delete(path):
    def mod(d):
        target = d
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mod


ISLAND_BOARD = "\n".join(BOARD)
INVALID = {
    "unknown_top_level_field": (_set(("colour",), "red"), "colour"),
    "ship_on_an_island": (_set(("ships", "blue-submarine", "at"), "c2"),
                          "ships.blue-submarine.at"),
    "two_ships_on_one_box": (_set(("ships", "red-destroyer", "at"), "b2"),
                             "ships.red-destroyer.at"),
    "crew_not_totalling_6": (_set(("ships", "red-destroyer", "reserve"), 5),
                             "ships.red-destroyer.reserve"),
    "too_much_crew_placed": (_set(("ships", "red-destroyer"),
                                  {"at": "d4", "crew_on": {"torpedo": 2, "missile": 2,
                                                           "assault": 3}}),
                             "ships.red-destroyer.crew_on"),
    "unknown_card_in_hand": (_set(("hands", "blue-submarine"), ["kamikazee"]),
                             "hands.blue-submarine[0]"),
    "unknown_maneuver_in_crew_on": (_set(("ships", "red-destroyer", "crew_on"),
                                         {"immersion": 2}),
                                    "ships.red-destroyer.crew_on.immersion"),
    "crew_on_above_cost": (_set(("ships", "red-destroyer", "crew_on"), {"torpedo": 3}),
                           "ships.red-destroyer.crew_on.torpedo"),
    "bad_board_line_length": (_set(("board",), "........\n..#....\n........\n........\n"
                                   "........\n........\n"), "board line 2"),
    "bad_board_line_count": (_set(("board",), "........\n" * 5), "board"),
    "bad_board_character": (_set(("board",), "........\n..x.....\n" + "........\n" * 4),
                            "board line 2"),
    "unknown_phase": (_set(("phase",), "combat"), "phase"),
    "unknown_turn_ship": (_set(("turn",), "red-submarine"), "turn"),
    "unknown_mode": (_set(("mode",), "peace"), "mode"),
    "unknown_edition": (_set(("edition",), "fr"), "edition"),
    "box_off_the_board": (_set(("ships", "red-destroyer", "at"), "z9"),
                          "ships.red-destroyer.at"),
    "unknown_ship_field": (_set(("ships", "red-destroyer", "hp"), 5), "ships.red-destroyer.hp"),
    "unknown_ship_type": (_set(("ships", "blue-tank"), {"at": "a1"}), "ships.blue-tank.type"),
    "unknown_side": (_set(("ships", "green-submarine"), {"at": "a1"}),
                     "ships.green-submarine.side"),
    "repairs_above_track": (_set(("ships", "red-destroyer", "repairs"), 4),
                            "ships.red-destroyer.repairs"),
    "score_reaching_victory": (_set(("score",), {"blue": 5}), "score.blue"),
    "score_not_a_number": (_set(("score",), {"blue": "x"}), "score.blue"),
    "unknown_card_in_deck": (_set(("deck",), ["ambush", "nuke"]), "deck[1]"),
    "hand_of_unknown_ship": (_set(("hands",), {"green-sub": []}), "hands.green-sub"),
    "more_copies_than_the_deck": (lambda d: (d.pop("deck"), d["hands"].update(
        {"blue-submarine": ["kamikaze"] * 3})), "hands.blue-submarine"),
    "mechanic_in_es": (lambda d: d.update(edition="es", hands={"blue-submarine": ["mechanic"]}),
                       "hands.blue-submarine[0]"),
    "no_red_ship": (_delete(("ships", "red-destroyer")), "ships"),
    "seed_not_a_number": (_set(("seed",), "x"), "seed"),
    "order_played_not_bool": (_set(("order_played",), "yes"), "order_played"),
    "start_card_off_the_board": (_set(("start_cards",), {"blue": "h6"}), "start_cards"),
    "hands_not_a_mapping": (_set(("hands",), ["a1"]), "hands"),
    "ships_not_a_mapping": (_set(("ships",), ["a1"]), "ships"),
    "turn_number_zero": (_set(("turn_number",), 0), "turn_number"),
    # values of the wrong type must give a ScenarioError, never a TypeError
    "phase_a_list": (_set(("phase",), ["recover"]), "phase"),
    "card_in_hand_a_list": (_set(("hands", "blue-submarine"), [["kamikaze"]]),
                            "hands.blue-submarine[0]"),
    "card_in_deck_a_list": (_set(("deck",), [["ambush"]]), "deck[0]"),
    "start_cards_not_a_mapping": (_set(("start_cards",), True), "start_cards"),
    "start_cards_a_string": (_set(("start_cards",), "a1"), "start_cards"),
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_field_raises_scenario_error_naming_it(name):
    mod, field = INVALID[name]
    data = copy.deepcopy(base())
    mod(data)
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(data)
    assert info.value.field == field
    assert repr(field) in str(info.value)


@pytest.mark.parametrize("text", [
    "ships: [", "a: b: c", "{", "ships: {blue-submarine: {at: b2}\n",
    "edition: en\n\tmode: war\n",
])
def test_bad_yaml_raises_scenario_error(text):
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(text)
    assert info.value.field == "yaml"


@pytest.mark.parametrize("text", ["", "- 1\n- 2\n", "just text", "42"])
def test_yaml_that_is_not_a_mapping(text):
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(text)
    assert info.value.field == "scenario"


def test_scenario_error_is_a_value_error():
    with pytest.raises(ValueError):
        rc.Game.from_scenario({"colour": 1})


def test_unknown_field_suggests_the_right_one():
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({**base(), "hand": {}})
    assert info.value.field == "hand"
    assert "did you mean 'hands'?" in str(info.value)


@pytest.mark.parametrize("extra,field", [(True, "extra"), (False, "edition")])
def test_an_error_in_a_card_file_names_the_field_that_gives_the_file(tmp_path, extra, field):
    """A card file of `extra` at fault is the field `extra`; a variant file
    given as the edition, the field `edition`."""
    path = tmp_path / "bad.rc"
    path.write_text(('' if extra else 'variant bad extends en\n') + 'token rip { mark "**" }\n')
    given = {"extra": [str(path)]} if extra else {"edition": str(path)}
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario({**given, "ships": {"blue-submarine": {"at": "a1"},
                                                  "red-destroyer": {"at": "h6"}}})
    assert info.value.field == field
    line = 1 if extra else 2
    assert f"bad.rc:{line}:18: token 'rip': a mark is one character" in str(info.value)
