"""Status modifiers and ship abilities (docs/dsl.md "Statuses").

A status may change numbers (`modify range|cost|movement|sight|damage N`),
keep other players' cards from targeting its ship (`untargetable by ...`),
send the damage its ship takes to the ship that gave it (`redirect damage
to giver`), last over the card's player's turns (`until start of your next
turn`) or for N uses; a ship type declares permanent ones (`ability`).
The example cards in cards/examples/modifiers_*.rc are each played here.
"""

import json
import textwrap

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.rules.board import MAX_MOVE
from redcode_rules.model.ruleset import Duration, Modifier
from redcode_rules.model.modifiers import most_movement, movement
from redcode_rules.render.reference import differences, ships_page
from redcode_rules.model.state import Lifetime

from conftest import EXAMPLES, OPEN_BOARD, logged, pass_all, refused, starting



def example(name: str) -> str:
    return str(EXAMPLES / f"modifiers_{name}.rc")


def game_of(extra: list[str], ships: str, hands: str = "{}", turn: str = "blue-submarine",
            deck: str = "[]", mode: str = "arena") -> rc.Game:
    """A game on open water with the extra card files, ships as written."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: {mode}\nextra: [{', '.join(extra)}]\nboard: |\n{board}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + f"\nhands: {hands}\nturn: {turn}\nphase: maneuvers\ndeck: {deck}\n")


def targets(game: rc.Game, head: str) -> list[str]:
    """The ships a card's listed moves target (its second word), sorted, once each."""
    return sorted({m.split()[1 if head != "order" else 2] for m in starting(game, head)
                   if len(m.split()) > (1 if head != "order" else 2)})


# ------------------------------------------------------------------ smoke screen


def smoke_game() -> rc.Game:
    return game_of([example("smoke_screen")], """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
        """, hands="{blue-submarine: [smoke_screen], red-destroyer: [ambush]}")


def test_smoke_screen_hides_the_ship_from_other_players_cards_until_its_players_next_turn():
    """Played by blue on its own ship: red's torpedo and red's ambush can no
    longer target blue-submarine; blue's own cards still may; the smoke lifts
    when blue's next turn starts (`until start of your next turn`)."""
    game = smoke_game()
    game.play("order smoke_screen")
    assert game.ship("blue-submarine").smoke is True
    assert "torpedo blue-submarine" in game.legal_moves()  # its own player's cards may
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert "torpedo red-destroyer" in game.legal_moves()
    assert "torpedo blue-submarine" not in game.legal_moves()
    assert starting(game, "order") == ["order ambush red-destroyer"]
    assert refused(game, "torpedo blue-submarine") == (
        "blue-submarine is smoke-screened: other players' maneuvers cannot target it until "
        "its next turn (R9)")
    assert refused(game, "order ambush blue-submarine") == (
        "blue-submarine is smoke-screened: other players' order cards cannot target it until "
        "its next turn (R9)")
    game.lang = "es"
    assert refused(game, "torpedo blue-submarine") == (
        "blue-submarine está tras una cortina de humo: las maniobras de otros jugadores no "
        "pueden tomarlo como objetivo hasta su próximo turno (R9)")
    game.lang = "en"
    game.play("end")
    assert game.to_move == "blue-submarine"
    assert game.ship("blue-submarine").smoke is False


def test_smoke_screen_text_in_three_languages():
    rules = rc.load_ruleset("en", extra=[example("smoke_screen")])
    assert rules.text("smoke_screen") == (
        "Your ship is smoke-screened until your next turn: other players' cards cannot "
        "target it. Order card: cannot be responded to.")


# ------------------------------------------------------------------ armoured


def armoured_game(**kw) -> rc.Game:
    return game_of([example("armoured")], """\
        blue-submarine: {at: c3}
        red-monitor: {at: e3}
        """, **kw)


def test_an_armoured_ship_takes_1_less_of_each_damage():
    """`ability armoured` (modify damage -1): a torpedo's 1 damage does
    nothing; a heavy torpedo's 2 damage does 1."""
    game = armoured_game()
    game.play("torpedo red-monitor")
    game.play("pass")
    ship = game.ship("red-monitor")
    assert (ship.repairs, ship.breakdowns) == (3, 2)
    assert logged(game, "damage", "ship", "amount") == []  # a damage of 0 is none
    game.play("heavy_torpedo red-monitor")
    game.play("pass")
    ship = game.ship("red-monitor")
    assert (ship.repairs, ship.breakdowns) == (2, 2)
    assert logged(game, "damage", "amount") == [1]


def test_an_ability_is_not_a_status_of_the_ship_state():
    """Abilities live on the ship type: the ship's statuses and its scenario are unchanged."""
    game = armoured_game()
    rules = game.rules
    assert rules.ships["monitor"].abilities == ("armoured",)
    assert game.ship("red-monitor").statuses == ()
    assert "armoured" not in game.to_scenario() or "armoured: false" in game.to_scenario()


# ------------------------------------------------------------------ fast


def fast_game() -> rc.Game:
    return game_of([example("fast")], """\
        blue-corvette: {at: c3}
        red-destroyer: {at: f3}
        """, turn="blue-corvette")


def test_a_fast_ship_s_movement_moves_2_and_its_ranges_are_1_less():
    """`ability fast` (movement +1 on movement, range -1): movement reaches
    every free box within 2 king steps, immersion still 2 boxes (its own
    number, not 3); the torpedo (range 2) reaches 1 box, heavy torpedo
    (range 3) 2 boxes."""
    game = fast_game()
    ends = {m.split()[-1] for m in starting(game, "movement")}
    # every box of a1-e5 (2 king steps around c3) but c3: one move per end box
    assert len(starting(game, "movement")) == len(ends) == 24
    assert {"a1", "e5", "e3", "c5", "d3"} <= ends
    assert {m.split()[-1] for m in starting(game, "immersion")} == ends
    assert targets(game, "torpedo") == ["blue-corvette"]  # range 2 - 1: red is 3 away
    assert targets(game, "heavy_torpedo") == ["blue-corvette"]
    assert targets(game, "floating_mine") == ["blue-corvette"]  # range 0: itself only
    game.play("movement d2 e3")
    assert game.ship("blue-corvette").position == "e3"
    assert targets(game, "torpedo") == ["blue-corvette", "red-destroyer"]  # 1 box away


def test_fast_ship_explains_its_range():
    game = fast_game()
    assert refused(game, "torpedo red-destroyer") == (
        "red-destroyer is not in the visual field of blue-corvette within range 1 (R4.3)")


# ------------------------------------------------------------------ radar jammer


def jammer_game() -> rc.Game:
    return game_of([example("radar_jammer")], """\
        blue-submarine: {at: c3}
        red-aircraft_carrier: {at: e3}
        """, hands="{blue-submarine: [radar_jammer]}")


def test_a_radar_jammer_shortens_ranges_and_raises_costs_for_2_uses():
    """Jammed (range -1, cost +1, for 2 uses): red's torpedo (range 2) no
    longer reaches blue 2 boxes away, radar (range 3) does and costs 4 crew
    instead of 3; each maneuver declared with a range is one use."""
    game = jammer_game()
    game.play("order radar_jammer red-aircraft_carrier")
    game.play("end")
    carrier = "red-aircraft_carrier"
    assert game.ship(carrier).jammed is True
    assert targets(game, "torpedo") == [carrier]
    assert targets(game, "radar") == ["blue-submarine", carrier]
    assert game.ship(carrier).reserve == 6
    game.play("radar blue-submarine")
    assert (game.ship(carrier).reserve, game.ship(carrier).crew_on("radar")) == (2, 4)
    assert game.ship(carrier).jammed is True  # 1 use left
    assert starting(game, "radio_support") == [f"radio_support {carrier}"]  # 1 + 1 crew
    game.play(f"radio_support {carrier}")  # the last use
    assert (game.ship(carrier).reserve, game.ship(carrier).crew_on("radio_support")) == (0, 2)
    assert game.ship(carrier).jammed is False


def test_a_jammed_ship_is_told_what_a_maneuver_costs_it():
    game = jammer_game()
    game.play("order radar_jammer red-aircraft_carrier")
    game.play("end")
    game.play("radar blue-submarine")
    assert refused(game, "medical_equipment red-aircraft_carrier") == (
        "medical_equipment costs 4 crew and red-aircraft_carrier has 2 in reserve (R4.1)")


# ------------------------------------------------------------------ decoy


def decoy_game() -> rc.Game:
    return game_of([example("decoy")], """\
        blue-destroyer: {at: c3}
        blue-submarine: {at: c5}
        red-destroyer: {at: e3}
        red-submarine: {at: h6}
        """, turn="blue-destroyer")


def test_a_decoy_takes_the_damage_of_the_ship_it_covers():
    """blue-destroyer's decoy on blue-submarine: red's torpedo on the submarine
    damages the destroyer instead, until the end of blue-destroyer's next turn."""
    game = decoy_game()
    game.play("decoy blue-submarine")
    pass_all(game)
    assert game.ship("blue-submarine").decoyed is True
    game.play("end")
    assert game.to_move == "red-destroyer"
    game.play("torpedo blue-submarine")
    pass_all(game)
    assert (game.ship("blue-submarine").repairs, game.ship("blue-destroyer").repairs) == (3, 2)
    assert logged(game, "redirect", "ship", "to") == [("blue-submarine", "blue-destroyer")]
    assert logged(game, "damage", "ship") == ["blue-destroyer"]
    for _ in range(3):  # red-destroyer, blue-submarine, red-submarine
        game.play("end")
    assert game.to_move == "blue-destroyer"  # its next turn: the decoy stays to its end
    assert game.ship("blue-submarine").decoyed is True
    while game.decision == "recover":
        game.play(game.legal_moves()[0])
    game.play("end")
    assert game.ship("blue-submarine").decoyed is False
    assert game.to_move == "red-destroyer"
    game.play("recover torpedo")
    game.play("recover torpedo")
    game.play("torpedo blue-submarine")
    pass_all(game)
    assert game.ship("blue-submarine").repairs == 2


# ------------------------------------------------------------------ printed cards


def test_the_printed_cards_build_no_modifier_queries():
    """No status of the printed cards modifies anything: the engine skips
    every modifier query, and the card data keeps its hash."""
    rules = rc.load_ruleset("en")
    assert rules.status_rules.modifying == frozenset()
    game = rc.new_game(rules, seed=1)
    assert game.engine.mods is None


# ------------------------------------------------------------------ saves and scenarios


def test_a_status_with_its_giver_and_uses_survives_a_save_and_a_scenario():
    """The number of a status keeps its giver and its uses (modifiers.pack):
    a scenario and a JSON save written mid-game give the same game back."""
    game = decoy_game()
    game.play("decoy blue-submarine")
    pass_all(game)
    jammed = jammer_game()
    jammed.play("order radar_jammer red-aircraft_carrier")
    for g in (game, jammed):
        again = rc.Game.from_scenario(g.to_scenario())
        assert again.state.ships == g.state.ships
        loaded = rc.Game.from_json(g.to_json())
        assert loaded.state.ships == g.state.ships
    # given by seat 0 in its own turn: 2 ends of its turns to pass
    assert dict(game.state.ships[2].statuses) == {
        "decoyed": Lifetime(Duration.END_OF_YOUR_NEXT_TURN, left=2, giver=0)}
    assert dict(jammed.state.ships[1].statuses) == {"jammed": Lifetime(Duration.USES, left=2)}
    assert "decoyed: {lasts: until end of your next turn, left: 2, giver: blue-destroyer}" \
        in game.to_scenario()


@pytest.mark.parametrize("value, field, message", [
    ("1024", "smoke.left", "must be a whole number from 1 to 1 (until start of your next "
     "turn), not 1024"),
    ("{left: 2}", "smoke.left", "must be a whole number from 1 to 1 (until start of your "
     "next turn), not 2"),
    ("{lasts: permanent}", "smoke.lasts", "smoke lasts 'until start of your next turn', "
     "not 'permanent'"),
    ("{giver: green-tug}", "smoke.giver", "'green-tug' is no ship of the game "
     "(blue-submarine, red-destroyer)"),
    ("{left: 1, turns: 2}", "smoke.turns", "unknown field (fields: lasts, left, uses, giver, count)"),
    ("[1]", "smoke", "must be true, false or {left: N, giver: SHIP}, not [1]"),
])
def test_a_scenario_refuses_a_status_lifetime_its_duration_cannot_have(value, field, message):
    """What is left of a status is checked against its declared duration:
    its kind, what is left (1 to 1 for a duration ending at one event), a
    giver among the game's ships."""
    with pytest.raises(rc.ScenarioError) as err:
        game_of([example("smoke_screen")], f"""\
            blue-submarine: {{at: c3}}
            red-destroyer: {{at: e3, smoke: {value}}}
            """)
    assert str(err.value) == f"scenario field 'ships.red-destroyer.{field}': {message}"


# ------------------------------------------------------------------ a designer's statuses


DESIGNER = """\
status braced { for 2 uses  modify damage -1 }
status veiled { this turn  untargetable by maneuvers }
status spotted { until end of your next turn  modify sight 2 }
status slowed { for 1 use  modify movement -1 }
order brace { copies 0  effect status braced on self }
order veil { copies 0  effect status veiled on target }
order spot { copies 0  effect status spotted on self }
order slow { copies 0  effect status slowed on target }
"""


@pytest.fixture
def designer(tmp_path):
    path = tmp_path / "designer.rc"
    path.write_text(DESIGNER)
    return str(path)


def test_a_damage_reduction_for_2_uses_counts_each_damage_it_changes(designer):
    game = game_of([designer], """\
        blue-submarine: {at: c3}
        red-destroyer: {at: d3}
        """, hands="{blue-submarine: [brace]}")
    game.play("order brace")
    game.play("end")
    game.play("depth_charge blue-submarine")  # 2 - 1
    game.play("pass")
    assert game.ship("blue-submarine").repairs == 2
    game.play("torpedo blue-submarine")  # 1 - 1: the last use
    game.play("pass")
    assert game.ship("blue-submarine").braced is False
    assert game.ship("blue-submarine").repairs == 2
    game.play("missile blue-submarine")
    assert game.ship("blue-submarine").repairs == 1
    assert logged(game, "damage", "amount") == [1, 1]  # the one taken to 0 is not logged


def test_untargetable_by_maneuvers_only_leaves_order_cards(designer):
    game = game_of([designer], """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
        """, hands="{blue-submarine: [veil, ambush]}")
    game.play("order veil red-destroyer")
    assert game.ship("red-destroyer").veiled is True
    assert targets(game, "torpedo") == ["blue-submarine"]


def test_sight_counts_distances_less_until_the_end_of_the_giver_s_next_turn(designer):
    """`modify sight 2`: red 4 boxes away is seen at 2, in the torpedo's range;
    given in the giver's own turn it lasts to the end of their next turn."""
    game = game_of([designer], """\
        blue-submarine: {at: b3}
        red-destroyer: {at: f3}
        """, hands="{blue-submarine: [spot]}")
    assert targets(game, "torpedo") == ["blue-submarine"]
    game.play("order spot")
    assert targets(game, "torpedo") == ["blue-submarine", "red-destroyer"]
    game.play("end")
    game.play("end")
    assert game.ship("blue-submarine").spotted is True
    game.play("end")
    assert game.ship("blue-submarine").spotted is False


def test_a_slowed_ship_moves_1_less_once(designer):
    """`modify movement -1` for 1 use: immersion (move 2) goes 1 box, then the
    status is used up by the move and the next immersion goes 2."""
    game = game_of([designer], """\
        blue-submarine: {at: c3}
        red-destroyer: {at: h6}
        """, hands="{blue-submarine: [slow]}")
    game.play("order slow blue-submarine")
    assert len(starting(game, "immersion")) == 8
    assert starting(game, "movement") == []  # move 1 - 1: nowhere to go
    game.play("immersion c4")
    assert game.ship("blue-submarine").slowed is False
    game.play("end")
    game.play("end")
    game.play("recover immersion")
    game.play("recover immersion")
    assert len(starting(game, "immersion")) == 24  # a2-e6 less c4: 2 boxes again


def test_rule_text_of_modifiers_in_three_languages(designer):
    rules = rc.load_ruleset("en", extra=[designer])
    assert [rules.text(c, lang) for c in ("brace", "veil") for lang in ("en", "es", "it")] == [
        "Your ship is braced for 2 uses: each damage it takes is 1 less. Order card: cannot "
        "be responded to.",
        "Tu barco queda braced durante 2 usos: cada daño que recibe se reduce en 1. Carta de "
        "órdenes: sin respuesta.",
        "La tua nave è braced per 2 usi: ogni danno che subisce diminuisce di 1. Carta degli "
        "ordini: senza risposta.",
        "The target is veiled this turn: other players' maneuvers cannot target it. Order "
        "card: any ship on the board; cannot be responded to.",
        "El objetivo queda veiled este turno: las maniobras de otros jugadores no pueden "
        "tomarlo como objetivo. Carta de órdenes: cualquier barco del tablero; sin respuesta.",
        "Il bersaglio è veiled per questo turno: le manovre degli altri giocatori non possono "
        "prendere di mira questa nave. Carta degli ordini: qualsiasi nave sul tabellone; "
        "senza risposta."]
    spot, slow = rules.statuses["spotted"], rules.statuses["slowed"]
    assert [rules.text(c, "it") for c in ("spot", "slow")] == [
        "La tua nave è spotted fino alla fine del tuo prossimo turno: vede 2 caselle più "
        "lontano. Carta degli ordini: senza risposta.",
        "Il bersaglio è slowed per 1 uso: i suoi movimenti percorrono 1 casella in meno. "
        "Carta degli ordini: qualsiasi nave sul tabellone; senza risposta."]
    assert (spot.modifiers, slow.uses) == (((Modifier.SIGHT, 2, None),), 1)


# ------------------------------------------------------------------ compiler checks

SHIP = ("ship tank {{ repairs 3  breakdowns 3  crew 6  maneuvers movement repair torpedo "
        "orders missile depth_charge shield assault  ability {} }}\n")


@pytest.mark.parametrize("text,line,column,reason,suggestion", [
    ("status s {\n  this turn\n  modify rnage -1\n}\n", 3, 10,
     "status 's' cannot modify 'rnage'; it modifies range, cost, movement, sight, damage, damage dealt, hand limit, recover, orders, repairs track, breakdowns track",
     "range"),
    ("status s {\n  this turn\n  modify range 0\n}\n", 3, 10,
     "status 's': 'modify range' needs a change other than 0, such as +1 or -1", None),
    ("status s {\n  this turn\n  modify cost 1\n  modify cost 2\n}\n", 4, 10,
     "status 's' modifies 'cost' twice", None),
    ("status s {\n  this turn\n  untargetable by oders\n}\n", 3, 19,
     "status 's': 'untargetable by': a class of cards ends with cards, maneuvers or orders "
     "('ranged maneuvers', 'enemy damaging cards'), or is a list of cards ('torpedo, "
     "radar'); not 'oders'", "orders"),
    ("status s {\n  this turn\n  redirect damage to giverr\n}\n", 3, 22,
     "status 's' redirects damage to giver (the ship of the card's player who gave it), not "
     "'giverr'", "giver"),
    ("status s {\n  this turn\n  redirect crew to giver\n}\n", 3, 12,
     "status 's' redirects damage only, not 'crew'", None),
    ("status s {\n  for 0 uses\n  modify cost 1\n}\n", 2, 7,
     "status 's': a status lasts 1 to 999 uses, not 0", None),
    ("status s {\n  for 2 uses\n  forbids orders\n}\n", 2, 3,
     "status 's' lasts 2 uses but nothing in it is used: a use is counted by 'modify' (a "
     "maneuver declared, a move, a damage changed) or 'redirect' (a damage sent)", None),
    ("status s {\n  this turn\n  modify cost -x\n}\n", 3, 16,
     "unexpected 'x'; expected a number", None),
    ("maneuver m {\n  cost -1\n}\n", 2, 8, "unexpected '-'; expected '(' or a number",
     None),
    ("status s {\n  this turn\n  modify cost 1\n}\n" + SHIP.format("armored"), 5, 100,
     "ship 'tank': unknown ability 'armored'; an ability is a declared status: status "
     "armoured { permanent  modify damage -1 }", None),
    ("status s {\n  this turn\n  modify cost 1\n}\n" + SHIP.format("s"), 5, 100,
     "ship 'tank': ability 's' must be a permanent status, not 'this turn' (an ability never "
     "ends; one may act only 'while' a condition holds)", None),
    ("status s {\n  permanent\n  forbids orders\n}\n" + SHIP.format("s"), 5, 100,
     "ship 'tank': ability 's' forbids; an ability may only 'modify' numbers or be "
     "'untargetable'", None),
    # triggers in an ability that acts only while a condition holds
    ("status s {\n  while self is damaged\n  when sunk of self { effect draw 1 }\n}\n"
     + SHIP.format("s"), 5, 100, "ship 'tank': ability 's' acts only 'while' a condition "
     "holds, and its triggers would watch always, as the ship's do; test the condition in "
     "the trigger (when sunk { effect … if … }) or give the triggers a permanent ability of "
     "their own", None),
    ("status s {\n  permanent\n  nature protective\n}\n" + SHIP.format("s"), 5, 100,
     "ship 'tank': ability 's' changes nothing; give it 'modify damage -1', 'untargetable' "
     "or a trigger", None),
])
def test_bad_modifiers_are_refused_with_their_place(text, line, column, reason, suggestion):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "bad.rc")
    err = info.value
    assert (err.file, err.line, err.reason, err.suggestion) == ("bad.rc", line, reason,
                                                               suggestion)
    if column != 100:  # 100: the column of the ability, left to the ship line
        assert err.column == column


def test_an_ability_can_hide_a_ship_type_from_order_cards(tmp_path):
    """`ability stealthy` (untargetable by orders): no order card of the enemy
    lists the ship, its own player's still do, and maneuvers still reach it."""
    path = tmp_path / "stealth.rc"
    path.write_text(textwrap.dedent("""\
        status stealthy { permanent  untargetable by orders }
        patch ship destroyer { ability stealthy }
        """))
    game = game_of([str(path)], """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
        """, hands="{blue-submarine: [ambush], red-destroyer: [ambush]}")
    assert "Destroyer: its abilities are now Stealthy." in differences(game.rules, "en")
    assert starting(game, "order") == ["order ambush blue-submarine"]
    assert "torpedo red-destroyer" in game.legal_moves()
    assert refused(game, "order ambush red-destroyer") == (
        "red-destroyer is stealthy: other players' order cards cannot target it until it is "
        "sunk (R9)")
    game.play("end")
    assert starting(game, "order") == ["order ambush blue-submarine",
                                       "order ambush red-destroyer"]


def test_the_card_reference_lists_a_ship_type_s_abilities():
    rules = rc.load_ruleset("en", extra=[example("fast")])
    lines = ships_page(rules, "it").splitlines()
    assert lines[lines.index("Abilità:") + 2] == (
        "- Velocità: i suoi movimenti con Movimento percorrono 1 casella in più; le sue "
        "manovre arrivano 1 casella meno lontano.")
    assert differences(rules, "en") == ["New ship type: Corvette.", "New status: Fast."]


def test_a_modifier_for_one_card_is_refused_for_another_or_for_the_ship(tmp_path):
    for text, reason, suggestion in [
        ("status s { permanent  modify cost -1 on torpdo }\n",
         "status 's': unknown maneuver 'torpdo' for 'modify cost'", "torpedo"),
        ("status s { permanent  modify damage -1 on torpdo }\n",
         "status 's': unknown card 'torpdo' for 'modify damage'", "torpedo"),
        ("status s { permanent  modify recover -1 on torpedo }\n",
         "status 's': 'modify recover' is for its player, not for one card ('on' is for "
         "range, cost, movement, damage and damage dealt)", None)]:
        with pytest.raises(rc.DslError) as info:
            rc.load_source(text, "bad.rc")
        assert (info.value.line, info.value.reason, info.value.suggestion) == (
            1, reason, suggestion)


def test_a_cost_modifier_for_one_maneuver(tmp_path):
    """`modify cost -1 on torpedo`: the torpedo costs 1, the missile still 2;
    its text names the card."""
    path = tmp_path / "cheap.rc"
    path.write_text("status drilled { permanent  modify cost -1 on torpedo }\n"
                    "patch ship destroyer { ability drilled }\n")
    game = game_of([str(path)], """\
        blue-destroyer: {at: c3}
        red-destroyer: {at: e3}
        """, turn="blue-destroyer")
    game.play("torpedo red-destroyer")
    game.play("pass")
    assert game.ship("blue-destroyer").crew_on("torpedo") == 1
    game.play("missile red-destroyer")
    assert game.ship("blue-destroyer").crew_on("missile") == 2
    assert game.ship("blue-destroyer").reserve == 3
    assert ships_page(game.rules, "en").count(
        "- Drilled: Torpedo costs 1 crew less (at least 1).") == 1


def test_a_status_over_the_turns_of_a_player_out_of_the_game_ends_with_them():
    """Arena: the decoy's ship sinks taking the damage it drew; its player has
    no more turns (R8.1), so the decoy it gave, which lasts over them, ends."""
    game = game_of([example("decoy")], """\
        blue-destroyer: {at: c3, repairs: 1, breakdowns: 0}
        blue-submarine: {at: c5}
        red-destroyer: {at: e3}
        red-submarine: {at: h6}
        """, turn="blue-destroyer")
    game.play("decoy blue-submarine")
    pass_all(game)
    game.play("end")
    game.play("torpedo blue-submarine")  # sent to the decoy's ship, which sinks
    pass_all(game)
    assert game.ship("blue-destroyer").sunk is True
    assert game.ship("blue-submarine").decoyed is False
    assert game.ship("blue-submarine").repairs == 3


def test_a_ship_s_statuses_keep_their_declaration_order_through_a_save():
    """intercepted (declared first, in the base cards) given after decoyed:
    the ship lists them in declaration order, as a save writes them back."""
    game = game_of([example("decoy")], """\
        blue-destroyer: {at: c3}
        blue-submarine: {at: c5}
        red-destroyer: {at: e3}
        red-submarine: {at: h6}
        """, hands="{red-destroyer: [intercept]}", turn="blue-destroyer")
    game.play("decoy blue-submarine")
    pass_all(game)
    game.play("end")
    game.play("order intercept blue-submarine")
    pass_all(game)
    assert game.ship("blue-submarine").statuses == ("intercepted", "decoyed")
    again = rc.Game.from_json(game.to_json())
    assert again.state.ships == game.state.ships


def test_fuzzing_counts_an_ability_as_given_to_each_ship_of_its_type(tmp_path, capsys):
    """`redcode fuzz --cards`: 1 game of monitor against submarine gives
    `armoured` once (the monitor's ability), so it is not reported unused."""
    assert cli.main(["fuzz", "--cards", example("armoured"), "--games", "1", "--teams",
                     "monitor/submarine", "--out", str(tmp_path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["usage"]["statuses"] == {"armoured": {"given": 1}}
    assert doc["usage"]["unused"] == []


# ------------------------------------------------------------------ movement in saves


QUICK = """\
status quick { permanent modify movement +1 }
status surge { for 1 use  modify movement +5 }
maneuver dash { cost 1 respondable effect move 1 self }
ship skiff { repairs 3  breakdowns 3  crew 6  maneuvers dash repair torpedo orders
             missile depth_charge shield assault  ability quick }
"""


@pytest.fixture
def quick(tmp_path):
    path = tmp_path / "quick.rc"
    path.write_text(QUICK)
    return str(path)


def quick_game(quick: str) -> rc.Game:
    return game_of([quick], """\
        blue-skiff: {at: c3}
        red-destroyer: {at: e3}
        """, turn="blue-skiff")


def test_a_move_its_ability_lengthens_is_saved_and_read_back_mid_chain(quick):
    """`dash` moves 1, 2 with `quick`: declared `dash b2 a1`, it waits for
    red's answer on the stack; the save reads back as written, and the move
    then resolves to a1."""
    game = quick_game(quick)
    game.play("dash b2 a1")
    assert game.decision == "respond"
    again = rc.Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()
    pass_all(again)
    assert again.ship("blue-skiff").position == "a1"


def test_every_listed_move_reads_back_from_a_save(quick):
    """The class: each path the engine lists (1 and 2 boxes: 23 moves) is
    a save the reader takes back, the same movement on both sides."""
    game = quick_game(quick)
    dashes = starting(game, "dash")
    assert (len(dashes), max(len(m.split()) - 1 for m in dashes)) == (23, 2)
    for move in dashes:
        g = game.clone()
        g.play(move)
        assert rc.Game.from_json(g.to_json()).to_json() == g.to_json()


def test_the_saved_movement_is_bounded_by_every_modifier_and_the_board_limit(quick):
    """The reader bounds a move by the most its card's modifiers can give
    (a status that lengthened it may end before it resolves), up to
    board.MAX_MOVE: 1 + 1 (quick, an ability, may also be given) + 5 (surge)
    is 3; a 4-box path is refused."""
    rules = rc.load_ruleset("en", [quick])
    assert most_movement(rules, "skiff", 1, "dash") == MAX_MOVE == 3
    assert most_movement(rules, "destroyer", 0, "movement") == 3
    assert [movement(1, change) for change in (-2, 0, 1, 5)] == [0, 1, 2, 3]
    game = quick_game(quick)
    game.play("dash b2 a1")
    data = json.loads(game.to_json())
    data["state"]["stack"][0]["path"] = [26, 34, 42, 43]  # c4 c5 c6 d6
    with pytest.raises(rc.SaveError) as err:
        rc.Game.from_json(json.dumps(data))
    assert str(err.value) == ("save field 'state.stack[0].path': not a legal move of "
                              "blue-skiff from c3: 4 steps; the card moves up to 3 (D4.6)")


def test_enemy_before_a_cards_name_is_refused_with_what_to_write():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("status umbrella { this turn  untargetable by enemy radar }\n", "x.rc")
    assert (info.value.reason, info.value.suggestion) == (
        "status 'umbrella': 'untargetable by': 'enemy' comes before words that describe cards "
        "('enemy damaging cards'), not before a card's name; name 'radar' alone (every other "
        "player's), or describe the enemy's cards by their words", None)
