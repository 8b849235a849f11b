"""Ships of a kind around a ship (docs/dsl.md, "Expressions"): counts
(`number of friendly ships within 2 of target`), the distance to the nearest
ship of a kind (`distance to nearest enemy ship [from SUBJECT]`) and sets of
ships near a kind (`each enemy ship within 1 of a friendly ship`). The ship
measured from is never counted; ships off the board are none (D9.3). The
card file is tests/data/ships_around.rc; cards/examples/ships_around_wolfpack.rc
is played in the cookbook."""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.rules.exprs import Amount, Cmp, Compare, Nearest, Scope, ShipCount, Subject
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, logged

CARDS = str(ROOT / "tests" / "data" / "ships_around.rc")


def game(ships: str, hand: str, mode: str = "arena") -> rc.Game:
    return rc.Game.from_scenario(
        f"edition: en\nmode: {mode}\nextra: [{CARDS}]\n"
        f"board: |\n{textwrap.indent(OPEN_BOARD, '  ')}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + f"\nhands: {{blue-submarine: [{hand}]}}\nturn: blue-submarine\nphase: maneuvers\n"
        "deck: [ambush, evasion, ambush]\n")


#: War: blue's carrier is sunk and waiting (off the board, D9.3).
SIX = """\
    blue-submarine: {at: c3}
    blue-destroyer: {at: e5}
    blue-aircraft_carrier: {sunk: true}
    red-destroyer: {at: e3}
    red-submarine: {at: h1}
    red-aircraft_carrier: {at: h6}
"""


def tracks(g: rc.Game) -> dict[str, tuple[int, int]]:
    return {s: (g.ship(s).repairs, g.ship(s).breakdowns) for s in g.ships
            if g.ship(s).position is not None}


def resolve(g: rc.Game, move: str) -> rc.Game:
    g.play(move)
    while "pass" in g.legal_moves():
        g.play("pass")
    return g


# ------------------------------------------------------------------ counts


@pytest.mark.parametrize("target, damage", [
    ("red-destroyer", 2),          # the submarine and the destroyer, each 2 boxes away
    ("red-submarine", 0),          # none within 2 of h1
    ("red-aircraft_carrier", 0),   # e5 is 3 boxes from h6
])
def test_a_count_of_friendly_ships_within_2_of_the_target(target, damage):
    g = resolve(game(SIX, "pack", "war"), f"order pack {target}")
    assert tracks(g)[target] == (3 - damage, 3)
    assert logged(g, "damage", "ship", "amount") == ([(target, damage)] if damage else [])


def test_a_sunk_ship_is_not_counted_even_where_it_would_be():
    """The count reads the board: blue's sunk carrier is nowhere, so it is not
    within 2 of anything; the red ships on the board are 3 in arena, 2 in war
    with red's submarine sunk."""
    g = game(SIX.replace("red-submarine: {at: h1}", "red-submarine: {sunk: true}"),
             "census", "war")
    resolve(g, "order census")
    assert len(g.hand("blue-submarine")) == 2
    arena = game(SIX.replace("blue-aircraft_carrier: {sunk: true}",
                             "blue-aircraft_carrier: {at: a6}"), "census")
    resolve(arena, "order census")
    assert len(arena.hand("blue-submarine")) == 3


def test_the_ship_counted_around_is_not_one_of_them():
    """`number of friendly ships within 1` (of the card's own ship): the
    submarine alone at c3 counts 0, so no self-damage; with the destroyer
    next to it, 1."""
    alone = resolve(game(SIX, "census", "war"), "order census")
    assert tracks(alone)["blue-submarine"] == (3, 3)
    near = resolve(game(SIX.replace("e5", "d4"), "census", "war"), "order census")
    assert tracks(near)["blue-submarine"] == (2, 3)


def test_each_friendly_ship_within_1_of_a_friendly_ship_excludes_itself():
    """c3 and d4 are neighbours; the carrier at a6 is alone; the enemy at c4,
    next to the submarine, is not friendly."""
    g = game("""\
        blue-submarine: {at: c3, repairs: 1}
        blue-destroyer: {at: d4, repairs: 1}
        blue-aircraft_carrier: {at: a6, repairs: 1}
        red-destroyer: {at: c4, repairs: 1}
        red-submarine: {at: h1}
        red-aircraft_carrier: {at: h6}
    """, "huddle")
    resolve(g, "order huddle")
    assert {s: r for s, (r, _) in tracks(g).items()} == {
        "blue-submarine": 2, "blue-destroyer": 2, "blue-aircraft_carrier": 1,
        "red-destroyer": 1, "red-submarine": 3, "red-aircraft_carrier": 3}


# ------------------------------------------------------------------ nearest


def test_the_distance_from_the_target_to_the_nearest_enemy_ship():
    """Enemy is the card's player's enemy: from red's destroyer at e3 the
    nearest other red ship is 3 boxes away (h1, h6); from blue's own
    submarine, red's destroyer is 2 away. The nearest friendly ship of the
    card's ship (e5, 2 boxes) is not farther than 2: no repair."""
    g = resolve(game(SIX, "range_call", "war"), "order range_call red-destroyer")
    assert logged(g, "damage", "ship", "amount") == [("red-destroyer", 3)]
    own = resolve(game(SIX, "range_call", "war"), "order range_call blue-submarine")
    assert logged(own, "damage", "ship", "amount") == [("blue-submarine", 2)]
    assert logged(own, "regain", "ship") == []


def test_in_a_filter_the_nearest_is_measured_from_the_ship_tested():
    g = game(SIX.replace("blue-aircraft_carrier: {sunk: true}",
                         "blue-aircraft_carrier: {at: a6}"), "close_escort")
    assert sorted(m for m in g.legal_moves() if m.startswith("order close_escort")) == [
        "order close_escort blue-destroyer", "order close_escort blue-submarine"]


def test_no_ship_of_the_kind_or_a_ship_off_the_board_gives_no_distance():
    """D9.3: no damaged ship on the board, or measured from a sunk ship:
    no value, so a comparison is false whatever it is and an amount is 0; a
    count around a sunk ship is 0."""
    g = game(SIX, "pack", "war")
    eng, carrier = g.engine.queries, g.ships.index("blue-aircraft_carrier")
    scope = Scope(0, target=carrier)
    nearest_damaged = Nearest(("damaged",))
    assert nearest_damaged.read(eng, Scope(0)) is None
    assert Nearest(("enemy",)).read(eng, Scope(0)) == 2
    assert Nearest(("enemy",), Subject.TARGET).read(eng, scope) is None
    assert ShipCount(("any",), 8, Subject.TARGET).read(eng, scope) == 0
    assert ShipCount(("any",), 8, Subject.SELF).read(eng, Scope(0)) == 4
    for op in (Cmp.LT, Cmp.GE, Cmp.NE):
        assert not Compare(Amount(((1, nearest_damaged),)), op, Amount(((1, 1),))).holds(
            eng, Scope(0))
    assert Amount(((1, nearest_damaged), (1, 2))).value(eng, Scope(0)) == 0


# ------------------------------------------------------------------ text and compiler


def test_card_text_in_three_languages():
    rules = game(SIX, "pack", "war").rules
    texts = {card: [card_text(rules, card, lang) for lang in ("en", "es", "it")]
             for card in ("pack", "huddle", "close_escort")}
    assert texts == {
        "pack": [
            "N repair damage to the target (N = the number of friendly ships within 2 "
            "boxes of the target). Target: an enemy ship. Order card: cannot be responded to.",
            "-N reparaciones al objetivo (N = el número de barcos aliados a distancia 2 como "
            "máximo del objetivo). Objetivo: un barco enemigo. Carta de órdenes: sin "
            "respuesta.",
            "-N riparazioni al bersaglio (N = il numero di navi alleate a distanza 2 al "
            "massimo dal bersaglio). Bersaglio: una nave nemica. Carta degli ordini: senza "
            "risposta."],
        "huddle": [
            "Every friendly ship within 1 box of a friendly ship regains 1 repair. Order "
            "card: cannot be responded to.",
            "+1 reparación a cada barco aliado a distancia 1 como máximo de un barco aliado. "
            "Carta de órdenes: sin respuesta.",
            "+1 riparazione a ogni nave alleata a distanza 1 al massimo da una nave alleata. "
            "Carta degli ordini: senza risposta."],
        "close_escort": [
            "The target regains 1 repair. Target: a friendly ship whose nearest enemy ship "
            "is within 2 boxes. Order card: cannot be responded to.",
            "+1 reparación al objetivo. Objetivo: un barco aliado cuyo barco enemigo más "
            "cercano esté a distancia 2 como máximo. Carta de órdenes: sin respuesta.",
            "+1 riparazione al bersaglio. Bersaglio: una nave alleata la cui nave nemica più "
            "vicina sia a distanza 2 al massimo. Carta degli ordini: senza risposta."],
    }


def compile_error(effect: str, extra: str = "") -> tuple[str, str | None]:
    text = f"order x {{\n    copies 0\n{extra}    effect {effect}\n}}\n"
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "x.rc")
    return info.value.reason, info.value.suggestion


@pytest.mark.parametrize("effect, reason", [
    ("damage (number of enemy ships within 2 of enemy) to self",
     "'number of … ships within N' is measured from a ship, not from the enemy side; "
     "write self, target, source or it"),
    ("damage (distance to nearest enemy ship from friendly) to self",
     "'distance to nearest … ship' is measured from a ship, not from the friendly side; "
     "write self, target, source or it"),
    ("damage (repairs to nearest enemy ship) to self",
     "'repairs' is of a ship, not of the nearest ship of a kind; only a distance "
     "measures to it ('distance to nearest … ship', 'distance in map cards to nearest "
     "… ship')"),
    ("damage (number of friendly ships within 2 of target) to self",
     "order 'x': effect 'damage' reads the target, but the card has no target ship "
     "(declare 'target ship')"),
    ("damage (number of friendly ships within 2 of it) to self",
     "order 'x': 'it' is the ship a filter tests ('where …'); effect 'damage' has none"),
])
def test_the_compiler_checks_counts_and_nearest_distances(effect, reason):
    assert compile_error(effect)[0] == reason


def test_a_misspelt_kind_is_named_with_a_suggestion():
    reason, suggestion = compile_error("damage 1 to each enemy ship within 1 of a frendly ship")
    assert (reason, suggestion) == (
        "'frendly' does not describe a ship: an adjective (any, enemy, friendly, own, other, "
        "damaged), a ship type or a status", "friendly")


def test_a_cost_may_count_around_its_own_ship_but_not_around_the_target():
    ok = "maneuver m {\n    cost (3 - number of enemy ships within 2)\n    effect draw 1\n}\n"
    rules = rc.load_source(ok, "m.rc")
    assert str(rules.maneuvers["m"].computed_cost) == "3 - number of enemy ships within 2"
    bad = ok.replace("within 2)", "within 2 of target)").replace("effect draw 1",
                                                                  "range 2\n    effect draw 1")
    with pytest.raises(rc.DslError) as info:
        rc.load_source(bad, "m.rc")
    assert info.value.reason == (
        "maneuver 'm': a cost is counted before a target is chosen, so it cannot read the "
        "target ('number of enemy ships within 2 of target'); it may read the ship that "
        "uses the card (self) and the sides")
