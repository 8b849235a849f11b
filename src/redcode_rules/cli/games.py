"""``redcode demo``, ``replay`` and ``play``: games played, narrated, replayed."""

from __future__ import annotations

import argparse
from typing import Any

from ..base.errors import Failure, UsageError
from ..bots.players import BOTS
from ..bots.specs import BotSpec
from ..formats.replay import ReplayError, read_replay
from ..game import Game, new_game
from ..i18n.catalog import catalog
from ..terminal.session import play
from ..terminal.setup import PlaySetup, game_goal
from ..text.narrate import board_text
from .options import (bot_argument, emit, game_language, game_options, json_option, parse_teams,
                      rules_of, say)


def play_out(game: Game, bots: dict[str, object], max_moves: int = 100_000) -> None:
    """Let the bots play the game to its end."""
    for _ in range(max_moves):
        if game.is_over:
            return
        game.play(bots[game.to_move].choose(game))


def cmd_demo(args: argparse.Namespace) -> int:
    """A whole game between two bots, narrated in the game's language (exit 0)."""
    rules = rules_of(args)
    teams = parse_teams(args.teams, rules)
    lang = game_language(args.lang, rules)
    game = new_game(rules, mode=args.mode, teams=teams, seed=args.seed)
    kinds = {"blue": args.blue, "red": args.red}
    if args.bots:
        if len(args.bots) > 2:
            raise UsageError("demo: --bots takes one bot for both sides or blue's then red's")
        kinds = {"blue": args.bots[0], "red": args.bots[-1]}
    bots = {ship.id: kinds[ship.side].build(args.seed * 100 + i)
            for i, ship in enumerate(game.state.ships)}
    cat = catalog(lang)
    words = cat["demo"]
    say(words["title"].format(edition=rules.name, mode=game_goal(rules, args.mode, lang),
                              teams=args.teams, seed=args.seed))
    say(board_text(game))
    play_out(game, bots)
    for line in game.narration(lang):
        say(line)
    say()
    say(board_text(game))
    if game.state.mode == "war":
        say(words["score"].format(**game.score))
    say(words["winner"].format(winner=cat["sides"].get(game.winner, game.winner)))
    return 0


def add_demo(sub: Any) -> None:
    """``redcode demo``: a whole game between bots, narrated."""
    d = sub.add_parser("demo", help="a whole game between two bots, narrated",
                       description="A whole game between bots (greedy by default), "
                                   "narrated move by move, then the final board and winner.")
    game_options(d)
    d.add_argument("--blue", default=BotSpec("greedy"), type=bot_argument,
                   help="the bot of the blue side (default: greedy)")
    d.add_argument("--red", default=BotSpec("greedy"), type=bot_argument,
                   help="the bot of the red side (default: greedy)")
    d.add_argument("--bots", nargs="+", default=None, metavar="BOT", type=bot_argument,
                   help="blue's bot then red's (one: both sides): random, greedy, lookahead, mcts, "
                        "mcts:hard, mcts:iterations=500, mcts:seconds=1")
    d.set_defaults(func=cmd_demo)


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-play a replay move by move: a file that is not one is a usage error,
    an illegal move or other card data a failure."""
    try:
        data = read_replay(args.file)
    except ReplayError as err:
        raise UsageError(str(err)) from None
    try:
        game = Game.from_replay(data)
    except ReplayError as err:
        raise Failure(str(err)) from None
    rules = game.rules
    lang = game_language(args.lang, rules)
    if args.json:
        emit({"command": "replay", "ok": True, "file": args.file, "moves": len(data["moves"]),
              "ruleset": rules.name, "hash": rules.hash, "is_over": game.is_over,
              "winner": game.winner, "score": game.score, "to_move": game.to_move,
              "narration": game.narration(lang)})
        return 0
    for line in game.narration(lang):  # a scenario's score is where its counting starts
        say(line)
    say(board_text(game))
    say(f"{len(data['moves'])} moves replayed; all legal. Card data {rules.hash}.")
    return 0


def add_replay(sub: Any) -> None:
    """``redcode replay``: a replay re-simulated and narrated."""
    rp = sub.add_parser("replay", help="re-simulate a replay file and narrate it")
    rp.add_argument("file", metavar="FILE", help="a replay file (JSON, as play's save writes)")
    rp.add_argument("--lang", default=None,
                    help="en, es or it: the narration's language (default: the edition's)")
    json_option(rp)
    rp.set_defaults(func=cmd_replay)


def cmd_play(args: argparse.Namespace) -> int:
    """A game in the terminal against bots (terminal/session.py); a bad option is a usage error."""
    rules = rules_of(args)
    setup = PlaySetup(rules=rules, mode=args.mode, teams=parse_teams(args.teams, rules),
                      seed=args.seed, lang=game_language(args.lang, rules), seat=args.seat,
                      bots=args.bots, confirm=not args.no_confirm)
    return play(setup)


def add_play(sub: Any) -> None:
    """``redcode play``: a game against bots in the terminal."""
    pl = sub.add_parser("play", help="play against bots in the terminal")
    game_options(pl)
    pl.add_argument("--seat", default=None,
                    help="the ship you play: an id (red-destroyer), a seat number, a type or "
                         "a side (default: seat 1)")
    pl.add_argument("--bots", default="greedy",
                    help=f"the other seats' bots: one of {', '.join(sorted(BOTS))} for all, "
                         "or one per other seat, comma separated")
    pl.add_argument("--no-confirm", action="store_true",
                    help="do not ask before a maneuver or order aimed at your own side")
    pl.set_defaults(func=cmd_play)
