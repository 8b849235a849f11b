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
from redcode_rules.bots.mcts import play_chance
from redcode_rules.engine.hands import top_knowers
from redcode_rules.engine.invariants import violations
from redcode_rules.engine.validate import check_state

from conftest import EXAMPLES, OPEN_BOARD, unseen_odds

HANDS = str(Path(__file__).resolve().parents[1] / "cards" / "examples" / "hand_and_deck.rc")
RAID = "order raid { copies 0  effect take 2 random of target }\n"
F = Fraction
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


def test_until_the_map_is_dealt_the_game_has_not_begun():
    """The setup in progress: open water where map cards are still to deal
    (the start cards are open water, D2.7), empty hands, nothing logged."""
    game = explicit()
    game.play("deal reef")
    assert set("".join(game.board.rows())) == {"."}
    assert game.log == () and game.moves == ["deal reef"]
    assert all(game.hand(s) == [] for s in game.ships) and len(game.deck) == 30
    assert ("deal reef", F(1, 12)) not in game.chance_outcomes()
    assert len(game.chance_outcomes()) == 12


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
    with pytest.raises(rc.SetupError, match="chance") as err:
        rc.new_game(rc.load_ruleset("en"), chance="dice")
    assert err.value.field == "chance"


@pytest.mark.parametrize("options, field", [
    ({"teams": "submarine"}, "teams"), ({"seed": "7"}, "seed"), ({"mode": "duel"}, "mode"),
    ({"placement": "random"}, "placement")])
def test_an_explicit_game_refuses_a_bad_setup_as_a_sampled_one_does(options, field):
    rules = rc.load_ruleset("en")
    for chance in ("sampled", "explicit"):
        with pytest.raises(rc.SetupError) as err:
            rc.new_game(rules, chance=chance, **options)
        assert err.value.field == field


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
            assert outcomes == unseen_odds(game), game.moves[-5:]
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
            elif game.log:  # inside a move: the state's own rules hold (a hand may
                # be over the limit, its discard still to come)
                assert check_state(game.state, game.rules, game.board, total) == []
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


# ---------------------------------------------------------------- events inside a move
def pass_responses(game: rc.Game) -> None:
    while game.decision == "respond":
        game.play("pass")


def test_a_card_that_draws_stops_its_effect_for_each_card_drawn():
    """The chance player deals each card from the unseen deck, counted by
    copies, while the card's effect waits on the stack; the card goes to the
    drawer's hand, and the effect goes on."""
    game = explicit_scenario("{blue-submarine: [logbook, sealed_orders, ambush], "
                             "red-destroyer: []}", "[kamikaze, kamikaze, ambush, mechanic]")
    assert game.chance == "explicit" and not game.is_chance_node
    game.play("order logbook")
    pass_responses(game)
    assert game.to_move == "chance" and game.decision == "chance"
    assert game.chance_outcomes() == [("draw ambush", F(1, 4)), ("draw kamikaze", F(1, 2)),
                                      ("draw mechanic", F(1, 4))]
    assert [item["card"] for item in game.stack] == ["logbook"]
    game.play("draw kamikaze")
    assert game.hand("blue-submarine") == ["sealed_orders", "ambush", "kamikaze"]
    assert game.chance_outcomes() == [("draw ambush", F(1, 3)), ("draw kamikaze", F(1, 3)),
                                      ("draw mechanic", F(1, 3))]
    game.play("draw mechanic")
    assert sorted(game.deck) == ["ambush", "kamikaze"]
    assert game.hand("blue-submarine") == ["sealed_orders", "ambush", "kamikaze", "mechanic"]
    assert not game.is_chance_node and game.chance_outcomes() == []
    assert game.decision == "discard"  # over the hand limit, then logbook's own discard
    assert game.moves[-3:] == ["order logbook", "draw kamikaze", "draw mechanic"]
    assert [e.kind for e in game.log][-3:] == ["order", "resolve", "draw"]
    assert game.log[-1]["count"] == 2


def test_anything_but_an_outcome_is_illegal_at_a_chance_node_and_changes_nothing():
    game = explicit_scenario("{blue-submarine: [logbook], red-destroyer: []}",
                             "[kamikaze, ambush]")
    game.play("order logbook")
    pass_responses(game)
    before = game.clone()
    for move in ("draw mechanic", "end", "pass", "deal atoll", 3):
        with pytest.raises(rc.IllegalMove) as err:
            game.play(move)
        assert game == before and game.moves == before.moves
        assert not game.is_legal(str(move))
    assert err.value.legal_moves == ["draw ambush", "draw kamikaze"]
    assert "chance_outcomes" in game.explain("end")
    assert game.explain(" draw   ambush ") is None and game.is_legal("draw  ambush")


def test_a_card_put_on_top_in_view_is_drawn_without_chance():
    game = explicit_scenario("{blue-submarine: [sealed_orders, logbook, ambush], "
                             "red-destroyer: []}", "[kamikaze, kamikaze, mechanic]")
    game.play("order sealed_orders blue-submarine")
    pass_responses(game)
    game.play("choose ambush")
    assert game.deck[0] == "ambush"
    game.play("end")
    game.play("end")
    game.play("order logbook")
    pass_responses(game)
    # ambush, put on top, is drawn first: only the second card is asked
    assert game.hand("blue-submarine") == ["ambush"]
    assert game.chance_outcomes() == [("draw kamikaze", F(2, 3)), ("draw mechanic", F(1, 3))]


HUNTER_SINKS = """
edition: en
mode: war
seed: 1
extra: [{path}]
chance: explicit
board: |
  ........
  ........
  ........
  ........
  ........
  ........
start_cards: {{blue: a1, red: g5}}
ships:
  blue-hunter: {{type: hunter, at: b2}}
  red-destroyer: {{at: c2, repairs: 1, breakdowns: 0}}
turn: blue-hunter
phase: maneuvers
"""


def test_a_move_stopped_at_a_chance_node_runs_again_with_nothing_left_over():
    """The hunter sinks the destroyer: its side draws for the sinking (R8.3)
    and the hunter's trigger draws one more, each draw a chance node inside
    the move. The move is run again from its start at each outcome, so
    what the stopped run had queued (the trigger's item) must not be
    resolved twice: two draws, two cards."""
    game = rc.Game.from_scenario(HUNTER_SINKS.format(path=EXAMPLES / "triggers_hunter.rc"))
    game.play("torpedo red-destroyer")
    game.play("pass")
    while game.is_chance_node:
        game.play(game.legal_moves()[0])
    assert game.moves == ["torpedo red-destroyer", "pass", "draw ambush", "draw ambush"]
    assert game.hand("blue-hunter") == ["ambush", "ambush"]
    assert game.ship("red-destroyer").sunk


def test_a_card_put_on_top_then_taken_back_by_undo_is_no_longer_in_view():
    game = explicit_scenario("{blue-submarine: [sealed_orders, logbook, ambush], "
                             "red-destroyer: []}", "[kamikaze, kamikaze, mechanic]")
    start = game.move_count
    game.play("order sealed_orders blue-submarine")
    pass_responses(game)
    game.play("choose ambush")
    assert game.engine.ops.put_on_top(0) == 1
    read = len(game.engine.log)
    while game.move_count > start:
        game.undo()
    game.play("end")  # then the log grows again past the events read, with others
    while len(game.engine.log) <= read:
        game.play(game.legal_moves()[0])
    assert game.engine.ops.put_on_top(0) == 0


def test_the_cards_in_view_on_top_are_counted_as_from_the_whole_log_after_undo_and_clones():
    """The count of cards in view on top of the deck that the game keeps
    between draws (``DeckInView``, read from the events logged since) is at
    every step the number of cards whose knowers the whole log names
    (``top_knowers``), while moves are undone, chance outcomes tried and
    clones played on."""
    rnd = random.Random(4)
    in_view = 0
    for seed in range(6):
        games = [explicit(seed, [HANDS])]
        while games:
            game, played = games.pop(), 0  # a clone undoes none of the moves before it
            while not game.is_over and game.move_count < 300:
                engine = game.engine
                kept = engine.ops.put_on_top(0)
                assert kept == len(top_knowers(engine.log)), f"seed {seed}, {game.move_count}"
                in_view += kept > 0
                if game.is_chance_node:
                    play_chance(game, rnd)
                else:
                    game.play(rnd.choice(game.legal_moves()))
                played += 1
                if rnd.random() < 0.05 and played > 3:
                    game.undo()
                    game.undo()
                    played -= 2
                elif rnd.random() < 0.02 and len(games) < 2:
                    games.append(game.clone())
    assert in_view > 20  # cards put on top were counted, not only empty decks


def test_the_discards_reshuffled_into_the_deck_are_asked_by_their_counts():
    game = explicit_scenario("{blue-submarine: [logbook], red-destroyer: []}", "[]")
    game = rc.Game.from_scenario(game.to_scenario().replace(
        "discard: []", "discard: [mechanic, kamikaze, mechanic]"))
    game.play("order logbook")
    pass_responses(game)
    # the logbook resolving stays in the discards (D7.1)
    assert game.discards == ["logbook"]
    assert game.chance_outcomes() == [("draw kamikaze", F(1, 3)), ("draw mechanic", F(2, 3))]
    game.play("draw mechanic")
    assert game.chance_outcomes() == [("draw kamikaze", F(1, 2)), ("draw mechanic", F(1, 2))]


def test_a_random_take_asks_which_card_of_the_hand(tmp_path):
    raid = tmp_path / "raid.rc"
    raid.write_text(RAID)
    game = explicit_scenario("{blue-submarine: [raid], red-destroyer: [ambush, kamikaze, "
                             "ambush]}", "[kamikaze]", extra=f"{HANDS}, {raid}")
    game.play("order raid red-destroyer")
    pass_responses(game)
    assert game.chance_outcomes() == [("pick ambush", F(2, 3)), ("pick kamikaze", F(1, 3))]
    game.play("pick ambush")
    assert game.hand("blue-submarine") == ["ambush"]
    assert game.chance_outcomes() == [("pick ambush", F(1, 2)), ("pick kamikaze", F(1, 2))]
    game.play("pick kamikaze")
    assert game.hand("blue-submarine") == ["ambush", "kamikaze"]
    assert game.hand("red-destroyer") == ["ambush"]
    assert not game.is_chance_node


def test_a_random_pick_from_copies_of_one_card_asks_nothing(tmp_path):
    raid = tmp_path / "raid.rc"
    raid.write_text(RAID)
    game = explicit_scenario("{blue-submarine: [raid], red-destroyer: [ambush, ambush]}",
                             "[kamikaze]", extra=f"{HANDS}, {raid}")
    game.play("order raid red-destroyer")
    pass_responses(game)
    assert not game.is_chance_node
    assert game.hand("blue-submarine") == ["ambush", "ambush"]


@pytest.mark.parametrize("mode", ["war", "arena"])
def test_random_explicit_team_games_end(mode):
    rules = rc.load_ruleset("en")
    ships = list(rules.ships)
    game = rc.new_game(rules, mode, [ships[:2], ships[1:3]], seed=3, placement="fixed",
                       chance="explicit")
    assert [m for m in play_random_moves(game)] == []
    play_random(game, random.Random(3))
    assert game.is_over


def play_random_moves(game: rc.Game) -> list[str]:
    """The outcomes of the setup are chance's alone: no player move among them."""
    return [m for m in game.legal_moves() if m.split()[0] not in CHANCE_WORDS]
