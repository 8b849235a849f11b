"""The table in a browser, through the server as a page talks to it
(Starlette's TestClient): the lobby makes a game, seats play it over their
WebSockets by clicks, a restarted server resumes it, and every bad request is
refused with its reason, changing nothing."""

from __future__ import annotations

import json
import random
import re

import pytest

from web_client import Site, click_path, next_table, picks_of

import redcode_rules as rc
from redcode_rules.web.store import SqliteStore


@pytest.fixture
def site(tmp_path, web_workers):
    with Site(tmp_path / "tables.sqlite3", web_workers) as running:
        yield running


def play_out(site: Site, token: str, seed: int = 1, limit: int = 2000) -> dict:
    """Click random moves for one seat until the game is over; the last message."""
    rng = random.Random(seed)
    with site.seat_socket(token) as socket:
        for _ in range(limit):
            message = next_table(socket)
            if message["over"]:
                return message
            tree = picks_of(message)
            if tree is not None:
                socket.send_json({"type": "move", "move": click_path(tree, rng)[1],
                                  "version": message["version"]})
    raise AssertionError("the game did not end")


def the_table(site: Site):
    """The one table of a site's server."""
    [table] = site.app.state.server.hub.tables.values()
    return table


def stored_moves(site: Site, token: str) -> list[str]:
    store = SqliteStore(site.db)
    try:
        game_id, _ = store.seat_of(token)
        return [m.move for m in store.moves(game_id)]
    finally:
        store.close()


@pytest.mark.mass  # a whole game: seconds (the quick run's tables play a dozen moves)
def test_a_whole_short_game_is_clicked_through_against_a_bot_and_every_move_is_stored(site):
    links = site.create(short="on", seed="11")
    last = play_out(site, links["blue-submarine"])
    moves = stored_moves(site, links["blue-submarine"])
    assert last["version"] == len(moves) > 10
    game = rc.Game.from_replay(the_table(site).game.replay())
    assert game.is_over and list(game.moves) == moves
    assert "Game over." in last["html"]


def test_the_lobby_lists_ones_games_and_the_links_page_names_every_seat(site):
    links = site.create(teams="2v2", seat3="human", seat4="greedy")
    assert set(links) == {"blue-submarine", "blue-destroyer", "spectator"}
    lobby = site.client.get("/").text
    assert lobby.count('href="/play/') == 1 and "war 2v2" in lobby


def test_a_seat_page_shows_its_hand_and_the_spectator_page_shows_none(site):
    links = site.create(seat2="human")
    seat = site.client.get(f"/play/{links['blue-submarine']}").text
    spectator = site.client.get(f"/play/{links['spectator']}").text
    assert 'id="hand"' in seat and 'id="hand"' not in spectator
    assert "You are watching" in spectator and "You play the blue submarine." in seat


def test_a_restarted_server_resumes_the_game_where_it_stood(tmp_path, web_workers):
    db = tmp_path / "tables.sqlite3"
    rng = random.Random(3)
    with Site(db, web_workers) as first:
        links = first.create(seed="5")
        with first.seat_socket(links["blue-submarine"]) as socket:
            for _ in range(12):
                message = next_table(socket)
                tree = picks_of(message)
                if tree:
                    socket.send_json({"type": "move", "move": click_path(tree, rng)[1],
                                      "version": message["version"]})
        before = the_table(first).game
        moves, board = list(before.moves), before.board_text()
    with Site(db, web_workers) as second:  # a new process would start just so
        page = second.client.get(f"/play/{links['blue-submarine']}")
        assert page.status_code == 200
        table = the_table(second)
        assert list(table.game.moves)[:len(moves)] == moves and moves
        assert len(table.game.moves) >= len(moves)


def test_undo_takes_back_the_persons_last_move_and_the_bots_since(site):
    links = site.create(seed="3")
    rng = random.Random(2)
    with site.seat_socket(links["blue-submarine"]) as socket:
        message = next_table(socket)
        while picks_of(message) is None:
            message = next_table(socket)
        socket.send_json({"type": "move", "move": click_path(picks_of(message), rng)[1],
                          "version": message["version"]})
        message = next_table(socket)
        while picks_of(message) is None:
            message = next_table(socket)
        assert 'id="undo"' in message["html"]
        table = the_table(site)
        socket.send_json({"type": "undo", "version": message["version"]})
        undone = next_table(socket)
        assert len(table.game.moves) == 0 and 'id="undo"' not in undone["html"]
    assert stored_moves(site, links["blue-submarine"]) == []


BAD_MESSAGES = [
    ("not json", "That message is not a move."),
    (json.dumps([1, 2]), "That message is not a move."),
    (json.dumps({"type": "move", "move": 7, "version": 0}), "That message is not a move."),
    (json.dumps({"type": "move", "move": "x" * 400, "version": 0}), "That message is not a move."),
    (json.dumps({"type": "move", "move": "place a1", "version": 99}), "The game moved on"),
    (json.dumps({"type": "move", "move": "place h6", "version": 0}), "Not a legal move now"),
    (json.dumps({"type": "move", "move": "torpedo", "version": 0}), "Not a legal move now"),
    (json.dumps({"type": "undo", "version": 0}), "Undo is only for"),
    (json.dumps({"type": "shout"}), "That message is not a move."),
]


@pytest.mark.parametrize("text,reason", BAD_MESSAGES)
def test_a_bad_message_is_refused_with_its_reason_and_changes_nothing(site, text, reason):
    links = site.create(seat2="human")
    with site.seat_socket(links["blue-submarine"]) as socket:
        first = next_table(socket)
        socket.send_text(text)
        refusal = socket.receive_json()
        assert refusal["type"] == "error" and refusal["message"].startswith(reason), refusal
    assert stored_moves(site, links["blue-submarine"]) == []
    assert first["version"] == 0


def test_a_move_out_of_turn_and_a_spectators_move_are_refused(site):
    links = site.create(seat2="human")
    for token, reason in ((links["red-destroyer"], "It is not your turn: blue submarine"),
                          (links["spectator"], "A spectator cannot play.")):
        with site.seat_socket(token) as socket:
            next_table(socket)
            socket.send_json({"type": "move", "move": "place a1", "version": 0})
            assert socket.receive_json()["message"].startswith(reason)
    assert stored_moves(site, links["blue-submarine"]) == []


def test_a_token_of_another_game_or_none_finds_nothing(site):
    first = site.create(seat2="human")
    site.create(seat2="human")
    assert site.client.get("/play/" + "x" * 22).status_code == 404
    assert site.client.get(f"/links/{first['spectator']}").status_code == 404
    from starlette.websockets import WebSocketDisconnect
    with pytest.raises(WebSocketDisconnect):
        with site.seat_socket("nope" * 6) as socket:
            socket.receive_json()


def test_a_form_without_this_sites_token_or_from_another_site_is_refused(site):
    base = {"edition": "en", "teams": "1v1", "seat1": "human", "seat2": "random"}
    assert site.client.post("/games", data=base).status_code == 403
    forged = site.client.post("/games", data={**base, "csrf": site.csrf()},
                              headers={"Origin": "http://evil.example"})
    assert forged.status_code == 403
    assert "not sent from this site" in forged.text
    assert site.client.get("/").text.count('href="/play/') == 0


@pytest.mark.parametrize("field,value,reason", [
    ("edition", "xx", "'xx' is not one of en, es, it"),
    ("teams", "4v4", "'4v4' is not one of 1v1, 2v2, 3v3"),
    ("seat2", "cheater", "'cheater' is not one of human, random"),
    ("seed", "-3", "'-3' is not a whole number"),
    ("cards", "no-such-draft", "There is no such game or link."),
])
def test_a_bad_lobby_field_is_named_and_no_game_is_made(site, field, value, reason):
    data = {"csrf": site.csrf(), "edition": "en", "teams": "1v1", "seat1": "human",
            "seat2": "random", field: value}
    answer = site.client.post("/games", data=data)
    said = f"The form's {field} is wrong: {reason}".replace("'", "&#39;")
    assert answer.status_code == 400 and said in answer.text
    assert site.client.get("/").text.count('href="/play/') == 0


def test_an_oversize_body_is_refused_before_it_is_read(site):
    answer = site.client.post("/games", content=b"a=" + b"x" * 200_000,
                              headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert answer.status_code == 413 and "too large" in answer.text


def test_every_page_keeps_its_links_to_itself_and_runs_only_its_own_script(site):
    for path in ("/", "/workshop"):
        headers = site.client.get(path).headers
        assert headers["referrer-policy"] == "same-origin"
        assert "script-src 'self'" in headers["content-security-policy"]


@pytest.mark.mass  # a whole game: seconds (tests/test_web_store.py: the version check)
def test_two_players_acting_at_once_never_lose_or_reorder_a_move(site):
    """Two people, each on a thread of their own, send a move after every
    table they are shown, their turn or not; only moves of the seat to move
    at the version shown are taken, and the store holds exactly the game's
    moves, in order, every one acknowledged by a table message."""
    import threading

    links = site.create(seat2="human", seed="9", short="on")
    refused: dict[str, list[str]] = {}

    def person(seat: str, seed: int) -> None:
        rng = random.Random(seed)
        errors = refused.setdefault(seat, [])
        with site.seat_socket(links[seat]) as socket:
            while True:
                message = next_table(socket, errors)
                if message["over"]:
                    return
                tree = picks_of(message)
                move = click_path(tree, rng)[1] if tree else "end"
                socket.send_json({"type": "move", "move": move, "version": message["version"]})

    threads = [threading.Thread(target=person, args=(seat, i))
               for i, seat in enumerate(("blue-submarine", "red-destroyer"))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    table = the_table(site)
    assert table.game.is_over
    assert stored_moves(site, links["blue-submarine"]) == list(table.game.moves)
    assert table.version == len(table.game.moves) > 0
    assert any(refused.values())  # they did act at once
