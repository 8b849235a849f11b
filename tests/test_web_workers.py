"""The table's worker processes (bots, the workshop's checks, balance games)
end with the server's process, even one killed (kill -9) or ended by a
signal that skips its exit handlers (uvicorn raises SIGTERM again after its
shutdown): none is left waiting on its queue for ever."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

SERVER = textwrap.dedent("""
    import asyncio, os, signal
    from redcode_rules.web.thinking import Workers

    async def main():
        workers = Workers(1)
        print(await workers.run(os.getpid), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)

    asyncio.run(main())
""")


def running(pid: int) -> bool:
    """Whether a process is alive (not gone, not a zombie awaiting its reaping)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_a_worker_ends_when_the_server_is_killed():
    # its output read up to its line: a worker left behind holds the pipe open
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    worker = int(server.stdout.readline())
    assert server.wait(60) == -9
    server.stdout.close()
    deadline = time.monotonic() + 20
    try:
        while running(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(worker)
    finally:
        if running(worker):  # the test failed: nothing left behind all the same
            os.kill(worker, signal.SIGKILL)
