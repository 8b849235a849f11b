"""The web tests' harness: a server on a fresh database, driven as a browser
would (``from web_client import Site``).

``Site`` runs the application in Starlette's TestClient (its lifespan: the
tables resumed, the worker processes), posts the lobby's form with the
browser's CSRF token and reads the links page; ``seat_socket`` opens a
table's WebSocket; ``click_path`` walks a page's click tree to a move, the
way the page's script does.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: "
                                        "pip install -e '.[web,web-test]'")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx (the web-test extra)")

from starlette.testclient import TestClient  # noqa: E402

from redcode_rules.web.app import make_app  # noqa: E402
from redcode_rules.web.store import SqliteStore  # noqa: E402
from redcode_rules.web.thinking import Workers  # noqa: E402

PICKS = re.compile(r'<script type="application/json" id="picks">(.*?)</script>', re.S)


class Site:
    """A server on ``db`` (a SQLite file), and one browser talking to it."""

    def __init__(self, db: Path, workers: Workers | None = None):
        self.db = db
        self.app = make_app(SqliteStore(db), workers or Workers(1), bot_pause=0, warm=False)
        self.client = TestClient(self.app, base_url="http://testserver")

    def __enter__(self) -> Site:
        self.client.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.client.__exit__(*exc)

    def csrf(self, path: str = "/") -> str:
        return re.search(r'name="csrf" value="([^"]+)"', self.client.get(path).text).group(1)

    def create(self, **form: str) -> dict[str, str]:
        """A game made by the lobby's form: each seat's token by ship id, and
        ``"spectator"``'s."""
        data = {"csrf": self.csrf(), "edition": "en", "lang": "en", "mode": "war",
                "teams": "1v1", "seat1": "human", "seat2": "random", "seed": "7", **form}
        made = self.client.post("/games", data=data, follow_redirects=False)
        assert made.status_code == 303, made.text
        return self.links(made.headers["location"])

    def links(self, path: str) -> dict[str, str]:
        page = self.client.get(path).text
        seats = dict(re.findall(r'<li>([^:<]+): <a class="seat-link" href="/play/([^"]+)"', page))
        spectator = re.search(r'class="spectator-link" href="/play/([^"]+)"', page).group(1)
        return {**{ship_id(name): token for name, token in seats.items()},
                "spectator": spectator}

    def seat_socket(self, token: str):
        return self.client.websocket_connect(f"/ws/{token}")


def ship_id(name: str) -> str:
    """``blue submarine`` (as the links page says it in English) → ``blue-submarine``."""
    side, _, kind = name.partition(" ")
    return f"{side}-{kind.replace(' ', '_')}"


def picks_of(message: dict[str, Any]) -> dict[str, Any] | None:
    """The click tree a table message offers its page (None: nothing to choose)."""
    found = PICKS.search(message["html"])
    return json.loads(found.group(1))["tree"] if found else None


def click_path(tree: dict[str, Any], rng: random.Random) -> tuple[list[str], str]:
    """Random clicks down a click tree to a move, as the page's script walks it."""
    node, keys = tree, []
    while True:
        options = list(node["next"])
        if node["move"] and (not options or rng.random() < 0.3):
            return keys, node["move"]
        key = rng.choice(options)
        keys.append(key)
        node = node["next"][key]


def next_table(socket, errors: list[str] | None = None) -> dict[str, Any]:
    """The next table message of a socket (errors noted in ``errors``, else failing)."""
    while True:
        message = socket.receive_json()
        if message["type"] == "table":
            return message
        if errors is None:
            raise AssertionError(message)
        errors.append(message["message"])
