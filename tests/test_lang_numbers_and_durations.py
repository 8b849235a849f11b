"""Numbers set and bounded, damage prevented, and durations that combine or
name the next turn whoever's it is (docs/dsl.md "Statuses", D9.5).

`set NAME to N`, `limit NAME to at most|at least N [on CARD]`, `prevent the
next N damage`, `for N uses` beside a time (whichever comes first), and
`until start|end of the next turn`. The example cards
cards/examples/numbers_*.rc are played here.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.model.ruleset import Limit
from redcode_rules.model.modifiers import adjusted
from redcode_rules.model.state import Lifetime
from redcode_rules.model.ruleset import Duration

from conftest import EXAMPLES, OPEN_BOARD, logged, starting


def example(name: str) -> str:
    return str(EXAMPLES / f"numbers_{name}.rc")


def game_of(extra: list[str], ships: str, hands: str = "{}",
            turn: str = "blue-submarine") -> rc.Game:
    """A game on open water with the extra card files, ships as written."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: arena\nextra: [{', '.join(extra)}]\nboard: |\n{board}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + f"\nhands: {hands}\nturn: {turn}\nphase: maneuvers\ndeck: []\n")


def dsl_error(text: str) -> str:
    with pytest.raises(rc.DslError) as err:
        rc.load_source(text, "bad.rc")
    return str(err.value)


# ------------------------------------------------------------------ D9.5 order


@pytest.mark.parametrize("base, change, bounds, value", [
    (2, 1, [], 3),                                                # adds only
    (2, 1, [(Limit.SET, 0)], 0),                                  # a set replaces the sum
    (2, 0, [(Limit.SET, 4), (Limit.SET, 1)], 1),                  # the lowest set
    (1, 0, [(Limit.AT_LEAST, 2)], 2),                             # a floor raises
    (5, -1, [(Limit.AT_MOST, 2)], 2),                             # a ceiling lowers
    (1, 0, [(Limit.AT_LEAST, 3), (Limit.AT_MOST, 2)], 2),         # a ceiling wins
    (3, 0, [(Limit.SET, 5), (Limit.AT_MOST, 4)], 4),              # sets, then bounds
])
def test_a_number_is_added_to_then_set_then_bounded(base, change, bounds, value):
    assert adjusted(base, change, bounds) == value


# ------------------------------------------------------------------ fog bank


def fog_game() -> rc.Game:
    return game_of([example("fog_bank")], """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
        """, hands="{blue-submarine: [fog_bank]}")


def test_fog_sets_the_torpedo_range_to_0_and_raises_costs_to_at_least_2():
    """Red's torpedo (range 2) no longer reaches blue at 2 boxes, its missile
    (range 2, not named) still does; its movement costs 2 crew, not 1."""
    game = fog_game()
    assert "torpedo blue-submarine" in starting(game, "torpedo")
    game.play("order fog_bank red-destroyer")
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert starting(game, "torpedo") == ["torpedo red-destroyer"]
    assert starting(game, "missile") == ["missile blue-submarine", "missile red-destroyer"]
    game.play("movement e4")
    assert game.ship("red-destroyer").crew["movement"] == 2
    assert game.ship("red-destroyer").reserve == 4


def test_fog_limits_the_visual_field_to_2_boxes():
    """Blue at 3 boxes is out of fogbound red's visual field; without the
    fog red sees it at 3."""
    game = game_of([example("fog_bank")], """\
        blue-submarine: {at: b3}
        red-destroyer: {at: e3, fogged: true}
        """, turn="red-destroyer")
    assert game.engine.queries.sight(1) == []  # red-destroyer's seat
    game2 = game_of([example("fog_bank")], """\
        blue-submarine: {at: b3}
        red-destroyer: {at: e3}
        """, turn="red-destroyer")
    assert game2.engine.queries.sight(1) == [(3, 0)]


def test_until_the_end_of_the_next_turn_lasts_through_whoevers_turn_is_next():
    """Given in blue's turn: it lasts past blue's turn end and ends at the
    end of the next turn (red's), whoever's ship has it."""
    game = fog_game()
    game.play("order fog_bank red-destroyer")
    assert game.ship("red-destroyer").fogged is True
    game.play("end")
    assert (game.to_move, game.ship("red-destroyer").fogged) == ("red-destroyer", True)
    game.play("end")
    assert (game.to_move, game.ship("red-destroyer").fogged) == ("blue-submarine", False)


def test_fog_on_its_own_ship_also_ends_at_the_end_of_the_next_turn():
    """The duration counts any turn: given by blue to blue, it ends at the
    end of red's turn, not blue's next."""
    game = fog_game()
    game.play("order fog_bank blue-submarine")
    game.play("end")
    assert game.ship("blue-submarine").fogged is True
    game.play("end")
    assert game.ship("blue-submarine").fogged is False


def test_fog_text_in_three_languages():
    rules = rc.load_ruleset("en", extra=[example("fog_bank")])
    assert rules.text("fog_bank") == (
        "The target is fogbound until the end of the next turn: it sees no farther than "
        "2 boxes; the range of Torpedo becomes 0; its maneuvers cost at least 2 crew. "
        "Order card: any ship on the board; cannot be responded to.")
    assert rules.text("fog_bank", "es").startswith(
        "El objetivo queda en la niebla hasta el final del próximo turno: no ve más allá de "
        "2 casillas; la distancia de Torpedo pasa a ser 0; sus maniobras cuestan como mínimo "
        "2 tripulantes.")
    assert rules.text("fog_bank", "it").startswith(
        "Il bersaglio viene avvolto dalla nebbia fino alla fine del prossimo turno: non vede "
        "oltre 2 caselle; la distanza di Siluro diventa 0; le sue manovre costano almeno "
        "2 membri dell'equipaggio.")


# ------------------------------------------------------------------ energy shield


def shield_game(status: str = "") -> rc.Game:
    return game_of([example("energy_shield")], f"""\
        blue-submarine: {{at: c3{status}}}
        red-destroyer: {{at: e3}}
        """, hands="{blue-submarine: [energy_shield]}", turn="red-destroyer")


def test_the_shield_ignores_the_next_2_damage_points_then_ends():
    """Two torpedoes of 1: both prevented, counted in points (2 → 1 → gone);
    a third does its damage."""
    game = shield_game(", shielded: true")
    assert game.engine.state.ships[0].statuses == (
        ("shielded", Lifetime(Duration.END_OF_NEXT_TURN, 1, None, 2)),)
    game.play("torpedo blue-submarine")
    game.play("pass")
    assert game.ship("blue-submarine").repairs == 3
    assert logged(game, "prevent", "ship", "status", "amount") == [
        ("blue-submarine", "shielded", 1)]
    assert game.engine.state.ships[0].statuses[0][1].uses == 1
    game.play("missile blue-submarine")
    assert game.ship("blue-submarine").repairs == 3
    assert game.ship("blue-submarine").shielded is False


def test_a_shield_prevents_part_of_a_bigger_damage():
    """A shield with 1 point left takes 1 off a 2-damage hit and ends."""
    game = game_of([example("energy_shield")], """\
        blue-submarine: {at: d3, shielded: {left: 1, uses: 1}}
        red-destroyer: {at: e3}
        """, turn="red-destroyer")
    game.play("depth_charge blue-submarine")
    game.play("pass")
    assert game.ship("blue-submarine").repairs == 2
    assert logged(game, "prevent", "amount") == [1]
    assert logged(game, "damage", "amount") == [1]
    assert game.ship("blue-submarine").shielded is False


def test_the_shield_narrated_in_three_languages():
    game = shield_game(", shielded: true")
    game.play("torpedo blue-submarine")
    game.play("pass")
    assert game.narration()[-1] == "  Blue submarine is spared 1 damage (shielded)."
    game.lang = "es"
    assert game.narration()[-1] == "  El submarino azul evita 1 de daño (protegido por un escudo)."
    game.lang = "it"
    assert game.narration()[-1] == "  Il sottomarino blu evita 1 danno (schermatura energetica)."


# ------------------------------------------------------------------ brace: uses and a time


def brace_game(status: str = "") -> rc.Game:
    return game_of([example("brace")], f"""\
        blue-submarine: {{at: d3{status}}}
        red-destroyer: {{at: e3}}
        """, turn="red-destroyer")


def test_brace_limits_one_damage_to_1_then_ends():
    """`for 1 use` and `this turn`: the first damage (2) is 1, the status ends
    with its one use; the next is 2 again."""
    game = brace_game(", braced: true")
    game.play("depth_charge blue-submarine")
    game.play("pass")
    assert logged(game, "damage", "amount") == [1]
    assert game.ship("blue-submarine").braced is False


def test_brace_not_used_ends_at_the_end_of_the_turn():
    game = brace_game(", braced: true")
    game.play("end")
    assert game.ship("blue-submarine").braced is False


def test_brace_played_in_answer_to_a_depth_charge():
    game = game_of([example("brace")], """\
        blue-submarine: {at: d3}
        red-destroyer: {at: e3}
        """, hands="{blue-submarine: [brace]}", turn="red-destroyer")
    game.play("depth_charge blue-submarine")
    game.play("order brace")
    game.play("pass")
    assert logged(game, "damage", "amount") == [1]
    assert game.ship("blue-submarine").repairs == 2


# ------------------------------------------------------------------ saves and scenarios


@pytest.mark.parametrize("status, written", [
    ("braced: true", {"lasts": "this turn", "left": 1, "uses": 1}),
    ("shielded: {left: 2, uses: 1}",
     {"lasts": "until end of its next turn", "left": 2, "uses": 1}),
    ("fogged: {left: 2}", {"lasts": "until end of the next turn", "left": 2}),
])
def test_a_combined_duration_round_trips_through_saves_and_scenarios(status, written):
    name = status.split(":")[0]
    files = {"braced": "brace", "shielded": "energy_shield", "fogged": "fog_bank"}
    game = game_of([example(files[name])], f"""\
        blue-submarine: {{at: d3, {status}}}
        red-destroyer: {{at: e3}}
        """, turn="red-destroyer")
    assert rc.Game.from_json(game.to_json()) == game
    assert rc.Game.from_scenario(game.to_scenario()) == game
    import yaml
    assert yaml.safe_load(game.to_scenario())["ships"]["blue-submarine"][name] == written


@pytest.mark.parametrize("value, field, message", [
    ("{uses: 3}", "shielded.uses", "must be a whole number from 1 to 2, not 3"),
    ("{uses: 0}", "shielded.uses", "must be a whole number from 1 to 2, not 0"),
])
def test_a_scenario_refuses_uses_out_of_range(value, field, message):
    with pytest.raises(rc.ScenarioError) as err:
        game_of([example("energy_shield")], f"""\
            blue-submarine: {{at: d3, shielded: {value}}}
            red-destroyer: {{at: e3}}
            """)
    assert str(err.value) == f"scenario field 'ships.blue-submarine.{field}': {message}"


def test_a_scenario_refuses_uses_for_a_status_that_counts_none():
    with pytest.raises(rc.ScenarioError) as err:
        game_of([example("fog_bank")], """\
            blue-submarine: {at: d3, fogged: {uses: 1}}
            red-destroyer: {at: e3}
            """)
    assert "fogged counts no uses beside its time" in str(err.value)


# ------------------------------------------------------------------ compiler checks


BASE = 'status s {{ {body} }}\n'


@pytest.mark.parametrize("body, message", [
    ("this turn set sight to 2", "a ship's sight is its visual field, with no number of its "
     "own to set or raise"),
    ("this turn limit cost to at most 0", "'limit cost' takes 1 to 99, not 0"),
    ("this turn limit movement to 9", "'limit movement' takes 0 to"),
    ("this turn limit range to at best 2", "a limit is 'at most' or 'at least', not 'at best'"),
    ("this turn limit speed to 2", "status 's' cannot limit 'speed'"),
    ("this turn limit range to 1 limit range to 2", "status 's' limits 'range' at most twice"),
    ("this turn limit sight to 2 on torpedo", "a bound on 'sight' is for its ship, not for one card"),
    ("for 2 uses prevent 2 damage", "its uses are the damage points it prevents"),
    ("prevent 2 crew", "status 's' prevents damage only, not 'crew'"),
    ("until end of thy next turn forbids orders", "or 'the' next turn (whoever's it is), "
     "not 'thy'"),
])
def test_the_compiler_explains_a_bad_set_limit_prevent_or_duration(body, message):
    assert message in dsl_error(BASE.format(body=body))


def test_a_use_limit_and_a_time_together_are_one_duration():
    rules = rc.load_source('status s { for 1 use this turn modify damage -1 }\n')
    spec = rules.statuses["s"]
    assert (spec.duration, spec.uses) == (Duration.THIS_TURN, 1)
    assert rules.statuses["s"].extra() == [["uses", 1], ["modify", [["damage", -1]]]]


def test_a_patch_replaces_a_duration_whole():
    """`for 2 uses` patched to `this turn`: no uses left over."""
    rules = rc.load_source('status s { for 2 uses modify damage -1 }\n'
                           'patch status s { this turn }\n')
    assert (rules.statuses["s"].duration, rules.statuses["s"].uses) == (Duration.THIS_TURN, 0)


def test_the_validator_accepts_a_combined_duration_and_refuses_one_out_of_bounds():
    """A status of a time and uses is valid with 1 to its uses left; more,
    or uses on a status that counts none, is a problem of the state."""
    from redcode_rules.engine.validate import check_state
    game = brace_game(", braced: true")
    engine = game.engine
    assert check_state(engine.state, game.rules, engine.board) == []
    ship = engine.state.ships[0]
    ship.statuses = (("braced", Lifetime(Duration.THIS_TURN, 1, None, 2)),)
    problems = check_state(engine.state, game.rules, engine.board)
    assert [p.reason for p in problems] == [
        "braced lasts 'this turn' with 1 to 1 left and 1 to 1 uses"]
    ship.statuses = (("braced", Lifetime(Duration.THIS_TURN, 1, None, 0)),)
    assert len(check_state(engine.state, game.rules, engine.board)) == 1


@pytest.mark.parametrize("status, message", [
    ("permanent prevent 2 damage",
     "ability 'plating' prevents damage; an ability is never used up"),
    ("permanent for 2 uses modify damage -1", "ability 'plating' lasts 2 uses; an ability is never "
     "used up"),
])
def test_an_ability_is_never_used_up(status, message):
    text = (f"status plating {{ {status} }}\n"
            "patch ship submarine { ability plating }\n")
    assert message in dsl_error(text)


def test_an_ability_may_set_or_limit_a_number():
    rules = rc.load_source("status plating { permanent limit damage to at most 1 }\n"
                           "patch ship submarine { ability plating }\n")
    assert rules.ships["submarine"].abilities == ("plating",)


def test_a_shield_lasting_while_a_condition_holds_prevents_only_then(tmp_path):
    """`while self is damaged  prevent 2 damage`: an undamaged ship's shield
    is not given; given to a damaged ship, it prevents until repaired."""
    card = tmp_path / "ward.rc"
    card.write_text('status warded { while self is damaged  prevent 2 damage\n'
                    '  name en "warded" es "resguardado" it "la guardia" (f) }\n', "utf-8")
    game = game_of([str(card)], """\
        blue-submarine: {at: d3, repairs: 2, warded: true}
        red-destroyer: {at: e3}
        """, turn="red-destroyer")
    game.play("torpedo blue-submarine")
    game.play("pass")
    assert game.ship("blue-submarine").repairs == 2
    assert logged(game, "prevent", "amount") == [1]


def test_until_the_start_of_the_next_turn_ends_as_any_turn_starts(tmp_path):
    """Given in blue's turn, it lasts to the end of blue's turn and ends as
    red's turn starts: red's maneuvers there are not forbidden."""
    card = tmp_path / "dazzle.rc"
    card.write_text('status dazzled { until start of the next turn  forbids responses\n'
                    '  name en "dazzled" es "deslumbrado" it "l\'abbaglio" (m) }\n'
                    'order dazzle { copies 2 effect status dazzled on target\n'
                    '  name en "Dazzle" es "Deslumbrar" it "Abbagliare" }\n'
                    'patch order ambush { copies 2 }\n', "utf-8")
    game = game_of([str(card)], """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
        """, hands="{blue-submarine: [dazzle]}")
    game.play("order dazzle red-destroyer")
    assert game.ship("red-destroyer").dazzled is True
    game.play("torpedo red-destroyer")
    assert game.decision == "main"  # red may not respond: the torpedo resolved at once
    game.play("end")
    assert (game.to_move, game.ship("red-destroyer").dazzled) == ("red-destroyer", False)


def test_a_token_counts_its_owners_turns_not_the_next_turn():
    message = dsl_error('token t { until end of the next turn }\n')
    assert "token 't': a duration counts the turns of 'its' player" in message
