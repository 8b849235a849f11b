"""Chance as decisions: ``new_game(chance="explicit")`` makes every random
event (a map card dealt, an order card drawn, a card of a hand picked at
random) a decision of the chance player, with exact probabilities; the
default, sampled chance, is the seeded RNG of every earlier version."""

from __future__ import annotations

import collections
import random
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.invariants import violations

from conftest import OPEN_BOARD

HANDS = str(Path(__file__).resolve().parents[1] / "cards" / "examples" / "hand_and_deck.rc")
RAID = "order raid { copies 0  effect take 2 random of target }\n"
CHANCE_WORDS = ("deal", "draw", "pick")


def explicit(seed: int = 0, extra: list[str] | None = None, **options) -> rc.Game:
    return rc.new_game(rc.load_ruleset("en", extra), seed=seed, chance="explicit", **options)


def cards_total(game: rc.Game) -> int:
    return len(game.deck) + len(game.discards) + sum(len(game.hand(s)) for s in game.ships)


def scenario(extra: str, hands: str, deck: str, **more: str) -> rc.Game:
    """Blue submarine and red destroyer on open water, blue to play."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    lines = "".join(f"{k}: {v}\n" for k, v in more.items())
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{extra}]\nmode: war\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {hands}\ndeck: {deck}\nturn: blue-submarine\nphase: maneuvers\n{lines}")


# ---------------------------------------------------------------- the setup
def test_a_new_explicit_game_begins_with_the_map_deal():
    game = explicit()
    assert game.to_move == "chance" and game.decision == "chance" and game.is_chance_node
    outcomes = game.chance_outcomes()
    maps = [m.id for m in game.rules.maps.values() if not m.start]
    assert outcomes == [(f"deal {m}", Fraction(1, len(maps))) for m in sorted(maps)]
    assert game.legal_moves() == [o for o, _ in outcomes]


def test_each_map_card_dealt_goes_to_the_next_place_in_reading_order():
    game = explicit()
    maps = game.rules.maps
    dealt = []
    while game.decision == "chance" and game.legal_moves()[0].startswith("deal"):
        outcomes = game.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        assert all(p == Fraction(1, len(outcomes)) for _, p in outcomes)
        choice = outcomes[-1][0]
        dealt.append(choice.split()[1])
        game.play(choice)
    # 12 places, 2 of them the start cards: 10 dealt, the last asked among 4
    assert len(dealt) == 10 and len(set(dealt)) == 10
    rows = game.board.rows()
    places = [(cx, cy) for cy in range(3) for cx in range(4) if (cx, cy) not in ((0, 0), (3, 2))]
    for (cx, cy), card in zip(places, dealt):
        layout = maps[card].layout
        assert [rows[2 * cy + dy][2 * cx:2 * cx + 2] for dy in range(2)] == list(layout)


def test_the_starting_hands_are_drawn_by_chance_with_the_deck_counts():
    game = explicit()
    while game.legal_moves()[0].startswith("deal"):
        game.play(game.legal_moves()[0])
    deck = collections.Counter(game.rules.deck)
    assert game.chance_outcomes() == [(f"draw {c}", Fraction(n, 30))
                                      for c, n in sorted(deck.items())]
    first = game.chance_outcomes()[3][0].split()[1]
    game.play(f"draw {first}")
    deck[first] -= 1
    deck += collections.Counter()  # drop a card with no copy left
    assert game.chance_outcomes() == [(f"draw {c}", Fraction(n, 29))
                                      for c, n in sorted(deck.items())]
    second = game.chance_outcomes()[0][0].split()[1]
    game.play(f"draw {second}")
    assert game.hand("blue-submarine") == [first]
    assert game.hand("red-destroyer") == [second]
    assert game.decision == "place" and not game.is_chance_node
    assert len(game.deck) == 28 and cards_total(game) == 30


def test_a_sampled_game_is_the_game_of_its_seed():
    rules = rc.load_ruleset("en")
    default = rc.new_game(rules, seed=7)
    sampled = rc.new_game(rules, seed=7, chance="sampled")
    assert sampled == default and sampled.setup == default.setup
    assert "chance" not in default.setup and default.chance == "sampled"
    assert sampled.chance_outcomes() == [] and not sampled.is_chance_node


def test_an_unknown_chance_mode_is_refused():
    with pytest.raises(rc.SetupError, match="chance"):
        rc.new_game(rc.load_ruleset("en"), chance="dice")


# ---------------------------------------------------------------- draws and picks
def explicit_scenario(hands: str, deck: str, extra: str = HANDS) -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{extra}]\nmode: war\nchance: explicit\nboard: |\n{board}\n"
        "ships:\n  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {hands}\ndeck: {deck}\nturn: blue-submarine\nphase: maneuvers\n")


def play_random(game: rc.Game, rnd: random.Random, limit: int = 3000,
                check: bool = True) -> int:
    """Play random moves (chance outcomes drawn by their probabilities) to
    the end; the invariants hold after every move."""
    total = cards_total(game)
    n = 0
    while not game.is_over and n < limit:
        if game.is_chance_node:
            outcomes = game.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert game.legal_moves() == [o for o, _ in outcomes]
            move = rnd.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
        else:
            move = rnd.choice(game.legal_moves())
        game.play(move)
        n += 1
        if check:
            assert cards_total(game) == total
            if not game.is_chance_node:
                assert violations(game) == [], (game.moves[-5:], violations(game))
    return n


@pytest.mark.parametrize("seed", range(3))
def test_random_explicit_games_with_the_printed_cards_end(seed):
    game = explicit(seed, placement="fixed")
    play_random(game, random.Random(seed))
    assert game.is_over
    chance_moves = [m for m in game.moves if m.split()[0] in CHANCE_WORDS]
    assert len(chance_moves) > 10


@pytest.mark.parametrize("seed", range(3))
def test_random_explicit_games_with_hand_effects_end(seed):
    game = explicit(seed, extra=[HANDS], placement="fixed")
    play_random(game, random.Random(seed))
    assert game.is_over
