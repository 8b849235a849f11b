"""What a player sees of a card on the stack with several targets: every
ship it targets is public (D7.7), so the observation lists them all and the
tensor's stack plane marks them all (read straight from the game or written
from the observation), and `Game.stack`, the terminal and the table page
name them all, for a counted target (D4.13) and for a target with a second
target (D4.14). The card files are tests/data/several_targets.rc and
tests/data/second_target.rc."""

import io

import pytest

import redcode_rules as rc
from redcode_rules.i18n.catalog import catalog
from redcode_rules.info.game_tensor import observation_tensor
from redcode_rules.info.observation import ObservedItem, observe
from redcode_rules.terminal.menu import Menu
from redcode_rules.terminal.screen import Screen, View
from redcode_rules.web.views import seat_view

from conftest import OPEN_BOARD, ROOT, scenario_game

#: Seats: blue-submarine, red-destroyer, blue-destroyer, red-aircraft_carrier,
#: blue-aircraft_carrier, red-submarine (as in the card language's tests).
SHIPS = {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
         "blue-destroyer": {"at": "d4"}, "red-aircraft_carrier": {"at": "c5"},
         "blue-aircraft_carrier": {"at": "a1"}, "red-submarine": {"at": "f4"}}


def played(cards: str, move: str) -> rc.Game:
    """The game with ``move`` on the stack, its answer window open (the red
    destroyer may respond: ``respond shield …``, ``respond torpedo …``)."""
    g = scenario_game({"edition": "en", "extra": [str(ROOT / "tests" / "data" / cards)],
                       "board": OPEN_BOARD, "phase": "maneuvers", "deck": [],
                       "ships": SHIPS, "hands": {"blue-submarine": []}})
    g.play(move)
    assert g.decision == "respond" and any(m != "pass" for m in g.legal_moves())
    return g


SALVO = ("several_targets.rc", "salvo red-destroyer red-aircraft_carrier",
         ("red-destroyer", "red-aircraft_carrier"), [0, 1, 0, 1, 0, 0])
RICOCHET = ("second_target.rc", "ricochet red-destroyer blue-destroyer",
            ("red-destroyer", "blue-destroyer"), [0, 1, 1, 0, 0, 0])
#: How the terminal and the table page name the ships, in English.
SAID = {"red-destroyer": "red destroyer", "red-aircraft_carrier": "red aircraft carrier",
        "blue-destroyer": "blue destroyer"}
BOTH = pytest.mark.parametrize("cards, move, targets, plane", [SALVO, RICOCHET],
                               ids=["counted", "second"])


def target_plane(game: rc.Game, tensor) -> list[float]:
    """The top stack item's target plane (by seat): docs/ai-tables.md."""
    enc = observe(game, game.ships[0]).encoding
    n = len(game.ships)
    at = enc.layout["stack"].offset + len(enc.cards) + n
    return list(tensor[at:at + n])


@BOTH
def test_every_player_sees_every_target_of_the_card_on_the_stack(cards, move, targets, plane):
    g = played(cards, move)
    for player in g.ships:
        item = observe(g, player).stack[-1]
        assert (item.player, item.target, item.targets) == (
            "blue-submarine", targets[0], targets)


@BOTH
def test_the_observation_string_names_every_target(cards, move, targets, plane):
    g = played(cards, move)
    card = move.split()[0]
    kind = "maneuver"
    assert f"stack 0: {card} ({kind}) by blue-submarine at {' '.join(targets)}" \
        in str(g.observation(g.to_move)).splitlines()


@BOTH
def test_the_tensor_marks_every_target_read_from_the_game_or_the_observation(
        cards, move, targets, plane):
    g = played(cards, move)
    for player in g.ships:
        assert target_plane(g, observation_tensor(g, player)) == plane
        assert target_plane(g, observe(g, player).tensor()) == plane


def test_a_card_with_one_target_lists_that_target_alone():
    g = played("several_targets.rc", "salvo red-aircraft_carrier")
    assert observe(g, g.to_move).stack[-1].targets == ("red-aircraft_carrier",)
    assert target_plane(g, observation_tensor(g, g.to_move)) == [0, 0, 0, 1, 0, 0]


def test_an_item_made_with_one_target_lists_it_as_its_targets():
    item = ObservedItem("salvo", "maneuver", "blue-submarine", "red-destroyer", False)
    assert item.targets == ("red-destroyer",)
    assert ObservedItem("salvo", "maneuver", "blue-submarine", None, False).targets == ()


@BOTH
def test_the_games_stack_names_every_target(cards, move, targets, plane):
    g = played(cards, move)
    assert g.stack[-1] == {"card": move.split()[0], "player": "blue-submarine",
                           "cancelled": False, "target": targets[0],
                           "targets": list(targets)}


@BOTH
def test_the_terminal_names_every_target_of_the_card_to_answer(cards, move, targets, plane):
    g = played(cards, move)
    out = io.StringIO()
    View(Screen(out), "en", g.to_move).show_decision(g, Menu(g, g.to_move, catalog("en")["play"]))
    assert f"\nBlue submarine plays {move.split()[0].title()} on {SAID[targets[0]]} and " \
        f"{SAID[targets[1]]}.\n" in out.getvalue()


@BOTH
def test_the_table_page_names_every_target_of_the_card_to_answer(cards, move, targets, plane):
    g = played(cards, move)
    view = seat_view(g, g.to_move, "en", {ship: "bot" for ship in g.ships})
    assert view.answering == (f"blue submarine plays {move.split()[0].title()} on "
                              f"{SAID[targets[0]]} and {SAID[targets[1]]}: you may respond.")
