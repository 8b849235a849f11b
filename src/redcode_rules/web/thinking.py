"""The work that must not block the server: in worker processes.

A bot's move (the bot is built in the worker from its name and a seed, and
decides from the game's save), a workshop card file's compilation, and the
games of a balance run, batch by batch, so that its progress can be told.
The event loop only waits for their answers (``Workers``). Processes are
started with ``spawn``: a fork of a server with threads and open sockets
is not safe. A worker ends with the server's process, even one killed.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.connection
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, Callable

from ..bots.specs import parse_bot
from ..game import Game
from ..lab.selfplay import GameRecord, GameSpec, play_batch
from .workshop import inspect


def bot_move(save: str, bot: str, seed: int) -> str:
    """The move the bot named ``bot`` (``mcts:hard``) chooses in a saved game."""
    game = Game.from_json(save)
    return parse_bot(bot).build(seed).choose(game)


def leave_with_the_server() -> None:
    """A worker's start: it ends when the server's process does. A worker
    waits on its queue, which it holds both ends of; a server killed (kill -9),
    or ended by a signal that skips its exit handlers, would leave it waiting
    for ever."""
    server = multiprocessing.parent_process()
    if server is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([server.sentinel])
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="redcode-server-watch").start()


def warm() -> int:
    """Nothing: loads the package and the English rules in a new worker."""
    from ..lang.loader import load_ruleset
    load_ruleset("en")
    return os.getpid()


class Workers:
    """Process pools: one for bots and the workshop, one for balance runs
    (so a long run never delays a bot's move)."""

    def __init__(self, processes: int | None = None):
        self.context = multiprocessing.get_context("spawn")
        self.count = processes or max(1, min(2, os.cpu_count() or 1))
        self.pool = self.processes(self.count)
        self.balance = self.processes(1)

    def processes(self, count: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(count, mp_context=self.context,
                                   initializer=leave_with_the_server)

    async def run(self, func: Callable[..., Any], *args: Any) -> Any:
        """``func(*args)`` in a worker; a pool whose worker died is made anew, once."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.pool, partial(func, *args))
        except BrokenProcessPool:
            self.pool = self.processes(self.count)
            return await loop.run_in_executor(self.pool, partial(func, *args))

    async def bot_move(self, save: str, bot: str, seed: int) -> str:
        return await self.run(bot_move, save, bot, seed)

    async def inspect(self, text: str, edition: str) -> dict[str, Any]:
        return await self.run(inspect, text, edition)

    async def games(self, specs: list[GameSpec]) -> list[GameRecord]:
        return await asyncio.get_running_loop().run_in_executor(self.balance,
                                                                partial(play_batch, specs))

    async def warm(self) -> None:
        """Start the workers now rather than at the first bot's move."""
        await asyncio.gather(*(self.run(warm) for _ in range(self.count)))

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.balance.shutdown(wait=False, cancel_futures=True)
