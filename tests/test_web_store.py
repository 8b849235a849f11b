"""Where games are kept: the same small interface on SQLite and on a real
PostgreSQL (``REDCODE_TEST_POSTGRES``, a URL that .ci/run sets after
starting Debian's server; without it the PostgreSQL cases skip, saying why).
Two stores on one database stand for two server processes: of two writers
of one game, the one that read an old version is refused, so no move is
lost or reordered; and two live servers on one PostgreSQL database show
each other's moves."""

from __future__ import annotations

import json
import os
import re
import threading
import time

import pytest

from redcode_rules.web.store import Seat, SqliteStore, StoredGame, StoredMove, open_store, token

POSTGRES = os.environ.get("REDCODE_TEST_POSTGRES")


def fresh_postgres() -> str:
    """The test database's URL, its tables dropped (a skip if there is none)."""
    if not POSTGRES:
        pytest.skip("REDCODE_TEST_POSTGRES is not set (.ci/run starts PostgreSQL and sets it)")
    pytest.importorskip("psycopg", reason="the web-postgres extra is not installed")
    import psycopg
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        for table in ("rc_games", "rc_seats", "rc_moves", "rc_visits", "rc_drafts", "rc_meta"):
            conn.execute(f"DROP TABLE IF EXISTS {table}")
    return POSTGRES


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def stores(request, tmp_path):
    """Two connections to one fresh database (two server processes)."""
    if request.param == "sqlite":
        path = tmp_path / "t.sqlite3"
        pair = SqliteStore(path), SqliteStore(path)
    else:
        url = fresh_postgres()
        pair = open_store(url), open_store(url)
    yield pair
    for store in pair:
        store.close()


def a_game() -> StoredGame:
    return StoredGame(token(), time.time(), {"setup": {}}, {"table": {}, "seats": ["a", "b"]},
                      token(), "owner", 0, 0, None, (Seat("a", token()), Seat("b", token(), "greedy")))


def test_a_move_is_stored_only_on_the_version_its_writer_read(stores):
    one, two = stores
    game = a_game()
    one.create(game)
    assert one.append(game.id, 0, StoredMove(0, "place a1", "a", True))
    assert not two.append(game.id, 0, StoredMove(1, "place g5", "b", True))  # read version 0
    assert two.append(game.id, 1, StoredMove(1, "place g5", "b", True))
    assert [m.move for m in one.moves(game.id)] == ["place a1", "place g5"]
    stored, moves = two.load(game.id)
    assert (stored.version, stored.plies, len(moves)) == (2, 2, 2)


def test_undo_takes_moves_back_and_bumps_the_version(stores):
    one, two = stores
    game = a_game()
    one.create(game)
    for ply, move in enumerate(["place a1", "place g5", "recover torpedo"]):
        assert one.append(game.id, ply, StoredMove(ply, move, "a", True))
    assert not two.truncate(game.id, 1, 1)
    assert two.truncate(game.id, 3, 1)
    assert [m.move for m in one.moves(game.id)] == ["place a1"]
    assert not one.append(game.id, 3, StoredMove(1, "place h6", "b", True))  # the ABA case
    assert one.game(game.id).version == 4


def test_seats_tokens_drafts_and_the_secret_are_kept(stores):
    one, two = stores
    game = a_game()
    one.create(game)
    person, bot = game.seats
    assert two.seat_of(person.token) == (game.id, "a")
    assert two.seat_of(bot.token) is None  # a bot's seat has no link
    assert two.seat_of(game.spectator) == (game.id, None)
    assert one.secret() == two.secret()
    draft = one.save_draft("me", "order x {}")
    assert two.draft(draft) == ("me", "order x {}") and two.drafts("other") == []
    one.remember("me", game.id, person.token)
    assert two.remembered("me") == [(game.id, person.token)]
    assert two.unfinished() == [game.id]
    one.finish(game.id, "blue")
    assert two.unfinished() == []


@pytest.mark.postgres
def test_postgres_tells_the_other_processes_of_a_change():
    url = fresh_postgres()
    one, two = open_store(url), open_store(url)
    heard: list[str] = []
    stop = threading.Event()
    listener = threading.Thread(target=two.listen, args=(heard.append, stop))
    listener.start()
    try:
        time.sleep(0.5)
        game = a_game()
        one.create(game)
        one.append(game.id, 0, StoredMove(0, "place a1", "a", True))
        for _ in range(50):
            if heard:
                break
            time.sleep(0.1)
        assert heard == [game.id]
    finally:
        stop.set()
        listener.join(5)
        one.close()
        two.close()


@pytest.mark.postgres
def test_two_live_servers_on_one_database_show_each_others_moves():
    """Two ``redcode serve`` processes on one PostgreSQL database: a game made
    on the first, blue playing there and red on the second; each move reaches
    the other process's page through PostgreSQL's notices."""
    url = fresh_postgres()
    pytest.importorskip("websockets", reason="the web extra is not installed")
    pytest.importorskip("httpx", reason="the web-test extra is not installed")
    import httpx
    from websockets.sync.client import connect
    from web_browser import served

    with served(url) as one, served(url) as two:
        with httpx.Client(base_url=one, timeout=30) as client:
            csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/").text).group(1)
            made = client.post("/games", follow_redirects=True, data={
                "csrf": csrf, "edition": "en", "teams": "1v1", "seat1": "human",
                "seat2": "human", "seed": "7"})
        blue, red = re.findall(r'class="seat-link" href="/play/([^"]+)"', made.text)

        def table(socket) -> dict:
            message = json.loads(socket.recv(timeout=30))
            assert message["type"] == "table", message
            return message

        with connect(f"{one.replace('http', 'ws')}/ws/{blue}") as on_one, \
                connect(f"{two.replace('http', 'ws')}/ws/{red}") as on_two:
            assert table(on_one)["version"] == table(on_two)["version"] == 0
            on_one.send(json.dumps({"type": "move", "move": "place a1", "version": 0}))
            assert table(on_one)["version"] == 1
            heard = table(on_two)
            assert heard["version"] == 1 and "  Blue submarine is placed at a1." in heard["log"]
            on_two.send(json.dumps({"type": "move", "move": "place h6", "version": 1}))
            assert table(on_two)["version"] == 2
            heard = table(on_one)
            assert heard["version"] == 2 and "  Red destroyer is placed at h6." in heard["log"]
