"""``redcode``'s entry point: the commands' parser, the command run, every
error reported with its exit code (2 usage, 1 failure)."""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..base.errors import RedCodeError, UsageError
from .cards import add_check, add_print, add_rules
from .fuzz import add_fuzz
from .games import add_demo, add_play, add_replay
from .lab import add_balance, add_tournament
from .options import CommandList, FAILURE, Parser, USAGE, emit, say, version
from .serve import add_serve


def build_parser() -> argparse.ArgumentParser:
    """The ``redcode`` argument parser: one subcommand per command."""
    p = Parser(prog="redcode", description="Red Code rules engine: games, card files, "
               "references.", formatter_class=CommandList, epilog="redcode COMMAND --help says more of a command.")
    p.add_argument("--version", action="version", version=f"redcode {version()}",
                   help="print the version and exit")
    sub = p.add_subparsers(dest="command", title="commands", metavar="COMMAND",
                           parser_class=Parser)
    for add in (add_demo, add_check, add_rules, add_replay, add_fuzz, add_play, add_tournament,
                add_balance, add_print, add_serve):  # in the order of COMMANDS
        add(sub)
    return p


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
