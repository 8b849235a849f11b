"""The damage a ship takes from some cards (D9.5): ``modify damage N on CARDS``
and ``limit damage to … on CARD`` change the damage the cards named deal
the ship that has the status, whoever plays them (maneuvers and order
cards alike); another card's damage and a trigger's are left as they are."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import card_file, pass_all, scenario_game

CARDS = """\
status spotted {
    until end of your next turn
    modify damage +1 on maneuvers
    name en "spotted" es "avistado" it "avvistata" (f)
    state en "spotted" es "avistado" it "avvistata"
}
status netted {
    permanent
    modify damage -1 on torpedo, heavy_torpedo
    limit damage to at most 1 on kamikaze
    name en "torpedo nets" es "redes antitorpedo" (f pl) it "reti antisiluro" (f pl)
    state en "behind torpedo nets" es "tras redes antitorpedo" it "dietro reti antisiluro"
}
token buoy {
    mark "o"
    permanent
    when enters of any { effect damage 1 to target }
}
order spotter_plane {
    copies 1  target enemy ship
    effect status spotted on target
    name en "Spotter plane" es "Avión observador" it "Aereo osservatore"
}
deck { keep size }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("taken"), CARDS)


def position(cards: str, red: str = "", hands: str = "[]") -> rc.Game:
    """The blue submarine on b2 against the red destroyer on c3, blue to play."""
    return scenario_game(f"""
        edition: en
        extra: [{cards}]
        ships:
          blue-submarine: {{at: b2}}
          red-destroyer: {{at: c3{red}}}
        hands: {{blue-submarine: {hands}}}
        turn: blue-submarine
        phase: maneuvers
        """)


def repairs_after(game: rc.Game, move: str) -> tuple[int, int]:
    game.play(move)
    pass_all(game)
    ship = game.ship("red-destroyer")
    return ship.repairs, ship.breakdowns


def test_a_spotted_ship_takes_one_more_from_each_maneuver(cards):
    game = position(cards, hands="[spotter_plane, captain]")
    game.play("order spotter_plane red-destroyer")
    assert repairs_after(game, "torpedo red-destroyer") == (1, 3)  # 1 + 1


def test_a_spotted_ship_takes_an_order_cards_damage_unchanged(cards):
    game = position(cards, red=", spotted: true", hands="[captain]")
    assert repairs_after(game, "order captain red-destroyer") == (2, 3)  # 1, not 2


def test_torpedo_nets_take_one_off_a_torpedo_and_bound_a_kamikaze(cards):
    game = position(cards, red=", netted: true", hands="[kamikaze]")
    assert repairs_after(game, "torpedo red-destroyer") == (3, 3)  # 1 - 1
    game = position(cards, red=", netted: true", hands="[kamikaze]")
    assert repairs_after(game, "order kamikaze red-destroyer") == (2, 3)  # 3 bounded to 1


def test_a_triggers_damage_is_no_cards(cards):
    """The damage a token's trigger deals comes from no card: a change for
    maneuvers leaves it as it is."""
    game = scenario_game(f"""
        edition: en
        extra: [{cards}]
        ships:
          red-destroyer: {{at: c3, spotted: true}}
          blue-submarine: {{at: f5}}
        tokens: [{{token: buoy, at: c4, owner: blue-submarine}}]
        turn: red-destroyer
        phase: maneuvers
        """)
    game.play("movement c4")
    pass_all(game)
    assert game.ship("red-destroyer").repairs == 2


@pytest.mark.parametrize("lang,text", [
    ("en", "The target is spotted until the end of your next turn: each damage it takes from "
           "maneuvers is 1 more."),
    ("es", "El objetivo queda avistado hasta el final de tu próximo turno: cada daño que "
           "recibe de las maniobras aumenta en 1."),
    ("it", "Il bersaglio viene avvistato fino alla fine del tuo prossimo turno: ogni danno "
           "che subisce dalle manovre aumenta di 1."),
])
def test_the_damage_from_a_class_of_cards_in_three_languages(cards, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).text("spotter_plane", lang=lang).startswith(
        text)


def test_the_status_names_the_cards_it_takes_less_from(cards):
    text = rc.load_ruleset("en", extra=[cards]).status_text("netted")
    assert "each damage it takes from Torpedo and Heavy torpedo is 1 less" in text
