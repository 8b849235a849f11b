"""The ``redcode`` command: demo, check, rules, replay, fuzz, play, tournament, balance, print.

This module parses arguments and reports; the work is elsewhere (``terminal/session.py``
holds the terminal game). Bare ``redcode`` lists the commands. No user error
ends in a traceback, and every command follows one rule for its exit code:
2 (usage) when it cannot start with what it was given — a bad option or
value, a file named that cannot be read or is not of its kind — and 1
(failure) when it ran and the answer is no: card files with errors, a
broken invariant, a replay with an illegal move, a file that cannot be
written. Either way one line on stderr; ``--json`` on check, fuzz and replay
prints one JSON document on stdout instead, errors included.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, NoReturn, Sequence

from . import __version__
from .base.errors import (Failure, LanguageError, RedCodeError, SetupError, UsageError, close_names,
                     did_you_mean, printable, quote)
from .bots.players import BOTS
from .bots.specs import BotSpec, parse_bot
from .engine.setup import sized_teams
from .formats.replay import ReplayError, read_replay
from .game import Game, new_game
from .i18n import catalog as i18n
from .i18n.catalog import catalog
from .lab.balance import BalanceSetup, run_balance
from .lab.report import markdown, write_report
from .lab.runner import Venue
from .lab.selfplay import RulesSource
from .lab.tournament import TournamentSetup, run_tournament
from .lang.loader import builtin_editions, check_files, load_ruleset
from .lang.wording import wording_notices
from .model.ruleset import Ruleset
from .render.reference import options_page, orders_page, ships_page, write_reference
from .terminal.session import SHORT_GAME, PlaySetup, game_goal, play, short_rules
from .testing.fuzz import CARD_FUZZ_GAMES, FUZZ_GAMES, NEW_ORDER_SHARE, card_fuzz_rules, fuzz, \
    fuzz_cards
from .text.narrate import board_text

USAGE, FAILURE = 2, 1
#: The commands, in the order ``redcode`` lists them.
COMMANDS = ("demo", "check", "rules", "replay", "fuzz", "play", "tournament", "balance", "print",
            "serve")


class Parser(argparse.ArgumentParser):
    """argparse that raises ``UsageError`` instead of printing and exiting, so
    ``main`` reports it like every other error (and as JSON under ``--json``)."""

    def error(self, message: str) -> NoReturn:
        """Raise the message as a UsageError (exit 2) instead of exiting; it
        names the subcommand (``fuzz: argument --games: …``), and ``report``
        puts ``redcode:`` in front once."""
        command = self.prog.partition(" ")[2]
        unknown = re.match(r"argument COMMAND: invalid choice: '(.*?)'", message)
        if unknown:  # `redcode demp`: the commands, or the one meant
            name = unknown.group(1)
            message = f"no command {quote(name)}" + (did_you_mean(close_names(name, COMMANDS))
                                                     or f"; the commands are {', '.join(COMMANDS)}")
        raise UsageError(f"{command}: {message}" if command else message)


class CommandList(argparse.HelpFormatter):
    """argparse's help, with each command's line beside its name: argparse
    sizes the name column without the commands' own indent, so a name as
    long as ``tournament`` went on a line of its own."""

    def add_argument(self, action: argparse.Action) -> None:
        super().add_argument(action)
        if isinstance(action, argparse._SubParsersAction):
            self._action_max_length += self._indent_increment


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def share(text: str) -> float:
    """An argparse type: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 1, not {text!r}") \
            from None
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1, not {value}")
    return value


def parse_teams(text: str, rules: Ruleset) -> list[list[str]]:
    """`1v1`, `2v2`, `3v3`, or explicit `submarine,destroyer/destroyer,submarine`."""
    types = list(rules.ships)
    if "/" in text:
        blue, red = text.split("/", 1)
        teams = [blue.split(","), red.split(",")]
        unknown = [t for team in teams for t in team if t not in types]
        if unknown:
            raise UsageError(f"--teams: no ship type {unknown[0]!r}; types are {', '.join(types)}")
        return teams
    try:
        sized = sized_teams(rules, text)
    except SetupError as err:
        raise UsageError(f"--teams: {err.reason}") from None
    if sized is None:
        raise UsageError(f"--teams: expected 1v1, 2v2, 3v3 or types like "
                         f"submarine/destroyer, not {quote(text)}")
    return sized


def check_language(lang: str) -> str:
    """``--lang`` must name a shipped text catalog."""
    try:
        return i18n.check_language(lang)
    except LanguageError as err:
        raise UsageError(f"--lang: {err}") from None


def game_language(requested: str | None, rules: Ruleset) -> str:
    """--lang, else the edition's language (the last of its lineage that has texts)."""
    if requested:
        return check_language(requested)
    return rules.lang


def rules_of(args: argparse.Namespace) -> Ruleset:
    """The ruleset of ``--edition`` and ``--cards`` (and ``--short``); a bad one is a
    usage error."""
    try:
        if getattr(args, "short", False):
            return short_rules(args.edition, args.cards)
        return load_ruleset(args.edition, args.cards)
    except RedCodeError as err:
        raise UsageError(str(err)) from None


def readable_files(paths: Sequence[str], kind: str) -> None:
    """Every file named on the command line can be read: one that cannot is a
    usage error (the command cannot start), as ``replay`` says of its file."""
    for path in paths:
        try:
            with open(path, "rb"):
                pass
        except OSError as err:
            raise UsageError(f"{path}: cannot read {kind}: {err.strerror or err}") from None


def say(text: object = "", file: Any = None) -> None:
    """Print a line of the command's output through ``printable``: names from
    a shared card file or replay may hold control characters, which would
    reach the terminal as commands (colours, cursor moves, a title)."""
    print(printable(str(text)), file=file)


def play_out(game: Game, bots: dict[str, object], max_moves: int = 100_000) -> None:
    """Let the bots play the game to its end."""
    for _ in range(max_moves):
        if game.is_over:
            return
        game.play(bots[game.to_move].choose(game))


# ---------------------------------------------------------------- commands


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


def bot_spec(text: str) -> BotSpec:
    """A bot named on the command line (``mcts:iterations=500``); a bad one is a usage error."""
    try:
        return parse_bot(text)
    except UsageError as err:
        raise UsageError(f"--bots: {err}") from None


def flat(groups: Sequence[str | Sequence[str]]) -> list[str]:
    """``--cards a.rc b.rc --cards c.rc``: every file, in order."""
    return [f for g in groups for f in ([g] if isinstance(g, str) else g)]


def bot_argument(text: str) -> BotSpec:
    """An argparse type: a bot spec (``--blue``, ``--bots``)."""
    name = text.split(":", 1)[0].strip()
    if name not in BOTS:
        raise argparse.ArgumentTypeError(f"invalid choice: {quote(name)} (choose from "
                                         f"{', '.join(sorted(BOTS))})")
    try:
        return parse_bot(text)
    except UsageError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def where_of(args: argparse.Namespace) -> Venue:
    """Where a lab command plays its games: --jobs local processes or --scheduler."""
    return Venue(jobs=args.jobs or 0, scheduler=getattr(args, "scheduler", None))


def sources_of(args: argparse.Namespace) -> tuple[RulesSource, RulesSource | None]:
    """Ruleset A (edition and --cards) and B (--against files, or the plain
    edition with ``--against EDITION``), as texts that workers can compile."""
    cards, against = flat(args.cards), flat(args.against)
    readable_files(cards, "card file")
    a = RulesSource.from_files(args.edition, cards, "A")
    b = None
    if against:
        plain = [f for f in against if f in builtin_editions()]
        files = [f for f in against if f not in builtin_editions()]
        readable_files(files, "card file")
        b = RulesSource.from_files(plain[0] if plain else args.edition, files, "B")
    for source in (a, b):
        if source is not None:
            try:
                source.load()
            except RedCodeError as err:
                raise UsageError(str(err)) from None
    return a, b


def cmd_tournament(args: argparse.Namespace) -> int:
    """Every pair of bots plays --games games, seats swapped in pairs."""
    if len(args.bots) < 2:
        raise UsageError("tournament: --bots needs at least two bots")
    source, _ = sources_of(argparse.Namespace(edition=args.edition, cards=args.cards,
                                              against=[]))
    rules = source.load()
    blue, red = parse_teams(args.teams, rules)
    setup = TournamentSetup(tuple(bot_spec(b) for b in args.bots), args.games, source,
                            args.mode, (tuple(blue), tuple(red)), args.seed)
    where = where_of(args)
    total = len(setup.pairs()) * args.games
    with progress_bar(enabled=not (args.quiet or args.json), total=total) as advance:
        result = run_tournament(setup, where, advance)
    if args.json:
        emit({"command": "tournament", "ok": True, **result.to_dict()})
        return 0
    for line in result.lines():
        say(line)
    return 0


def cmd_balance(args: argparse.Namespace) -> int:
    """Seat-swapped games of ruleset A (and B): figures, flags, A/B tests, a report."""
    a, b = sources_of(args)
    modes = tuple(m.strip() for m in args.modes.split(","))
    bad = [m for m in modes if m not in ("war", "arena")]
    if bad:
        raise UsageError(f"balance: --modes: no mode {bad[0]!r}; modes are war, arena")
    setup = BalanceSetup(a, bot_spec(args.bots), args.games, b, modes,
                         tuple(t.strip() for t in args.teams.split(",")), args.seed)
    specs = setup.specs()  # bad team sizes fail here, before a game is played
    with progress_bar(enabled=not (args.quiet or args.json), total=len(specs)) as advance:
        report = run_balance(setup, where_of(args), advance)
    written = []
    if args.out:
        try:
            written = write_report(report, args.out)
        except OSError as err:
            raise Failure(f"--out: cannot write {err.filename or args.out}: "
                          f"{err.strerror or err}") from None
    if args.json:
        emit({"command": "balance", "ok": True, **report,
              "written": [str(p) for p in written]})
        return 0
    say(markdown(report))
    for path in written:
        say(f"wrote {path}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Validate card files, by default as one card set: every error with file,
    line and caret, then every warning about the words a language needs
    (lang/wording.py); exit 1 if any error."""
    readable_files(args.files, "card file")
    errors = check_files(args.files, args.edition, separately=args.separately)
    notices = wording_notices(list(args.files))  # words a language needs, not errors
    if args.json:
        found = {"command": "check", "ok": not errors, "files": list(args.files),
                 "errors": [{"file": e.file, "line": e.line, "column": e.column,
                             "message": e.reason, "text": str(e)} for e in errors]}
        if notices:
            found["warnings"] = [{"file": n.file, "line": n.line, "column": n.column,
                                  "message": n.message, "text": str(n)} for n in notices]
        emit(found)
        return FAILURE if errors else 0
    for err in errors:
        say(err, file=sys.stderr)
    if len(errors) > 1:
        say(f"{len(errors)} errors", file=sys.stderr)
    for notice in notices:
        say(notice, file=sys.stderr)
    if not errors:
        say(f"{len(args.files)} file(s) OK")
    return FAILURE if errors else 0


def cmd_rules(args: argparse.Namespace) -> int:
    """Write the card reference pages of --edition in --lang into --out, or
    without --out print them (the card reference, not the rules: those are
    pages of the documentation, docs/rules.md and its translations)."""
    lang = check_language(args.lang)
    args.edition = args.edition or (lang if lang in builtin_editions() else "en")
    rules = rules_of(args)
    if args.out is None:
        say("\n\n".join(page(rules, lang) for page in (ships_page, orders_page, options_page)))
        return 0
    try:
        paths = write_reference(rules, args.out, lang)
    except OSError as err:
        raise Failure(f"--out: cannot write {err.filename or args.out}: "
                      f"{err.strerror or err}") from None
    for p in paths:
        say(p)
    return 0


def cmd_print(args: argparse.Namespace) -> int:
    """Print-and-play sheets of --edition and --cards in --lang (the ``print``
    extra): a PDF, or a folder of SVG files; --only new prints only what the
    card files add or change."""
    try:  # here, not at the top: the extra is optional, and only this command needs it
        from .printing.deck import print_deck
    except ModuleNotFoundError as err:
        if not (err.name or "").startswith("reportlab"):
            raise
        raise UsageError("print: needs the print extra (reportlab): "
                         "pip install 'redcode_rules[print]'") from None
    lang = check_language(args.lang) if args.lang else None
    cards = flat(args.cards)
    readable_files(cards, "card file")
    edition = args.edition or (lang if lang in builtin_editions() else "en")
    rules = rules_of(argparse.Namespace(edition=edition, cards=cards))
    base = None
    if args.only == "new":
        if not cards:
            raise UsageError("print: --only new prints the cards that --cards files add or "
                             "change; give --cards FILE")
        base = rules_of(argparse.Namespace(edition=edition, cards=[]))
    try:
        printed = print_deck(rules, args.out, lang or rules.lang, args.paper, args.backs, base)
    except OSError as err:
        raise Failure(f"--out: cannot write {err.filename or args.out}: "
                      f"{err.strerror or err}") from None
    say(printed.summary())
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """A game in the terminal against bots (terminal/session.py); a bad option is a usage error."""
    rules = rules_of(args)
    setup = PlaySetup(rules=rules, mode=args.mode, teams=parse_teams(args.teams, rules),
                      seed=args.seed, lang=game_language(args.lang, rules), seat=args.seat,
                      bots=args.bots, confirm=not args.no_confirm)
    return play(setup)


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


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Random games checking every invariant; a broken one is a failure (exit 1),
    its shrunk replay written to --out. With --cards, the card files' new cards
    and ship types are put into play and their use counted (fuzz.fuzz_cards)."""
    usage = None
    if args.games is None:
        args.games = CARD_FUZZ_GAMES if args.cards else FUZZ_GAMES
    if args.cards:
        setup = card_setup(args)
        rules = setup.rules
    else:
        rules = rules_of(args)
        if args.teams:
            raise UsageError("fuzz: --teams chooses the teams of a card file's games; "
                             "give --cards FILE")
    with progress_bar(enabled=not (args.quiet or args.json), total=args.games) as advance:
        try:
            if args.cards:
                failure, usage = fuzz_cards(setup, games=args.games, seed=args.seed,
                                            out=args.out, progress=advance)
            else:
                failure = fuzz(rules, games=args.games, seed=args.seed, out=args.out,
                               progress=advance)
        except OSError as err:
            raise Failure(f"--out: cannot write {err.filename or args.out}: "
                          f"{err.strerror or err}") from None
    if args.json:
        doc = {"command": "fuzz", "ok": failure is None, "games": args.games, "seed": args.seed,
               "ruleset": rules.name, "hash": rules.hash,
               "failure": None if failure is None else failure.to_dict()}
        if usage is not None:
            doc["deck"] = setup.deck
            doc["teams"] = [teams for mode, teams in setup.choices if mode == "war"]
            doc["usage"] = usage.to_dict()
        emit(doc)
        return 0 if failure is None else FAILURE
    if usage is not None:
        for line in usage.report():
            say(line)
    if failure is None:
        say(f"{args.games} random games of {rules.name} ({rules.hash}): every invariant held")
        return 0
    say("broken invariant — " + failure.report())
    return FAILURE


def card_setup(args: argparse.Namespace):
    """The rules and teams of ``fuzz --cards``; bad card files or teams are usage errors."""
    try:
        plain = load_ruleset(args.edition, args.cards)
        teams = parse_teams(args.teams, plain) if args.teams else None
        return card_fuzz_rules(args.edition, args.cards, teams, args.deck_share)
    except RedCodeError as err:
        raise UsageError(str(err)) from None


class progress_bar:
    """Progress on stderr: a rich bar on a terminal; off one (a piped log,
    CI) a plain line at each tenth of the run (``games 20/100``), so that a
    run of minutes is never silent, with no ``\\r`` frames; nothing when
    not ``enabled`` (``--quiet``, ``--json``).

    Used as ``with progress_bar(enabled, total) as advance: advance(done, total)``.
    """

    def __init__(self, enabled: bool, total: int):
        self.total = total
        self.progress = None
        self.plain = enabled and not stream_is_tty(sys.stderr)
        self.tenths = 0  # tenths of the run said so far (plain lines)
        if enabled and stream_is_tty(sys.stderr):
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, \
                TextColumn, TimeRemainingColumn
            self.progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                                     TimeRemainingColumn(), transient=True,
                                     console=Console(file=sys.stderr))

    def __enter__(self):
        if self.progress is None:
            return self.line if self.plain else None
        self.progress.start()
        task = self.progress.add_task("fuzz", total=self.total)
        return lambda done, total: self.progress.update(task, completed=done)

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def line(self, done: int, total: int) -> None:
        """A plain progress line when ``done`` reaches a new tenth of ``total``."""
        tenths = 10 * done // max(1, total)
        if tenths > self.tenths:
            self.tenths = tenths
            print(f"games {done}/{total}", file=sys.stderr, flush=True)


def stream_is_tty(stream: Any) -> bool:
    """Whether a stream is a terminal (False for anything that cannot say)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def emit(document: dict[str, Any]) -> None:
    """One JSON document on stdout (``--json``)."""
    say(json.dumps(document, ensure_ascii=False, indent=1))


# ---------------------------------------------------------------- parser


def version() -> str:
    """The installed version, as ``redcode --version`` prints it."""
    return __version__


def build_parser() -> argparse.ArgumentParser:
    """The ``redcode`` argument parser: one subcommand per command."""
    p = Parser(prog="redcode", description="Red Code rules engine: games, card files, "
               "references.", formatter_class=CommandList, epilog="redcode COMMAND --help says more of a command.")
    p.add_argument("--version", action="version", version=f"redcode {version()}",
                   help="print the version and exit")
    sub = p.add_subparsers(dest="command", title="commands", metavar="COMMAND",
                           parser_class=Parser)

    def game_options(sp):
        """The options of a game: edition, cards, mode, teams, seed, language."""
        sp.add_argument("--edition", default="en",
                        help="en, es, it or a variant file (default: en)")
        sp.add_argument("--cards", action="append", default=[], metavar="FILE",
                        help="an extra card file (repeat for several)")
        sp.add_argument("--mode", default="war", choices=["war", "arena"],
                        help="war (points, R8.3) or arena (last side afloat) (default: war)")
        sp.add_argument("--teams", default="1v1",
                        help="1v1, 2v2, 3v3 or the types of each side, submarine/destroyer "
                             "(default: 1v1)")
        sp.add_argument("--seed", type=int, default=1,
                        help="the game's random state: same seed, same game (default: 1)")
        sp.add_argument("--lang", default=None,
                        help="en, es or it: the language on screen (default: the edition's)")
        sp.add_argument("--short", action="store_true",
                        help=f"a short game: {SHORT_GAME}")

    def json_option(sp):
        """``--json``: one JSON document on stdout instead of text."""
        sp.add_argument("--json", action="store_true",
                        help="one JSON document on stdout (results and errors)")

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

    c = sub.add_parser("check", help="validate card files",
                       description="Every error of card files, with file, line and column.")
    c.add_argument("files", nargs="+", metavar="FILE", help="a card file (.rc)")
    c.add_argument("--edition", default="en", help="edition the files are added to")
    c.add_argument("--separately", action="store_true",
                   help="check each file alone on top of the edition (default: the files "
                        "are one card set, applied in order)")
    json_option(c)
    c.set_defaults(func=cmd_check)

    r = sub.add_parser("rules", help="the card reference of an edition, as Markdown",
                       description="The card reference of an edition in one language, "
                                   "generated from its card data: ships and maneuvers, order "
                                   "cards, rule options and the differences from the base "
                                   "rules, as Markdown: printed, or written into --out. The "
                                   "rules themselves (numbered R, D, E) are the documentation's "
                                   "Rules pages, in English, Spanish and Italian "
                                   "(docs/rules.md, docs/es/rules.md, docs/it/rules.md).")
    r.add_argument("--lang", default="en", help="en, es or it (default: en)")
    r.add_argument("--edition", default=None,
                   help="en, es, it or a variant file (default: the edition of --lang)")
    r.add_argument("--cards", action="append", default=[], metavar="FILE",
                   help="an extra card file (repeat for several)")
    r.add_argument("--out", default=None, metavar="DIR",
                   help="write ships.md, orders.md and options.md into DIR "
                        "(default: print them)")
    r.set_defaults(func=cmd_rules)

    rp = sub.add_parser("replay", help="re-simulate a replay file and narrate it")
    rp.add_argument("file", metavar="FILE", help="a replay file (JSON, as play's save writes)")
    rp.add_argument("--lang", default=None,
                    help="en, es or it: the narration's language (default: the edition's)")
    json_option(rp)
    rp.set_defaults(func=cmd_replay)

    fz = sub.add_parser("fuzz", help="random games checking every invariant; shrinks failures")
    fz.add_argument("--edition", default="en", help="en, es, it or a variant file")
    fz.add_argument("--cards", action="append", default=[],
                    help="card file whose new cards and ship types are put into play, and "
                         "their use counted (repeat for several files, applied in order)")
    fz.add_argument("--teams", default=None,
                    help="with --cards: the teams of every game (1v1, 2v2, 3v3 or "
                         "frigate,submarine/frigate,destroyer; default: 1v1 to 3v3 with "
                         "the new ship types first)")
    fz.add_argument("--deck-share", type=share, default=NEW_ORDER_SHARE,
                    help="with --cards: the share of the deck given to the new order cards "
                         f"(default {NEW_ORDER_SHARE})")
    fz.add_argument("--games", type=positive_int, default=None,
                    help=f"how many random games (default: {FUZZ_GAMES}; with --cards "
                         f"{CARD_FUZZ_GAMES})")
    fz.add_argument("--seed", type=int, default=0,
                    help="the random state the games are drawn from (default: 0)")
    fz.add_argument("--out", default=".", help="folder for the replays of a failure")
    fz.add_argument("--quiet", action="store_true",
                    help="no progress (the bar on a terminal, a line a tenth off one)")
    json_option(fz)
    fz.set_defaults(func=cmd_fuzz)

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

    def lab_options(sp, jobs_help: str) -> None:
        """The options of the lab's commands: edition, cards, games, where, seed, output."""
        sp.add_argument("--edition", default="en",
                        help="en, es, it or a variant file (default: en)")
        sp.add_argument("--cards", action="append", default=[], metavar="FILE", nargs="+",
                        type=str, help="extra card files")
        sp.add_argument("--games", type=positive_int, default=100, help=jobs_help)
        sp.add_argument("--jobs", type=positive_int, default=None,
                        help="local processes (default: one per core; 1: this process)")
        sp.add_argument("--seed", type=int, default=1,
                        help="the random state of the games: same seed, same results "
                             "whatever plays them (default: 1)")
        sp.add_argument("--quiet", action="store_true",
                        help="no progress (the bar on a terminal, a line a tenth off one)")
        json_option(sp)

    t = sub.add_parser("tournament", help="every pair of bots, win rates and ratings",
                       description="Every pair of bots plays --games games, seats swapped "
                                   "in pairs; win rates with 95% Wilson intervals and "
                                   "Bradley-Terry ratings (Elo scale) with 95% intervals.")
    t.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                   help="the bots: random, greedy, lookahead, mcts, mcts:iterations=500, ...")
    lab_options(t, "games per pair of bots (default: 100)")
    t.add_argument("--mode", default="war", choices=["war", "arena"],
                   help="war or arena (default: war)")
    t.add_argument("--teams", default="1v1", help="1v1, 2v2, 3v3 or types (default: 1v1)")
    t.set_defaults(func=cmd_tournament)

    bl = sub.add_parser("balance", help="win rates and per-card figures of card files",
                        description="Seat-swapped bot games of the edition with --cards (A) "
                                    "and, with --against, of other files or an edition (B): "
                                    "win rates with 95% intervals, per-card figures (how "
                                    "often playable when held, played, won), A/B tests; "
                                    "flags corrected for the many cards and figures tested "
                                    "(Holm); --out writes an HTML report with plots.")
    lab_options(bl, "games per configuration and ruleset (default: 100)")
    bl.add_argument("--against", action="append", default=[], metavar="FILE", nargs="+",
                    help="ruleset B: card files, or an edition name (en) for the plain edition")
    bl.add_argument("--bots", default="lookahead", metavar="BOT",
                    help="the bot of every seat (default: lookahead, which weighs each card "
                         "by what it does over the next turns; greedy is faster but blind "
                         "to what a card does later)")
    bl.add_argument("--modes", default="war", help="war, arena or war,arena (default: war)")
    bl.add_argument("--teams", default="1v1", help="team sizes, e.g. 1v1,2v2 (default: 1v1)")
    bl.add_argument("--scheduler", default=None, metavar="ADDRESS",
                    help="run on a Dask cluster (tcp://host:8786), or 'local' for a "
                         "LocalCluster of --jobs workers (needs the lab extra)")
    bl.add_argument("--out", default=None, metavar="DIR",
                    help="write report.html, report.md and report.json into DIR")
    bl.set_defaults(func=cmd_balance)

    pr = sub.add_parser("print", help="print-and-play sheets of a card set (print extra)",
                        description="Every component of the card set, drawn from its data in "
                                    "one language: order cards (one per copy), control cards, "
                                    "map cards, status and token cards, the score card and a "
                                    "player aid; poker-size cards nine to a page with crop "
                                    "marks and bleed (a PDF), or one SVG file per card (a "
                                    "folder). Needs the print extra: pip install "
                                    "'redcode_rules[print]'.")
    pr.add_argument("--edition", default=None,
                    help="en, es, it or a variant file (default: the edition of --lang, else en)")
    pr.add_argument("--cards", action="append", default=[], metavar="FILE", nargs="+",
                    help="extra card files")
    pr.add_argument("--lang", default=None,
                    help="en, es or it: the language of the cards (default: the edition's)")
    pr.add_argument("--out", required=True, metavar="FILE.pdf|DIR",
                    help="a PDF file (ending in .pdf), or a folder for one SVG file per card")
    pr.add_argument("--paper", default="a4", choices=["a4", "letter"],
                    help="the paper of the PDF's pages and of the player aid (default: a4)")
    pr.add_argument("--backs", action="store_true",
                    help="the cards' backs too: after each page of faces its page of backs, "
                         "mirrored for printing on both sides (turn over the long edge)")
    pr.add_argument("--only", default=None, choices=["new"],
                    help="new: only the cards the --cards files add or change (a changed "
                         "order card's new copies only)")
    pr.set_defaults(func=cmd_print)
    add_serve(sub)
    return p


def add_serve(sub: Any) -> None:
    """``redcode serve``: the lobby, the table and the workshop in a browser."""
    sv = sub.add_parser("serve", help="play in a browser: lobby, table and card workshop",
                        description="Serve the lobby, the table and the card workshop "
                                    "(the web extra: pip install 'redcode_rules[web]'); "
                                    "games are stored and survive a restart (docs/web.md).")
    sv.add_argument("--host", default="127.0.0.1",
                    help="the address to listen on (default: 127.0.0.1, this computer only; "
                         "0.0.0.0 for a local network)")
    sv.add_argument("--port", type=positive_int, default=8000, help="the port (default: 8000)")
    sv.add_argument("--db", default=None, metavar="FILE|URL",
                    help="a SQLite file, or a postgresql:// URL (default: tables.sqlite3 in "
                         "the user's data folder)")
    sv.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from .web.server import serve
    except ImportError as err:
        raise UsageError(f"serve needs the web extra ({err.name} is missing): "
                         "pip install 'redcode_rules[web]'") from None
    return serve(args.host, args.port, args.db)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0, 1 failure, 2 usage)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:  # bare `redcode`: what it can do
            parser.print_help()
            return 0
        return args.func(args)
    except SystemExit as done:  # --help, --version
        return done.code if isinstance(done.code, int) else 0
    except UsageError as err:
        return report(err, USAGE, as_json)
    except RedCodeError as err:  # a failure: bad card file, replay, invariant…
        return report(err, FAILURE, as_json)
    except OSError as err:
        if isinstance(err, BrokenPipeError):  # `redcode demo | head`
            sys.stderr.close()
            return 0
        return report(err, FAILURE, as_json)
    except KeyboardInterrupt:
        say(file=sys.stderr)
        return 130


def report(err: Exception, code: int, as_json: bool) -> int:
    """An error in one line on stderr, or as the JSON document on stdout."""
    message = str(err) if not isinstance(err, OSError) or not err.strerror else \
        f"{err.filename + ': ' if err.filename else ''}{err.strerror}"
    if as_json:
        emit({"ok": False, "error": {"kind": "usage" if code == USAGE else "failure",
                                     "message": message}})
    else:
        say(f"redcode: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
