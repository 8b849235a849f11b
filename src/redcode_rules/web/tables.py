"""The games being played: each table in memory, one writer at a time.

A ``LiveTable`` is one game (a ``Game``), the seats' players, its version in
the store, and the pages open on it. Every change goes through its lock, so
moves are applied, stored and told one at a time, in order: a move is
checked by ``Game.play``, stored (``Store.append``), and only then
acknowledged and shown to every page; if it cannot be stored it is taken
back and refused. Bots and a person's only legal move are played by the
table itself: a bot thinks in a worker process while the lock is free, and
its move is applied only if the game is still where it was asked.

The ``Hub`` holds the tables, loads a stored game when one of its links is
opened, resumes every unfinished game at start (bots to move think again),
and reloads a game another server process changed (PostgreSQL's notices).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Awaitable, Callable

import attrs

from ..base.errors import IllegalMove, RedCodeError, UsageError
from ..game import Game
from ..i18n.catalog import catalog, ship_display
from .pictures import Drawn, Pictures
from .setups import HUMAN, TableConfig
from .store import Seat, SqlStore, StoredGame, StoredMove, token
from .thinking import Workers

log = logging.getLogger("redcode.web")

#: The longest move text a page may send (longer is refused before it is parsed).
MAX_MOVE = 300
#: How many log lines a page that opens gets (the rest is history).
LOG_LINES = 200

Send = Callable[[dict[str, Any]], Awaitable[None]]
#: How the pages draw a table for one seat (or a spectator) in one language.
Render = Callable[["LiveTable", "str | None", str], Drawn]


class StoreThread:
    """The store's calls, one at a time, in a thread of their own: the event
    loop never waits on the disk or the network."""

    def __init__(self, store: SqlStore):
        self.store = store
        self.pool = ThreadPoolExecutor(1, thread_name_prefix="redcode-store")

    async def __call__(self, method: str, *args: Any) -> Any:
        call = partial(getattr(self.store, method), *args)
        return await asyncio.get_running_loop().run_in_executor(self.pool, call)

    def close(self) -> None:
        self.pool.shutdown(wait=True)
        self.store.close()


@attrs.define(eq=False)
class Viewer:
    """One open page: whose seat (None: a spectator), its language, how many
    lines of the log it has, the pictures it shows (their ids), and how to
    send it a message."""

    seat: str | None
    lang: str
    send: Send
    shown: int = 0
    pictures: frozenset[str] = frozenset()


def words(lang: str) -> dict[str, Any]:
    return catalog(lang)["web"]


class LiveTable:
    """One game in play (see the module's docstring)."""

    def __init__(self, hub: Hub, stored: StoredGame, game: Game, moves: list[StoredMove]):
        self.hub = hub
        self.id = stored.id
        self.config = TableConfig.from_data(stored.config["table"])
        self.seats = {s.seat: s for s in stored.seats}
        self.players = {s.seat: s.bot or HUMAN for s in stored.seats}
        self.game = game
        self.version = stored.version
        self.moves = moves
        self.lock = asyncio.Lock()
        self.viewers: set[Viewer] = set()
        self.cache: dict[tuple[Any, ...], Any] = {}
        self.pictures = Pictures()
        self.narration: dict[str, tuple[int, list[str]]] = {}
        self.advancing: asyncio.Task | None = None
        self.spectator = stored.spectator

    # ------------------------------------------------------------ reading
    @property
    def humans(self) -> list[str]:
        return [s for s, p in self.players.items() if p == HUMAN]

    def may_undo(self, seat: str) -> bool:
        """Undo is for a game with no other person, after a move this seat chose."""
        return self.humans == [seat] and any(m.chosen and m.seat == seat for m in self.moves)

    def lines(self, lang: str) -> list[str]:
        """The narration in ``lang``, told once per event (kept per language)."""
        log_ = self.game.log
        told, lines = self.narration.get(lang, (0, []))
        if told > len(log_):  # undone: tell again
            told, lines = 0, []
        if told < len(log_):
            game = self.game
            lines = lines + narrate_since(game, lang, told)
            self.narration[lang] = (len(log_), lines)
        return lines

    def page(self, seat: str | None, lang: str) -> Drawn:
        """What a page of ``seat`` shows now, rendered (kept until the next change)."""
        key = ("page", self.version, seat, lang)
        if key not in self.cache:
            self.cache[key] = self.hub.render(self, seat, lang)
        return self.cache[key]

    def message(self, viewer: Viewer, reset: bool = False) -> dict[str, Any]:
        """The update for one page: the table drawn for it (the pictures it
        already shows left out: their ids say where they stay) and the new log lines."""
        lines = self.lines(viewer.lang)
        if reset or viewer.shown > len(lines):
            new, reset = lines[-LOG_LINES:], True
        else:
            new = lines[viewer.shown:]
        viewer.shown = len(lines)
        page = self.page(viewer.seat, viewer.lang)
        html = page.filled(frozenset() if reset else viewer.pictures)
        viewer.pictures = frozenset(page.pictures)
        return {"type": "table", "version": self.version, "html": html, "log": new,
                "reset": reset, "over": self.game.is_over}

    # ------------------------------------------------------------ pages
    async def join(self, viewer: Viewer) -> None:
        self.viewers.add(viewer)
        await self.show(viewer)

    async def show(self, viewer: Viewer) -> None:
        """Send one page the whole table and the log's last lines again."""
        await viewer.send(self.message(viewer, reset=True))

    def leave(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)

    async def broadcast(self) -> None:
        """Tell every open page the table as it is now."""
        self.cache = {k: v for k, v in self.cache.items() if k[1] == self.version}
        self.pictures.moved_on(self.version)
        viewers = list(self.viewers)
        messages = [self.message(v) for v in viewers]
        results = await asyncio.gather(*(v.send(m) for v, m in zip(viewers, messages)),
                                       return_exceptions=True)
        for viewer, result in zip(viewers, results):
            if isinstance(result, Exception):
                self.viewers.discard(viewer)

    # ------------------------------------------------------------ changes
    async def play(self, seat: str | None, move: Any, version: Any, lang: str) -> None:
        """A page's move: checked, stored, then shown to every page. A
        ``UsageError`` in ``lang`` says why a move is refused; nothing changes then."""
        w = words(lang)
        if seat is None:
            raise UsageError(w["errors"]["watching"])
        if not isinstance(move, str) or not move or len(move) > MAX_MOVE \
                or not isinstance(version, int) or isinstance(version, bool):
            raise UsageError(w["errors"]["malformed"])
        async with self.lock:
            if version != self.version:
                raise UsageError(w["errors"]["stale"])
            to_move = self.game.to_move
            if self.game.is_over or to_move != seat:
                name = ship_display(to_move or "-", lang, words=self.game.rules.words)
                raise UsageError(w["errors"]["not_your_turn"].format(ship=name))
            await self.apply(move, seat, chosen=True, lang=lang)
        await self.broadcast()
        self.kick()

    async def apply(self, move: str, seat: str, chosen: bool, lang: str = "en") -> None:
        """Play and store one move (the lock held): taken back if it cannot be stored."""
        game = self.game
        ply = len(game.moves)
        before = game.lang
        game.lang = lang
        try:
            game.play(move)
        except IllegalMove as err:
            raise UsageError(words(lang)["errors"]["illegal"].format(
                reason=err.reason or move)) from None
        finally:
            game.lang = before
        stored = StoredMove(ply, game.moves[-1], seat, chosen)
        try:
            ok = await self.hub.store("append", self.id, self.version, stored)
        except Exception as err:  # the database failed: the move is not played
            game.undo()
            raise UsageError(words(lang)["errors"]["saving"].format(reason=err)) from None
        if not ok:  # another server process changed the game first
            game.undo()
            await self.reload()
            raise UsageError(words(lang)["errors"]["stale"])
        self.version += 1
        self.moves.append(stored)
        if game.is_over:
            await self.hub.store("finish", self.id, game.winner or "draw")

    async def undo(self, seat: str | None, version: Any, lang: str) -> None:
        """Back to ``seat``'s decision before its last chosen move, the bots'
        moves since taken back too (only with no other person at the table)."""
        w = words(lang)
        if seat is None or not self.may_undo(seat):
            raise UsageError(w["errors"]["undo"])
        async with self.lock:
            if version != self.version:
                raise UsageError(w["errors"]["stale"])
            mark = max(m.ply for m in self.moves if m.chosen and m.seat == seat)
            if not await self.hub.store("truncate", self.id, self.version, mark):
                await self.reload()
                raise UsageError(w["errors"]["stale"])
            while len(self.game.moves) > mark:
                self.game.undo()
            del self.moves[mark:]
            self.version += 1
        await self.broadcast()
        self.kick()

    async def reload(self) -> None:
        """The game as the store has it now (another process changed it)."""
        loaded = await self.hub.store("load", self.id)
        if loaded is None:
            return
        stored, moves = loaded
        if stored.version == self.version:
            return
        texts = [m.move for m in moves]
        if texts[:len(self.game.moves)] == list(self.game.moves):
            for move in texts[len(self.game.moves):]:
                self.game.play(move)
        else:
            self.game = rebuild(stored, moves)
        self.moves, self.version = moves, stored.version

    # ------------------------------------------------------------ the table's own moves
    def kick(self) -> None:
        """Let the bots (and a person's only move) play, unless they already are."""
        if self.advancing is None or self.advancing.done():
            self.advancing = asyncio.create_task(self.advance())

    async def advance(self) -> None:
        """Play bots' moves and people's only moves until a person must choose."""
        hub = self.hub
        while not self.game.is_over:
            seat = self.game.to_move
            player = self.players.get(seat or "", HUMAN)
            if player == HUMAN:
                legal = self.game.legal_moves()
                if len(legal) != 1:
                    return
                move, version = legal[0], self.version
            else:
                version = self.version
                save = self.game.to_json()
                seed = (self.config.seed * 1000003 + len(self.game.moves)) % (2 ** 63)
                try:
                    move = await hub.workers.bot_move(save, player, seed)
                except Exception:  # a worker died: the first legal move, logged
                    log.exception("bot %s failed in game %s", player, self.id)
                    move = self.game.legal_moves()[0]
            async with self.lock:
                if self.version != version or self.game.to_move != seat:
                    continue  # the game changed while the bot thought
                try:
                    await self.apply(move, seat, chosen=player != HUMAN)
                except UsageError:
                    log.warning("game %s: %s's move %r was refused", self.id, seat, move)
                    return
            await self.broadcast()
            if player != HUMAN and hub.bot_pause:
                await asyncio.sleep(hub.bot_pause)


def narrate_since(game: Game, lang: str, since: int) -> list[str]:
    """The narration of the log's events from ``since`` on, in ``lang``."""
    from ..text.narrate import narrate
    return narrate(game.log, lang, game.rules.words, since=since,
                   scores=game.starting_score(), natures=game.rules.natures)


def rebuild(stored: StoredGame, moves: list[StoredMove]) -> Game:
    """A stored game replayed from its start, every move checked again."""
    game = Game.from_replay({**stored.start, "moves": [m.move for m in moves]})
    game.lang = stored.config["table"]["lang"]
    return game


class Hub:
    """Every table of this server process (see the module's docstring)."""

    def __init__(self, store: SqlStore, workers: Workers, render: Render,
                 bot_pause: float = 0.4):
        self.store = StoreThread(store)
        self.render = render
        self.raw_store = store
        self.workers = workers
        self.bot_pause = bot_pause
        self.tables: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.stop = threading.Event()
        self.listener: threading.Thread | None = None

    async def create(self, config: TableConfig, owner: str) -> StoredGame:
        """A new game of these settings, stored with a token per seat (its
        rules compiled off the event loop)."""
        game = await asyncio.get_running_loop().run_in_executor(None, config.new_game)
        start = game.replay()
        start.pop("moves")
        seats = tuple(Seat(ship, token(), None if player == HUMAN else player)
                      for ship, player in zip(game.ships, config.players))
        stored = StoredGame(token(), time.time(), start,
                            {"table": config.as_data(), "seats": list(game.ships)},
                            token(), owner, 0, 0, None, seats)
        await self.store("create", stored)
        table = LiveTable(self, stored, game, [])
        game.lang = config.lang
        self.tables[stored.id] = table
        table.kick()
        return stored

    async def table(self, game_id: str) -> LiveTable | None:
        """The table of a stored game, loaded on first use (None if there is none)."""
        if game_id in self.tables:
            return self.tables[game_id]
        lock = self.loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            if game_id in self.tables:
                return self.tables[game_id]
            loaded = await self.store("load", game_id)
            if loaded is None:
                return None
            stored, moves = loaded
            try:
                game = await asyncio.get_running_loop().run_in_executor(
                    None, rebuild, stored, moves)
            except RedCodeError:
                log.exception("game %s cannot be replayed", game_id)
                return None
            table = LiveTable(self, stored, game, moves)
            self.tables[game_id] = table
        table.kick()
        return table

    async def resume(self) -> None:
        """Every unfinished game loaded, and its bots playing again."""
        for game_id in await self.store("unfinished"):
            await self.table(game_id)

    def listen(self) -> None:
        """Reload a game when another process changes it (PostgreSQL only)."""
        listen = getattr(self.raw_store, "listen", None)
        if listen is None:
            return
        loop = asyncio.get_running_loop()

        def heard(game_id: str) -> None:
            loop.call_soon_threadsafe(lambda: asyncio.ensure_future(self.changed(game_id)))

        self.listener = threading.Thread(target=listen, args=(heard, self.stop), daemon=True,
                                         name="redcode-listen")
        self.listener.start()

    async def changed(self, game_id: str) -> None:
        table = self.tables.get(game_id)
        if table is None:
            return
        async with table.lock:
            before = table.version
            await table.reload()
        if table.version != before:
            await table.broadcast()
            table.kick()

    async def close(self) -> None:
        self.stop.set()
        for table in self.tables.values():
            if table.advancing is not None:
                table.advancing.cancel()
        self.store.close()


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
