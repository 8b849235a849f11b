"""Two ships exchange boxes: the ``swap`` primitive, an effect that names two
ships (``swap self with target``, ``swap target source``), D4.12.

A swap is not a move: no step is taken, so running water carries neither
ship, no token's ``enters`` trigger fires and no movement modifier is used;
a ship a status forbids to move is not swapped; both ships must be on the
board. Each case is played from a scenario with exact values.
"""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.rules.effects import PRIMITIVES

from conftest import OPEN_BOARD, logged

CARDS = """\
order switch {
    copies 2
    target any ship
    effect swap self with target
    name en "Switch" es "Relevo" it "Scambio"
}
status anchored { forbids movement  until end of its next turn
    name en "anchored" es "anclado" it "l'ancoraggio" (m) }
order anchor_drop { copies 1  target any ship  effect status anchored on target }
token mine {
    mark "*"
    when enters { effect damage 2 to target; remove_token self }
}
patch order ambush { copies 1 }
"""


def game(tmp_path, board: str = OPEN_BOARD, hand: str = "[switch]", more: str = "",
         ships: str = "blue-submarine: {at: a3}\n  red-destroyer: {at: c3}") -> rc.Game:
    path = tmp_path / "swap.rc"
    path.write_text(CARDS)
    rows = textwrap.indent(board, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{path}]\nboard: |\n{rows}\nships:\n  {ships}\n"
        f"hands: {{blue-submarine: {hand}}}\ndeck: [mechanic, ambush, deserter]\n"
        f"turn: blue-submarine\nphase: maneuvers\n{more}")


def positions(g: rc.Game) -> tuple[str | None, str | None]:
    return g.ship("blue-submarine").position, g.ship("red-destroyer").position


def test_two_ships_exchange_boxes(tmp_path):
    g = game(tmp_path)
    g.play("order switch red-destroyer")
    assert positions(g) == ("c3", "a3")
    assert logged(g, "swap", "ship", "other") == [("blue-submarine", "red-destroyer")]
    assert g.board_text().splitlines()[3] == " 3 d . S . . . . ."
    assert [g.narration(lang)[-1] for lang in ("en", "es", "it")] == [
        "  Blue submarine and red destroyer swap places.",
        "  El submarino azul y el destructor rojo intercambian sus casillas.",
        "  Il sottomarino blu e il distruttore rosso si scambiano di posto."]


def test_the_card_text_names_both_ships_in_three_languages(tmp_path):
    rules = game(tmp_path).rules
    assert [rules.text("switch", lang) for lang in ("en", "es", "it")] == [
        "Your ship and the target swap places. Target: a ship. "
        "Order card: cannot be responded to.",
        "Tu barco y el objetivo intercambian sus casillas. Objetivo: un barco. "
        "Carta de órdenes: sin respuesta.",
        "La tua nave e il bersaglio si scambiano di posto. Bersaglio: una nave. "
        "Carta degli ordini: senza risposta."]


def test_a_ship_that_may_not_move_is_not_swapped(tmp_path):
    g = game(tmp_path, ships="blue-submarine: {at: a3}\n  red-destroyer: {at: c3, anchored: true}")
    start = len(g.log)
    g.play("order switch red-destroyer")
    assert positions(g) == ("a3", "c3")
    assert "swap" not in [e.kind for e in g.log[start:]]


def test_a_swap_onto_running_water_is_not_carried(tmp_path):
    board = "\n".join(["........", "........", "..~~~...", "........", "........",
                       "........"])
    g = game(tmp_path, board=board)
    g.play("order switch red-destroyer")
    assert positions(g) == ("c3", "a3")  # c3 is running water: no forced step (D4.12)
    assert [e.kind for e in g.log[-2:]] == ["resolve", "swap"]


def test_a_swap_onto_a_token_does_not_set_off_its_enters_trigger(tmp_path):
    g = game(tmp_path, more="tokens: [{token: mine, at: c3, owner: red-destroyer}]\n",
             ships="blue-submarine: {at: a3}\n  red-destroyer: {at: c3}")
    sub = g.ship("blue-submarine")
    tracks = (sub.repairs, sub.breakdowns)
    g.play("order switch red-destroyer")
    sub = g.ship("blue-submarine")
    assert (sub.position, (sub.repairs, sub.breakdowns)) == ("c3", tracks)
    assert [(t.kind, t.box) for t in g.state.tokens] == [("mine", g.board.index("c3"))]
    assert "trigger" not in [e.kind for e in g.log]


def test_a_swap_survives_a_save_and_a_replay(tmp_path):
    g = game(tmp_path)
    g.play("order switch red-destroyer")
    again = rc.Game.from_json(g.to_json())
    assert positions(again) == ("c3", "a3")
    assert [(e.kind, dict(e.data)) for e in again.log] == [(e.kind, dict(e.data)) for e in g.log]
    replayed = rc.Game.from_replay(g.replay())
    assert positions(replayed) == ("c3", "a3")
    assert logged(replayed, "swap", "ship", "other") == [("blue-submarine", "red-destroyer")]


def test_a_saved_swap_event_with_a_missing_field_is_refused(tmp_path):
    g = game(tmp_path)
    g.play("order switch red-destroyer")
    text = g.to_json().replace('"other":"red-destroyer"', '"wrong":"red-destroyer"')
    assert '"wrong"' in text
    with pytest.raises(rc.RedCodeError) as info:
        rc.Game.from_json(text)
    assert "swap" in str(info.value)


@pytest.mark.parametrize("effect, message", [
    ("swap self", "effect 'swap' names 2 ships, not 1 (example: swap self with target)"),
    ("swap self with self", "effect 'swap' names 2 different ships, not 'self' twice"),
    ("swap self with each ship", "effect 'swap' names each ship as one of self, target, "
     "source"),
    ("damage 1 to target with self", "effect 'damage' names one ship, not 2"),
])
def test_a_wrong_number_of_ships_is_a_clear_error(tmp_path, effect, message):
    path = tmp_path / "bad.rc"
    path.write_text(f"order bad {{ copies 0  target any ship  effect {effect} }}\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("en", extra=[str(path)])
    assert message in str(info.value)
    assert f"{path}:1:" in str(info.value)


def test_swap_is_registered_as_an_effect_naming_two_ships():
    prim = PRIMITIVES["swap"]
    assert (prim.ships, prim.example, prim.value) == (2, "swap self with target", 0.0)


def test_a_response_swaps_the_target_with_the_ship_that_attacked_it(tmp_path):
    path = tmp_path / "cards.rc"
    path.write_text("maneuver decoy_swap { cost 1  range 3  response\n"
                    "  effect swap target with source }\n")
    rules = rc.load_ruleset("en", extra=[str(path)])
    effect = rules.card("decoy_swap").effects[0]
    assert [s.value for s in effect.selectors] == ["target", "source"]
    assert rules.text("decoy_swap", "en").startswith(
        "The target and the ship that performed the card it answers swap places.")


def test_a_token_has_no_self_to_swap(tmp_path):
    path = tmp_path / "cards.rc"
    path.write_text('token whirl { mark "@"  when enters { effect swap target with self } }\n')
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("en", extra=[str(path)])
    assert "a token is not a ship" in str(info.value)
