"""The library behaves as a Python library: its own errors (that are also the
KeyError or IndexError Python code expects) with did-you-mean, no live
internals handed out, notebook pictures, and an API reference of the public
surface only."""

import inspect
import json
import re

import pytest

import redcode_rules as rc

from conftest import ROOT, fixed_game



@pytest.fixture(scope="module")
def rules():
    return rc.load_ruleset("en")


# ------------------------------------------------------------------ errors


def test_an_unknown_ship_is_the_librarys_error_and_a_key_error(rules):
    game = fixed_game(rules)
    with pytest.raises(rc.UnknownName) as info:
        game.ship("red-destroyr")
    error = info.value
    assert isinstance(error, rc.RedCodeError) and isinstance(error, KeyError)
    assert str(error) == "no ship 'red-destroyr' — did you mean 'red-destroyer'?"
    assert (error.kind, error.name, error.suggestions) == ("ship", "red-destroyr",
                                                            ["red-destroyer"])
    with pytest.raises(KeyError, match="^no ship 'nope'; the ships are blue-submarine, "
                                       "red-destroyer$"):
        game.ship("nope")


@pytest.mark.parametrize("call, message", [
    (lambda g, r: g.ship("blue-sub"), "no ship 'blue-sub' — did you mean 'blue-submarine'?"),
    (lambda g, r: rc.svg.board(g, field_of="red-destroyr"),
     "no ship 'red-destroyr' — did you mean 'red-destroyer'?"),
    (lambda g, r: g.hand("nope"), "no ship 'nope'; the ships are blue-submarine, red-destroyer"),
    (lambda g, r: r.text("torpdo"), "no card 'torpdo' — did you mean 'torpedo' or "
                                    "'heavy_torpedo'?"),
    (lambda g, r: r.text("intercepted"), "no card 'intercepted' (it is a status: see "
                                         "status_text)"),
    (lambda g, r: r.card("submarine"), "no card 'submarine' (it is a ship type: see ships)"),
    (lambda g, r: r.status_text("intercept"), "no status 'intercept' — did you mean "
                                              "'intercepted'?"),
    (lambda g, r: g.ship("red-destroyer").crew_on("torpdo"),
     "no maneuver 'torpdo' on red-destroyer — did you mean 'torpedo'?"),
])
def test_every_unknown_name_says_what_it_should_name_and_the_closest(rules, call, message):
    game = fixed_game(rules)
    before = game.to_json()
    with pytest.raises(rc.UnknownName) as info:
        call(game, rules)
    assert str(info.value) == message
    assert isinstance(info.value, KeyError) and game.to_json() == before


def test_a_token_asked_as_a_status_or_a_card_is_said_to_be_a_token():
    rules = rc.load_ruleset("en", extra=[ROOT / "tests" / "data" / "terrain.rc"])
    hint = "(it is a token: see the tokens in 'redcode rules')"
    for call, kind in ((rules.status_text, "status"), (rules.text, "card")):
        with pytest.raises(rc.UnknownName) as info:
            call("shoal")
        assert str(info.value) == f"no {kind} 'shoal' {hint}"


def test_the_plural_of_an_unknown_status_is_statuses():
    rules = rc.load_ruleset("en", extra=[ROOT / "tests" / "data" / "terrain.rc"])
    with pytest.raises(rc.UnknownName) as info:
        rules.status_text("qqqq")
    assert str(info.value) == "no status 'qqqq'; the statuses are intercepted"


@pytest.mark.parametrize("options, message", [
    ({"size": 0}, "size must be a positive number, not 0"),
    ({"reach": 2}, "reach needs field_of (the ship whose visual field to show)"),
    ({"field_of": "red-destroyer", "reach": -1}, "reach must be a whole number >= 0, not -1"),
])
def test_a_picture_option_it_cannot_use_is_the_librarys_error(rules, options, message):
    with pytest.raises(rc.BadArgument) as info:
        fixed_game(rules).svg(**options)
    assert str(info.value) == message and isinstance(info.value, rc.RedCodeError)


def test_a_status_has_its_text_in_every_language(rules):
    assert rules.status_text("intercepted") == ("Intercepted, until its next turn: no "
                                                "maneuvers, not even responses.")
    assert rules.status_text("intercepted", "es") == ("Interceptado, hasta su próximo turno: "
                                                      "ninguna maniobra, ni siquiera respuestas.")


def test_undo_with_nothing_to_undo_is_the_librarys_error_and_an_index_error(rules):
    game = rc.new_game(rules)
    with pytest.raises(IndexError) as info:
        game.undo()
    assert isinstance(info.value, rc.NothingToUndo) and isinstance(info.value, rc.RedCodeError)
    assert str(info.value) == ("no move to undo: none has been played since the game was made "
                               "or loaded")


@pytest.mark.parametrize("text, field", [
    ("not json", "json"), ("[1, 2]", "json"), ('{"format": 99}', "format"),
])
def test_a_save_that_cannot_be_read_is_a_save_error(text, field):
    with pytest.raises(rc.SaveError) as info:
        rc.Game.from_json(text)
    assert isinstance(info.value, rc.ScenarioError)  # one except for every set-up
    assert info.value.field == field and str(info.value).startswith(f"save field '{field}': ")


# ------------------------------------------------------------------ no live internals


def test_the_moves_are_a_copy_that_refuses_changes(rules):
    game = fixed_game(rules)
    game.play("end")
    moves = game.moves
    assert moves == ["end"] and json.dumps(moves) == '["end"]'
    for change in (lambda: moves.append("end"), lambda: moves.clear(),
                   lambda: moves.__setitem__(0, "x"), lambda: moves.pop()):
        with pytest.raises(TypeError, match="cannot be changed"):
            change()
    game.play(game.legal_moves()[0])
    assert moves == ["end"] and len(game.moves) == 2  # a copy: it does not follow the game
    import copy
    import pickle
    assert pickle.loads(pickle.dumps(moves)) == copy.deepcopy(moves) == ["end"]


def test_the_log_and_the_setup_are_copies(rules):
    game = fixed_game(rules)
    assert isinstance(game.log, tuple) and game.log[0].kind == "game_start"
    setup = game.setup
    setup["seed"] = 99
    setup["teams"][0].append("destroyer")
    assert game.setup["seed"] == 0 and game.setup["teams"] == [["submarine"], ["destroyer"]]


def test_the_lists_a_game_answers_with_are_copies(rules):
    game = fixed_game(rules)
    before = game.to_json()
    for value in (game.legal_moves(), game.hand("blue-submarine"), game.deck, game.discards,
                  game.ships, game.stack, game.tokens):
        if isinstance(value, list):
            value.clear()
    game.score["blue"] = 5
    game.ship("blue-submarine").crew.clear()
    assert game.to_json() == before and len(game.legal_moves()) > 1


# ------------------------------------------------------------------ notebooks


def test_a_game_shows_itself_in_a_notebook(rules):
    game = fixed_game(rules)
    assert game._repr_svg_() == game.svg() and game._repr_svg_().startswith("<svg")
    html = game._repr_html_()
    assert html.startswith("<div><svg") and html.endswith(
        "<p>turn 1, blue-submarine to move (main), score blue 0 – red 0</p></div>")


def test_a_ruleset_shows_its_cards_in_a_notebook(rules):
    html = rules._repr_html_()
    rows = re.findall(r"<tr><td>(.*?)</td>", html)
    assert len(rows) == len(rules.maneuvers) + len(rules.orders)
    assert "<td>Torpedo</td><td>maneuver</td><td>2</td><td>2</td>" in html


# ------------------------------------------------------------------ the API reference

#: Members of Game that formats and tools inside the package use, not the public surface
INTERNAL = {"engine", "movegen", "run_to_decision", "move_of", "ship_state", "state", "board",
            "new"}


def test_the_api_reference_hides_the_internals_and_describes_every_member():
    page = (ROOT / "docs/api/game.md").read_text("utf-8")
    block = page.split("::: redcode_rules.Game\n")[1].split(":::")[0]
    hidden = set(re.findall(r'"!\^(\w+)\$"', block))
    assert INTERNAL <= hidden
    assert "merge_init_into_class: false" in block
    shown = [name for name, _ in inspect.getmembers(rc.Game)
             if not name.startswith("_") and name not in hidden]
    undocumented = [name for name in shown
                    if not inspect.getdoc(getattr(rc.Game, name))
                    and name not in ("rules",)]  # documented where __init__ sets it
    assert shown and undocumented == []


def test_the_score_line_counts_from_a_scenarios_score():
    game = rc.Game.from_scenario({
        "ships": {"blue-submarine": {"at": "c3"},
                  "red-destroyer": {"at": "d3", "repairs": 1, "breakdowns": 0}},
        "score": {"blue": 3, "red": 1}, "hands": {"blue-submarine": ["ambush"]},
        "phase": "maneuvers"})
    game.play("heavy_torpedo red-destroyer")
    game.play("pass")
    assert "  The blue side scores 1 point (4 in all)." in game.narration()
    assert "  La squadra blu segna 1 punto (4 in tutto)." in game.narration("it")
    assert rc.Game.from_json(game.to_json()).narration() == game.narration()
