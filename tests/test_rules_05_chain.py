"""The chain: response windows (R5.1, R5.2), LIFO resolution (R5.3), priority
(D5.4), shield (D4.7), ships sunk mid-chain (R5.5, §10 per edition),
intercept (R9.1) and a ship sinking on its own turn (D4.9)."""


import pytest

import redcode_rules as rc

from conftest import logged, pass_all, scenario_game


def index_of(game: rc.Game, kind: str, **data) -> int:
    for i, e in enumerate(game.log):
        if e.kind == kind and all(e.data.get(k) == v for k, v in data.items()):
            return i
    raise AssertionError(f"no {kind} event with {data}")


# --------------------------------------------------------------- LIFO (R5.3)


def test_r5_3_lifo_a_b_a():
    """R5.3: A torpedoes B, B responds with torpedo, A responds with countermeasure:
    A's countermeasure resolves first, then B's torpedo, then A's torpedo.
    blue ends at 2 repairs only in that order (the regain at full is lost first)."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c5, crew_on: {shield: 2}}
        deck: [evasion]
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.to_move == "red-destroyer"
    assert game.legal_moves() == [
        "pass", "respond torpedo blue-submarine", "respond torpedo red-destroyer",
    ]
    game.play("respond torpedo blue-submarine")
    assert game.to_move == "blue-submarine"
    assert game.legal_moves() == [
        "pass", "respond countermeasure blue-submarine", "respond countermeasure red-destroyer",
    ]
    game.play("respond countermeasure red-destroyer")
    assert logged(game, "resolve", "player", "card") == [
        ("blue-submarine", "countermeasure"),
        ("red-destroyer", "torpedo"),
        ("blue-submarine", "torpedo"),
    ]
    blue, red = game.ship("blue-submarine"), game.ship("red-destroyer")
    assert (blue.repairs, blue.breakdowns) == (2, 3)
    assert (red.repairs, red.breakdowns) == (1, 3)
    assert game.stack == []
    assert game.to_move == "blue-submarine"
    assert "end" in game.legal_moves()


def test_r5_2_passing_on_a_response_resolves_the_whole_chain():
    """D5.4: A is asked about B's response to A's item; A passes: B's response,
    then A's item resolve, with no new window."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c5, crew_on: {shield: 2}}
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    game.play("respond torpedo blue-submarine")
    assert game.to_move == "blue-submarine"
    assert "pass" in game.legal_moves()
    game.play("pass")
    assert logged(game, "resolve", "player", "card") == [
        ("red-destroyer", "torpedo"), ("blue-submarine", "torpedo"),
    ]
    assert game.ship("blue-submarine").repairs == 2
    assert game.ship("red-destroyer").repairs == 2
    assert game.to_move == "blue-submarine"


# --------------------------------------------------------------- priority (D5.4)

TWO_V_TWO = """
    ships:
      blue-submarine: {at: c3}
      blue-aircraft_carrier: {at: a2%s}
      red-destroyer: {at: c4}
      red-submarine: {at: h6}
    turn: red-destroyer
    phase: maneuvers
"""


def test_d5_4_players_are_asked_in_seat_order_after_the_items_player():
    """D6.3 seats: blue-sub, red-dest, blue-carrier, red-sub. red-dest's item asks
    blue-carrier, red-sub, then blue-sub (every other player, teammates included)."""
    game = scenario_game(TWO_V_TWO % "")
    assert game.ships == [
        "blue-submarine", "red-destroyer", "blue-aircraft_carrier", "red-submarine",
    ]
    game.play("torpedo blue-submarine")
    asked = []
    while game.stack:
        asked.append(game.to_move)
        assert "pass" in game.legal_moves()
        game.play("pass")
    assert asked == ["blue-aircraft_carrier", "red-submarine", "blue-submarine"]
    assert game.ship("blue-submarine").repairs == 2
    assert game.to_move == "red-destroyer"


def test_d5_4_a_response_starts_a_new_round_after_the_responder():
    """D5.4: blue-carrier responds to red-dest's item: the new round asks red-sub,
    blue-sub, then red-dest (asked about a response stacked on its own item: it can
    shield blue-carrier, which is in its visual field)."""
    game = scenario_game(TWO_V_TWO % "")
    game.play("torpedo blue-submarine")
    assert game.to_move == "blue-aircraft_carrier"
    game.play("respond torpedo blue-aircraft_carrier")
    asked = []
    while game.stack:
        asked.append(game.to_move)
        game.play("pass")
    assert asked == ["red-submarine", "blue-submarine", "red-destroyer"]
    assert logged(game, "resolve", "player", "card") == [
        ("blue-aircraft_carrier", "torpedo"), ("red-destroyer", "torpedo"),
    ]
    assert game.ship("blue-aircraft_carrier").repairs == 2


def test_d5_4_a_player_with_no_legal_response_is_never_asked():
    """D5.4: blue-carrier's responses (torpedo, air support) are spent: it is skipped."""
    game = scenario_game(TWO_V_TWO % ", crew_on: {torpedo: 2, air_support: 2}")
    game.play("torpedo blue-submarine")
    asked = []
    while game.stack:
        asked.append(game.to_move)
        game.play("pass")
    assert asked == ["red-submarine", "blue-submarine"]
    assert logged(game, "pass", "player") == ["red-submarine", "blue-submarine"]


def test_d5_4_if_nobody_can_respond_the_item_resolves_at_once():
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c5, crew_on: {torpedo: 2, shield: 2}}
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.stack == []
    assert game.ship("red-destroyer").repairs == 2
    assert game.to_move == "blue-submarine"
    assert logged(game, "pass", "player") == []
    assert logged(game, "resolve", "player", "card") == [("blue-submarine", "torpedo")]


#: A card file for the responses that could answer blue's torpedo but have
#: no move now: the deck keeps its 30 cards (ambush makes room).
NO_MOVE_RESPONSES = """
patch order ambush { copies 0 }
order last_stand {
    copies 2  response  answers maneuvers
    target friendly ship where crew in reserve of it > 99
    effect damage 1 to target
}
order pincer {
    copies 1  response  answers maneuvers
    target exactly 2 enemy ships
    effect damage 1 to each target
}
order ricochet {
    copies 1  response  answers maneuvers
    target enemy ship
    second target enemy ship within 2 of target
    effect damage 1 to target; damage 1 to second target
}
"""


@pytest.mark.parametrize("card", ["last_stand", "pincer", "ricochet"])
def test_d5_4_a_response_card_with_no_move_now_is_no_response(tmp_path, card):
    """D5.4: red holds a response order card that may answer the torpedo, but
    no ship is one its filter lets through (last stand), 1v1 has no 2 enemy
    ships (pincer) and no second enemy ship (ricochet): red has no legal
    response, so it is not asked (which would also tell blue it holds one)."""
    path = tmp_path / "responses.rc"
    path.write_text(NO_MOVE_RESPONSES)
    game = scenario_game(f"""
        extra: [{path}]
        ships:
          blue-submarine: {{at: c3}}
          red-destroyer: {{at: c5, crew_on: {{torpedo: 2, shield: 2}}}}
        hands: {{red-destroyer: [{card}]}}
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.stack == []
    assert game.to_move == "blue-submarine"
    assert logged(game, "pass", "player") == []
    assert logged(game, "resolve", "player", "card") == [("blue-submarine", "torpedo")]


def test_d5_4_a_player_is_never_asked_about_their_own_item():
    """D5.4: red passes; blue is not asked about its own torpedo: it resolves."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c5}
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.to_move == "red-destroyer"
    game.play("pass")
    assert game.stack == []
    assert game.ship("red-destroyer").repairs == 2
    assert logged(game, "pass", "player") == ["red-destroyer"]
    assert game.to_move == "blue-submarine"
    assert "end" in game.legal_moves()


def test_r4_4_outside_its_turn_a_player_only_has_responses():
    """R4.4: the asked player may only respond (response maneuvers) or pass."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-aircraft_carrier: {at: c5}
        hands: {red-aircraft_carrier: [ambush]}
        phase: maneuvers
    """)
    game.play("repair")
    assert game.to_move == "red-aircraft_carrier"
    assert game.legal_moves() == [
        "pass",
        "respond air_support blue-submarine", "respond air_support red-aircraft_carrier",
        "respond torpedo blue-submarine", "respond torpedo red-aircraft_carrier",
    ]


# --------------------------------------------------------------- respondable or not (R5.1)

NO_WINDOW = [
    pytest.param("blue-destroyer", "missile red-submarine", id="missile"),
    pytest.param("blue-aircraft_carrier", "radar red-submarine", id="radar"),
    pytest.param("blue-aircraft_carrier", "radio_support blue-aircraft_carrier", id="radio_support"),
    pytest.param("blue-destroyer", "movement b3", id="movement"),
    pytest.param("blue-submarine", "immersion b3 a3", id="immersion"),
    pytest.param("blue-submarine", "orders", id="orders"),
    pytest.param("blue-submarine", "order ambush red-submarine", id="order_card"),
]


@pytest.mark.parametrize("blue, move", NO_WINDOW)
def test_r5_1_non_respondable_maneuvers_open_no_window(blue, move):
    """R5.1/R7.3: red-submarine could respond (torpedo, countermeasure in range) but
    these resolve at once: blue stays to move, nobody passes."""
    game = scenario_game(f"""
        ships:
          {blue}: {{at: c3, repairs: 2}}
          red-submarine: {{at: c5}}
        hands: {{{blue}: [ambush]}}
        deck: [evasion]
        phase: maneuvers
    """)
    game.play(move)
    assert game.stack == []
    assert game.to_move == blue
    assert logged(game, "pass", "player") == []
    assert len(logged(game, "resolve", "player", "card")) == 1


def test_r5_1_missile_resolves_at_once_with_its_effect():
    game = scenario_game("""
        ships:
          blue-destroyer: {at: c3}
          red-submarine: {at: c5}
        phase: maneuvers
    """)
    game.play("missile red-submarine")
    assert game.ship("red-submarine").repairs == 2
    assert game.to_move == "blue-destroyer"


def test_r5_1_radar_resolves_at_once_with_its_effect():
    game = scenario_game("""
        ships:
          blue-aircraft_carrier: {at: c3}
          red-submarine: {at: c6}
        phase: maneuvers
    """)
    game.play("radar red-submarine")
    red = game.ship("red-submarine")
    assert (red.repairs, red.reserve, red.withdrawn) == (2, 5, 1)
    assert game.to_move == "blue-aircraft_carrier"


@pytest.mark.parametrize("move", ["repair", "torpedo red-submarine", "countermeasure red-submarine",
                                  "heavy_torpedo red-submarine"])
def test_r5_1_respondable_maneuvers_open_a_window(move):
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3, repairs: 2}
          red-submarine: {at: c5}
        phase: maneuvers
    """)
    game.play(move)
    assert game.to_move == "red-submarine"
    assert "pass" in game.legal_moves()
    assert len(game.stack) == 1


# --------------------------------------------------------------- shield (D4.7)


def test_d4_7_shield_cancels_the_answered_item_and_crew_stay_spent():
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3, crew_on: {countermeasure: 2}}
          red-destroyer: {at: c5}
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert "respond shield blue-submarine" in game.legal_moves()
    game.play("respond shield blue-submarine")
    assert game.stack == []
    assert logged(game, "resolve", "player", "card") == [("red-destroyer", "shield")]
    assert logged(game, "cancelled", "player", "card") == [("blue-submarine", "torpedo")]
    blue, red = game.ship("blue-submarine"), game.ship("red-destroyer")
    assert red.repairs == 3
    assert (blue.crew_on("torpedo"), blue.reserve) == (2, 2)
    assert (red.crew_on("shield"), red.reserve) == (2, 4)
    assert game.to_move == "blue-submarine"


@pytest.mark.parametrize("red_at, can_shield", [("a4", True), ("a5", False)])
def test_d4_7_shield_range_is_measured_to_the_performing_ship(red_at, can_shield):
    """D4.7: blue-sub (a1) torpedoes red-carrier (c1); red-destroyer can shield only if
    blue-sub is in its visual field within 3 (a4: 3, a5: 4)."""
    game = scenario_game(f"""
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: {red_at}}}
          red-aircraft_carrier: {{at: c1}}
          blue-destroyer: {{sunk: true}}  # D2.9: equal sides
        phase: maneuvers
    """)
    game.play("torpedo red-aircraft_carrier")
    assert game.to_move == "red-destroyer"
    assert ("respond shield blue-submarine" in game.legal_moves()) is can_shield


SHIELD_CHAIN = """
    edition: {edition}
    mode: war
    ships:
      blue-submarine: {{at: c3}}
      blue-destroyer: {{at: c5}}
      red-aircraft_carrier: {{at: e3, repairs: 1, breakdowns: 0}}
      red-submarine: {{sunk: true}}
    turn: red-aircraft_carrier
    deck: [ambush, evasion]
    phase: maneuvers
"""


@pytest.mark.parametrize("edition, shield, torpedo", [
    ("en", "resolve", "cancelled"),   # targeting: the shield targets no ship
    ("es", "wasted", "wasted"),       # all: every later item of the chain
    ("it", "resolve", "cancelled"),   # source: only the sunk ship's own items
])
def test_d4_7_a_shield_is_not_wasted_when_the_answered_ship_sinks(edition, shield, torpedo):
    """Red's carrier torpedoes the submarine; blue's destroyer shields it; the
    submarine answers the shield with a torpedo that sinks the carrier. The
    shield's target is the carrier's torpedo, not the carrier, so it still
    cancels it (en, it); the Spanish rule wastes every later item (R5.5)."""
    game = scenario_game(SHIELD_CHAIN.format(edition=edition))
    game.play("torpedo blue-submarine")
    assert game.to_move == "blue-destroyer"
    game.play("respond shield red-aircraft_carrier")
    assert game.to_move == "blue-submarine"
    game.play("respond torpedo red-aircraft_carrier")
    pass_all(game)
    assert game.ship("red-aircraft_carrier").sunk is True
    assert [(e.kind, e["player"], e["card"]) for e in game.log
            if e.kind in ("resolve", "wasted", "cancelled")] == [
        ("resolve", "blue-submarine", "torpedo"),
        (shield, "blue-destroyer", "shield"),
        (torpedo, "red-aircraft_carrier", "torpedo"),
    ]
    assert game.ship("blue-submarine").repairs == 3
    assert game.stack == []



# --------------------------------------------------------------- sunk mid-chain (R5.5, §10)


def test_r5_5_en_items_targeting_the_sunk_ship_are_wasted_its_own_still_resolve():
    """R5.5 (en): blue torpedo -> red torpedo -> blue countermeasure sinks red.
    Red's torpedo (its own earlier item, targeting blue) still resolves; blue's torpedo
    targeting the sunk red is wasted, its crew stay spent."""
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c5, repairs: 1, breakdowns: 0, crew_on: {shield: 2}}
        deck: [evasion]
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    game.play("respond torpedo blue-submarine")
    game.play("respond countermeasure red-destroyer")
    assert game.ship("red-destroyer").sunk is True
    assert logged(game, "resolve", "player", "card") == [
        ("blue-submarine", "countermeasure"), ("red-destroyer", "torpedo"),
    ]
    blue = game.ship("blue-submarine")
    assert blue.repairs == 2
    assert (blue.crew_on("torpedo"), blue.crew_on("countermeasure"), blue.reserve) == (2, 2, 2)
    assert game.stack == []
    assert game.score == {"blue": 1, "red": 0}


SUNK_MID_CHAIN = [
    # edition, blue repairs, carrier repairs, resolved items after the countermeasure
    pytest.param("en", 2, 2, [("red-destroyer", "torpedo"), ("blue-submarine", "torpedo")],
                 id="en-targeting"),
    pytest.param("es", 3, 3, [], id="es-all"),
    pytest.param("it", 3, 2, [("blue-submarine", "torpedo")], id="it-source"),
]


@pytest.mark.parametrize("edition, blue_repairs, carrier_repairs, later", SUNK_MID_CHAIN)
def test_r5_5_sunk_mid_chain_per_edition(edition, blue_repairs, carrier_repairs, later):
    """§10: chain blue torpedo -> red-carrier, red-destroyer torpedo -> blue, blue
    countermeasure sinks red-destroyer. en: later items targeting the sunk ship are
    wasted (none here): both torpedoes resolve. es: every later item is not carried
    out. it: the sunk ship's own later items are not carried out: only red's."""
    game = scenario_game(f"""
        edition: {edition}
        mode: war
        ships:
          blue-submarine: {{at: c3}}
          red-destroyer: {{at: c5, repairs: 1, breakdowns: 0, crew_on: {{shield: 2}}}}
          red-aircraft_carrier: {{at: b3, crew_on: {{torpedo: 2, air_support: 2}}}}
          blue-destroyer: {{sunk: true}}  # D2.9: equal sides
        deck: [evasion]
        phase: maneuvers
    """)
    game.play("torpedo red-aircraft_carrier")
    assert game.to_move == "red-destroyer"
    game.play("respond torpedo blue-submarine")
    assert game.to_move == "blue-submarine"
    game.play("respond countermeasure red-destroyer")
    assert game.stack == []
    assert game.ship("red-destroyer").sunk is True
    assert logged(game, "resolve", "player", "card") == \
        [("blue-submarine", "countermeasure")] + later
    assert game.ship("blue-submarine").repairs == blue_repairs
    assert game.ship("red-aircraft_carrier").repairs == carrier_repairs
    assert game.ship("blue-submarine").crew_on("torpedo") == 2


# --------------------------------------------------------------- intercept (R9.1)


def test_r9_1_intercepted_ship_cannot_respond_until_its_next_turn():
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c5}
        hands: {blue-submarine: [intercept]}
        phase: maneuvers
    """)
    game.play("order intercept red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.intercepted) == (2, True)
    game.play("torpedo red-destroyer")
    assert game.stack == []
    assert logged(game, "pass", "player") == []
    assert game.ship("red-destroyer").repairs == 1
    assert game.to_move == "blue-submarine"
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert game.ship("red-destroyer").intercepted is False
    assert "torpedo blue-submarine" in game.legal_moves()
    assert "missile blue-submarine" in game.legal_moves()


def test_r9_1_intercepted_in_scenario_is_not_asked():
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: c5, intercepted: true}
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    assert game.stack == []
    assert game.ship("red-destroyer").repairs == 2
    assert game.to_move == "blue-submarine"


# --------------------------------------------------------------- D4.9


def test_d4_9_a_ship_sunk_on_its_own_turn_ends_the_turn_after_the_chain():
    """D4.9: red's response sinks blue during blue's turn; blue's torpedo (targeting
    red, en) still resolves, then blue's turn ends and red's begins."""
    game = scenario_game("""
        mode: war
        ships:
          blue-submarine: {at: c3, repairs: 1, breakdowns: 0, crew_on: {countermeasure: 2}}
          red-destroyer: {at: c5, crew_on: {shield: 2}}
        deck: [evasion]
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    game.play("respond torpedo blue-submarine")
    assert game.ship("blue-submarine").sunk is True
    assert game.ship("red-destroyer").repairs == 2
    assert logged(game, "resolve", "player", "card") == [
        ("red-destroyer", "torpedo"), ("blue-submarine", "torpedo"),
    ]
    resolved = index_of(game, "resolve", player="blue-submarine", card="torpedo")
    ended = index_of(game, "turn_end", player="blue-submarine")
    assert resolved < ended
    assert game.turn == "red-destroyer"
    assert game.to_move == "red-destroyer"
    assert game.legal_moves() == ["recover shield", "recover torpedo"]
    assert game.score == {"blue": 0, "red": 1}
    assert game.hand("red-destroyer") == ["evasion"]


def test_r5_1_a_response_that_cannot_be_answered_resolves_at_once_and_the_window_goes_on():
    """Italian countermeasure is not respondable (§10): used as a response it
    resolves at once (R5.1); the torpedo below keeps its window, so a later
    player can still shield it (D5.4)."""
    game = scenario_game("""
        edition: it
        ships:
          blue-submarine: {at: c3}
          red-submarine: {at: e3}
          blue-destroyer: {at: a6}
          red-destroyer: {at: e5}
        phase: maneuvers
    """)
    game.play("torpedo red-submarine")
    assert game.to_move == "red-submarine"
    game.play("respond countermeasure blue-submarine")
    # resolved at once: 1 damage to the submarine, no self repair in it
    assert game.ship("blue-submarine").repairs == 2
    assert logged(game, "resolve", "card") == ["countermeasure"]
    # the torpedo's window reopens with a new round from the next seat
    assert game.stack == [{"card": "torpedo", "player": "blue-submarine", "cancelled": False,
                           "target": "red-submarine"}]
    assert game.to_move == "red-submarine"
    game.play("pass")
    assert game.to_move == "blue-destroyer"
    game.play("pass")
    assert game.to_move == "red-destroyer"
    game.play("respond shield blue-submarine")
    game.play("pass")   # blue-submarine may answer the shield
    game.play("pass")   # red-submarine
    game.play("pass")   # blue-destroyer
    assert logged(game, ("resolve", "cancelled"), "card") == \
        ["countermeasure", "shield", "torpedo"]
    assert [e.kind for e in game.log if e.get("card") == "torpedo"][-1] == "cancelled"
    assert game.ship("red-submarine").repairs == 3
    assert game.decision == "main" and game.to_move == "blue-submarine"


def test_r9_1_a_scenario_starting_in_the_recover_phase_has_lifted_the_intercept():
    game = scenario_game("""
        ships:
          blue-submarine: {at: c3, intercepted: true, crew_on: {orders: 2}}
          red-destroyer: {at: e3, intercepted: true}
        phase: recover
    """)
    assert game.ship("blue-submarine").intercepted is False
    assert game.ship("red-destroyer").intercepted is True


# --------------------------------------------------------------- a path checked again (D4.10)

RACE = """\
order sail { copies 0  respondable  effect move 1 self }
order long_sail { copies 0  respondable  effect move 2 self }
order cut_off { copies 0  response  effect move 1 self }
order shove { copies 0  response  target source  effect move 1 target }
"""


def race(tmp_path, blue_card: str, red_card: str) -> rc.Game:
    """Blue submarine at c3 holding ``blue_card``, red destroyer at e3 holding
    ``red_card``, on open water, blue to play."""
    path = tmp_path / "race.rc"
    path.write_text(RACE)
    board = "\n".join("  " + "." * 8 for _ in range(6))
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: c3}\n  red-destroyer: {at: e3}\n"
        f"hands: {{blue-submarine: [{blue_card}], red-destroyer: [{red_card}]}}\n"
        "deck: []\nturn: blue-submarine\nphase: maneuvers\n")


def positions(game: rc.Game) -> dict[str, str]:
    return {ship: game.ship(ship).position for ship in ("blue-submarine", "red-destroyer")}


def test_d4_10_a_move_whose_box_was_taken_by_a_response_is_lost(tmp_path):
    """Blue sails to d3, red answers by cutting it off on d3: red's move
    resolves first, then blue's is lost (R2.4: never two ships on a box)."""
    game = race(tmp_path, "sail", "cut_off")
    game.play("order sail d3")
    game.play("order cut_off d3")
    pass_all(game)
    assert positions(game) == {"blue-submarine": "c3", "red-destroyer": "d3"}
    assert logged(game, "move", "ship", "path") == [("red-destroyer", ["d3"])]
    assert logged(game, "resolve", "card") == ["cut_off", "sail"]
    assert game.stack == [] and "end" in game.legal_moves()


def test_d4_10_a_stop_on_running_water_a_box_freed_since_would_carry_on_is_lost(tmp_path):
    """Blue sails onto the running water of d3, where every other box around
    is an island or a ship, so it may stop there (R2.5); red answers by
    sailing off e3. Running water would now carry blue on to e3: the path as
    declared breaks R2.5 and the move is lost."""
    path = tmp_path / "race.rc"
    path.write_text(RACE)
    board = "\n".join("  " + row for row in ("........", "..###...", "...~....",
                                              "..###...", "........", "........"))
    game = rc.Game.from_scenario(
        f"edition: en\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: c3}\n  red-destroyer: {at: e3}\n"
        "hands: {blue-submarine: [sail], red-destroyer: [cut_off]}\n"
        "deck: []\nturn: blue-submarine\nphase: maneuvers\n")
    assert [m for m in game.legal_moves() if m.startswith("order sail")] == [
        "order sail b2", "order sail b3", "order sail b4", "order sail d3"]
    game.play("order sail d3")
    game.play("order cut_off f3")
    while game.decision == "respond":
        assert rc.Game.from_json(game.to_json()) == game
        game.play("pass")
    assert positions(game) == {"blue-submarine": "c3", "red-destroyer": "f3"}
    assert logged(game, "move", "ship", "path") == [("red-destroyer", ["f3"])]
    assert logged(game, "resolve", "card") == ["cut_off", "sail"]


def test_d4_10_a_path_through_a_box_taken_since_is_lost_not_chosen_again(tmp_path):
    """Blue's declared path to e2 goes by d2 (d3 e2 would reach it too); red
    moves onto d2: the path is not chosen again, the move is lost."""
    game = race(tmp_path, "long_sail", "cut_off")
    game.play("order long_sail d2 e2")
    assert logged(game, "order", "path") == [["d2", "e2"]]
    game.play("order cut_off d2")
    pass_all(game)
    assert positions(game) == {"blue-submarine": "c3", "red-destroyer": "d2"}


def test_d4_10_a_ship_moved_before_its_own_move_keeps_a_path_that_still_starts_beside_it(
        tmp_path):
    """Red shoves blue from c3 to b3 before blue's move to d3 resolves: d3 is
    not next to b3, the move is lost; shoved to c2 instead, d3 is next to it
    and blue goes on along its path."""
    game = race(tmp_path, "sail", "shove")
    game.play("order sail d3")
    game.play("order shove blue-submarine b3")
    pass_all(game)
    assert positions(game) == {"blue-submarine": "b3", "red-destroyer": "e3"}
    game = race(tmp_path, "sail", "shove")
    game.play("order sail d3")
    game.play("order shove blue-submarine c2")
    pass_all(game)
    assert positions(game) == {"blue-submarine": "d3", "red-destroyer": "e3"}
    assert logged(game, "move", "ship", "path") == [("blue-submarine", ["c2"]),
                                                    ("blue-submarine", ["d3"])]


def test_d4_10_a_path_still_open_is_followed(tmp_path):
    game = race(tmp_path, "sail", "cut_off")
    game.play("order sail d3")
    game.play("order cut_off f3")
    pass_all(game)
    assert positions(game) == {"blue-submarine": "d3", "red-destroyer": "f3"}


@pytest.mark.parametrize("red_card, move, blue_at", [
    ("cut_off", "order cut_off d3", "c3"), ("shove", "order shove blue-submarine b3", "b3")])
def test_d4_10_a_chain_holding_a_closed_path_saves_and_loads(tmp_path, red_card, move,
                                                             blue_at):
    """The position between red's answer and blue's lost move is one the
    game reaches: its save loads, equal, and the move is lost there too."""
    game = race(tmp_path, "sail", red_card)
    game.play("order sail d3")
    game.play(move)
    again = rc.Game.from_json(game.to_json())
    assert again == game
    pass_all(game)
    pass_all(again)
    assert positions(again) == positions(game)
    assert positions(game)["blue-submarine"] == blue_at
