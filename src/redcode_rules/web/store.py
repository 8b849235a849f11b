"""Where the tables' games are kept: one small interface, two databases.

A game is stored as its replay's start (the rules with every card text
embedded, and the setup: ``Game.replay()`` without its moves), its seats
(each with its unguessable token: a human's link or a bot's name) and its
moves, one row each, numbered from 0. ``append`` stores a move only if the
game's ``version`` is still the one the writer read (optimistic
concurrency): of two server processes acting on one game at once, one
wins and the other reloads, so a move is never lost or reordered. Undo
(``truncate``) bumps the version too.

``SqlStore`` speaks the SQL both databases share; ``open_store`` picks the
driver: SQLite from the standard library for a file (the default, for one
server process), PostgreSQL through psycopg 3 for a ``postgresql://`` URL
(several server processes; a ``NOTIFY`` per change tells the others).
Every method is one transaction, called from one thread (``StoreThread``).
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Protocol

import attrs

from ..base.errors import UsageError

#: The channel PostgreSQL notifies a game's change on (its id as payload).
CHANNEL = "redcode_tables"

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rc_games (
        id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL, start TEXT NOT NULL,
        config TEXT NOT NULL, spectator TEXT NOT NULL UNIQUE, owner TEXT NOT NULL,
        version INTEGER NOT NULL, plies INTEGER NOT NULL, result TEXT)""",
    """CREATE TABLE IF NOT EXISTS rc_seats (
        game TEXT NOT NULL, seat TEXT NOT NULL, token TEXT NOT NULL UNIQUE,
        bot TEXT, PRIMARY KEY (game, seat))""",
    """CREATE TABLE IF NOT EXISTS rc_moves (
        game TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL, seat TEXT NOT NULL,
        chosen INTEGER NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (game, ply))""",
    """CREATE TABLE IF NOT EXISTS rc_visits (
        browser TEXT NOT NULL, game TEXT NOT NULL, token TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL, PRIMARY KEY (browser, token))""",
    """CREATE TABLE IF NOT EXISTS rc_drafts (
        id TEXT PRIMARY KEY, owner TEXT NOT NULL, text TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS rc_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
)


def token() -> str:
    """An unguessable token (128 bits, URL-safe): a game id, a seat's link."""
    return secrets.token_urlsafe(16)


@attrs.frozen
class Seat:
    """A seat of a stored game: its ship id, its token and its bot (None: a person)."""

    seat: str
    token: str
    bot: str | None = None


@attrs.frozen
class StoredGame:
    """A stored game's row: the replay's start and the table's settings
    (``config``: plain data the lobby chose), who made it and its version."""

    id: str
    created: float
    start: dict[str, Any]
    config: dict[str, Any]
    spectator: str
    owner: str
    version: int
    plies: int
    result: str | None
    seats: tuple[Seat, ...]


@attrs.frozen
class StoredMove:
    """One move as stored: its number, text, seat, and whether its player
    chose it (False: the only legal move, played for them)."""

    ply: int
    move: str
    seat: str
    chosen: bool


class Store(Protocol):
    """What the tables need of a database (see the module's docstring)."""

    def create(self, game: StoredGame) -> None: ...
    def game(self, game_id: str) -> StoredGame | None: ...
    def load(self, game_id: str) -> tuple[StoredGame, list[StoredMove]] | None: ...
    def seat_of(self, token: str) -> tuple[str, str | None] | None: ...
    def moves(self, game_id: str, since: int = 0) -> list[StoredMove]: ...
    def append(self, game_id: str, version: int, move: StoredMove) -> bool: ...
    def truncate(self, game_id: str, version: int, plies: int) -> bool: ...
    def finish(self, game_id: str, result: str) -> None: ...
    def unfinished(self) -> list[str]: ...
    def remember(self, browser: str, game_id: str, token: str) -> None: ...
    def remembered(self, browser: str) -> list[tuple[str, str]]: ...
    def save_draft(self, owner: str, text: str) -> str: ...
    def drafts(self, owner: str) -> list[tuple[str, str, float]]: ...
    def draft(self, draft_id: str) -> tuple[str, str] | None: ...
    def secret(self) -> str: ...
    def close(self) -> None: ...


class SqlStore:
    """The store in the SQL SQLite and PostgreSQL share; ``connect`` makes
    the connection and ``param`` is the driver's placeholder."""

    param = "?"

    def __init__(self, connect: Callable[[], Any]):
        self.conn = connect()
        with self.tx() as cur:
            for statement in SCHEMA:
                cur.execute(statement)

    # ------------------------------------------------------------ plumbing
    def tx(self) -> _Transaction:
        return _Transaction(self.conn)

    def sql(self, text: str) -> str:
        return text if self.param == "?" else text.replace("?", self.param)

    def run(self, cur: Any, text: str, args: Iterable[Any] = ()) -> Any:
        cur.execute(self.sql(text), tuple(args))
        return cur

    def changed(self, cur: Any, game_id: str) -> None:
        """Tell other server processes that a game changed (PostgreSQL only)."""

    # ------------------------------------------------------------ games
    def create(self, game: StoredGame) -> None:
        with self.tx() as cur:
            self.run(cur, "INSERT INTO rc_games (id, created, start, config, spectator, owner, "
                          "version, plies, result) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (game.id, game.created, json.dumps(game.start), json.dumps(game.config),
                      game.spectator, game.owner, game.version, game.plies, game.result))
            for seat in game.seats:
                self.run(cur, "INSERT INTO rc_seats (game, seat, token, bot) VALUES (?, ?, ?, ?)",
                         (game.id, seat.seat, seat.token, seat.bot))

    def game(self, game_id: str) -> StoredGame | None:
        with self.tx() as cur:
            return self._game(cur, game_id)

    def load(self, game_id: str) -> tuple[StoredGame, list[StoredMove]] | None:
        """A game and its moves as one transaction saw them (None if there is no such game)."""
        with self.tx() as cur:
            game = self._game(cur, game_id)
            if game is None:
                return None
            rows = self.run(cur, "SELECT ply, move, seat, chosen FROM rc_moves WHERE game = ? "
                                 "ORDER BY ply", (game_id,)).fetchall()
        return game, [StoredMove(r[0], r[1], r[2], bool(r[3])) for r in rows]

    def _game(self, cur: Any, game_id: str) -> StoredGame | None:
        row = self.run(cur, "SELECT id, created, start, config, spectator, owner, version, "
                            "plies, result FROM rc_games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        seats = self.run(cur, "SELECT seat, token, bot FROM rc_seats WHERE game = ?",
                         (game_id,)).fetchall()
        order = json.loads(row[3]).get("seats", [])
        ranked = sorted((Seat(*s) for s in seats),
                        key=lambda s: order.index(s.seat) if s.seat in order else len(order))
        return StoredGame(row[0], row[1], json.loads(row[2]), json.loads(row[3]), row[4], row[5],
                          row[6], row[7], row[8], tuple(ranked))

    def seat_of(self, token: str) -> tuple[str, str | None] | None:
        """(game id, seat) of a seat's or spectator's token (seat None), or None."""
        with self.tx() as cur:
            row = self.run(cur, "SELECT game, seat FROM rc_seats WHERE token = ? AND bot IS NULL",
                           (token,)).fetchone()
            if row is None:
                row = self.run(cur, "SELECT id, NULL FROM rc_games WHERE spectator = ?",
                               (token,)).fetchone()
        return None if row is None else (row[0], row[1])

    def moves(self, game_id: str, since: int = 0) -> list[StoredMove]:
        with self.tx() as cur:
            rows = self.run(cur, "SELECT ply, move, seat, chosen FROM rc_moves WHERE game = ? "
                                 "AND ply >= ? ORDER BY ply", (game_id, since)).fetchall()
        return [StoredMove(r[0], r[1], r[2], bool(r[3])) for r in rows]

    def append(self, game_id: str, version: int, move: StoredMove) -> bool:
        """Store ``move`` as the game's next if its version is still ``version``."""
        with self.tx() as cur:
            bumped = self.run(cur, "UPDATE rc_games SET version = version + 1, plies = plies + 1 "
                                   "WHERE id = ? AND version = ? AND plies = ?",
                              (game_id, version, move.ply)).rowcount
            if bumped != 1:
                return False
            self.run(cur, "INSERT INTO rc_moves (game, ply, move, seat, chosen, at) "
                          "VALUES (?, ?, ?, ?, ?, ?)",
                     (game_id, move.ply, move.move, move.seat, int(move.chosen), time.time()))
            self.changed(cur, game_id)
        return True

    def truncate(self, game_id: str, version: int, plies: int) -> bool:
        """Take back every move from ``plies`` on, if the version is still ``version``."""
        with self.tx() as cur:
            bumped = self.run(cur, "UPDATE rc_games SET version = version + 1, plies = ?, "
                                   "result = NULL WHERE id = ? AND version = ?",
                              (plies, game_id, version)).rowcount
            if bumped != 1:
                return False
            self.run(cur, "DELETE FROM rc_moves WHERE game = ? AND ply >= ?", (game_id, plies))
            self.changed(cur, game_id)
        return True

    def finish(self, game_id: str, result: str) -> None:
        with self.tx() as cur:
            self.run(cur, "UPDATE rc_games SET result = ? WHERE id = ?", (result, game_id))

    def unfinished(self) -> list[str]:
        with self.tx() as cur:
            rows = self.run(cur, "SELECT id FROM rc_games WHERE result IS NULL "
                                 "ORDER BY created").fetchall()
        return [r[0] for r in rows]

    # ------------------------------------------------------------ browsers
    def remember(self, browser: str, game_id: str, token: str) -> None:
        """That a browser opened a link (the lobby's list of one's games)."""
        with self.tx() as cur:
            self.run(cur, "INSERT INTO rc_visits (browser, game, token, at) VALUES (?, ?, ?, ?) "
                          "ON CONFLICT (browser, token) DO UPDATE SET at = excluded.at",
                     (browser, game_id, token, time.time()))

    def remembered(self, browser: str) -> list[tuple[str, str]]:
        """(game id, token) of the links a browser opened, the latest first."""
        with self.tx() as cur:
            rows = self.run(cur, "SELECT game, token FROM rc_visits WHERE browser = ? "
                                 "ORDER BY at DESC LIMIT 50", (browser,)).fetchall()
        return [(r[0], r[1]) for r in rows]

    def save_draft(self, owner: str, text: str) -> str:
        draft_id = token()
        with self.tx() as cur:
            self.run(cur, "INSERT INTO rc_drafts (id, owner, text, at) VALUES (?, ?, ?, ?)",
                     (draft_id, owner, text, time.time()))
        return draft_id

    def drafts(self, owner: str) -> list[tuple[str, str, float]]:
        """(id, text, time) of a browser's card files, the latest first."""
        with self.tx() as cur:
            rows = self.run(cur, "SELECT id, text, at FROM rc_drafts WHERE owner = ? "
                                 "ORDER BY at DESC LIMIT 20", (owner,)).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    def draft(self, draft_id: str) -> tuple[str, str] | None:
        """(owner, text) of a card file kept by the workshop."""
        with self.tx() as cur:
            row = self.run(cur, "SELECT owner, text FROM rc_drafts WHERE id = ?",
                           (draft_id,)).fetchone()
        return None if row is None else (row[0], row[1])

    # ------------------------------------------------------------ the server's own
    def secret(self) -> str:
        """The server's secret (signs the forms' tokens), made once and kept, so
        every process of a deployment, and a restarted one, shares it."""
        with self.tx() as cur:
            self.run(cur, "INSERT INTO rc_meta (key, value) VALUES ('secret', ?) "
                          "ON CONFLICT (key) DO NOTHING", (secrets.token_hex(32),))
            return self.run(cur, "SELECT value FROM rc_meta WHERE key = 'secret'").fetchone()[0]

    def close(self) -> None:
        self.conn.close()


class _Transaction:
    """A cursor whose block commits on success and rolls back on an error."""

    def __init__(self, conn: Any):
        self.conn = conn

    def __enter__(self) -> Any:
        self.cur = self.conn.cursor()
        return self.cur

    def __exit__(self, kind: Any, value: Any, tb: Any) -> None:
        if kind is None:
            self.conn.commit()
        else:
            self.conn.rollback()
        self.cur.close()


class SqliteStore(SqlStore):
    """The default store: a SQLite file (WAL: a move is on disk when its
    transaction commits, and survives the server's process being killed)."""

    def __init__(self, path: str | Path):
        def connect() -> sqlite3.Connection:
            conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            return conn
        super().__init__(connect)


class PostgresStore(SqlStore):
    """A PostgreSQL database through psycopg 3, for several server processes:
    every change is notified on ``CHANNEL`` to the others (``listen``)."""

    param = "%s"

    def __init__(self, url: str):
        try:
            import psycopg
        except ImportError:
            raise UsageError("--db: a PostgreSQL URL needs psycopg: pip install "
                             "'redcode_rules[web-postgres]'") from None
        self.url = url
        self.psycopg = psycopg
        try:
            super().__init__(lambda: psycopg.connect(url))
        except psycopg.OperationalError as err:
            raise UsageError(f"--db: cannot connect to PostgreSQL: {str(err).strip()}") from None

    def changed(self, cur: Any, game_id: str) -> None:
        cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game_id))

    def listen(self, heard: Callable[[str], None], stop: threading.Event) -> None:
        """Call ``heard(game id)`` for each change notified, until ``stop`` is set
        (run in a thread of its own, on a connection of its own)."""
        conn = self.psycopg.connect(self.url, autocommit=True)
        try:
            conn.execute(f"LISTEN {CHANNEL}")
            while not stop.is_set():
                for note in conn.notifies(timeout=0.5):
                    heard(note.payload)
        finally:
            conn.close()


def open_store(db: str | None) -> SqlStore:
    """The store of ``--db``: a ``postgresql://`` URL, a SQLite file, or (None)
    ``tables.sqlite3`` in the user's data folder."""
    if db and db.startswith(("postgresql://", "postgres://")):
        return PostgresStore(db)
    path = Path(db) if db else data_folder() / "tables.sqlite3"
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        return SqliteStore(path)
    except sqlite3.Error as err:
        raise UsageError(f"--db: cannot open {path} as a SQLite database: {err}") from None


def data_folder() -> Path:
    """The user's data folder for redcode (XDG_DATA_HOME, else ~/.local/share;
    %APPDATA% on Windows)."""
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "redcode"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "redcode"
