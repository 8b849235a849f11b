"""A status for several turns (docs/rules.md D9.17): `for N turns` and `for N of
your turns`, until the end of the Nth next turn of that player; played turn by
turn in 1v1 scenarios with exact values, kept by saves and scenarios, said in
three languages and checked by the compiler.
"""

import textwrap

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, dsl_refusal

CARDS = """\
status dry_docked { for 3 turns  when turn_starts of self { effect draw 1 } }
order dock { copies 0  effect status dry_docked on self }
status jammed { for 2 of your turns  modify range -1 }
order jam { copies 0  target enemy ship  effect status jammed on target }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("turns") / "turns.rc"
    path.write_text(CARDS)
    return str(path)


def game(cards: str, card: str) -> rc.Game:
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{textwrap.indent(OPEN_BOARD, '  ')}\n"
        "ships:\n  blue-submarine: {at: c3}\n  red-destroyer: {at: e3}\n"
        f"hands: {{blue-submarine: [{card}]}}\n"
        "deck: [boatswain, boatswain, boatswain, boatswain, boatswain, boatswain]\n"
        "turn: blue-submarine\nphase: maneuvers\n")


def statuses(g: rc.Game, ship: str) -> list[str]:
    return list(g.ship(ship).statuses)


def test_a_status_for_3_turns_acts_at_the_start_of_each_of_its_next_3_turns(cards):
    g = game(cards, "dock")
    g.play("order dock")  # in its own turn: this turn's end, then 3 more
    seen = []
    while g.turn_number < 10:
        if g.to_move == "blue-submarine":
            seen.append((g.turn_number, len(g.hand("blue-submarine")),
                         statuses(g, "blue-submarine")))
        g.play("end")
    assert seen == [(1, 0, ["dry_docked"]), (3, 1, ["dry_docked"]), (5, 2, ["dry_docked"]),
                    (7, 3, ["dry_docked"]), (9, 3, [])]


def test_a_status_for_2_of_your_turns_ends_at_the_end_of_the_givers_second(cards):
    g = game(cards, "jam")
    g.play("order jam red-destroyer")
    held = {}
    while g.turn_number < 8:
        held[g.turn_number] = statuses(g, "red-destroyer")
        g.play("end")
    assert held == {1: ["jammed"], 2: ["jammed"], 3: ["jammed"], 4: ["jammed"],
                    5: ["jammed"], 6: [], 7: []}


def test_a_save_and_a_scenario_keep_the_turns_left(cards):
    g = game(cards, "dock")
    g.play("order dock")
    g.play("end")
    assert "dry_docked: {lasts: until end of its next turn, left: 3}" in g.to_scenario()
    again = rc.Game.from_scenario(g.to_scenario())
    assert again.ship("blue-submarine").statuses == g.ship("blue-submarine").statuses
    assert rc.Game.from_json(g.to_json()) == g


def test_a_scenario_gives_no_more_turns_than_the_status_lasts(cards):
    g = game(cards, "dock")
    text = g.to_scenario().replace("dry_docked: false, jammed: false, sunk: false}\n  red",
                                   "dry_docked: {left: 5}, jammed: false, sunk: false}\n  red", 1)
    assert "{left: 5}" in text
    with pytest.raises(rc.ScenarioError) as info:
        rc.Game.from_scenario(text)
    assert "1 to 4" in str(info.value)


@pytest.mark.parametrize("status,lang,text", [
    ("dry_docked", "en", "Dry docked, for its next 3 turns: at the start of its player's "
                         "turn, you draw 1 order card."),
    ("dry_docked", "es", "Dry docked, durante sus 3 próximos turnos:"),
    ("dry_docked", "it", "Dry docked, per i suoi prossimi 3 turni:"),
    ("jammed", "en", "Jammed, for your next 2 turns: its maneuvers' range is 1 less."),
    ("jammed", "es", "Jammed, durante tus 2 próximos turnos: sus maniobras llegan 1 casilla "
                     "menos lejos."),
    ("jammed", "it", "Jammed, per i tuoi prossimi 2 turni: le sue manovre arrivano 1 casella "
                     "meno lontano."),
])
def test_the_text_of_a_status_for_several_turns(cards, status, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).status_text(status, lang=lang).startswith(text)


@pytest.mark.parametrize("body,reason", [
    ("for 0 turns  modify range -1", "status 's': a status lasts 1 to 9 turns, not 0"),
    ("for 2 of the turns  modify range -1", "status 's': a duration counts the turns of 'its' "
     "player (the affected ship's), 'your' (the card's player's), not 'the'"),
])
def test_a_status_for_several_turns_is_checked(body, reason):
    err = dsl_refusal(f"status s {{ {body} }}\norder x {{ copies 0  effect status s on self }}")
    assert err.reason == reason


def test_a_status_says_once_how_long_it_lasts():
    err = dsl_refusal("status s { for 3 turns  this turn  modify range -1 }\n"
                      "order x { copies 0  effect status s on self }")
    assert "says twice how long it lasts ('for 3 turns' at line 1, then 'this turn')" in \
        err.reason
