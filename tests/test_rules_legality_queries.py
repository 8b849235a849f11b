"""Legality said once: the rule queries' refusals (engine/queries.py) are what
the move generator lists by and what ``explain`` says.

Each refusal is checked with its exact rule, words and values; then, over
seeded random games, every maneuver of the control card and every order
card of the hand is listed exactly when no refusal forbids it, and the
reason ``explain`` gives for a refused one is that refusal's sentence.
"""

from __future__ import annotations

import random
import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.engine.explain import said
from redcode_rules.base.kinds import Decision
from redcode_rules.engine.refusals import Refusal

from test_rules_09_statuses import EMPTY_BOARD


def scenario(ships: str, hand: str = "", extra: str = "") -> rc.Game:
    return rc.Game.from_scenario(textwrap.dedent(f"""\
    edition: en
    {extra}
    board: |
{EMPTY_BOARD}
    ships:
      {textwrap.indent(ships, "    ").lstrip()}
    hands: {{blue-submarine: [{hand}]}}
    deck: []
    turn: blue-submarine
    phase: maneuvers
    """))


def queries(game: rc.Game):
    return game.engine.queries


def test_crew_on_a_maneuver_refuses_it_with_rule_and_count():
    game = scenario("blue-submarine: {at: c3, crew_on: {torpedo: 2}, reserve: 4}\n"
                    "  red-destroyer: {at: e3}")
    card = game.rules.maneuvers["torpedo"]
    assert queries(game).maneuver_refusal(0, card, False) == \
        Refusal("R4.1", "unavailable", {"card": "torpedo", "count": 2})
    assert game.explain("torpedo red-destroyer") == \
        "torpedo is not available: 2 crew on it (R4.1)"


def test_a_maneuver_off_the_control_card_is_refused_by_r1_5():
    game = scenario("blue-submarine: {at: c3}\n  red-destroyer: {at: e3}")
    card = next(c for name, c in sorted(game.rules.maneuvers.items())
                if name not in game.rules.ships["submarine"].maneuvers)
    refusal = queries(game).maneuver_refusal(0, card, False)
    assert refusal == Refusal("R1.5", "no_maneuver", {"ship": 0, "card": card.id})
    assert said_for(game, refusal) == f"blue-submarine has no {card.id} maneuver (R1.5)"


def test_a_target_out_of_reach_is_refused_by_r4_3_with_the_range():
    game = scenario("blue-submarine: {at: a1}\n  red-destroyer: {at: h6}")
    card = game.rules.maneuvers["torpedo"]
    refusal = queries(game).target_refusal(0, card, 1)
    assert refusal == Refusal("R4.3", "not_visible", {"target": 1, "ship": 0,
                                                      "range": card.range})
    assert game.explain("torpedo red-destroyer") == (
        f"red-destroyer is not in the visual field of blue-submarine within range "
        f"{card.range} (R4.3)")


def test_an_order_not_in_hand_and_one_too_many_are_refused_by_r7_3():
    game = scenario("blue-submarine: {at: c3}\n  red-destroyer: {at: e3}", hand="mechanic")
    mechanic = game.rules.orders["mechanic"]
    other = next(c for name, c in sorted(game.rules.orders.items()) if name != "mechanic")
    ask = queries(game)
    assert ask.order_refusal(0, other, False) == \
        Refusal("R7.3", "not_in_hand", {"card": other.id, "player": 0})
    assert ask.order_refusal(0, mechanic, False) is None
    game.state.orders_played = game.rules.options.orders_per_turn
    assert ask.order_refusal(0, mechanic, False) == Refusal("R7.3", "order_played", {"ship": 0})


def said_for(game: rc.Game, refusal: Refusal) -> str:
    from redcode_rules.engine.explain import Asked
    eng = game.engine
    return said(Asked(game.lang, eng.queries, game.notation, eng.pending(), None,
                      game.legal_moves), refusal)


def _refusal(game: rc.Game, seat: int, card, responding: bool) -> Refusal | None:
    ask = queries(game)
    if card.kind == "maneuver":
        return ask.maneuver_refusal(seat, card, responding)
    return ask.order_refusal(seat, card, responding)


def _heads(game: rc.Game, responding: bool) -> set[str]:
    """The cards the listing offers (whatever their target and path)."""
    out = set()
    for move in game.legal_moves():
        words = move.split(" ")
        if words[0] == "order":
            out.add(words[1])
        elif words[0] == "respond":
            out.add(words[1])
        elif not responding and words[0] not in ("end", "pass"):
            out.add(words[0])
    return out


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_the_listing_offers_exactly_the_cards_no_query_refuses(seed):
    """At every main or response decision of a random 1v1 game: a card the
    queries refuse is never listed, and its ``explain`` is the refusal said;
    a card listed is refused by none."""
    rnd = random.Random(seed)
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, mode="war", teams=[["submarine"], ["destroyer"]],
                       seed=seed, placement="fixed")
    checked = refused = 0
    while not game.is_over and checked < 400:
        kind, seat = game.engine.pending()
        if kind in (Decision.MAIN, Decision.RESPOND):
            responding = kind == Decision.RESPOND
            listed = _heads(game, responding)
            ship_type = rules.ships[game.state.ships[seat].type]
            cards = [rules.maneuvers[m] for m in ship_type.maneuvers]
            if not responding:
                cards += [rules.orders[c] for c in sorted(set(game.state.hands[seat]))]
            for card in cards:
                refusal = _refusal(game, seat, card, responding)
                if refusal is not None:
                    refused += 1
                    assert card.id not in listed, (card.id, refusal)
                    word = ("respond " if responding else "") + \
                        ("order " if card.kind == "order" else "") + card.id
                    assert game.explain(word) == said_for(game, refusal)
            for name in listed:
                card = rules.card(name)
                assert _refusal(game, seat, card, responding) is None, (name, seat)
            checked += 1
        game.play(rnd.choice(game.legal_moves()))
    assert checked > 20 and refused > 10


DEFLECT = """\
order deflect {
    copies 1
    response
    target source
    effect cancel answered
    name en "Deflect" es "Desviar" (m) it "Deviare" (m)
}
patch order ambush { copies 3 }
"""


def test_an_order_card_in_answer_is_explained_by_the_same_queries(tmp_path):
    """A response order card: on the wrong ship, the answered item's ship is
    named (D4.7); one not in the hand is said so (R7.3)."""
    path = tmp_path / "deflect.rc"
    path.write_text(DEFLECT)
    game = scenario("blue-submarine: {at: c3}\n  red-destroyer: {at: e3}", hand="deflect",
                    extra=f"extra: [{path}]")
    game.play("end")
    game.play("torpedo blue-submarine")
    assert "order deflect red-destroyer" in game.legal_moves()
    assert game.explain("order deflect blue-submarine") == (
        "deflect answers torpedo and must target the ship that performed it, red-destroyer "
        "(D4.7)")
    card = game.rules.orders["deflect"]
    assert queries(game).order_refusal(0, card, True) is None
    game.state.hands[0].remove("deflect")
    assert queries(game).order_refusal(0, card, True) == \
        Refusal("R7.3", "not_in_hand", {"card": "deflect", "player": 0})
