"""The table's pictures: drawn once for each public state they show, the same
as drawn anew, one board for every seat (each page draws its own visual
field over it), and sent to a page only when it does not show them yet."""

from __future__ import annotations

import random
import re

import pytest

from web_client import Site, next_table

from redcode_rules.render.svg import board, control_card, visual_field
from redcode_rules.web.pictures import Pictures
from redcode_rules.web.setups import TableConfig

SLOT = re.compile(r'<div class="pic" data-pic="(p[0-9a-f]+)">(<svg)?')


def slots(html: str) -> dict[str, bool]:
    """Each picture's id on a page, and whether its slot holds the picture."""
    return {ident: bool(svg) for ident, svg in SLOT.findall(html)}


@pytest.mark.parametrize("teams,seed,lang", [("1v1", 3, "en"), ("2v2", 8, "es")])
def test_a_kept_picture_is_the_one_drawn_anew(monkeypatch, teams, seed, lang):
    from redcode_rules.web import pictures as module
    drawn = []
    monkeypatch.setattr(module, "board", lambda *a, **k: drawn.append(1) or board(*a, **k))
    monkeypatch.setattr(module, "control_card",
                        lambda *a, **k: drawn.append(1) or control_card(*a, **k))
    players = ("human",) * (2 if teams == "1v1" else 4)
    game = TableConfig(size=teams, players=players, seed=seed).new_game()
    pictures = Pictures()
    rng = random.Random(seed)
    asked = 0
    for version in range(40):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
        pictures.moved_on(version)
        seen = game.observation(game.ships[0])
        assert pictures.board(game, seen, lang).svg == board(game, lang=lang)
        for ship in seen.ships:
            assert pictures.card(game, ship, lang).svg == control_card(game, ship.id, lang=lang)
        asked += 1 + len(seen.ships)
    assert 0 < len(drawn) < asked * 2 / 3, (len(drawn), asked)  # a move changes few pictures


def test_a_page_is_sent_only_the_pictures_it_does_not_show_yet(tmp_path, web_workers):
    with Site(tmp_path / "t.sqlite3", web_workers) as site:
        links = site.create(seat2="human")
        with site.seat_socket(links["blue-submarine"]) as blue, \
                site.seat_socket(links["spectator"]) as spectator:
            first = next_table(blue)
            watched = next_table(spectator)
            shown = slots(first["html"])
            assert len(shown) == 3 and all(shown.values())  # the board, two control cards
            blue.send_json({"type": "move", "move": "place a1", "version": 0})
            after = slots(next_table(blue)["html"])
            (board0, blue0, red0), (board1, blue1, red1) = shown, after
            assert board1 != board0 and blue1 != blue0  # a ship placed: its box shown
            assert red1 == red0 and after == {board1: True, blue1: True, red1: False}
            watched = slots(watched["html"])
            seen = slots(next_table(spectator)["html"])
            assert list(watched) == [board0, blue0, red0]  # the board every seat is shown
            assert seen == {board1: True, blue1: True, red1: False}
            blue.send_json({"type": "refresh"})  # a page that lost one: everything again
            again = next_table(blue)
            assert again["reset"] and all(slots(again["html"]).values())


def test_each_seat_draws_its_own_visual_field_over_the_shared_board(tmp_path, web_workers):
    with Site(tmp_path / "t.sqlite3", web_workers) as site:
        links = site.create(seat2="human")
        with site.seat_socket(links["blue-submarine"]) as blue:
            next_table(blue)
            blue.send_json({"type": "move", "move": "place b2", "version": 0})
            next_table(blue)
        game = next(iter(site.app.state.server.hub.tables.values())).game
        pages = {seat: site.client.get(f"/play/{token}").text for seat, token in links.items()}
    field = " ".join(visual_field(game, "blue-submarine"))
    assert field and f'data-field="{field}" data-own="b2"' in pages["blue-submarine"]
    assert 'data-field="" data-own=""' in pages["red-destroyer"]  # not placed yet
    assert 'data-field="" data-own=""' in pages["spectator"]
    boards = {re.search(r'id="board".*?data-pic="(p[0-9a-f]+)"', page, re.S).group(1)
              for page in pages.values()}
    assert len(boards) == 1 and 'class="field"' not in pages["blue-submarine"]
