"""The card language's hand and deck effects, global and scoring effects and
new ways to play a card (docs/dsl.md), each played with the example cards of
cards/examples/hand_and_deck.rc, ways_to_play.rc and scoring.rc in a
scenario, with exact values.

Hand effects pick their cards at random (the game's seeded RNG), or by the
hand's owner or the card's player (an owed ``choose <card>`` decision). What a
player saw of another's hand is its own knowledge (``Game.known_hand``), kept
through undo, clones, JSON and scenarios.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.base.kinds import Decision

from conftest import EXAMPLES, OPEN_BOARD, logged, pass_all

HANDS = str(EXAMPLES / "hand_and_deck.rc")
SCORING = str(EXAMPLES / "scoring.rc")
RESPONSES = str(EXAMPLES / "ways_to_play.rc")


def game(extra: str, hands: str, ships: str = "", more: str = "", mode: str = "war",
         deck: str = "[mechanic, ambush, deserter]") -> rc.Game:
    """Blue submarine at a3 and red destroyer at c3 on an open board, blue to play."""
    ships = ships or "blue-submarine: {at: a3}\nred-destroyer: {at: c3}"
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{extra}]\nmode: {mode}\nboard: |\n{board}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + f"\nhands: {hands}\ndeck: {deck}\nturn: blue-submarine\nphase: maneuvers\n"
        + textwrap.dedent(more))


# ------------------------------------------------------------------ hand and deck


def test_look_hand_is_known_to_the_looker_only():
    g = game(HANDS, "{blue-submarine: [spyglass], red-destroyer: [ambush, mechanic]}")
    assert g.known_hand("blue-submarine", "red-destroyer") == []
    g.play("order spyglass red-destroyer")
    assert g.known_hand("blue-submarine", "red-destroyer") == ["ambush", "mechanic"]
    assert g.known_hand("red-destroyer", "blue-submarine") == []
    assert g.known_hand("red-destroyer", "red-destroyer") == ["ambush", "mechanic"]
    assert logged(g, "look", "player", "of") == [("blue-submarine", "red-destroyer")]
    assert str(g.log[-1]) == "Blue submarine looks at the hand of red destroyer."


def test_knowledge_forgets_cards_that_leave_the_hand_and_never_learns_draws():
    g = game(HANDS, "{blue-submarine: [spyglass], red-destroyer: [ambush, mechanic]}")
    g.play("order spyglass red-destroyer")
    g.play("end")  # red's turn: red draws nothing on its own, plays ambush
    g.play("order ambush blue-submarine")
    assert g.known_hand("blue-submarine", "red-destroyer") == ["mechanic"]
    g.play("orders")  # draws the top of the deck, unseen by blue
    assert g.hand("red-destroyer") == ["mechanic", "mechanic"]
    assert g.known_hand("blue-submarine", "red-destroyer") == ["mechanic"]


def test_take_at_random_uses_the_seeded_rng_and_both_players_know_the_card():
    g = game(HANDS, "{blue-submarine: [pickpocket], red-destroyer: [ambush, mechanic, deserter]}")
    rng = g.state.rng
    g.play("order pickpocket red-destroyer")
    assert g.state.rng != rng
    assert g.hand("blue-submarine") == ["deserter"]
    assert g.hand("red-destroyer") == ["ambush", "mechanic"]
    # the owner knows what it lost; the log does not say it
    assert g.known_hand("red-destroyer", "blue-submarine") == ["deserter"]
    assert g.known_hand("blue-submarine", "red-destroyer") == []
    assert logged(g, "take", "player", "of") == [("blue-submarine", "red-destroyer")]
    # the same position and seed take the same card
    again = game(HANDS, "{blue-submarine: [pickpocket], red-destroyer: [ambush, mechanic, deserter]}")
    again.play("order pickpocket red-destroyer")
    assert again.hand("blue-submarine") == ["deserter"]


def test_discard_chosen_by_the_cards_player_sees_the_hand():
    g = game(HANDS, "{blue-submarine: [sabotage], red-destroyer: [ambush, mechanic, ambush]}")
    g.play("order sabotage red-destroyer")
    assert g.decision == Decision.CHOOSE and g.to_move == "blue-submarine"
    assert g.legal_moves() == ["choose ambush", "choose mechanic"]
    assert g.known_hand("blue-submarine", "red-destroyer") == ["ambush", "ambush", "mechanic"]
    g.play("choose mechanic")
    assert g.hand("red-destroyer") == ["ambush", "ambush"]
    assert g.discards == ["sabotage", "mechanic"]
    assert g.known_hand("blue-submarine", "red-destroyer") == ["ambush", "ambush"]
    assert g.decision == Decision.MAIN


def test_draw_then_discard_chosen_by_the_owner():
    g = game(HANDS, "{blue-submarine: [logbook, ambush]}", deck="[mechanic, deserter, kamikaze]")
    g.play("order logbook")
    assert g.hand("blue-submarine") == ["ambush", "mechanic", "deserter"]
    assert g.decision == Decision.CHOOSE and g.to_move == "blue-submarine"
    assert g.legal_moves() == ["choose ambush", "choose deserter", "choose mechanic"]
    g.play("choose deserter")
    assert g.hand("blue-submarine") == ["ambush", "mechanic"]
    assert g.deck == ["kamikaze"]
    assert logged(g, "discard", "card") == ["deserter"]


def card_file(tmp_path, text: str) -> str:
    """A card file of two copies of a new order card, two ambushes fewer (R1.4)."""
    path = tmp_path / "cards.rc"
    path.write_text(text + "\npatch order ambush { copies 2 }\n")
    return str(path)


def test_discard_chosen_by_the_owner_is_the_owners_decision(tmp_path):
    extra = card_file(tmp_path, "order purge { copies 2  effect discard 1 owner of target }")
    g = game(extra, "{blue-submarine: [purge], red-destroyer: [ambush, mechanic]}")
    g.play("order purge red-destroyer")
    assert g.decision == Decision.CHOOSE and g.to_move == "red-destroyer"
    assert g.known_hand("blue-submarine", "red-destroyer") == []
    g.play("choose ambush")
    assert g.hand("red-destroyer") == ["mechanic"]
    assert g.to_move == "blue-submarine"
    assert rc.load_ruleset("en", extra=[extra]).text("purge") == (
        "The target's player discards 1 order card of their choice. "
        "Order card: any ship on the board; cannot be responded to.")


def test_a_card_taken_over_the_hand_limit_is_discarded_once_the_card_resolved(tmp_path):
    """D7.2 as the engine applies it to every card (Captain's draw included):
    the discard comes before anything else once the card has resolved, so a
    card's own `discard` after a `draw` or `take` is counted first."""
    extra = card_file(tmp_path, "order raid { copies 2  effect take 2 random of target; "
                      "damage 1 to target }")
    g = game(extra, "{blue-submarine: [raid, kamikaze, evasion], red-destroyer: [ambush, "
             "mechanic, deserter]}")
    g.play("order raid red-destroyer")
    assert g.decision == Decision.DISCARD and g.to_move == "blue-submarine"
    assert sorted(g.hand("blue-submarine")) == ["ambush", "deserter", "evasion", "kamikaze"]
    assert g.ship("red-destroyer").repairs == 2
    g.play("discard kamikaze")
    assert g.hand("red-destroyer") == ["mechanic"]
    assert g.decision == Decision.MAIN


def test_put_on_deck_is_drawn_next():
    g = game(HANDS, "{blue-submarine: [sealed_orders, kamikaze]}",
             ships="blue-submarine: {at: a3, repairs: 1}\nred-destroyer: {at: c3}")
    g.play("order sealed_orders blue-submarine")
    assert g.ship("blue-submarine").repairs == 2
    # one card left in hand: it goes without a choice
    assert g.hand("blue-submarine") == []
    assert g.deck == ["kamikaze", "mechanic", "ambush", "deserter"]
    assert logged(g, "deck_top", "player") == ["blue-submarine"]
    g.play("orders")
    assert g.hand("blue-submarine") == ["kamikaze"]


def test_knowledge_survives_undo_clone_json_and_scenarios():
    g = game(HANDS, "{blue-submarine: [spyglass], red-destroyer: [ambush, mechanic]}")
    g.play("order spyglass red-destroyer")
    for copy in (g.clone(), rc.Game.from_json(g.to_json()), rc.Game.from_scenario(g.to_scenario())):
        assert copy.known_hand("blue-submarine", "red-destroyer") == ["ambush", "mechanic"]
    assert "known:\n  blue-submarine:\n    red-destroyer: [ambush, mechanic]\n" in g.to_scenario()
    g.undo()
    assert g.known_hand("blue-submarine", "red-destroyer") == []


def test_a_scenarios_knowledge_must_be_in_the_hand():
    with pytest.raises(rc.ScenarioError) as info:
        game(HANDS, "{red-destroyer: [ambush]}", more="known: {blue-submarine: {red-destroyer: "
             "[mechanic]}}\n")
    assert str(info.value).startswith("scenario field 'known[0].cards': mechanic is known to be in the hand of "
                                      "red-destroyer, which does not hold it")


# ------------------------------------------------------------------ global and scoring


def test_sink_outright_scores_like_any_sinking():
    g = game(SCORING, "{blue-submarine: [magazine_hit]}")
    g.play("order magazine_hit red-destroyer")
    assert g.ship("red-destroyer").sunk
    assert g.score == {"blue": 1, "red": 0}
    assert logged(g, "sunk", "ship", "by") == [("red-destroyer", "blue-submarine")]
    assert g.state.spent[0].card == "magazine_hit"


def test_sink_outright_ends_an_arena_game_after_the_effect():
    g = game(SCORING, "{blue-submarine: [magazine_hit]}", mode="arena")
    g.play("order magazine_hit red-destroyer")
    assert g.winner == "blue"


def test_score_points_win_the_war_after_the_effect():
    g = game(SCORING, "{blue-submarine: [war_report]}", more="score: {blue: 4}\n")
    g.play("order war_report")
    assert g.score == {"blue": 5, "red": 0}
    assert g.winner == "blue"
    assert logged(g, "game_over", "reason") == ["points"]


def test_score_in_arena_does_nothing():
    g = game(SCORING, "{blue-submarine: [war_report]}", mode="arena")
    g.play("order war_report")
    assert g.score == {"blue": 0, "red": 0} and g.winner is None


def test_refloat_brings_a_sunk_ship_back_on_a_chosen_free_start_box():
    g = rc.new_game(rc.load_ruleset("en", extra=[SCORING]), teams=[["submarine", "destroyer"],
                    ["destroyer", "submarine"]], placement="fixed", mode="arena")
    st = g.state
    st.hands[0] = ["salvage"]
    blue_destroyer = st.ships[2] if st.ships[2].side == "blue" else st.ships[1]
    seat = st.ships.index(blue_destroyer)
    g.engine.ops.sink_outright(seat, 1)
    g.engine.ops.settle()
    assert blue_destroyer.eliminated
    g.play("order salvage")
    moves = g.legal_moves()
    assert g.decision == Decision.CHOOSE and moves[0].startswith("choose blue-destroyer ")
    g.play(moves[0])
    ship = g.ship("blue-destroyer")
    assert (ship.sunk, ship.eliminated, ship.repairs, ship.breakdowns, ship.reserve) == \
        (False, False, 3, 3, 6)
    assert logged(g, "refloat", "ship") == ["blue-destroyer"]


# ------------------------------------------------------------------ new ways to play


def test_an_order_card_answers_a_maneuver_and_cancels_it():
    g = game(RESPONSES, "{red-destroyer: [countermand]}")
    g.play("torpedo red-destroyer")
    assert g.decision == Decision.RESPOND and g.to_move == "red-destroyer"
    assert "order countermand blue-submarine" in g.legal_moves()
    g.play("order countermand blue-submarine")
    pass_all(g)
    assert g.ship("red-destroyer").repairs == 3  # the torpedo was cancelled
    assert logged(g, "cancel", "card") == ["torpedo"]
    assert g.state.orders_played == 0  # a response is not one of the turn's orders


def test_an_order_response_is_offered_only_with_an_item_to_answer():
    g = game(RESPONSES, "{blue-submarine: [countermand, damage_report]}")
    assert not any(m.startswith("order countermand") for m in g.legal_moves())
    assert "order damage_report blue-submarine" in g.legal_moves()


def test_a_respondable_order_opens_a_window_an_order_response_answers():
    g = game(RESPONSES, "{blue-submarine: [open_fire], red-destroyer: [damage_report]}",
             ships="blue-submarine: {at: a3}\nred-destroyer: {at: c3, repairs: 2}")
    g.play("order open_fire red-destroyer")
    assert g.decision == Decision.RESPOND and g.to_move == "red-destroyer"
    g.play("order damage_report red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").repairs == 2  # +1 then -1
    assert rc.load_ruleset("en", extra=[RESPONSES]).text("open_fire") == (
        "1 repair damage to the target. Order card: any ship on the board; "
        "can be responded to.")


def flagship(more: str = "") -> rc.Game:
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{RESPONSES}]\nboard: |\n" + textwrap.indent(OPEN_BOARD, "  ")
        + "\nships:\n  blue-flagship: {at: a3}\n  red-destroyer: {at: c3}\n"
        + "turn: blue-flagship\nphase: maneuvers\ndeck: [ambush]\n" + more)


def test_a_once_per_game_maneuver_is_used_once():
    g = flagship()
    assert "last_stand red-destroyer" in g.legal_moves()
    g.play("last_stand red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").repairs == 1
    assert [(s.seat, s.card) for s in g.state.spent] == [(0, "last_stand")]
    assert "spent:\n  blue-flagship: [last_stand]\n" in g.to_scenario()
    # the same position with its crew back: the card is spent all the same
    again = flagship("spent: {blue-flagship: [last_stand]}\n")
    assert "torpedo red-destroyer" in again.legal_moves()
    assert not any(m.startswith("last_stand") for m in again.legal_moves())
    assert again.explain("last_stand red-destroyer") == \
        "blue-flagship has already used last_stand, once per game"
    rules = rc.load_ruleset("en", extra=[RESPONSES])
    assert rules.text("last_stand").endswith("Usable as a response. Once per game.")


# ------------------------------------------------------------------ the language


def test_text_in_three_languages():
    rules = rc.load_ruleset("en", extra=[HANDS])
    assert [rules.text("sabotage", lang) for lang in ("en", "es", "it")] == [
        "The target's player discards 1 order card of your choice. Order card: any ship on "
        "the board; cannot be responded to.",
        "El jugador que controla el objetivo descarta 1 carta de órdenes a tu elección. Carta de órdenes: "
        "cualquier barco del tablero; sin respuesta.",
        "Il giocatore che controlla il bersaglio scarta 1 carta degli ordini a tua scelta. Carta degli "
        "ordini: qualsiasi nave sul tabellone; senza risposta."]


@pytest.mark.parametrize("text,message", [
    ("order x { copies 30 effect discard 1 randomly of target }",
     "effect 'discard': by must be one of random, owner, player, top, not 'randomly'"),
    ("order x { copies 30 effect take 1 random of self }",
     "effect 'take' cannot act on 'self'; it acts on target, source, deck, discards, each … player"),
    ("order x { copies 30 effect look_hand }",
     "effect 'look_hand' needs to say whom it acts on (example: look_hand of target)"),
    ("order x { copies 30 cost 2 effect score 1 }",
     "order cards have no 'cost': they ignore range and cannot be responded to (R7.3)"),
])
def test_compiler_errors(text, message):
    """Each construct's mistakes are DslErrors naming the problem."""
    with pytest.raises(rc.DslError) as info:
        rc.load_source("variant v extends en\nremove order ambush\nremove order deserter\n"
                       "remove order boatswain\nremove order atomic_bomb\nremove order evasion\n"
                       "remove order captain\nremove order mechanic\nremove order intercept\n"
                       "remove order kamikaze\n" + text, "x.rc")
    assert info.value.reason == message


def test_an_illegal_choice_is_explained():
    g = game(HANDS, "{blue-submarine: [sabotage], red-destroyer: [ambush, mechanic]}")
    g.play("order sabotage red-destroyer")
    with pytest.raises(rc.IllegalMove) as info:
        g.play("choose kamikaze")
    assert info.value.reason == ("blue-submarine must first choose for sabotage: "
                                 "choose ambush, choose mechanic")


@pytest.mark.parametrize("repairs,cost", [(3, 3), (2, 2), (1, 1)])
def test_a_cost_that_depends_on_the_ship(repairs, cost):
    """cost (3 - repairs missing): 3 crew less 1 per repair missing, at least 1."""
    g = rc.Game.from_scenario(flagship().to_scenario().replace(
        "blue-flagship: {at: a3, repairs: 3", f"blue-flagship: {{at: a3, repairs: {repairs}"))
    g.play("damage_control_party")
    pass_all(g)
    ship = g.ship("blue-flagship")
    assert (ship.crew["damage_control_party"], ship.reserve) == (cost, 6 - cost)
    assert ship.repairs == min(3, repairs + 1)


def test_a_computed_cost_is_an_amount_with_its_text():
    """The cost is the amount of effects (exprs.Amount); ``cost`` holds its
    value with every quantity 0, the figure the reference tables show."""
    rules = flagship().rules
    card = rules.maneuvers["damage_control_party"]
    assert (card.cost, str(card.computed_cost)) == (3, "3 - repairs missing")
    assert [rules.text("damage_control_party", lang).split(". ")[1] for lang in
            ("en", "es", "it")] == [
        "Crew cost: 3 minus the number of repairs your ship is missing, at least 1",
        "Coste en tripulantes: 3 menos el número de reparaciones que le faltan a tu barco, "
        "como mínimo 1",
        "Costo in equipaggio: 3 meno il numero di riparazioni che mancano alla tua nave, "
        "almeno 1"]
    assert rules.maneuvers["last_stand"].computed_cost is None


def test_a_misspelt_quantity_in_a_cost_is_refused_with_a_suggestion():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("maneuver zap {\n    cost (3 - repair missing)\n    effect damage 1 to "
                       "self\n}\n", "zap.rc")
    err = info.value
    assert (err.line, err.column) == (2, 15)
    assert err.reason == ("unexpected 'repair'; expected '+', '-', 'breakdowns', 'cards', "
                          "'chosen', 'cost', 'crew', 'damage', 'distance', 'hull', 'max', 'min', "
                          "'number', 'range', 'repairs', 'score', 'ships', 'turn' or a number")
    assert err.suggestion == "repairs"


BRIEFING = """\
# A briefing: every order card in the hand is one more officer to brief.
maneuver briefing {
    cost (1 + cards in hand)
    effect regain repair 1 to self
}
patch ship submarine {
    maneuvers movement repair torpedo orders
              immersion countermeasure heavy_torpedo briefing
}
"""


@pytest.mark.parametrize("hand,cost", [("[]", 1), ("[ambush]", 2), ("[ambush, mechanic]", 3)])
def test_a_cost_that_grows_with_the_hand(tmp_path, hand, cost):
    """cost (1 + cards in hand): 1 crew and 1 more per order card of its player."""
    path = tmp_path / "briefing.rc"
    path.write_text(BRIEFING)
    g = game(str(path), f"{{blue-submarine: {hand}}}",
             ships="blue-submarine: {at: a3, repairs: 2}\nred-destroyer: {at: c3}")
    assert g.rules.maneuvers["briefing"].cost == 1
    g.play("briefing")
    pass_all(g)
    ship = g.ship("blue-submarine")
    assert (ship.crew["briefing"], ship.reserve, ship.repairs) == (cost, 6 - cost, 3)
    # the crew it holds is the cost counted when it was used, more than `cost`
    assert rc.Game.from_scenario(g.to_scenario()).ship("blue-submarine").crew["briefing"] == cost


def test_a_computed_cost_above_the_reserve_is_not_listed(tmp_path):
    path = tmp_path / "briefing.rc"
    path.write_text(BRIEFING)
    g = game(str(path), "{blue-submarine: [ambush, mechanic]}",
             ships="blue-submarine: {at: a3, reserve: 2, withdrawn: 4}\n"
                   "red-destroyer: {at: c3}")
    assert "briefing" not in g.legal_moves()
    with pytest.raises(rc.IllegalMove) as info:
        g.play("briefing")
    assert info.value.reason == ("briefing costs 3 crew and blue-submarine has 2 in reserve "
                                 "(R4.1)")


@pytest.mark.parametrize("amount,column,read", [
    ("distance", 5, "the target ('distance' is to the target)"),
    ("3 - repairs of target", 5, "the target ('repairs of target')"),
    ("1 + crew out of source", 5, "the answered item's ship ('crew out of source')"),
    ("repairs of it", 5, "'it', the ship a filter tests ('repairs of it')"),
])
def test_a_cost_that_reads_what_is_chosen_after_it_is_refused(amount, column, read):
    """A cost is counted before a target is chosen: it reads the using ship."""
    with pytest.raises(rc.DslError) as info:
        rc.load_source(f"maneuver zap {{\n    cost ({amount})  range 2  response\n"
                       "    effect damage 1 to target\n}\n", "zap.rc")
    err = info.value
    assert (err.file, err.line, err.column) == ("zap.rc", 2, column)
    assert err.reason == (f"maneuver 'zap': a cost is counted before a target is chosen, so "
                          f"it cannot read {read}; it may read the ship that uses the card "
                          "(self) and the sides")


def test_a_cost_of_numbers_only_is_a_fixed_cost():
    """`cost (2)` is `cost 2`: the same card, the same card-data hash."""
    src = "maneuver zap {{\n    cost {}\n    effect damage 1 to self\n}}\n"
    fixed, written = (rc.load_source(src.format(c), "zap.rc") for c in ("2", "(1 + 1)"))
    assert written.maneuvers["zap"] == fixed.maneuvers["zap"]
    assert written.maneuvers["zap"].computed_cost is None and written.hash == fixed.hash
    assert rc.load_source(src.format("(2 + crew out)"), "zap.rc").hash != fixed.hash
    with pytest.raises(rc.DslError) as info:
        rc.load_source(src.format("(1 - 1)"), "zap.rc")
    assert info.value.reason == "maneuver 'zap': cost must be at least 1 crew (R4.1)"


def test_a_sunk_ships_player_does_not_respond_with_an_order():
    """War: a sunk ship's player keeps its hand (D8.7) but answers nothing (R5.2)."""
    g = game(RESPONSES, "{red-submarine: [countermand]}",
             ships="blue-submarine: {at: a3}\nblue-destroyer: {at: f6}\n"
                   "red-destroyer: {at: c3}\nred-submarine: {sunk: true}")
    g.play("torpedo red-destroyer")
    assert g.to_move == "red-destroyer" and g.decision == Decision.RESPOND
    g.play("pass")
    assert g.to_move == "blue-destroyer"  # it may answer with its own torpedo (R4.2)
    g.play("pass")
    assert g.decision == Decision.MAIN  # red-submarine, last in seat order, was never asked
    assert g.hand("red-submarine") == ["countermand"]


def test_a_saved_game_with_a_bad_knowledge_record_is_refused():
    g = game(HANDS, "{blue-submarine: [spyglass], red-destroyer: [ambush, mechanic]}")
    g.play("order spyglass red-destroyer")
    text = g.to_json().replace('"viewer":0', '"viewer":7')
    assert '"viewer":7' in text
    with pytest.raises(rc.RedCodeError) as info:
        rc.Game.from_json(text)
    assert "known[0].viewer" in str(info.value) and "no seat 7" in str(info.value)


def test_hand_and_scoring_events_are_narrated_in_three_languages():
    g = game(HANDS, "{blue-submarine: [pickpocket], red-destroyer: [ambush, mechanic]}")
    g.play("order pickpocket red-destroyer")
    assert [g.narration(lang)[-1] for lang in ("en", "es", "it")] == [
        "  Blue submarine takes 1 order card from red destroyer.",
        "  El submarino azul toma 1 carta de órdenes del destructor rojo.",
        "  Il sottomarino blu prende 1 carta degli ordini dal distruttore rosso."]
    g = game(HANDS, "{blue-submarine: [spyglass], red-destroyer: [ambush, mechanic]}")
    g.play("order spyglass red-destroyer")
    assert [g.narration(lang)[-1] for lang in ("en", "es", "it")] == [
        "  Blue submarine looks at the hand of red destroyer.",
        "  El submarino azul mira la mano del destructor rojo.",
        "  Il sottomarino blu guarda la mano del distruttore rosso."]


# ------------------------------------------------------------ amounts at most what is there (D7.6)


@pytest.mark.parametrize("effect, kind", [
    ("discard 999999 random of target", "discard"),
    ("put_on_deck 999999 random of target", "deck_top"),
    ("take 999999 random of target", "take"),
    ("take (999999 + cards in hand of target) random of target", "take"),
    ("discard 999999 owner of target", "discard"),
    ("take 999999 player of target", "take"),
])
def test_a_hand_effect_moves_at_most_the_cards_in_the_hand(tmp_path, effect, kind):
    """D7.6: whatever the amount says, each card of the hand moves once."""
    extra = card_file(tmp_path, f"order raid {{ copies 2  effect {effect} }}")
    g = game(extra, "{blue-submarine: [raid], red-destroyer: [ambush, mechanic]}")
    start = len(g.log)
    g.play("order raid red-destroyer")
    while g.decision == Decision.CHOOSE:
        g.play(g.legal_moves()[0])
    assert g.hand("red-destroyer") == []
    assert sum(e.kind == kind for e in g.log[start:]) == 2


@pytest.mark.parametrize("by", ["random", "owner", "player", "(999999 + cards in hand) random"])
def test_taking_from_ones_own_hand_does_nothing(tmp_path, by):
    """D7.6: the cards would stay where they are, so nothing happens and
    nothing is logged: no take, no choice, no look."""
    amount, _, picker = by.rpartition(" ") if by.startswith("(") else ("999999", "", by)
    extra = card_file(tmp_path, f"order hoard {{ copies 2  effect take {amount} {picker} "
                      "of target }")
    g = game(extra, "{blue-submarine: [hoard, ambush, mechanic]}")
    g.play("order hoard blue-submarine")
    assert g.hand("blue-submarine") == ["ambush", "mechanic"]
    assert logged(g, ("take", "look"), "kind") == []
    assert [e.kind for e in g.log[-2:]] == ["order", "resolve"]
    assert g.decision == Decision.MAIN


def test_a_draw_takes_at_most_the_deck_and_the_discards(tmp_path):
    """D7.6, D7.1: each card of the deck, then of the reshuffled discards
    (not the card resolving, E7.2), is drawn once; then nothing is left."""
    extra = card_file(tmp_path, "order flood { copies 2  effect draw 999999 }")
    g = game(extra, "{blue-submarine: [flood]}", more="discard: [kamikaze]\n")
    g.play("order flood")
    assert sorted(g.hand("blue-submarine")) == ["ambush", "deserter", "kamikaze", "mechanic"]
    assert g.deck == [] and g.discards == ["flood"]
    assert logged(g, ("draw", "reshuffle"), "kind") == ["reshuffle", "draw"]
