"""``redcode serve``: the table in a browser (the web extra)."""

from __future__ import annotations

import argparse
from typing import Any

from ..base.errors import UsageError
from .options import positive_int


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
        from ..web.server import serve
    except ImportError as err:
        raise UsageError(f"serve needs the web extra ({err.name} is missing): "
                         "pip install 'redcode_rules[web]'") from None
    return serve(args.host, args.port, args.db)
