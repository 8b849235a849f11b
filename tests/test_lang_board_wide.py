"""A player's status (``status NAME on you``, D9.8): a board-wide effect as
one status kept by the card's player, an aura over the ships it names
(D9.7), reaching a ship that comes back to the board later.
cards/examples/board_wide_sea_fog.rc is played here."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset

from conftest import EXAMPLES, OPEN_BOARD, pass_all

EXAMPLE = str(EXAMPLES / "board_wide_sea_fog.rc")


def game(ships: str, turn: str = "blue-submarine", hands: str = "{}",
         extra: tuple[str, ...] = (EXAMPLE,), phase: str = "maneuvers") -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{', '.join(extra)}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\nturn: {turn}\n"
        f"phase: {phase}\ndeck: []\n")


FLEET = ("blue-submarine: {at: c3}\nred-destroyer: {at: f3}\n"
         "blue-destroyer: {at: null, sunk: true}\nred-submarine: {at: h6}")


def test_the_fog_is_one_status_of_the_player_and_limits_every_ship():
    """Blue plays the fog: one status, in blue's submarine's seat; its heavy
    torpedo (range 3) no longer sees red's destroyer 3 boxes away (R4.3)."""
    g = game(FLEET, hands="{blue-submarine: [fog_over_the_sea]}")
    assert "heavy_torpedo red-destroyer" in g.legal_moves()
    g.play("order fog_over_the_sea")
    pass_all(g)
    assert [g.ship(s).statuses for s in g.ships] == [("sea_fog",), (), (), ()]
    assert "heavy_torpedo red-destroyer" not in g.legal_moves()
    assert g.explain("heavy_torpedo red-destroyer") == \
        "red-destroyer is not in the visual field of blue-submarine within range 3 (R4.3)"


def test_the_fog_reaches_the_other_side_too():
    """Red's destroyer, 3 boxes from blue's submarine, does not see it either
    while blue's fog lasts (each ship, whoever's)."""
    g = game("blue-submarine: {at: c3, sea_fog: {lasts: until end of the next turn, "
             "left: 1}}\nred-destroyer: {at: f3}\nblue-destroyer: {at: a6}\n"
             "red-submarine: {at: h6}", turn="red-destroyer")
    seat = g.ships.index("red-destroyer")
    assert [d for d, s in g.engine.queries.sight(seat)] == []


MARKED = """\
status marked_fleet {
    permanent
    affects each enemy ship
    modify damage +1
    name en "marked fleet" es "flota marcada" (f) it "flotta segnata" (f)
}
order mark_the_fleet {
    copies 1
    name en "Mark the fleet" es "Marcar la flota" (f) it "Segnare la flotta" (f)
    effect status marked_fleet on you
}
patch order ambush { copies -1 }
"""


def test_a_ship_that_comes_back_later_is_reached(tmp_path):
    """Red marked blue's fleet (every enemy ship takes 1 more damage, D9.8)
    while blue's destroyer was sunk; it respawns (D8.4) and red's torpedo
    then takes 2 of its repairs, not 1."""
    path = tmp_path / "marked.rc"
    path.write_text(MARKED)
    g = game("blue-submarine: {at: a6}\nred-destroyer: {at: c2, marked_fleet: true}\n"
             "blue-destroyer: {at: null, sunk: true}\nred-submarine: {at: h6}",
             turn="blue-destroyer", phase="place", extra=(str(path),))
    g.play("place a2")
    assert g.ship("blue-destroyer").position == "a2"
    assert g.ship("red-destroyer").statuses == ("marked_fleet",)
    while g.to_move != "red-destroyer":
        g.play("end" if "end" in g.legal_moves() else g.legal_moves()[0])
        pass_all(g)
    g.play("torpedo blue-destroyer")
    pass_all(g)
    assert g.ship("blue-destroyer").repairs == 1


def test_the_players_status_is_kept_through_its_own_ships_respawn(tmp_path):
    """The player's ship sinks and comes back: its own statuses are gone
    (D8.4), its player's status is kept (D9.8)."""
    path = tmp_path / "marked.rc"
    path.write_text(MARKED)
    g = game("blue-submarine: {at: a6}\nred-destroyer: {at: null, sunk: true, "
             "marked_fleet: true}\nblue-destroyer: {at: a1}\nred-submarine: {at: h6}",
             turn="red-destroyer", phase="place", extra=(str(path),))
    place = next(m for m in g.legal_moves() if m.startswith("place"))
    g.play(place)
    assert g.ship("red-destroyer").statuses == ("marked_fleet",)


def test_a_status_for_a_player_needs_affects(tmp_path):
    path = tmp_path / "bad.rc"
    path.write_text("status s {\n    this turn\n    limit sight to at most 2\n}\n"
                    "order o {\n    copies 0\n    effect status s on you\n}\n")
    with pytest.raises(rc.DslError) as info:
        load_ruleset("en", [str(path)])
    assert (info.value.line, info.value.reason) == (
        7, "effect 'status': status 's' given to a player ('on you') acts on ships through "
           "'affects' (such as 'affects each ship'), or only watches with triggers ('when "
           "…'); give a status without either to a ship ('on self')")


def test_a_status_is_a_ships_or_a_players(tmp_path):
    path = tmp_path / "bad.rc"
    path.write_text("status s {\n    this turn\n    affects each ship\n"
                    "    limit sight to at most 2\n}\n"
                    "order o {\n    copies 0\n    effect status s on you\n}\n"
                    "order p {\n    copies 0\n    effect status s on self\n}\n")
    with pytest.raises(rc.DslError) as info:
        load_ruleset("en", [str(path)])
    assert info.value.line == 10
    assert "order 'p' gives status 's' to a ship, and another gives it to a player" \
        in info.value.reason


@pytest.mark.parametrize("lang, text", [
    ("en", "Sea fog, until the end of the next turn: for every ship, it sees no farther than "
           "2 boxes."),
    ("es", "Niebla marina, hasta el final del próximo turno: para cada barco, no ve más allá "
           "de 2 casillas."),
    ("it", "Nebbia marina, fino alla fine del prossimo turno: per ogni nave, non vede oltre 2 "
           "caselle."),
])
def test_the_fog_text_in_three_languages(lang, text):
    assert load_ruleset("en", [EXAMPLE]).text("fog_over_the_sea", lang).startswith(text)
