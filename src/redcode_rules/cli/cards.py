"""``redcode check``, ``rules`` and ``print``: card files checked, referenced and printed."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..base.errors import Failure, UsageError
from ..lang.loader import builtin_editions, check_files
from ..lang.playable import playable_notices
from ..lang.wording import wording_notices
from ..render.reference import options_page, orders_page, ships_page, write_reference
from .options import FAILURE, check_language, emit, flat, json_option, readable_files, rules_of, say


def cmd_check(args: argparse.Namespace) -> int:
    """Validate card files, by default as one card set: every error with file,
    line and caret, then every warning about the words a language needs
    (lang/wording.py) and about a response card that can never be played
    (lang/playable.py); exit 1 if any error."""
    readable_files(args.files, "card file")
    errors = check_files(args.files, args.edition, separately=args.separately)
    notices = wording_notices(list(args.files))  # words a language needs, not errors
    if not errors:  # and a response card that can never be played on these rules
        notices += playable_notices(list(args.files), args.edition)
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


def add_check(sub: Any) -> None:
    """``redcode check``: every error of card files."""
    c = sub.add_parser("check", help="validate card files",
                       description="Every error of card files, with file, line and column.")
    c.add_argument("files", nargs="+", metavar="FILE", help="a card file (.rc)")
    c.add_argument("--edition", default="en", help="edition the files are added to")
    c.add_argument("--separately", action="store_true",
                   help="check each file alone on top of the edition (default: the files "
                        "are one card set, applied in order)")
    json_option(c)
    c.set_defaults(func=cmd_check)


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


def add_rules(sub: Any) -> None:
    """``redcode rules``: the card reference of an edition."""
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


def cmd_print(args: argparse.Namespace) -> int:
    """Print-and-play sheets of --edition and --cards in --lang (the ``print``
    extra): a PDF, or a folder of SVG files; --only new prints only what the
    card files add or change."""
    try:  # here, not at the top: the extra is optional, and only this command needs it
        from ..printing.deck import print_deck
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


def add_print(sub: Any) -> None:
    """``redcode print``: the print-and-play sheets."""
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
