"""An eliminated player (arena) holds no card (R8.1, E8.1, D8.8): a card of
theirs still resolving that takes a card sends it to the discards, and
they draw nothing; no card leaves the game."""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.engine.invariants import game_problems

from conftest import OPEN_BOARD

CARDS = """\
order plunder { copies 0  effect sink self; take 1 random of target }
order loot { copies 0  effect sink self; take 1 player of target }
order windfall { copies 0  effect sink self; draw 2 }
"""


@pytest.fixture
def extra(tmp_path):
    path = tmp_path / "eliminated.rc"
    path.write_text(CARDS)
    return str(path)


def two_against_two(extra: str, card: str) -> rc.Game:
    """Arena 2 against 2: blue-submarine plays ``card``, sinking itself first."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: arena\nextra: [{extra}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        "  blue-destroyer: {at: a5}\n  red-submarine: {at: c5}\n"
        f"hands: {{blue-submarine: [{card}, ambush], red-destroyer: [mechanic, ambush]}}\n"
        "turn: blue-submarine\nphase: maneuvers\ndeck: [deserter, kamikaze]\n")


def cards_in_play(g: rc.Game) -> list[str]:
    st = g.state
    return sorted([c for hand in st.hands for c in hand] + st.deck + st.discard)


@pytest.mark.parametrize("card, choice", [("plunder", None), ("loot", "mechanic")])
def test_a_card_taken_by_an_eliminated_player_goes_to_the_discards(extra, card, choice):
    g = two_against_two(extra, card)
    before = cards_in_play(g)
    g.play(f"order {card} red-destroyer")
    if choice:  # the card's player still chooses what it takes (D8.7)
        g.play(f"choose {choice}")
    assert g.ship("blue-submarine").eliminated
    assert g.hand("blue-submarine") == []
    assert g.hand("red-destroyer") == ["ambush"]
    assert g.discards[-1] == "mechanic"
    assert cards_in_play(g) == before
    assert [str(e) for e in g.log if e.kind in ("take", "discard")][-2:] == [
        "Blue submarine takes 1 order card from red destroyer.",
        "Blue submarine discards Mechanic."]
    assert game_problems(g) == []
    assert rc.Game.from_json(g.to_json()).state == g.state


def test_an_eliminated_player_draws_nothing(extra):
    g = two_against_two(extra, "windfall")
    before = cards_in_play(g)
    g.play("order windfall")
    assert g.hand("blue-submarine") == []
    assert cards_in_play(g) == before
    assert game_problems(g) == []
