"""The server is where the secrets live: whole games with people and bots,
and no page or message sent to a seat names a card hidden from it (another
hand, a teammate's included, or the deck), and no name from a card file
reaches a page unescaped."""

from __future__ import annotations

import random
import re

import pytest

from conftest import quick_and_mass
from web_client import Site, click_path, next_table, picks_of

import redcode_rules as rc

#: Every order card once, so a card's name tells where that one card is.
UNIQUE_DECK = "rules { deck_size 9 }\n" + "".join(
    f"patch order {card} {{ copies 1 }}\n"
    for card in ("ambush", "deserter", "boatswain", "atomic_bomb", "evasion", "captain",
                 "mechanic", "intercept", "kamikaze"))


def hidden_from(game: rc.Game, seat: str) -> set[str]:
    """The order cards ``seat`` cannot see now: in other hands unknown to it, or in the deck."""
    obs = game.observation(seat)
    known = {c for _, cards in obs.known for c in cards} | set(obs.deck_top)
    hidden = set(game.state.deck) - known
    for other in game.ships:
        if other != seat:
            hidden |= set(game.hand(other)) - known
    return hidden


def public_to(game: rc.Game, seat: str) -> set[str]:
    """The cards ``seat`` sees now: its hand, what it was shown, the discards, the stack."""
    obs = game.observation(seat)
    return (set(obs.hand) | {c for _, cards in obs.known for c in cards} | set(obs.deck_top)
            | set(obs.discards) | {item.card for item in obs.stack})


def names_of(rules: rc.Ruleset, cards: set[str]) -> list[re.Pattern]:
    return [re.compile(rf"\b{re.escape(word)}\b") for card in cards
            for word in (card, rules.name_of(card, "en"))]


# the quick run plays the first 30 moves; -m mass plays the whole game
@pytest.mark.parametrize("upto", quick_and_mass([30, None], {0}, ["30-moves", "whole-game"]))
def test_no_page_or_message_to_a_seat_names_a_card_hidden_from_it(tmp_path, web_workers, upto):
    with Site(tmp_path / "t.sqlite3", web_workers) as site:
        played = site.client.post("/workshop/play", data={
            "csrf": site.csrf("/workshop"), "edition": "en", "text": UNIQUE_DECK},
            follow_redirects=False)
        assert played.status_code == 303
        draft = re.search(r'<option value="([^"]+)">rules', site.client.get("/").text).group(1)
        links = site.create(teams="2v2", seat1="human", seat2="random", seat3="human",
                            seat4="random", cards=draft, short="on", seed="4")
        table = [t for t in site.app.state.server.hub.tables.values()
                 if len(t.game.ships) == 4][0]
        rules = table.game.rules
        start = table.game.replay()  # its setup: the moves are read when the people stop
        humans = ["blue-submarine", "blue-destroyer"]  # teammates: their hands hidden too
        seen: dict[str, list[dict]] = {seat: [] for seat in humans}
        import threading

        def person(seat: str, seed: int) -> None:
            rng = random.Random(seed)
            with site.seat_socket(links[seat]) as socket:
                while True:
                    message = next_table(socket, [])
                    seen[seat].append(message)
                    if len(seen[seat]) % 8 == 0:  # the page as a reload draws it, now and then
                        page = site.client.get(f"/play/{links[seat]}").text
                        version = int(re.search(r'data-version="(\d+)"', page).group(1))
                        log = re.search(r'<ol id="log">(.*?)</ol>', page, re.S).group(1)
                        seen[seat].append({"version": version, "log": [log],
                                           "html": page.replace(log, "")})
                    if message["over"] or (upto and message["version"] >= upto):
                        return
                    tree = picks_of(message)
                    if tree is not None:
                        socket.send_json({"type": "move", "move": click_path(tree, rng)[1],
                                          "version": message["version"]})

        threads = [threading.Thread(target=person, args=(s, i)) for i, s in enumerate(humans)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(180)
        assert table.game.is_over or upto
        moves = list(table.game.moves)
    checked = 0
    for seat, messages in seen.items():
        game = rc.Game.from_replay({**start, "moves": []})
        ever = public_to(game, seat)  # the log tells the past: a card once seen may be named
        for message in sorted(messages, key=lambda m: m["version"]):
            while len(game.moves) < message["version"]:
                game.play(moves[len(game.moves)])
                ever |= public_to(game, seat)
            hidden = hidden_from(game, seat)
            for pattern in names_of(rules, hidden):
                assert not pattern.search(message["html"]), (seat, pattern.pattern)
            for pattern in names_of(rules, hidden - ever):
                for line in message["log"]:
                    assert not pattern.search(line), (seat, pattern.pattern, line)
            checked += 1
    assert checked > 20 and len(moves) > 20


def test_a_card_name_with_markup_shows_as_text(tmp_path, web_workers):
    hostile = ('patch ship submarine { name en "<script>alert(1)</script><i>" }\n'
               'order sneak {\n    copies 2\n    effect damage 1 to target\n'
               '    name en "<script>alert(2)</script><i>"\n}\n'
               'patch order ambush { copies -2 }\n')
    with Site(tmp_path / "t.sqlite3", web_workers) as site:
        check = site.client.post("/workshop/check", json={"text": hostile, "edition": "en"},
                                 headers={"X-CSRF-Token": site.csrf("/workshop")})
        assert check.json()["problems"] == []
        played = site.client.post("/workshop/play", data={
            "csrf": site.csrf("/workshop"), "edition": "en", "text": hostile},
            follow_redirects=False)
        page = site.client.get(played.headers["location"]).text
        lobby = site.client.get("/").text
    for html in (page, lobby):
        assert "<script>alert" not in html and "<i>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;i&gt;" in page  # the ships, the pictures
