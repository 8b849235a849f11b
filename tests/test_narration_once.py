"""Narration says each thing once: a card that looks at a hand and then
chooses from it logs one look, not one per effect; a look at a hand that
changed since is a new look."""

import textwrap

import redcode_rules as rc

from conftest import OPEN_BOARD, logged


def game(effect: str, tmp_path, hand: str = "[ambush, mechanic]") -> rc.Game:
    """Blue submarine at a3 holding a new order ``raid`` (two ambushes fewer,
    R1.4), red destroyer at c3 holding ``hand``."""
    extra = tmp_path / "cards.rc"
    extra.write_text(f"order raid {{ copies 2  effect {effect} }}\n"
                     "patch order ambush { copies 2 }\n")
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{extra}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {{blue-submarine: [raid], red-destroyer: {hand}}}\n"
        "deck: [mechanic, ambush, deserter]\nturn: blue-submarine\nphase: maneuvers\n")


def test_a_card_that_looks_then_takes_narrates_the_look_once(tmp_path):
    g = game("look_hand of target; take 1 player of target", tmp_path)
    g.play("order raid red-destroyer")
    g.play("choose mechanic")
    assert logged(g, "look", "player", "of") == [("blue-submarine", "red-destroyer")]
    assert g.narration("en") == [
        "  Blue submarine plays Raid on red destroyer.",
        "  Raid of blue submarine resolves.",
        "  Blue submarine looks at the hand of red destroyer.",
        "  Blue submarine takes 1 order card from red destroyer.",
    ]
    assert g.known_hand("blue-submarine", "red-destroyer") == ["ambush"]


def test_a_look_at_a_hand_with_a_card_unseen_is_told_again(tmp_path):
    g = game("look_hand of target; draw 1 to target; look_hand of target", tmp_path)
    g.play("order raid red-destroyer")
    assert logged(g, ("look", "draw"), "kind") == ["look", "draw", "look"]
    assert g.known_hand("blue-submarine", "red-destroyer") == ["ambush", "mechanic", "mechanic"]


def test_a_look_at_a_hand_known_card_for_card_is_not_told_again(tmp_path):
    """What is left of a hand after a discard is still known: nothing new to see."""
    g = game("look_hand of target; discard 1 random of target; look_hand of target", tmp_path)
    g.play("order raid red-destroyer")
    assert logged(g, ("look", "discard"), "kind") == ["look", "discard"]
