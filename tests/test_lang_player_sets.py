"""Hand and turn effects on a set of players (docs/dsl.md, "Expressions"):
`discard`, `take`, `put_on_deck`, `look_hand` and `skip_turn` on `each
[enemy|friendly|other] player`, as `draw` is: each player of the set in
seat order, played in 2v2 scenarios with exact values, their text in three
languages, and the compiler's checks.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.base.kinds import Decision

from conftest import OPEN_BOARD, dsl_refusal, logged

CARDS = """\
order sabotage { copies 0  effect discard 1 random to each enemy player }
order audit { copies 0  effect discard 1 owner of each other player }
order levy { copies 0  effect take 1 random of each enemy player }
order census { copies 0  effect take 1 player of each enemy player }
order spyglass_net { copies 0  effect look_hand of each enemy player }
order storm { copies 0  effect skip_turn to each enemy player }
order tithe { copies 0  effect put_on_deck 1 owner of each friendly player }
order mutiny { copies 0  effect discard 99 random to each other player }
"""

HANDS = ("{blue-submarine: [%s], red-submarine: [ambush, evasion], "
         "blue-destroyer: [captain, mechanic], red-destroyer: [deserter]}")


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("sets") / "sets.rc"
    path.write_text(CARDS)
    return str(path)


def game(cards: str, card: str, hands: str | None = None, seed: int = 3) -> rc.Game:
    """A 2v2 on an open board, blue submarine to play ``card``."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nseed: {seed}\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-submarine: {at: h3}\n"
        "  blue-destroyer: {at: b5}\n  red-destroyer: {at: g5}\n"
        f"hands: {hands or HANDS % card}\ndeck: [boatswain, boatswain, kamikaze]\n"
        "turn: blue-submarine\nphase: maneuvers\n")


def test_each_enemy_player_discards_a_card_at_random(cards):
    g = game(cards, "sabotage")
    g.play("order sabotage")
    assert len(g.hand("red-submarine")) == 1 and g.hand("red-destroyer") == []
    assert g.hand("blue-destroyer") == ["captain", "mechanic"]  # a friendly hand: untouched
    gone = [c for c in ("ambush", "evasion") if c not in g.hand("red-submarine")]
    assert g.state.discard == ["sabotage", *gone, "deserter"]  # in seat order
    assert logged(g, "discard", "player") == ["red-submarine", "red-destroyer"]


def test_each_other_player_chooses_its_own_discard_in_seat_order(cards):
    g = game(cards, "audit")
    g.play("order audit")
    # the red submarine first (seat 1), then the blue destroyer, then the red destroyer
    assert (g.to_move, g.decision) == ("red-submarine", Decision.CHOOSE)
    assert g.legal_moves() == ["choose ambush", "choose evasion"]
    g.play("choose evasion")
    assert (g.to_move, g.legal_moves()) == ("blue-destroyer",
                                            ["choose captain", "choose mechanic"])
    g.play("choose mechanic")
    # one card in hand: nothing to choose, it goes (D7.6)
    assert g.hand("red-submarine") == ["ambush"] and g.hand("blue-destroyer") == ["captain"]
    assert g.hand("red-destroyer") == []
    assert g.state.discard == ["audit", "evasion", "mechanic", "deserter"]
    assert g.to_move == "blue-submarine"


def test_the_card_player_takes_from_each_enemy_hand(cards):
    g = game(cards, "levy")
    g.play("order levy")
    hand = g.hand("blue-submarine")
    assert len(hand) == 2 and "deserter" in hand
    assert len(g.hand("red-submarine")) == 1 and g.hand("red-destroyer") == []
    # each owner knows where its card went; a third player does not (D7.8)
    assert g.known_hand("red-destroyer", "blue-submarine") == ["deserter"]
    assert g.known_hand("blue-destroyer", "blue-submarine") == []


def test_a_take_of_the_players_choice_sees_each_hand_it_chooses_from(cards):
    g = game(cards, "census")
    g.play("order census")
    assert (g.to_move, g.legal_moves()) == ("blue-submarine",
                                            ["choose ambush", "choose evasion"])
    assert g.known_hand("blue-submarine", "red-destroyer") == ["deserter"]
    g.play("choose ambush")
    assert g.to_move == "blue-submarine" and g.decision != Decision.CHOOSE
    assert sorted(g.hand("blue-submarine")) == ["ambush", "deserter"]


def test_looking_at_each_enemy_hand(cards):
    g = game(cards, "spyglass_net")
    g.play("order spyglass_net")
    assert g.known_hand("blue-submarine", "red-submarine") == ["ambush", "evasion"]
    assert g.known_hand("blue-submarine", "red-destroyer") == ["deserter"]
    assert g.known_hand("blue-submarine", "blue-destroyer") == []
    assert logged(g, "look", "player", "of") == [("blue-submarine", "red-submarine"),
                                                 ("blue-submarine", "red-destroyer")]


def test_each_enemy_player_skips_its_next_turn_D6_5(cards):
    g = game(cards, "storm")
    g.play("order storm")
    g.play("end")
    assert g.to_move == "blue-destroyer"  # the red submarine's turn skipped
    g.play("end")
    assert g.to_move == "blue-submarine"  # and the red destroyer's
    assert g.turn_number == 5


def test_each_friendly_player_puts_a_card_on_the_deck_in_seat_order(cards):
    g = game(cards, "tithe")
    g.play("order tithe")
    assert (g.to_move, g.legal_moves()) == ("blue-destroyer",
                                            ["choose captain", "choose mechanic"])
    g.play("choose captain")
    # the card's player had only the card it played: nothing to put
    assert g.state.deck[:2] == ["captain", "boatswain"]


def test_a_whole_hand_from_each_other_player(cards):
    g = game(cards, "mutiny")
    g.play("order mutiny")
    assert [g.hand(s) for s in g.ships] == [[], [], [], []]
    assert sorted(g.state.discard) == sorted(["mutiny", "ambush", "evasion", "captain",
                                              "mechanic", "deserter"])


def test_an_eliminated_player_is_in_no_set_of_players(cards):
    board = textwrap.indent(OPEN_BOARD, "  ")
    g = rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nmode: arena\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-submarine: {at: h3}\n"
        "  blue-destroyer: {at: b5}\n  red-destroyer: {sunk: true}\n"
        "hands: {blue-submarine: [sabotage], red-submarine: [ambush]}\ndeck: [boatswain]\n"
        "turn: blue-submarine\nphase: maneuvers\n")
    g.play("order sabotage")
    assert g.hand("red-submarine") == [] and g.state.discard == ["sabotage", "ambush"]


@pytest.mark.parametrize("card,lang,text", [
    ("sabotage", "en", "Every enemy player discards 1 order card at random."),
    ("sabotage", "es", "Cada jugador enemigo descarta 1 carta de órdenes al azar."),
    ("sabotage", "it", "Ogni giocatore nemico scarta 1 carta degli ordini a caso."),
    ("audit", "en", "Every other player discards 1 order card of their choice."),
    ("audit", "es", "Cada uno de los demás jugadores descarta 1 carta de órdenes a su "
                    "elección."),
    ("audit", "it", "Ogni altro giocatore scarta 1 carta degli ordini a sua scelta."),
    ("levy", "en", "You take 1 order card at random from the hand of every enemy player."),
    ("spyglass_net", "es", "Miras la mano de cada jugador enemigo."),
    ("storm", "it", "Ogni giocatore nemico salta il suo prossimo turno."),
    ("tithe", "en", "Every friendly player puts 1 order card of their choice from their "
                    "hand on top of the deck."),
    ("mutiny", "en", "Every other player discards their whole hand."),
    ("mutiny", "es", "Cada uno de los demás jugadores descarta toda su mano."),
])
def test_the_text_of_an_effect_on_a_set_of_players(cards, card, lang, text):
    rules = rc.load_ruleset("en", extra=[cards])
    assert rules.text(card, lang=lang).split(" Order card")[0].split(" Carta")[0] == text


def test_a_set_of_players_is_refused_where_a_primitive_acts_on_ships():
    err = dsl_refusal("order x { copies 0  effect crew_loss 1 to each enemy player }")
    assert err.reason == ("effect 'crew_loss' cannot act on 'each enemy player'; it acts on "
                          "self, target, source, each ship in area, answered target, each … ship")


def test_a_set_of_players_names_its_players_by_known_words():
    err = dsl_refusal("order x { copies 0  effect discard 1 random to each damaged player }")
    assert err.reason == "'damaged' does not describe a player: enemy, friendly, other or any"
