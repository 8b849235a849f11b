"""A ship type's ability that holds triggers (D9.21): they watch as the
ship's own triggers do, beside what the ability changes, and the ship's
reference names them under the ability, in three languages."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import card_file, pass_all, scenario_game
from redcode_rules.render.reference import ships_page

CARDS = """\
status flag_bridge {
    permanent
    when damaged of friendly { effect draw 1 }
    name en "flag bridge" es "puente de mando" it "ponte di comando"
}
status belted {
    permanent
    modify damage -1
    when sunk of self { effect draw 2 }
    name en "armour belt" es "cinturón blindado" it "cintura corazzata" (f)
}
patch ship aircraft_carrier { ability flag_bridge }
patch ship destroyer { ability belted }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("abilities"), CARDS)


def test_an_abilitys_trigger_watches_as_the_ships_own(cards):
    game = scenario_game(f"""
        edition: en
        extra: [{cards}]
        ships:
          red-aircraft_carrier: {{at: f5}}
          red-submarine: {{at: c4}}
          blue-submarine: {{at: c3}}
          blue-aircraft_carrier: {{at: a1}}
        deck: [ambush, evasion, captain]
        turn: blue-submarine
        phase: maneuvers
        """)
    game.play("torpedo red-submarine")
    pass_all(game)
    assert game.ship("red-submarine").repairs == 2
    assert game.observation("red-aircraft_carrier").hand == ("ambush",)


def test_an_ability_changes_and_watches_at_once(cards):
    """Armour belt takes 1 off a heavy torpedo's 2, and its trigger draws as
    the destroyer sinks."""
    game = scenario_game(f"""
        edition: en
        extra: [{cards}]
        ships:
          red-destroyer: {{at: c4, repairs: 1, breakdowns: 0}}
          blue-submarine: {{at: c3}}
        deck: [ambush, evasion, captain]
        turn: blue-submarine
        phase: maneuvers
        """)
    game.play("heavy_torpedo red-destroyer")
    pass_all(game)
    assert game.ship("red-destroyer").sunk
    assert len(game.observation("red-destroyer").hand) == 2


def test_the_ability_takes_its_point_off_before_it_sinks(cards):
    game = scenario_game(f"""
        edition: en
        extra: [{cards}]
        ships:
          red-destroyer: {{at: c4, repairs: 2, breakdowns: 0}}
          blue-submarine: {{at: c3}}
        turn: blue-submarine
        phase: maneuvers
        """)
    game.play("heavy_torpedo red-destroyer")  # 2 damage, 1 less
    pass_all(game)
    assert (game.ship("red-destroyer").repairs, game.ship("red-destroyer").sunk) == (1, False)


@pytest.mark.parametrize("lang,line", [
    ("en", "- Flag bridge: when a friendly ship takes damage, you draw 1 order card."),
    ("es", "- Puente de mando: cuando un barco aliado recibe daño, robas 1 carta de órdenes."),
    ("it", "- Ponte di comando: quando una nave alleata subisce danni, peschi 1 carta degli "
           "ordini."),
])
def test_the_ships_reference_names_the_trigger_under_its_ability(cards, lang, line):
    rules = rc.load_ruleset("en", extra=[cards])
    assert line in ships_page(rules, lang).splitlines()


def test_what_it_changes_comes_before_its_triggers(cards):
    rules = rc.load_ruleset("en", extra=[cards])
    lines = ships_page(rules, "en").splitlines()
    assert "- Armour belt: each damage it takes is 1 less; when this ship is sunk, you draw 2 " \
        "order cards." in lines


LOOKOUT = """\
status lookout { permanent  when plays by torpedo { effect draw 1 } }
order post_lookout { copies 1  effect status lookout on self }
deck { keep size }
patch ship destroyer { ability lookout }
"""


def test_a_status_its_ship_has_as_an_ability_is_never_held_twice(tmp_path):
    """Given the status it has always, the destroyer holds nothing more, and
    its trigger draws once a torpedo."""
    game = scenario_game(f"""
        edition: en
        extra: [{card_file(tmp_path, LOOKOUT)}]
        ships:
          blue-destroyer: {{at: c3}}
          red-submarine: {{at: c5}}
        hands: {{blue-destroyer: [post_lookout]}}
        deck: [ambush, evasion, captain]
        turn: blue-destroyer
        phase: maneuvers
        """)
    game.play("order post_lookout")
    assert game.ship("blue-destroyer").statuses == ()
    game.play("torpedo red-submarine")
    assert game.observation("blue-destroyer").hand == ("ambush",)


def test_a_scenario_cannot_give_a_ship_its_own_ability(tmp_path):
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(f"edition: en\nextra: [{card_file(tmp_path, LOOKOUT)}]\n"
                              "ships:\n  blue-destroyer: {at: c3, lookout: true}\n"
                              "  red-submarine: {at: c5}\n")
    assert str(info.value) == (
        "scenario field 'ships.blue-destroyer.lookout': a destroyer has 'lookout' always, as "
        "an ability of its type (D9.21): a ship never holds it as a status too")


def test_an_ability_with_triggers_that_acts_only_while_is_refused():
    text = ("status flag_bridge { permanent  while self is damaged  modify range +1\n"
            "    when damaged of friendly { effect draw 1 } }\n"
            "patch ship aircraft_carrier { ability flag_bridge }\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "x.rc")
    assert info.value.reason.startswith("ship 'aircraft_carrier': ability 'flag_bridge' acts "
                                        "only 'while' a condition holds")
