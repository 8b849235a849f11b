"""A response turns what it answers onto another ship (`retarget to SHIP`,
D5.6): a decoy, covering fire; not an item with several targets, not onto
a ship its card may not target; the texts in three languages."""

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD, dsl_refusal, logged, pass_all, scenario_game

CARDS = """\
rules { orders_respondable yes }
status cloaked {
    this turn
    untargetable by enemy cards
    name en "cloaked" es "camuflado" it "camuffata" (f)
    state es "camuflado" it "camuffata"
}
order decoy_buoy {
    copies 1
    response  answers any
    usable if answered is enemy damaging and answered target is friendly
    target friendly ship
    effect retarget to target
    name en "Decoy buoy" es "Boya señuelo" (f) it "Boa esca" (f)
}
order covering_fire {
    copies 1
    response  answers maneuvers
    usable if answered is enemy damaging and answered target is friendly
    effect retarget to self; crew_loss 1 to source
    name en "Covering fire" es "Fuego de cobertura" it "Fuoco di copertura"
}
order second_decoy {
    copies 1
    response  answers any
    target friendly ship  second target friendly ship
    effect retarget to second target
    name en "Second decoy" es "Segundo señuelo" it "Seconda esca" (f)
}
status mirrored {
    this turn
    when targeted of self by enemy maneuvers { effect retarget to source }
    name en "mirrored" es "reflejado" it "riflessa" (f)
    state es "reflejado" it "riflessa"
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    path = tmp_path / "retarget.rc"
    path.write_text(CARDS, "utf-8")
    return str(path)


def game(cards, **ships) -> rc.Game:
    return scenario_game({
        "edition": "en", "mode": "war", "extra": [cards], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "d4"}, "red-submarine": {"at": "f3"}, **ships},
        "hands": {"blue-submarine": ["decoy_buoy"], "blue-destroyer": ["covering_fire"]},
        "turn": "red-destroyer", "phase": "maneuvers"})


def respond(g: rc.Game, move: str) -> None:
    """Pass in the response window until ``move`` is legal, then play it."""
    while move not in g.legal_moves():
        g.play("pass")
    g.play(move)


def repairs(g: rc.Game) -> dict[str, int]:
    return {s: g.ship(s).repairs for s in g.ships}


def test_a_decoy_turns_a_torpedo_onto_the_ship_its_player_chooses(cards):
    g = game(cards)
    g.play("torpedo blue-submarine")
    respond(g, "order decoy_buoy blue-destroyer")
    pass_all(g)
    assert repairs(g) == {"blue-submarine": 3, "red-destroyer": 3, "blue-destroyer": 2,
                          "red-submarine": 3}
    assert logged(g, "retarget", "card", "of", "target") == [
        ("torpedo", "red-destroyer", "blue-destroyer")]
    assert "Blue submarine turns Torpedo of red destroyer onto blue destroyer." in [
        line.strip() for line in g.narration()]


def test_covering_fire_takes_the_hit_and_costs_the_attacker_a_crew(cards):
    g = game(cards)
    g.play("torpedo blue-submarine")
    respond(g, "order covering_fire")
    pass_all(g)
    assert (g.ship("blue-destroyer").repairs, g.ship("blue-submarine").repairs) == (2, 3)
    assert g.ship("red-destroyer").withdrawn == 1  # the attacker's crew lost


def test_a_ship_its_card_may_not_target_keeps_the_item_where_it_was(cards):
    g = game(cards, **{"blue-destroyer": {"at": "d4", "cloaked": True}})
    g.play("torpedo blue-submarine")
    respond(g, "order decoy_buoy blue-destroyer")
    pass_all(g)
    assert (g.ship("blue-destroyer").repairs, g.ship("blue-submarine").repairs) == (3, 2)
    assert logged(g, "retarget", "card") == []


def test_a_save_with_the_item_turned_keeps_its_new_target(cards):
    g = game(cards)
    g.play("torpedo blue-submarine")
    respond(g, "order decoy_buoy blue-destroyer")
    while g.state.stack and g.state.stack[-1].card == "decoy_buoy":
        g.play("pass")
    again = rc.Game.from_json(g.to_json())
    pass_all(again)
    assert again.ship("blue-destroyer").repairs == 2


@pytest.mark.parametrize("text, error", [
    ("order x { copies 1  effect retarget to self }",
     "order 'x' acts on the item it answers, so it must be a 'response' (R5.2)"),
    ("status s { this turn\n  when damaged of self { effect retarget to source } }",
     "'retarget' acts on the card that set the trigger off, which only 'targeted' "
     "(the card that targets) and 'plays' (the card played) have"),
])
def test_a_retarget_without_an_item_to_turn_is_refused(text, error):
    assert error in dsl_refusal(text + "\ndeck { keep size }\n").reason


@pytest.mark.parametrize("lang, said", [
    ("en", "The target of the maneuver it answers becomes your ship; the ship that performed "
     "the card it answers loses 1 crew from the reserve."),
    ("es", "El objetivo de la maniobra a la que responde pasa a ser tu barco y -1 tripulante "
     "de la reserva al barco que ejecutó la carta a la que responde."),
    ("it", "Il bersaglio della manovra a cui risponde diventa la tua nave e -1 membro "
     "dell'equipaggio in riserva alla nave che ha eseguito la carta a cui risponde."),
])
def test_the_card_says_where_the_item_goes(cards, lang, said):
    assert game(cards).rules.text("covering_fire", lang).startswith(said)


@pytest.mark.parametrize("card, lang, said", [
    ("second_decoy", "en", "The target of the maneuver or order card it answers becomes the "
     "second target of this card."),
    ("second_decoy", "es", "El objetivo de la maniobra o carta de órdenes a la que responde "
     "pasa a ser el segundo objetivo de esta carta."),
    ("second_decoy", "it", "Il bersaglio della manovra o carta degli ordini a cui risponde "
     "diventa il secondo bersaglio di questa carta."),
])
def test_a_retarget_to_the_second_target_says_whose_target_changes(cards, card, lang, said):
    assert game(cards).rules.text(card, lang).startswith(said)


@pytest.mark.parametrize("lang, said", [
    ("en", "that card targets the ship that caused it instead."),
    ("es", "esa carta pasa a apuntar al barco que lo causó."),
    ("it", "quella carta prende di mira la nave che l'ha causato."),
])
def test_a_trigger_turns_the_card_that_targeted_and_says_so(cards, lang, said):
    assert game(cards).rules.status_text("mirrored", lang).endswith(said)


def test_a_trigger_turns_the_card_back_onto_its_ship(cards):
    g = game(cards, **{"blue-submarine": {"at": "c3", "mirrored": True}})
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert (g.ship("blue-submarine").repairs, g.ship("red-destroyer").repairs) == (3, 2)
