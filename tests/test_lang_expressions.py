"""Expressions in card data (docs/dsl.md "Expressions", docs/design.md):
target filters, sets of ships and players, conditions (`usable if`, an
effect's `if`) and computed amounts. Each example card of
cards/examples/exprs_*.rc is played in a scenario here; the compiler's
checks and the generated text follow.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.bots import GreedyBot

from conftest import EXAMPLES, OPEN_BOARD



def example(name: str) -> str:
    return str(EXAMPLES / f"exprs_{name}.rc")


def scenario(cards: str, ships: str, hand: str = "", turn: str = "blue-submarine",
             extra: str = "") -> rc.Game:
    """A game on open water with the example card file, blue to play."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{board}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + f"\nhands: {{{turn}: [{hand}]}}\nturn: {turn}\nphase: maneuvers\n"
        f"deck: [ambush, evasion, ambush]\n{extra}")


def orders(game: rc.Game, card: str) -> list[str]:
    return sorted(m for m in game.legal_moves() if m.startswith(f"order {card}"))


def repairs(game: rc.Game) -> dict[str, tuple[int, int]]:
    """Each ship's (repairs, breakdowns)."""
    return {s.id: (s.repairs, s.breakdowns) for s in game.state.ships}


FOUR = """\
    blue-submarine: {at: c3}
    blue-destroyer: {at: d4}
    red-destroyer: {at: e3}
    red-aircraft_carrier: {at: c6}
"""


# ------------------------------------------------------------------ target filters


def test_a_torpedo_that_spares_friendly_ships_lists_only_enemy_targets():
    game = scenario(example("homing_torpedo"), FOUR, "homing_torpedo")
    assert orders(game, "homing_torpedo") == [
        "order homing_torpedo red-aircraft_carrier", "order homing_torpedo red-destroyer"]
    with pytest.raises(rc.IllegalMove) as err:
        game.play("order homing_torpedo blue-destroyer")
    assert str(err.value).endswith("blue-destroyer is not a ship homing_torpedo may target: "
                                   "it targets an enemy ship")
    game.play("order homing_torpedo red-destroyer")
    assert repairs(game) == {"blue-submarine": (3, 3), "blue-destroyer": (3, 3),
                             "red-destroyer": (1, 3), "red-aircraft_carrier": (3, 3)}


def test_a_filter_with_where_reads_the_ship_tested():
    """boarding_party: an enemy within 1 box with crew in its reserve."""
    ships = """\
        blue-submarine: {at: c3, reserve: 4, withdrawn: 2}
        red-destroyer: {at: d4, reserve: 3, withdrawn: 3}
        red-aircraft_carrier: {at: c4, reserve: 0, withdrawn: 6}
        blue-destroyer: {at: h6}
    """
    game = scenario(example("boarding_party"), ships, "boarding_party")
    assert orders(game, "boarding_party") == ["order boarding_party red-destroyer"]
    game.play("order boarding_party red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn) == (1, 5)
    # 4 > 1 in reserve: one of the boarders' crew comes back
    assert game.ship("blue-submarine").reserve == 5


def test_an_effect_condition_that_fails_skips_only_that_effect():
    ships = """\
        blue-submarine: {at: c3, reserve: 1, withdrawn: 5}
        red-destroyer: {at: d4, reserve: 6}
        blue-destroyer: {at: h6}
        red-aircraft_carrier: {at: a6}
    """
    game = scenario(example("boarding_party"), ships, "boarding_party")
    game.play("order boarding_party red-destroyer")
    assert game.ship("red-destroyer").reserve == 4
    assert game.ship("blue-submarine").reserve == 1  # 1 > 4 fails: no crew back


# ------------------------------------------------------------------ sets of ships


def test_a_salvo_hits_every_enemy_in_sight_within_2_and_spares_the_rest():
    """red-destroyer (e3) is 2 boxes away in sight; red-aircraft_carrier (c6) is 3
    away; blue-destroyer (d4) is friendly."""
    game = scenario(example("salvo"), FOUR, "salvo")
    assert orders(game, "salvo") == ["order salvo"]
    game.play("order salvo")
    assert repairs(game) == {"blue-submarine": (3, 3), "blue-destroyer": (3, 3),
                             "red-destroyer": (2, 3), "red-aircraft_carrier": (3, 3)}


def test_sight_is_cut_by_an_enemy_ship():
    """e3 is behind d3 on the same line: out of the visual field (R4.3)."""
    ships = """\
        blue-submarine: {at: c3}
        red-destroyer: {at: d3}
        red-aircraft_carrier: {at: e3}
        blue-destroyer: {at: h6}
    """
    game = scenario(example("salvo"), ships, "salvo")
    game.play("order salvo")
    assert game.ship("red-destroyer").repairs == 2
    assert game.ship("red-aircraft_carrier").repairs == 3


CARDS = """\
order quake {
    copies 0
    effect damage 1 to each ship within 1 of d4
}
order flare {
    copies 0
    target ship
    effect damage 1 to each other ship within 1 of target where repairs of it = 3
}
order rumour {
    copies 0
    effect draw 1 to each enemy player
}
"""


@pytest.fixture
def cards(tmp_path):
    path = tmp_path / "cards.rc"
    path.write_text(CARDS)
    return str(path)


def test_every_ship_within_n_boxes_of_a_box(cards):
    game = scenario(cards, FOUR, "quake")
    game.play("order quake")
    assert repairs(game) == {"blue-submarine": (2, 3), "blue-destroyer": (2, 3),
                             "red-destroyer": (2, 3), "red-aircraft_carrier": (3, 3)}


def test_every_other_ship_within_n_boxes_of_the_target_with_a_where(cards):
    ships = """\
        blue-submarine: {at: a1}
        blue-destroyer: {at: d4, repairs: 2}
        red-destroyer: {at: e3}
        red-aircraft_carrier: {at: e5}
    """
    game = scenario(cards, ships, "flare")
    game.play("order flare red-destroyer")
    # d4 is 1 box away but has 2 repairs (the where fails); e5 is 2 boxes away; the
    # target is 0 boxes from itself and "other" than the card's own ship: hit
    assert repairs(game) == {"blue-submarine": (3, 3), "blue-destroyer": (2, 3),
                             "red-destroyer": (2, 3), "red-aircraft_carrier": (3, 3)}


def test_each_enemy_player_draws(cards):
    game = scenario(cards, FOUR, "rumour")
    game.play("order rumour")
    assert {ship: len(game.hand(ship)) for ship in game.ships} == {
        "blue-submarine": 0, "blue-destroyer": 0, "red-destroyer": 1,
        "red-aircraft_carrier": 1}


# ------------------------------------------------------------------ amounts


@pytest.mark.parametrize("at,expected", [("d3", (2, 3)), ("f3", (3, 2)), ("c5", (1, 3))])
def test_damage_equal_to_the_distance(at, expected):
    ships = f"""\
        blue-submarine: {{at: c3}}
        red-destroyer: {{at: {at}}}
    """
    game = scenario(example("rangefinder"), ships, "rangefinder")
    game.play("order rangefinder red-destroyer")
    assert (game.ship("red-destroyer").repairs, game.ship("red-destroyer").breakdowns) \
        == expected


# ------------------------------------------------------------------ usable if


def test_repair_is_usable_only_when_damaged():
    ships = """\
        blue-submarine: {at: c3}
        red-destroyer: {at: h6}
    """
    game = scenario(example("damage_control"), ships, "damage_control")
    assert "repair" not in game.legal_moves()
    assert orders(game, "damage_control") == []
    with pytest.raises(rc.IllegalMove) as err:
        game.play("repair")
    assert str(err.value).endswith("repair may be used only if your ship is damaged")
    with pytest.raises(rc.IllegalMove) as err:
        game.play("order damage_control")
    assert str(err.value).endswith("damage_control may be used only if your ship has at least "
                                   "2 missing repairs")
    damaged = """\
        blue-submarine: {at: c3, repairs: 3, breakdowns: 1}
        red-destroyer: {at: h6}
    """
    game = scenario(example("damage_control"), damaged, "damage_control")
    assert "repair" in game.legal_moves()
    assert orders(game, "damage_control") == []  # no repair missing: breakdowns are
    game = scenario(example("damage_control"), """\
        blue-submarine: {at: c3, repairs: 1}
        red-destroyer: {at: h6}
    """, "damage_control")
    game.play("order damage_control")
    assert game.ship("blue-submarine").repairs == 2  # 2 missing, regains 2 - 1


# ------------------------------------------------------------------ mode, score, hands


@pytest.mark.parametrize("mode,score,drawn", [
    ("war", "{blue: 0, red: 2}", 2),
    ("war", "{blue: 2, red: 2}", 1),
    ("arena", "{blue: 0, red: 0}", 1),
])
def test_war_bonds_read_the_mode_and_the_score(mode, score, drawn):
    ships = """\
        blue-submarine: {at: c3}
        red-destroyer: {at: h6}
    """
    game = scenario(example("war_bonds"), ships, "war_bonds",
                    extra=f"mode: {mode}\nscore: {score}\n")
    game.play("order war_bonds")
    assert len(game.state.hands[0]) == drawn
    assert len(game.state.hands[1]) == 1  # the enemy's hand was empty


# ------------------------------------------------------------------ text


def test_generated_text_in_three_languages():
    rules = rc.load_ruleset("en", extra=[example("salvo")])
    assert rules.text("salvo") == (
        "1 repair damage to every enemy ship in the visual field within 2 boxes of your "
        "ship. Order card: cannot be responded to.")
    assert rules.text("salvo", "es") == (
        "-1 reparación a cada barco enemigo en el campo de visión a distancia 2 como máximo "
        "de tu barco. Carta de órdenes: sin respuesta.")
    assert rules.text("salvo", "it") == (
        "-1 riparazione a ogni nave nemica nel campo visivo a distanza 2 al massimo dalla "
        "tua nave. Carta degli ordini: senza risposta.")
    rules = rc.load_ruleset("en", extra=[example("boarding_party")])
    assert rules.text("boarding_party") == (
        "The target loses 2 crew from the reserve; your ship recovers 1 crew if it has more "
        "crew in reserve than the target. Target: an enemy ship within 1 box and with at "
        "least 1 crew in reserve. Order card: cannot be responded to.")
    assert "Objetivo: un barco enemigo a distancia 1 como máximo y con al menos 1 tripulante " \
        "en la reserva." in rules.text("boarding_party", "es")
    assert "Bersaglio: una nave nemica a distanza 1 al massimo e con almeno 1 membro in " \
        "riserva." in rules.text("boarding_party", "it")
    rules = rc.load_ruleset("en", extra=[example("rangefinder")])
    assert rules.text("rangefinder").startswith(
        "N repair damage to the target (N = the distance to the target). "
        "Target: an enemy ship.")


def test_printed_cards_compile_to_plain_numbers_and_keep_their_hash():
    rules = rc.load_ruleset("en")
    for card in (*rules.maneuvers.values(), *rules.orders.values()):
        assert card.usable is None and card.target.filter is None
        assert all(e.computed is None for e in card.effects)
    assert not rules.guarded
    assert rc.load_ruleset("en", extra=[example("damage_control")]).guarded


# ------------------------------------------------------------------ compiler checks


@pytest.mark.parametrize("body,line,column,reason,suggestion", [
    ("target enmy ship\n    effect damage 1 to target", 3, 12,
     "'enmy' does not describe a ship: an adjective (any, enemy, friendly, own, other, "
     "damaged), a ship type or a status", "enemy"),
    ("usable if repairs of target < 2\n    effect damage 1 to target", 3, 5,
     "order 'x': 'usable if' is checked before a target is chosen; test the target in a "
     "filter: target ship where …", None),
    ("effect damage 1 to self if repairs of it > 1", 3, 12,
     "order 'x': 'it' is the ship a filter tests ('where …'); effect 'damage' has none", None),
    ("effect damage 1 to self if repairs of source > 1", 3, 12,
     "order 'x': effect 'damage' reads the answered item, so the card must be a "
     "'response' (R5.2)", None),
    ("effect damage 1 to self if distance of target > 1", 3, 12,
     "order 'x': effect 'damage' reads the target, but the card has no target ship "
     "(declare 'target ship')", None),
    ("effect damage 1 to each ship within 2 of z9", 3, 46,
     "'z9' is not a box of a 8x6 board; within N of self, target, source, it or a box "
     "such as c4", None),
    ("effect move (distance) self", 3, 12,
     "effect 'move': amount must be a number written on the card, not computed", None),
    ("effect draw 1 if turn of self > 3", 3, 22,
     "'turn' is the game's turn number: it is of nobody", None),
    ("effect draw 1 if mode is peace", 3, 30,
     "'peace' does not describe the mode: war or arena", None),
    ("effect damage 1 to each enemy player", 3, 12,
     "effect 'damage' cannot act on 'each enemy player'; it acts on self, target, source, "
     "each ship in area, answered target, each … ship", None),
])
def test_compiler_errors_name_the_place(body, line, column, reason, suggestion):
    text = f"order x {{\n    copies 0\n    {body}\n}}\n"
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "x.rc")
    err = info.value
    assert (err.reason, err.line, err.column, err.suggestion) == (reason, line, column,
                                                                 suggestion)


# ------------------------------------------------------------------ the answered item


SHIELD_ONLY_HEAVY = "patch maneuver shield { usable if answered is heavy_torpedo }\n"


@pytest.mark.parametrize("card,listed", [("torpedo", False), ("heavy_torpedo", True)])
def test_a_response_usable_only_against_one_card(tmp_path, card, listed):
    """Shield (D4.7) patched to answer heavy torpedoes only: after a torpedo the
    destroyer has no shield response; after a heavy torpedo it has."""
    path = tmp_path / "shield.rc"
    path.write_text(SHIELD_ONLY_HEAVY)
    ships = """\
        red-submarine: {at: e3}
        blue-destroyer: {at: c3}
    """
    game = scenario(str(path), ships, "", turn="red-submarine")
    game.play(f"{card} blue-destroyer")
    assert ("respond shield red-submarine" in game.legal_moves()) is listed


def test_the_greedy_bot_counts_the_ships_a_set_hits():
    """The salvo hits red-destroyer only: the bot's reasons name it and no other."""
    game = scenario(example("salvo"), FOUR, "salvo")
    reasons = GreedyBot().reasons(game, game.move_of("order salvo"))
    assert [(r.key, r.ship, r.value) for r in reasons] == [("damage", "red-destroyer", 1.0)]


def test_syntax_errors_in_expressions_say_what_was_expected():
    text = "order x {\n    copies 0\n    target ship where repairs of it <\n" \
        "    effect damage 1 to target\n}\n"
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "x.rc")
    assert (info.value.reason, info.value.line, info.value.column) == (
        "unexpected 'effect'; expected '+', '-', 'breakdowns', 'cards', 'chosen', 'cost', "
        "'crew', 'damage', 'distance', 'hull', 'max', 'min', 'number', 'range', 'repairs', "
        "'score', 'ships', 'turn' or a number after '<'", 4, 5)


def test_a_filter_without_words_and_a_computed_amount_on_a_set():
    text = ("order x {\n    copies 0\n    target ship where repairs of it < 3\n"
            "    effect damage (3 - repairs of target) to target\n}\n")
    rules = rc.load_source(text, "x.rc")
    assert rules.text("x") == (
        "N repair damage to the target (N = 3 minus the number of repairs of the target). "
        "Target: a ship with fewer than 3 repairs. Order card: cannot be responded to.")


def test_a_game_with_expression_cards_saves_and_loads():
    game = scenario(example("salvo"), FOUR, "salvo")
    game.play("order salvo")
    again = rc.Game.from_json(game.to_json())
    assert again == game
    assert again.rules.hash == game.rules.hash


# ------------------------------------------------------------------ a ship off the board (D9.3)


TWO = """\
    blue-submarine: {at: c3}
    red-destroyer: {at: e3}
"""


def scuttled(tmp_path, effect: str, target: str = "") -> rc.Game:
    """Blue plays an order that sinks its own ship, then resolves ``effect``:
    every question the effect asks about blue's ship is about a sunk ship."""
    path = tmp_path / "scuttle.rc"
    path.write_text(f"order scuttle {{ copies 0 {target} effect sink self; {effect} }}\n")
    game = scenario(str(path), TWO, "scuttle")
    game.play("order scuttle" + (" red-destroyer" if target else ""))
    assert game.ship("blue-submarine").sunk
    return game


@pytest.mark.parametrize("effect,red", [
    # the example: a sunk ship sees nothing, so "in sight" selects nobody
    ("damage 1 to each ship in sight", (3, 3)),
    ("damage 1 to each enemy ship in sight within 5", (3, 3)),
    # it is at no distance from anything: within N of it is nobody ...
    ("damage 1 to each ship within 7 of self", (3, 3)),
    # ... a compared distance is false, whatever the comparison; not reverses it
    ("damage 1 to each ship where distance <= 7", (3, 3)),
    ("damage 1 to each ship where distance > 0", (3, 3)),
    ("damage 1 to each ship where distance != 1", (3, 3)),
    ("damage 1 to each ship where not distance <= 7", (2, 3)),
    # it sees no ship: 0 ships in sight, as amount and in a condition
    ("damage (ships in sight of self + 1) to each enemy ship", (2, 3)),
    ("damage 1 to each enemy ship if ships in sight of self = 0", (2, 3)),
    ("damage 1 to each enemy ship if ships in sight of self > 0", (3, 3)),
    # its other numbers are 0
    ("damage 1 to each enemy ship if repairs of self = 0 and crew in reserve of self = 0",
     (2, 3)),
])
def test_an_effect_after_its_own_ship_sank_asks_about_a_ship_off_the_board(
        tmp_path, effect, red):
    game = scuttled(tmp_path, effect)
    assert repairs(game) == {"blue-submarine": (0, 0), "red-destroyer": red}


@pytest.mark.parametrize("effect,red", [
    # an amount reading the distance from the sunk ship is 0: no damage
    ("damage (distance + 1) to target", (3, 3)),
    ("damage 1 to target if distance > 0", (3, 3)),
    ("damage 1 to target if not distance > 0", (2, 3)),
    # distances between ships on the board are as ever
    ("damage 1 to each ship within 7 of target", (2, 3)),
    # nor is it seen: the target sees no ship
    ("damage (ships in sight of target + 1) to target", (2, 3)),
])
def test_distances_from_a_sunk_ship_to_its_target_are_undefined(tmp_path, effect, red):
    game = scuttled(tmp_path, effect, target="target enemy ship")
    assert repairs(game) == {"blue-submarine": (0, 0), "red-destroyer": red}


@pytest.mark.parametrize("effect,blue", [
    ("damage 1 to each ship within 7 of target", (3, 3)),
    ("damage 1 to self if distance of target < 7", (3, 3)),
    ("damage 1 to self if not distance of target < 7", (2, 3)),
    ("damage (distance of target) to self", (3, 3)),
    ("damage (ships in sight of target + 1) to self", (2, 3)),
    ("damage (ships in sight of self + 1) to self", (2, 3)),
])
def test_questions_about_a_target_sunk_by_the_same_card(tmp_path, effect, blue):
    """The same answers for the card's target once the card has sunk it:
    at no distance from anything, seeing nothing and seen by none."""
    path = tmp_path / "broadside.rc"
    path.write_text(f"order broadside {{ copies 0 target enemy ship effect sink target; "
                    f"{effect} }}\n")
    game = scenario(str(path), TWO, "broadside")
    game.play("order broadside red-destroyer")
    assert repairs(game) == {"blue-submarine": blue, "red-destroyer": (0, 0)}


@pytest.mark.parametrize("lang,text", [
    ("en", "You draw N order cards (N = 3 minus the number of cards in your hand)."),
    ("es", "Robas N cartas de órdenes (N = 3 menos el número de cartas en tu mano)."),
    ("it", "Peschi N carte degli ordini (N = 3 meno il numero di carte nella tua mano)."),
])
def test_the_cards_in_a_hand_are_said_as_a_number(tmp_path, lang, text):
    path = tmp_path / "refill.rc"
    path.write_text("order refill { copies 0  effect draw (3 - cards in hand of you) }\n")
    assert rc.load_ruleset("en", extra=[str(path)]).text("refill", lang=lang).startswith(text)


HANDS_TEXT = """\
order envy { copies 0  target enemy ship
    effect draw 1 if cards in hand of target > cards in hand }
order pickpocket_net { copies 0  target enemy ship where cards in hand of it >= 3
    effect take 1 random of target }
"""


@pytest.mark.parametrize("card,lang,text", [
    ("envy", "es", "si el jugador que controla el objetivo tiene más cartas que tú"),
    ("envy", "it", "se il giocatore che controlla il bersaglio ha più carte di te"),
    ("pickpocket_net", "en", "Target: an enemy ship whose player has at least 3 cards."),
    ("pickpocket_net", "es", "Objetivo: un barco enemigo cuyo jugador tenga al menos 3 cartas."),
    ("pickpocket_net", "it", "Bersaglio: una nave nemica il cui giocatore abbia almeno 3 carte."),
])
def test_the_cards_of_a_hand_are_its_players(tmp_path, card, lang, text):
    path = tmp_path / "hands.rc"
    path.write_text(HANDS_TEXT)
    said = rc.load_ruleset("en", extra=[str(path)]).text(card, lang=lang)
    assert text in said, said


@pytest.mark.parametrize("lang,text", [
    ("en", "Target: an enemy ship whose player has more cards than you."),
    ("es", "Objetivo: un barco enemigo cuyo jugador tenga más cartas que tú."),
    ("it", "Bersaglio: una nave nemica il cui giocatore abbia più carte di te."),
])
def test_two_hands_compared_in_a_filter_are_players(tmp_path, lang, text):
    path = tmp_path / "greed.rc"
    path.write_text("order greed { copies 0  target enemy ship\n"
                    "    where cards in hand of it > cards in hand of you  effect draw 1 }\n")
    assert text in rc.load_ruleset("en", extra=[str(path)]).text("greed", lang=lang)


@pytest.mark.parametrize("lang,text", [
    ("en", "1 repair damage to every ship but yours within 1 box of the target."),
    ("es", "-1 reparación a cada barco salvo el tuyo a distancia 1 como máximo del objetivo."),
    ("it", "-1 riparazione a ogni nave tranne la tua a distanza 1 al massimo dal bersaglio."),
])
def test_other_in_a_set_around_another_ship_is_said_as_not_yours(tmp_path, lang, text):
    """`other` is never the card's ship; around the target it does not leave
    the target out, and the text does not say it does."""
    path = tmp_path / "ring.rc"
    path.write_text("order ring { copies 0  target enemy ship\n"
                    "    effect damage 1 to each other ship within 1 of target }\n")
    assert rc.load_ruleset("en", extra=[str(path)]).text("ring", lang=lang).startswith(text)
