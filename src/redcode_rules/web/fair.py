"""The workshop's "is it fair?": a bounded balance run in the background.

The lab's balance run (lab/balance.py) of the workshop file against the
plain edition, its games played in the balance worker a few at a time so
that the page can show how far it is; the report is the lab's Markdown.
At most ``MAX_GAMES`` games a configuration, and one run at a time on a
server: a request beyond either is refused, saying why.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import attrs

from ..base.errors import UsageError
from ..bots.specs import parse_bot
from ..lab.balance import BalanceSetup, summarise
from ..lab.report import markdown
from ..lab.selfplay import GameRecord, RulesSource
from .setups import WORKSHOP_FILE
from .store import token
from .thinking import Workers

#: The most games of each side of the A/B a page may ask for.
MAX_GAMES = 100
#: Games sent to the worker at a time (the progress moves by this much).
BATCH = 2
#: The bot of the run: the greedy bot, fast enough for a page to wait on
#: (the lab's lookahead default takes about ten times longer a game).
BOT = "greedy"


@attrs.define
class FairRun:
    """One run: who asked, how far it is, and its report or error once done."""

    id: str
    owner: str
    total: int
    done: int = 0
    report: str | None = None
    error: str | None = None
    started: float = attrs.Factory(time.time)

    def state(self) -> dict[str, Any]:
        return {"id": self.id, "done": self.done, "total": self.total, "report": self.report,
                "error": self.error}


class FairRuns:
    """The runs of this server (see the module's docstring)."""

    def __init__(self, workers: Workers):
        self.workers = workers
        self.runs: dict[str, FairRun] = {}
        self.task: asyncio.Task | None = None

    def start(self, text: str, edition: str, games: Any, owner: str) -> FairRun:
        """A run of ``games`` games a side; ``UsageError`` past the bound or while another runs."""
        if not isinstance(games, int) or isinstance(games, bool) or not 2 <= games <= MAX_GAMES:
            raise UsageError(f"games: from 2 to {MAX_GAMES}, not {games!r}")
        if self.task is not None and not self.task.done():
            raise UsageError("busy")
        setup = BalanceSetup(a=RulesSource(edition, ((WORKSHOP_FILE, text),), "A"),
                             bot=parse_bot(BOT), games=games,
                             b=RulesSource(edition, (), "B"))
        specs = setup.specs()
        run = FairRun(token(), owner, len(specs))
        self.runs[run.id] = run
        self.task = asyncio.create_task(self.play(run, setup))
        return run

    async def play(self, run: FairRun, setup: BalanceSetup) -> None:
        records: list[GameRecord] = []
        specs = setup.specs()
        try:
            for i in range(0, len(specs), BATCH):
                records += await self.workers.games(specs[i:i + BATCH])
                run.done = len(records)
            report = await asyncio.get_running_loop().run_in_executor(
                None, summarise, setup, records)
            run.report = markdown(report)
        except Exception as err:  # a card that breaks a game: said on the page
            run.error = str(err) or type(err).__name__

    def get(self, run_id: str, owner: str) -> FairRun | None:
        run = self.runs.get(run_id)
        return run if run is not None and run.owner == owner else None
