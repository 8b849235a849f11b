"""What a response answers, read of every ship it targets (docs/rules.md
D5.5): `answered target` where an effect acts (`status X on answered
target`), and a test of `answered target` on an item with several targets
(D4.13), which holds when one of its targets passes; played in scenarios
with exact values, with their text in three languages.
"""

import textwrap

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, dsl_refusal, pass_all, starting

CARDS = """\
status braced { this turn  for 1 use  modify damage -1
    name en "braced" es "preparado" it "preparata"
    state en "braced" es "preparado" it "preparata" }
order brace { copies 0  response  answers maneuvers
    usable if answered is damaging and answered target is friendly
    effect status braced on answered target }
order counter_intel { copies 0  response  answers maneuvers
    usable if answered target is friendly
    effect cancel answered; crew_loss 1 to source }
order spare_none { copies 0  response  answers maneuvers
    usable if answered target is not friendly
    effect draw 1 }
order patch_up { copies 0  response  answers maneuvers
    effect regain repair 1 to answered target }
maneuver spread_fire { cost 2  range 3  respondable
    target up to 2 ships
    effect damage 1 to each target }
maneuver signal { cost 1  respondable  effect draw 1 }
patch ship submarine { maneuvers movement repair torpedo orders immersion countermeasure
    spread_fire signal }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("answered") / "answered.rc"
    path.write_text(CARDS)
    return str(path)


def game(cards: str, card: str) -> rc.Game:
    """A 2v2 on an open board, the red submarine to play; the blue carrier
    holds ``card``."""
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{textwrap.indent(OPEN_BOARD, '  ')}\n"
        "ships:\n  blue-destroyer: {at: c3}\n  red-submarine: {at: e3}\n"
        "  blue-aircraft_carrier: {at: e1}\n  red-destroyer: {at: e5}\n"
        f"hands: {{blue-aircraft_carrier: [{card}]}}\ndeck: [boatswain, boatswain]\n"
        "turn: red-submarine\nphase: maneuvers\n")


def to_carrier(g: rc.Game, move: str) -> None:
    """``move`` played by the red submarine, then passes until the blue
    carrier may answer it (or the chain ends)."""
    g.play(move)
    while g.to_move != "blue-aircraft_carrier" and "pass" in g.legal_moves():
        g.play("pass")


def test_a_status_on_the_ship_the_answered_item_targets(cards):
    g = game(cards, "brace")
    to_carrier(g, "torpedo blue-destroyer")
    assert starting(g, "order brace") == ["order brace"]
    g.play("order brace")
    pass_all(g)
    # the torpedo's 1 damage, 1 less for the braced ship
    assert g.ship_state("blue-destroyer").repairs == 3


def test_an_effect_on_every_ship_the_answered_item_targets_D4_13(cards):
    g = game(cards, "patch_up")
    g.state.ships[g.ships.index("blue-destroyer")].repairs = 2
    g.state.ships[g.ships.index("red-destroyer")].repairs = 2
    to_carrier(g, "spread_fire blue-destroyer red-destroyer")
    g.play("order patch_up")
    assert [g.ship_state(s).repairs for s in ("blue-destroyer", "red-destroyer")] == [3, 3]
    pass_all(g)
    assert [g.ship_state(s).repairs for s in ("blue-destroyer", "red-destroyer")] == [2, 2]


@pytest.mark.parametrize("move", ["spread_fire red-submarine blue-aircraft_carrier",
                                  "spread_fire blue-destroyer red-destroyer"])
def test_a_test_of_the_answered_target_holds_when_one_of_its_targets_passes(cards, move):
    """The friendly ship is the second target or the first: the response is
    listed either way (seats: blue destroyer 0, red submarine 1, carrier 2)."""
    g = game(cards, "counter_intel")
    to_carrier(g, move)
    assert starting(g, "order counter_intel") == ["order counter_intel"]
    g.play("order counter_intel")
    pass_all(g)
    assert [g.ship_state(s).repairs for s in ("blue-destroyer", "blue-aircraft_carrier")] == \
        [3, 3]
    assert g.ship_state("red-submarine").reserve == 6 - 2 - 1


def test_is_not_holds_when_none_of_its_targets_passes(cards):
    g = game(cards, "spare_none")
    to_carrier(g, "spread_fire red-submarine blue-aircraft_carrier")
    assert starting(g, "order spare_none") == []
    g = game(cards, "spare_none")
    to_carrier(g, "spread_fire red-submarine red-destroyer")
    assert starting(g, "order spare_none") == ["order spare_none"]


def test_the_answered_target_is_read_of_a_response_only():
    err = dsl_refusal("order x { copies 0  effect damage 1 to answered target }")
    assert err.reason == ("order 'x' acts on the item it answers, so it must be a 'response' "
                          "(R5.2)")


@pytest.mark.parametrize("card,lang,text", [
    ("brace", "en", "The ship it targets is braced this turn, for a single use: each damage "
                    "it takes is 1 less."),
    ("brace", "es", "El barco al que apunta queda preparado este turno, para un solo uso: "
                    "cada daño que recibe se reduce en 1."),
    ("brace", "it", "La nave presa di mira viene preparata per questo turno, per un solo "
                    "uso: ogni danno che subisce diminuisce di 1."),
    ("patch_up", "en", "The ship it targets regains 1 repair."),
    ("patch_up", "es", "+1 reparación al barco al que apunta."),
    ("patch_up", "it", "+1 riparazione alla nave presa di mira."),
])
def test_the_text_of_an_effect_on_the_answered_target(cards, card, lang, text):
    rules = rc.load_ruleset("en", extra=[cards])
    assert rules.text(card, lang=lang).startswith(text)


def test_no_test_of_the_answered_target_holds_for_an_item_without_one_D5_5(cards):
    g = game(cards, "spare_none")
    to_carrier(g, "signal")  # it targets no ship
    assert g.to_move == "blue-aircraft_carrier" and "pass" in g.legal_moves()
    assert starting(g, "order spare_none") == []


SIGHT = """\
order spotted { copies 0  response  answers maneuvers  usable if answered target is in sight
    effect draw 1 }
order unseen { copies 0  response  answers maneuvers  usable if answered target is not in sight
    effect draw 1 }
"""


@pytest.mark.parametrize("card,move,listed", [
    # the carrier at e1 sees the blue destroyer (c3, on its diagonal) and the red
    # submarine (e3), not the red destroyer behind it (e5)
    ("spotted", "spread_fire blue-destroyer red-destroyer", True),
    ("unseen", "spread_fire blue-destroyer red-destroyer", False),
    ("spotted", "spread_fire red-destroyer", False),
    ("unseen", "spread_fire red-destroyer", True),
    ("unseen", "signal", False),  # no target ship: no test of it holds (D5.5)
])
def test_a_sight_test_of_the_answered_target_reads_every_ship_it_targets(tmp_path, cards, card,
                                                                          move, listed):
    more = tmp_path / "sight.rc"
    more.write_text(SIGHT)
    g = rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}, {more}]\nboard: |\n"
        f"{textwrap.indent(OPEN_BOARD, '  ')}\n"
        "ships:\n  blue-destroyer: {at: c3}\n  red-submarine: {at: e3}\n"
        "  blue-aircraft_carrier: {at: e1}\n  red-destroyer: {at: e5}\n"
        f"hands: {{blue-aircraft_carrier: [{card}]}}\ndeck: [boatswain, boatswain]\n"
        "turn: red-submarine\nphase: maneuvers\n")
    queries = g.engine.queries
    carrier = g.ships.index("blue-aircraft_carrier")
    assert sorted(g.ships[s] for _, s in queries.sight(carrier)) == ["blue-destroyer",
                                                                     "red-submarine"]
    to_carrier(g, move)
    assert starting(g, f"order {card}") == ([f"order {card}"] if listed else [])
