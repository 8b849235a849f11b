"""The lookahead bot, the balance lab's default: it plays a card whose worth
comes later (a protective status the greedy bot reads as harm), it leaves
the game it was given as it was, it is reproducible from its seed, and it
is the greedy bot where no card may be played. (That it decides alike
whatever the cards it has not seen: tests/test_info_fair_bots.py.)"""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.lab.balance import BalanceSetup, run_balance
from redcode_rules.bots.specs import parse_bot
from redcode_rules.bots import GreedyBot, LookaheadBot
from redcode_rules.cli import build_parser
from redcode_rules.lab.runner import Venue
from redcode_rules.lab.selfplay import RulesSource

from conftest import EXAMPLES, OPEN_BOARD

PROTECTIVE = {"smoke_screen": EXAMPLES / "modifiers_smoke_screen.rc",
              "energy_shield": EXAMPLES / "numbers_energy_shield.rc"}


def protected(card: str) -> rc.Game:
    """Blue's crew all withdrawn, a protective card in hand, the red
    destroyer two boxes away with its crew; the deck holds six orders."""
    return rc.Game.from_scenario({
        "edition": "en", "extra": [str(PROTECTIVE[card])], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3", "reserve": 0, "withdrawn": 6},
                  "red-destroyer": {"at": "e3"}},
        "hands": {"blue-submarine": [card]},
        "deck": ["ambush", "mechanic", "deserter", "captain", "kamikaze", "evasion"],
        "turn": "blue-submarine", "phase": "maneuvers"})


@pytest.mark.parametrize("card", sorted(PROTECTIVE))
def test_it_plays_a_protective_card_the_greedy_bot_never_plays(card):
    """Before red's turn: the greedy bot values a status on its own ship as
    harm and ends its turn; the lookahead sees the damage it spares. Each
    seed draws one world of the hidden deck: in most it plays the card."""
    game = protected(card)
    assert game.legal_moves() == ["end", f"order {card}"]
    assert {GreedyBot(seed).choose(game) for seed in range(20)} == {"end"}
    chosen = [LookaheadBot(seed).choose(game) for seed in range(20)]
    assert chosen.count(f"order {card}") >= 12
    assert game.moves == [] and game.legal_moves() == ["end", f"order {card}"]  # untouched


def test_the_same_seed_gives_the_same_moves():
    rules = rc.load_ruleset("en")
    games = [rc.new_game(rules, seed=3, teams=[["submarine"], ["destroyer"]]) for _ in range(2)]
    for game in games:
        bots = {ship: LookaheadBot(i) for i, ship in enumerate(game.ships)}
        for _ in range(60):
            game.play(bots[game.to_move].choose(game))
    assert games[0].moves == games[1].moves


def test_where_no_card_may_be_played_it_chooses_as_the_greedy_bot():
    """A recovery at the start of a turn plays no card: the greedy bot's choice."""
    rules = rc.load_ruleset("en")
    game = rc.new_game(rules, seed=5, teams=[["submarine"], ["destroyer"]])
    rnd = random.Random(5)
    seen = 0
    while seen < 5 and not game.is_over:
        if game.decision == "recover" and len(game.legal_moves()) > 1:
            assert LookaheadBot(9).choose(game) == GreedyBot(9).choose(game)
            seen += 1
        game.play(rnd.choice(game.legal_moves()))
    assert seen == 5


def test_its_width_is_at_least_one():
    with pytest.raises(ValueError, match="width must be at least 1"):
        LookaheadBot(width=0)


def test_it_is_the_balance_labs_default_bot():
    args = build_parser().parse_args(["balance"])
    assert parse_bot(args.bots).text == "lookahead"


@pytest.mark.mass
def test_the_labs_default_bot_plays_the_protective_card_greedy_left_unplayed():
    """The report of tests/test_lab_balance.py's unplayed smoke screen, with
    the lookahead bot: the card is played and judged."""
    setup = BalanceSetup(RulesSource.from_files("en", [str(PROTECTIVE["smoke_screen"])]),
                         parse_bot("lookahead"), games=4, seed=1)
    report = run_balance(setup, Venue(jobs=1))
    card = report["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]["smoke_screen"]
    assert card["played"] > 0 and card["p_value"] is not None and not report["no_verdict"]
