"""The command's arguments and its output: the parser, argument types, a
card set and teams from the options, printing through ``printable``, JSON
documents, the progress bar, the exit codes."""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any, NoReturn, Sequence

from .. import __version__
from ..base.errors import (LanguageError, RedCodeError, SetupError, UsageError, close_names,
                           did_you_mean, printable, quote)
from ..bots.players import BOTS
from ..bots.specs import BotSpec, parse_bot
from ..engine.setup import sized_teams
from ..i18n import catalog as i18n
from ..lang.loader import load_ruleset
from ..model.ruleset import Ruleset
from ..terminal.setup import SHORT_GAME, short_rules


#: the exit codes of a usage error and of a failure
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


def version() -> str:
    """The installed version, as ``redcode --version`` prints it."""
    return __version__


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
