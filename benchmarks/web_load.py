"""Load on the table: N simulated people on the loopback playing random games
at once, the time from a move's request to every seat's update, errors, and
moves lost when the server is killed (kill -9) mid-run and started again.

    python benchmarks/web_load.py --clients 50 --seconds 60
    python benchmarks/web_load.py --clients 200 --seconds 60

Needs the web extra (the server) and websockets and httpx (the clients:
`pip install -e '.[web,web-test]'`). The server runs as `redcode serve` in a
process of its own on a fresh SQLite file; the clients share one process.
N clients sit at N/2 games of two people (1v1, no bots: the figure is the
server's, not a bot's thinking); each waits --think seconds (uniform from
half to one and a half times it) before a move, picks it by random clicks
down the page's click tree, and notes when every seat of its game has the
update. After --seconds the server is killed with SIGKILL and started
again: every move some page was told of must still be stored (a move is
told only after it is stored), and the games go on for --after seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

PICKS = re.compile(r'<script type="application/json" id="picks">(.*?)</script>', re.S)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: Path, port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "redcode_rules", "serve", "--db", str(db),
                               "--port", str(port)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def make_games(base: str, count: int) -> list[tuple[str, str]]:
    """``count`` games of two people: each game's two seat tokens."""
    out = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for i in range(count):
            csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/").text).group(1)
            made = client.post("/games", data={"csrf": csrf, "edition": "en", "mode": "war",
                                               "teams": "1v1", "seat1": "human",
                                               "seat2": "human", "seed": str(i)},
                               follow_redirects=True)
            tokens = re.findall(r'class="seat-link" href="/play/([^"]+)"', made.text)
            out.append((tokens[0], tokens[1]))
    return out


class Game:
    """What the clients of one game know: moves asked (version → time) and who has which version."""

    def __init__(self):
        self.asked: dict[int, float] = {}
        self.seen: dict[int, int] = {0: 0, 1: 0}
        self.acked = 0  # the highest version some page was told

    def told(self, seat: int, version: int, latencies: list[float]) -> None:
        self.seen[seat] = max(self.seen[seat], version)
        self.acked = max(self.acked, version)
        both = min(self.seen.values())
        for v in [v for v in self.asked if v < both]:
            latencies.append(time.perf_counter() - self.asked.pop(v))


async def client(base_ws: str, token: str, seat: int, game: Game, think: float,
                 rng: random.Random, stop: asyncio.Event, latencies: list[float],
                 errors: list[str]) -> None:
    while not stop.is_set():
        try:
            async with websockets.connect(f"{base_ws}/ws/{token}", max_size=2 ** 22) as ws:
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), 1.0)
                    except asyncio.TimeoutError:
                        continue
                    message = json.loads(raw)
                    if message["type"] == "error":
                        errors.append(message["message"])
                        continue
                    game.told(seat, message["version"], latencies)
                    if message["over"]:
                        return
                    found = PICKS.search(message["html"])
                    if not found:
                        continue
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                    node = json.loads(found.group(1))["tree"]
                    while node["next"] and not (node["move"] and rng.random() < 0.3):
                        node = node["next"][rng.choice(list(node["next"]))]
                    game.asked[message["version"]] = time.perf_counter()
                    await ws.send(json.dumps({"type": "move", "move": node["move"],
                                              "version": message["version"]}))
        except (OSError, websockets.ConnectionClosed, websockets.InvalidStatus):
            await asyncio.sleep(0.2)  # the server is down: come back


async def run_phase(base_ws: str, games: list[tuple[str, str]], states: list[Game],
                    think: float, seconds: float, seed: int) -> tuple[list[float], list[str]]:
    latencies: list[float] = []
    errors: list[str] = []
    stop = asyncio.Event()
    tasks = [asyncio.create_task(client(base_ws, token, seat, state, think,
                                        random.Random(seed * 1000 + i * 2 + seat), stop,
                                        latencies, errors))
             for i, (pair, state) in enumerate(zip(games, states))
             for seat, token in enumerate(pair)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return latencies, errors


def stored_plies(db: Path, tokens: list[tuple[str, str]]) -> list[int]:
    conn = sqlite3.connect(str(db))
    try:
        out = []
        for first, _ in tokens:
            game = conn.execute("SELECT game FROM rc_seats WHERE token = ?", (first,)).fetchone()[0]
            out.append(conn.execute("SELECT COUNT(*) FROM rc_moves WHERE game = ?",
                                    (game,)).fetchone()[0])
        return out
    finally:
        conn.close()


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile of times in seconds, in milliseconds (nan if none)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="simulated people (even)")
    parser.add_argument("--seconds", type=float, default=60, help="play before the kill -9")
    parser.add_argument("--after", type=float, default=20, help="play after the restart")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before a move")
    parser.add_argument("--seed", type=int, default=1, help="the clients' random seed")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="redcode-load-"))
    db = folder / "tables.sqlite3"
    port = free_port()
    base, base_ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = start_server(db, port)
    games = make_games(base, args.clients // 2)
    states = [Game() for _ in games]
    latencies, errors = asyncio.run(run_phase(base_ws, games, states, args.think, args.seconds,
                                              args.seed))
    os.kill(server.pid, signal.SIGKILL)  # mid-run: the clients were still playing
    server.wait()
    for state in states:  # a move asked as the server died is not an update's time
        state.asked.clear()
    told = [s.acked for s in states]
    plies = stored_plies(db, games)
    lost = sum(max(0, t - p) for t, p in zip(told, plies))
    server = start_server(db, port)
    try:
        after, after_errors = asyncio.run(run_phase(base_ws, games, states, args.think,
                                                    args.after, args.seed + 1))
    finally:
        server.terminate()
        server.wait()
    print(f"clients {args.clients} ({len(games)} games), think {args.think} s, "
          f"{args.seconds:g} s + kill -9 + {args.after:g} s")
    for name, times in (("all", latencies + after), ("before the kill", latencies),
                        ("after the restart", after)):
        print(f"{name}: moves {len(times)}, update at every seat "
              f"p50 {percentile(times, 50):.1f} ms, p95 {percentile(times, 95):.1f} ms, "
              f"p99 {percentile(times, 99):.1f} ms")
    print(f"errors {len(errors) + len(after_errors)}"
          + (f" ({(errors + after_errors)[:3]})" if errors or after_errors else ""))
    print(f"moves told before the kill {sum(told)}, stored {sum(plies)}, lost {lost}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
