"""What a player knows of another's hand (``Game.known_hand``) after every
hand effect: a card seen coming into a hand is one copy more than those
known there, a look replaces what was known, a card leaving a hand leaves
every record, a draw is unseen. The cards are those of
cards/examples/hand_and_deck.rc and two takes declared here."""

import collections
import textwrap
from pathlib import Path

import pytest

import redcode_rules as rc

from conftest import OPEN_BOARD

HANDS = str(Path(__file__).resolve().parents[1] / "cards" / "examples" / "hand_and_deck.rc")
TAKES = """\
order raid { copies 0  effect take 2 random of target }
order plunder { copies 0  effect take 1 player of target }
"""


@pytest.fixture
def extra(tmp_path):
    path = tmp_path / "takes.rc"
    path.write_text(TAKES)
    return f"{HANDS}, {path}"


def game(extra: str, hands: str, known: str = "{}",
         deck: str = "[deserter, mechanic, kamikaze]") -> rc.Game:
    """Blue submarine and red destroyer on open water, blue to play."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{extra}]\nmode: war\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {hands}\nknown: {known}\ndeck: {deck}\nturn: blue-submarine\n"
        "phase: maneuvers\n")


def known(g: rc.Game) -> dict[tuple[str, str], list[str]]:
    """Every (viewer, owner) → the cards it knows, checked against the hands:
    never more copies of a card than the hand holds."""
    ids = [s.id for s in g.state.ships]
    out = {}
    for viewer in ids:
        for owner in ids:
            cards = g.known_hand(viewer, owner)
            hand = collections.Counter(g.hand(owner))
            assert not collections.Counter(cards) - hand, (viewer, owner, cards, hand)
            if cards and viewer != owner:
                out[viewer, owner] = cards
    copies = [rc.Game.from_json(g.to_json())]
    if not g.state.stack:  # a scenario is a position between chains
        copies.append(rc.Game.from_scenario(g.to_scenario()))
    for again in copies:
        assert {(v, o): again.known_hand(v, o) for v, o in out} == out
    return out


def test_a_viewer_who_knew_one_copy_and_saw_the_second_taken_knows_two(extra):
    """Red knew of one ambush in blue's hand; blue takes red's other ambush:
    red knows of both."""
    g = game(extra, "{blue-submarine: [pickpocket, ambush], red-destroyer: [ambush]}",
             known="{red-destroyer: {blue-submarine: [ambush]}}")
    g.play("order pickpocket red-destroyer")
    assert g.hand("blue-submarine") == ["ambush", "ambush"]
    assert known(g) == {("red-destroyer", "blue-submarine"): ["ambush", "ambush"]}


def test_two_copies_taken_one_after_the_other_are_both_known(extra):
    g = game(extra, "{blue-submarine: [raid], red-destroyer: [ambush, ambush]}")
    g.play("order raid red-destroyer")
    assert g.hand("blue-submarine") == ["ambush", "ambush"]
    assert known(g) == {("red-destroyer", "blue-submarine"): ["ambush", "ambush"]}


def test_a_chosen_take_keeps_what_the_chooser_saw_that_is_still_there(extra):
    g = game(extra, "{blue-submarine: [plunder, ambush], red-destroyer: [ambush, mechanic]}",
             known="{red-destroyer: {blue-submarine: [ambush]}}")
    g.play("order plunder red-destroyer")
    assert known(g)[("blue-submarine", "red-destroyer")] == ["ambush", "mechanic"]
    g.play("choose ambush")
    assert known(g) == {("blue-submarine", "red-destroyer"): ["mechanic"],
                        ("red-destroyer", "blue-submarine"): ["ambush", "ambush"]}


def test_a_look_replaces_what_was_known_of_the_hand(extra):
    """A look shows the whole hand: the copy red knew is one of those it sees."""
    g = game(extra, "{blue-submarine: [ambush, mechanic], red-destroyer: [spyglass]}",
             known="{red-destroyer: {blue-submarine: [ambush]}}")
    g.play("end")
    g.play("order spyglass blue-submarine")
    assert known(g) == {("red-destroyer", "blue-submarine"): ["ambush", "mechanic"]}


def choose(g: rc.Game, card: str) -> None:
    """Choose ``card`` if asked (a choice with one option is made alone)."""
    if g.decision == "choose":
        g.play(f"choose {card}")


def test_a_discard_and_a_card_put_on_the_deck_leave_what_was_known(extra):
    g = game(extra, "{blue-submarine: [sealed_orders, ambush, ambush], "
             "red-destroyer: [sabotage]}",
             known="{red-destroyer: {blue-submarine: [ambush, ambush]}}")
    g.play("order sealed_orders blue-submarine")
    choose(g, "ambush")  # on top of the deck
    assert g.hand("blue-submarine") == ["ambush"]
    assert known(g) == {("red-destroyer", "blue-submarine"): ["ambush"]}
    g.play("end")
    g.play("order sabotage blue-submarine")
    choose(g, "ambush")
    assert g.hand("blue-submarine") == []
    assert known(g) == {}


def test_a_draw_is_unseen(extra):
    g = game(extra, "{blue-submarine: [logbook, ambush]}",
             known="{red-destroyer: {blue-submarine: [ambush]}}", deck="[ambush, mechanic]")
    g.play("order logbook")
    assert g.hand("blue-submarine") == ["ambush", "ambush", "mechanic"]
    assert known(g) == {("red-destroyer", "blue-submarine"): ["ambush"]}
    g.play("choose mechanic")
    assert known(g) == {("red-destroyer", "blue-submarine"): ["ambush"]}
