"""Returning ships with a state: ``refloat`` and its words (docs/dsl.md,
the DSL reference): where the ship returns (`start`, its start card, the
default; `anywhere`, a free box of the card's player's choosing) and with
how many repairs and reserve crew (`N repairs`, `N crew`; left out: fully
restored). The example cards/examples/refloat_jury_rig.rc is played here."""

import pytest

import redcode_rules as rc
from redcode_rules.rules.effects import Refloat, Selector

from conftest import EXAMPLES, logged

JURY_RIG = str(EXAMPLES / "refloat_jury_rig.rc")


def salvage_game(tmp_path, effect: str = "refloat anywhere 1 repairs 2 crew") -> rc.Game:
    """Blue's destroyer sunk in arena; blue holds an order card of ``effect``."""
    card = tmp_path / "salvage2.rc"
    card.write_text(f"order salvage2 {{ copies 2 effect {effect} }}\n"
                    "patch order ambush { copies 2 }\n", "utf-8")
    return rc.Game.from_scenario({
        "extra": [str(card)], "board": "........\n" * 6, "phase": "maneuvers",
        "turn": "blue-submarine",
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"sunk": True}, "red-submarine": {"at": "h6"}},
        "hands": {"blue-submarine": ["salvage2"]}})


def test_refloat_anywhere_offers_every_free_water_box_of_the_board(tmp_path):
    """48 boxes of open water, 3 taken by ships on the board: 45 choices."""
    game = salvage_game(tmp_path)
    game.play("order salvage2")
    assert game.decision == "choose"
    assert len(game.legal_moves()) == 45
    assert "choose blue-destroyer c3" not in game.legal_moves()   # a ship is there
    assert "choose blue-destroyer f4" in game.legal_moves()


def test_a_player_back_in_the_game_saw_nothing_come_in_while_it_was_out(tmp_path):
    """D8.8, D7.8: in arena the sunk blue destroyer's player is out, so the
    mechanic and ambush that every player still in the game saw come into
    blue's submarine's hand are not known to it. Refloated, it is back in
    the game: those cards are no longer what every player knows there, and
    the game still reads back from its save and its scenario."""
    card = tmp_path / "salvage2.rc"
    card.write_text("order salvage2 { copies 2 effect refloat anywhere }\n"
                    "patch order ambush { copies 2 }\n", "utf-8")
    seen = ["mechanic", "ambush"]
    game = rc.Game.from_scenario({
        "extra": [str(card)], "mode": "arena", "board": "........\n" * 6,
        "phase": "maneuvers", "turn": "blue-submarine",
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"sunk": True}, "red-submarine": {"at": "h6"}},
        "hands": {"blue-submarine": ["salvage2", *seen]},
        "known": {"red-destroyer": {"blue-submarine": seen},
                  "red-submarine": {"blue-submarine": seen}},
        "shown": {"blue-submarine": seen}})
    game.play("order salvage2")
    game.play("choose blue-destroyer f4")
    assert not game.ship("blue-destroyer").eliminated
    assert game.state.shown == []
    assert sorted(game.known_hand("red-destroyer", "blue-submarine")) == sorted(seen)
    for copy in (rc.Game.from_json(game.to_json()), rc.Game.from_scenario(game.to_scenario())):
        assert copy.state == game.state


def test_refloat_with_repairs_and_crew_keeps_the_crew_count(tmp_path):
    """1 repair (of 3), breakdowns full, 2 crew in reserve and the other 4
    withdrawn: the crew still add up to the type's 6 (R3.5)."""
    game = salvage_game(tmp_path)
    game.play("order salvage2")
    game.play("choose blue-destroyer f4")
    ship = game.ship("blue-destroyer")
    assert (ship.position, ship.repairs, ship.breakdowns, ship.reserve, ship.withdrawn,
            ship.sunk) == ("f4", 1, 3, 2, 4, False)
    assert logged(game, "refloat", "ship", "box") == [("blue-destroyer", "f4")]
    assert rc.Game.from_json(game.to_json()) == game


def test_repairs_and_crew_past_the_track_are_the_track(tmp_path):
    """At its start card (the default), as many repairs and crew as it has."""
    game = salvage_game(tmp_path, "refloat 9 repairs 9 crew")
    game.play("order salvage2")
    assert sorted(game.legal_moves()) == ["choose blue-destroyer a1", "choose blue-destroyer a2",
                                          "choose blue-destroyer b1", "choose blue-destroyer b2"]
    game.play("choose blue-destroyer b2")
    ship = game.ship("blue-destroyer")
    assert (ship.repairs, ship.breakdowns, ship.reserve, ship.withdrawn) == (3, 3, 6, 0)


def test_words_come_in_any_order():
    rules = rc.load_source("order s { copies 2 effect refloat 2 crew anywhere }\n"
                           "patch order ambush { copies 2 }\n")
    assert rules.orders["s"].effects[0] == Refloat(selector=rules.orders["s"].effects[0].selector,
                                                   where="anywhere", crew=2)


def test_a_plain_refloat_keeps_its_hash_and_text():
    """No words: the effect describes itself as before (saves' hash) and
    reads as before in three languages."""
    assert Refloat(selector=Selector.SELF).params() == {}
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / "scoring.rc")])
    assert rules.text("salvage") == (
        "A sunk ship of your side returns, fully repaired, to a free box of its start card. "
        "Order card: cannot be responded to.")


def test_jury_rig_text_in_three_languages():
    rules = rc.load_ruleset("en", extra=[JURY_RIG])
    assert rules.text("jury_rig") == (
        "A sunk ship of your side returns with 1 repair and 2 crew in reserve, to a free box "
        "of your choice. Order card: cannot be responded to.")
    assert rules.text("jury_rig", "es") == (
        "Un barco hundido de tu bando vuelve con 1 reparación y 2 tripulantes en la reserva, "
        "a una casilla libre a tu elección. Carta de órdenes: sin respuesta.")
    assert rules.text("jury_rig", "it") == (
        "Una nave affondata della tua squadra torna con 1 riparazione e 2 membri "
        "dell'equipaggio in riserva, su una casella libera a tua scelta. Carta degli ordini: "
        "senza risposta.")


@pytest.mark.parametrize("effect, message", [
    ("refloat somewhere", "effect 'refloat' takes start, anywhere, N repairs, N crew, not "
     "'somewhere'"),
    ("refloat 2", "effect 'refloat': say what the number counts (N repairs, N crew)"),
    ("refloat 2 boxes", "effect 'refloat': say what the number counts (N repairs, N crew)"),
    ("refloat 1 repairs 2 repairs", "effect 'refloat' gives its repairs twice"),
    ("refloat start anywhere", "effect 'refloat' gives its where twice"),
    ("refloat 0 repairs", "effect 'refloat': repairs must be at least 1"),
    ("refloat (turn) crew", "effect 'refloat': crew must be a number written on the card"),
])
def test_the_compiler_explains_bad_refloat_words(effect, message):
    with pytest.raises(rc.DslError) as err:
        rc.load_source(f"order s {{ copies 2 effect {effect} }}\npatch order ambush "
                       "{ copies 2 }\n", "bad.rc")
    assert message in str(err.value)
