"""Statuses declared in card data (docs/dsl.md, docs/rules.md §9).

A status is a declaration, `status NAME { duration  forbids ... }`, read by
the engine's generic rules: intercept (R9.1) is one in cards/base/, and a
designer's own status needs a card file only. Maneuvers, orders and
statuses share one namespace.
"""

import textwrap

import pytest

import redcode_rules as rc

#: A designer's status and the cards that give it, in a card file of its own.
CARDS = """\
status anchored {
    until start of its next turn
    forbids movement
}

status dazed {
    until end of its next turn
    forbids responses
}

status gagged {
    this turn
    forbids orders
}

status wrecked {
    permanent
    forbids maneuvers
}

order anchor {
    copies 0
    effect status anchored on target
}

order stall {
    copies 0
    effect status anchored on target; move 2 target
}

order daze {
    copies 0
    effect status dazed on target
}

order gag {
    copies 0
    effect status gagged on target
}

order wreck {
    copies 0
    effect status wrecked on target
}
"""

EMPTY_BOARD = """\
      ........
      ........
      ........
      ........
      ........
      ........"""


@pytest.fixture
def cards(tmp_path):
    path = tmp_path / "statuses.rc"
    path.write_text(CARDS)
    return str(path)


def game_with(cards: str, hand: str, ships: str = "", deck: str = "[]",
              turn: str = "blue-submarine") -> rc.Game:
    """1v1 on open water, blue submarine at c3 and red destroyer at e3 (in
    each other's visual field), with the custom cards."""
    ships = ships or "blue-submarine: {at: c3}\n  red-destroyer: {at: e3}"
    return rc.Game.from_scenario(textwrap.dedent(f"""\
    edition: en
    extra: [{cards}]
    board: |
{EMPTY_BOARD}
    ships:
      {textwrap.indent(ships, "    ").lstrip()}
    hands: {{blue-submarine: [{hand}]}}
    deck: {deck}
    turn: {turn}
    phase: maneuvers
    """))


def moves_of(game, head: str) -> list[str]:
    return [m for m in game.legal_moves() if m.split(" ")[0] == head]


def test_a_status_from_a_card_file_stops_movement_until_its_players_next_turn(cards):
    """`anchored` exists only in the card file: the anchored ship's movement
    moves are gone from the listing until its player's next turn starts, then
    back; the enemy cannot move it with an order either."""
    game = game_with(cards, "anchor", ships="blue-submarine: {at: c3}\n"
                     "  red-destroyer: {at: e3}", deck="[]")
    assert moves_of(game, "movement") and moves_of(game, "immersion")
    game.play("order anchor blue-submarine")
    assert game.ship("blue-submarine").anchored is True
    assert game.ship("blue-submarine").statuses == ("anchored",)
    assert moves_of(game, "movement") == moves_of(game, "immersion") == []
    assert "torpedo red-destroyer" in game.legal_moves()  # only movement is forbidden
    with pytest.raises(rc.IllegalMove) as err:
        game.play("movement c4")
    assert str(err.value).endswith("blue-submarine is anchored and cannot be moved until "
                                   "its next turn (R9)")
    game.play("end")
    assert game.to_move == "red-destroyer"
    assert game.ship("blue-submarine").anchored
    game.play("end")
    assert game.to_move == "blue-submarine"
    assert game.ship("blue-submarine").anchored is False
    assert "movement c4" in game.legal_moves()


def test_an_order_cannot_move_a_ship_that_cannot_be_moved(cards):
    """No order with a move effect on the anchored ship is listed; on another ship it is."""
    game = game_with(cards, "evasion", ships="blue-submarine: {at: c3, anchored: true}\n"
                     "  red-destroyer: {at: e3}")
    orders = moves_of(game, "order")
    assert orders and all(m.startswith("order evasion red-destroyer ") for m in orders)


def test_a_move_on_a_ship_that_cannot_be_moved_does_nothing(cards):
    """`stall` anchors its target, then moves it: the move does nothing."""
    game = game_with(cards, "stall")
    game.play("order stall red-destroyer f3")
    assert game.ship("red-destroyer").position == "e3"
    assert [e.kind for e in game.log[-3:]] == ["order", "resolve", "status"]


def test_until_the_end_of_its_next_turn_given_in_its_own_turn_lasts_two_ends(cards):
    """`dazed` given in the ship's own turn lasts through its next turn; it
    forbids responses only, not maneuvers."""
    game = game_with(cards, "daze")
    game.play("order daze blue-submarine")
    assert "torpedo red-destroyer" in game.legal_moves()
    scenario = game.to_scenario()
    assert "dazed: {lasts: until end of its next turn, left: 2}" in scenario
    assert rc.Game.from_scenario(scenario).to_scenario() == scenario
    game.play("end")
    game.play("torpedo blue-submarine")  # blue may not respond: it resolves at once
    assert game.ship("blue-submarine").repairs == 2
    game.play("end")
    assert game.ship("blue-submarine").dazed  # its next turn has started, not ended
    game.play("end")
    assert not game.ship("blue-submarine").dazed


def test_until_the_end_of_its_next_turn_given_in_another_turn_lasts_one_end(cards):
    game = game_with(cards, "daze")
    game.play("order daze red-destroyer")
    game.play("torpedo red-destroyer")  # red is not asked to respond
    assert game.ship("red-destroyer").repairs == 2
    game.play("end")
    assert game.ship("red-destroyer").dazed
    game.play("end")
    assert not game.ship("red-destroyer").dazed


def test_this_turn_ends_with_the_turn_and_orders_can_be_forbidden(cards):
    game = game_with(cards, "gag", ships="blue-submarine: {at: c3}\n"
                     "  red-destroyer: {at: e3}", deck="[ambush, ambush]")
    game.play("order gag red-destroyer")
    assert game.ship("red-destroyer").gagged
    game.play("end")
    assert not game.ship("red-destroyer").gagged
    game = game_with(cards, "gag, ambush")
    game.play("order gag blue-submarine")
    assert moves_of(game, "order") == []


def test_a_permanent_status_ends_only_when_its_ship_is_sunk(cards):
    game = game_with(cards, "wreck", ships="blue-submarine: {at: c3}\n"
                     "  red-destroyer: {at: e3, repairs: 1, breakdowns: 0}")
    game.play("order wreck red-destroyer")
    for _ in range(4):
        game.play("end")
        assert game.ship("red-destroyer").wrecked
        if game.to_move == "red-destroyer":
            assert game.legal_moves() == ["end"]
    assert game.to_move == "blue-submarine"
    game.play("torpedo red-destroyer")
    assert game.ship("red-destroyer").sunk and not game.ship("red-destroyer").wrecked


def test_the_statuses_of_a_sunk_ship_end_logged_and_narrated_after_the_sinking(cards):
    """R9.2: a status ends when its ship leaves the board; the log says so
    (``status_end``) right after the sinking, and the narration tells it."""
    game = game_with(cards, "wreck", ships="blue-submarine: {at: c3}\n"
                     "  red-destroyer: {at: e3, repairs: 1, breakdowns: 0}")
    game.play("order wreck red-destroyer")
    game.play("torpedo red-destroyer")
    kinds = [e.kind for e in game.log]
    sunk = kinds.index("sunk")
    assert kinds[sunk:sunk + 3] == ["sunk", "status_end", "score"]
    assert game.log[sunk + 1].data == {"ship": "red-destroyer", "status": "wrecked"}
    assert kinds.count("status_end") == 1
    told = {lang: game.narration(lang)[-5:-3] for lang in ("en", "es", "it")}
    assert told == {
        "en": ["  *** Red destroyer is sunk by blue submarine! ***",
               "  Red destroyer is no longer wrecked."],
        "es": ["  *** ¡El submarino azul hunde al destructor rojo! ***",
               "  El destructor rojo deja de estar wrecked."],
        "it": ["  *** Il sottomarino blu affonda il distruttore rosso! ***",
               "  Il distruttore rosso non è più wrecked."]}


def test_a_scenario_ship_takes_any_declared_status_and_no_other(cards):
    game = game_with(cards, "", ships="blue-submarine: {at: c3, wrecked: true}\n"
                     "  red-destroyer: {at: e3, intercepted: true}")
    assert game.ship("blue-submarine").statuses == ("wrecked",)
    assert game.ship("red-destroyer").intercepted
    with pytest.raises(AttributeError):
        game.ship("red-destroyer").stunned
    with pytest.raises(rc.ScenarioError) as err:
        game_with(cards, "", ships="blue-submarine: {at: c3, stunned: true}\n"
                  "  red-destroyer: {at: e3}")
    assert "ships.blue-submarine.stunned" in str(err.value)


def test_a_save_writes_each_declared_status_as_a_key(cards):
    game = game_with(cards, "anchor")
    game.play("order anchor red-destroyer")
    text = game.to_json()
    assert '"anchored":true' in text and '"intercepted":false' in text
    assert rc.Game.from_json(text).ship("red-destroyer").anchored


@pytest.mark.parametrize("lang,expected", [
    ("en", "The target is anchored until its next turn: it cannot be moved. Order card: "
           "any ship on the board; cannot be responded to."),
    ("es", "El objetivo queda anchored hasta su próximo turno: no puede moverse. Carta "
           "de órdenes: cualquier barco del tablero; sin respuesta."),
    ("it", "Il bersaglio è anchored fino al suo prossimo turno: non può muoversi. "
           "Carta degli ordini: qualsiasi nave sul tabellone; senza risposta."),
])
def test_a_declared_status_has_rule_text_in_every_language(cards, lang, expected):
    rules = rc.load_ruleset("en", extra=[cards])
    assert rules.text("anchor", lang) == expected


# ------------------------------------------------------------------ one card namespace

def test_an_order_cannot_take_a_maneuvers_id():
    """`order torpedo` once compiled and then `rules.text("torpedo")` read the
    maneuver: maneuvers, orders and statuses share one namespace."""
    with pytest.raises(rc.DslError) as err:
        rc.load_source("order torpedo {\n    copies 2\n    effect draw 1\n}\n", "mine.rc")
    e = err.value
    assert (e.file, e.line, e.column) == ("mine.rc", 1, 1)
    assert e.reason == ("'torpedo' is already the maneuver declared at "
                        "cards/base/maneuvers.rc:22:1; maneuvers, orders and statuses share "
                        "one namespace, so the order needs another name")


def test_a_status_cannot_take_a_cards_id_nor_a_card_a_statuses():
    with pytest.raises(rc.DslError) as err:
        rc.load_source("status ambush {\n    this turn\n    forbids orders\n}\n", "mine.rc")
    assert err.value.reason.startswith("'ambush' is already the order declared at "
                                       "cards/base/orders.rc:5:1;")
    with pytest.raises(rc.DslError) as err:
        rc.load_source("\nmaneuver intercepted {\n    cost 1\n    effect draw 1\n}\n",
                       "mine.rc")
    assert (err.value.line, err.value.column) == (2, 1)
    assert err.value.reason.startswith("'intercepted' is already the status declared at "
                                       "cards/base/statuses.rc:")


def test_patch_and_remove_of_the_right_kind_still_work():
    rules = rc.load_source("patch maneuver torpedo { cost 3 }\n"
                           "patch status intercepted { this turn }\n", "mine.rc")
    assert rules.maneuvers["torpedo"].cost == 3
    assert rules.statuses["intercepted"].duration is rc.model.ruleset.Duration.THIS_TURN
    with pytest.raises(rc.DslError) as err:
        rc.load_source("patch order torpedo { copies 1 }\n", "mine.rc")
    assert err.value.reason == "cannot patch unknown order 'torpedo' (it is a maneuver)"
    rules = rc.load_source("remove maneuver floating_mine\norder floating_mine {\n"
                           "    copies 0\n    effect draw 1\n}\n"
                           "patch ship submarine { maneuvers movement repair torpedo orders "
                           "immersion countermeasure heavy_torpedo radar }", "mine.rc")
    assert rules.text("floating_mine") == ("You draw 1 order card. Order card: cannot be "
                                           "responded to.")


def test_its_may_be_left_out_of_a_duration():
    rules = rc.load_source("status slowed {\n    until end of next turn\n    forbids movement\n}\n",
                           "mine.rc")
    assert rules.statuses["slowed"] == rc.model.ruleset.StatusDef(
        "slowed", rc.model.ruleset.Duration.END_OF_NEXT_TURN, (rc.model.ruleset.Forbid.MOVEMENT,))


def test_the_reference_says_how_a_variant_changes_the_statuses():
    from redcode_rules.render.reference import differences
    rules = rc.load_source("patch status intercepted { this turn }\n"
                           "status anchored { permanent  forbids movement }\n", "mine.rc")
    assert differences(rules) == [
        "New status: Anchored.",
        "New effect of Intercepted: no maneuvers, not even responses, this turn (instead of: no "
        "maneuvers, not even responses, until its next turn)."]
