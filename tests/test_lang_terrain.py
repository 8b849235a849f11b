"""Terrain tokens (docs/dsl.md, "The sea"; D2.14): a token with `terrain
open|running|island` makes its box that terrain for every rule while it lies
there: moves and running water's forced steps, islands that stop moves,
sight and lines, box targets, D4.10's check of a declared move, `explain`,
the text and SVG boards and the observation. The card file is
tests/data/terrain.rc; cards/examples/sea_dredge.rc is played in the
cookbook."""

from functools import partial

import random

import pytest

import redcode_rules as rc
from redcode_rules.engine.invariants import violations
from redcode_rules.info.game_tensor import observation_tensor
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.render.reference import orders_page
from redcode_rules.text.cards import token_text

from conftest import ROOT, logged, pass_all, play_random, play_session, refused, scenario_game

CARDS = str(ROOT / "tests" / "data" / "terrain.rc")
#: running water on e3 (d3's neighbour), the rest open water
RUNNING_E3 = "\n".join(["........"] * 2 + ["....~..."] + ["........"] * 3)
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": RUNNING_E3,
        "ships": {"blue-destroyer": {"at": "d3"}, "red-destroyer": {"at": "h6"},
                  "blue-submarine": {"at": "a1"}, "red-submarine": {"at": "a6"}},
        "tokens": [], "turn": "blue-destroyer", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def token(kind: str, at: str, owner: str = "red-destroyer") -> dict:
    return {"token": kind, "at": at, "owner": owner}


def on_open_water(tmp_path, cards: str, **fields) -> rc.Game:
    """A game on a board of open water with the terrain cards and ``cards``
    (a card file's text) added."""
    path = tmp_path / "more.rc"
    path.write_text(cards)
    return game(extra=[CARDS, str(path)], board="\n".join(["........"] * 6), **fields)


def movements(g: rc.Game, to: str = "") -> list[str]:
    return sorted(m for m in g.legal_moves() if m.startswith("movement " + to))


# ------------------------------------------------------------------ moves
def test_an_open_token_on_running_water_forces_no_step():
    """D2.14: dredged, e3 is open water: the destroyer's move ends there."""
    assert movements(game(), "e3") == ["movement e3 f2", "movement e3 f3", "movement e3 f4"]
    assert movements(game(tokens=[token("dredged", "e3")]), "e3") == ["movement e3"]


def test_a_running_token_carries_a_ship_that_enters_it():
    """D2.14 with R2.5: an eddy on c3 (open water as printed) forces a step."""
    assert movements(game(), "c3") == ["movement c3"]
    assert movements(game(tokens=[token("eddy", "c3")]), "c3") == [
        "movement c3 b2", "movement c3 b3", "movement c3 b4"]  # c2, c4: a step of their own


def test_an_island_token_cannot_be_entered():
    g = game(tokens=[token("shoal", "c3")])
    assert movements(g) == ["movement c2", "movement c4", "movement d2", "movement d4",
                            "movement e2", "movement e3 f2", "movement e3 f3",
                            "movement e3 f4", "movement e4"]
    assert g.explain("movement c3") == \
        "c3 is an island while the shoal token lies there (D2.14)"


def test_explain_names_the_token_that_made_running_water():
    """D2.14: a move that stops on the eddy's box is refused, the eddy named."""
    g = game(tokens=[token("eddy", "c3")])
    assert g.explain("movement c3") == (
        "c3 is not a legal path for a move of 1: steps go to free neighbouring boxes, a box "
        "is entered once, and running water forces one more step (D4.6, R2.5, D2.5a); "
        "c3 is running water while the eddy token lies there (D2.14)")


def test_explain_names_the_token_that_made_open_water_in_spanish():
    g = game(edition="es", hands={"blue-destroyer": ["dredge"]},
             tokens=[token("dredged", "e3")])
    assert g.explain("order dredge e3") == \
        "e3 es agua abierta mientras la ficha canal dragado esté allí (D2.14)"


def test_a_ship_on_a_box_that_becomes_running_water_is_not_carried():
    """D2.14 (as D2.5b): the eddy laid under the destroyer moves it nowhere."""
    g = game(hands={"blue-destroyer": ["stir"]}, board="\n".join(["........"] * 6))
    g.play("order stir d3")
    pass_all(g)
    assert g.ship("blue-destroyer").position == "d3"
    assert g.board_now().is_current(g.board.index("d3"))
    assert logged(g, "token", "token", "box") == [("eddy", "d3")]


def test_a_move_declared_before_the_sea_changed_is_lost(tmp_path):
    """D2.14 with D4.10: the shoal raised on e3 in answer closes the path
    declared through it; the submarine stays on c3."""
    g = on_open_water(tmp_path, "order sail { copies 0  respondable  effect move 2 self }\n"
                      "order rise { copies 0  response  target box within 5  "
                      "effect place_token shoal on target }\n",
                      ships={"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "g3"}},
                      hands={"blue-submarine": ["sail"], "red-destroyer": ["rise"]},
                      turn="blue-submarine", deck=[])
    g.play("order sail d3 e3")
    g.play("order rise e3")
    pass_all(g)
    assert g.ship("blue-submarine").position == "c3"
    assert g.tokens == [token("shoal", "e3")]


def test_a_box_test_reads_the_water_of_the_moment(tmp_path):
    """D2.14 with D2.11: `box of self is running` holds on the eddy's box."""
    path = tmp_path / "test.rc"
    path.write_text("order soak { copies 0  effect damage 1 to self if box of self is "
                    "running }\n")
    ships = {"blue-destroyer": {"at": "c3"}, "red-destroyer": {"at": "h6"}}

    def soaked(tokens):
        g = game(extra=[CARDS, str(path)], ships=ships, tokens=tokens,
                 hands={"blue-destroyer": ["soak"]})
        g.play("order soak")
        pass_all(g)
        return logged(g, "damage", "ship")
    assert soaked([]) == []
    assert soaked([token("eddy", "c3", "blue-destroyer")]) == ["blue-destroyer"]


# ------------------------------------------------------------------ placing
def orders(g: rc.Game, card: str) -> list[str]:
    return [m for m in g.legal_moves() if m.startswith(f"order {card} ")]


def test_an_island_token_is_not_offered_under_a_ship():
    """D2.14: a card that only raises a shoal is not played where the shoal
    would be refused: every box within 3 of d3 but the three holding ships
    (d3 itself, a1, a6); ``explain`` names the ship, and playing it is
    refused, the game unchanged."""
    g = game(hands={"blue-destroyer": ["raise_shoal"]})
    within_3 = [f"{c}{r}" for r in range(1, 7) for c in "abcdefg"]
    assert orders(g, "raise_shoal") == sorted(
        f"order raise_shoal {box}" for box in within_3 if box not in ("a1", "a6", "d3"))
    assert g.explain("order raise_shoal a1") == (
        "the shoal token cannot be placed at a1: blue-submarine is there, and a token that "
        "makes an island is placed only on a box with no ship (D2.14)")
    assert refused(g, "order raise_shoal d3") == (
        "the shoal token cannot be placed at d3: blue-destroyer is there, and a token that "
        "makes an island is placed only on a box with no ship (D2.14)")
    assert g.hand("blue-destroyer") == ["raise_shoal"]


def test_a_placement_refused_is_explained_in_spanish_and_italian():
    said = {lang: game(edition=lang, hands={"blue-destroyer": ["raise_shoal"]}).explain(
        "order raise_shoal a1") for lang in ("es", "it")}
    assert said == {
        "es": "la ficha bajío no se puede colocar en a1: allí está blue-submarine, y una ficha "
              "que hace un islote solo se coloca en una casilla sin barco (D2.14)",
        "it": "il segnalino secca non si può piazzare in a1: vi si trova blue-submarine, e un "
              "segnalino che fa un'isola si piazza solo su una casella senza nave (D2.14)"}


def test_a_running_token_past_the_bound_of_running_water_is_not_offered():
    """D2.14: with 8 running-water boxes (a whole row) no eddy may be laid,
    so Stir is played nowhere; the maneuvers are listed as ever."""
    board = "\n".join(["........"] * 3 + ["~~~~~~~~"] + ["........"] * 2)
    g = game(board=board, hands={"blue-destroyer": ["stir"]})
    assert orders(g, "stir") == []
    assert g.explain("order stir c3") == (
        "the eddy token cannot be placed at c3: the board would hold more than 8 boxes of "
        "running water (D2.14)")
    assert g.explain("order stir d4") == "d4 is not open water now (D2.14)"  # the box's own word


def test_a_card_laying_terrain_on_an_area_or_a_ship_is_offered_where_one_token_fits(tmp_path):
    """The same for every target a token effect reads: an area card is
    played where one of its boxes takes the shoal (b3: b3 and b4 are free),
    not where each box holds a ship (c3); a card laying the shoal on its
    target ship's box is played nowhere."""
    g = on_open_water(tmp_path, "order reef_field { copies 0  target area 2x2  "
                      "effect place_token shoal on area }\n"
                      "order wreck_reef { copies 0  target ship  "
                      "effect place_token shoal on target }\n",
                      ships={"blue-destroyer": {"at": "d3"}, "red-destroyer": {"at": "c4"},
                             "blue-submarine": {"at": "c3"}, "red-submarine": {"at": "d4"}},
                      hands={"blue-destroyer": ["reef_field", "wreck_reef"]})
    fields = orders(g, "reef_field")
    assert "order reef_field c3" not in fields and "order reef_field b3" in fields
    assert len(fields) == 7 * 5 - 1  # every 2x2 area on the board but c3's
    assert orders(g, "wreck_reef") == []
    assert g.explain("order reef_field c3") == (
        "the shoal token cannot be placed at c3: blue-submarine is there, and a token that "
        "makes an island is placed only on a box with no ship (D2.14)")
    assert g.explain("order wreck_reef red-destroyer") == (
        "the shoal token cannot be placed at c4: red-destroyer is there, and a token that "
        "makes an island is placed only on a box with no ship (D2.14)")
    g.play("order reef_field b3")
    assert g.tokens == [token("shoal", "b3", "blue-destroyer"),
                        token("shoal", "b4", "blue-destroyer")]
    assert logged(g, "token_refused", "token", "box") == [("shoal", "c3"), ("shoal", "c4")]


def test_an_island_token_refused_as_it_resolves_is_logged(tmp_path):
    """D2.14 with D4.10: e3 was free when the shoal was declared; the red
    destroyer's answer took it, so the shoal is refused as it resolves,
    logged, and the card stays spent."""
    g = on_open_water(tmp_path, "order slow_shoal { copies 0  respondable  target box within 3  "
                      "effect place_token shoal on target }\n"
                      "order dash { copies 0  response  effect move 1 self }\n",
                      ships={"blue-destroyer": {"at": "d3"}, "red-destroyer": {"at": "f3"}},
                      hands={"blue-destroyer": ["slow_shoal"], "red-destroyer": ["dash"]},
                      deck=[])
    g.play("order slow_shoal e3")
    g.play("order dash e3")
    pass_all(g)
    assert g.ship("red-destroyer").position == "e3"
    assert g.tokens == [] and g.hand("blue-destroyer") == []
    assert logged(g, ("token", "token_refused"), "kind", "token", "box") == [
        ("token_refused", "shoal", "e3")]
    assert not g.board_now().is_island(g.board.index("e3"))


def test_a_player_whose_only_response_lays_terrain_refused_everywhere_is_not_asked(tmp_path):
    """D5.4 with D2.14: the red destroyer's only response lays a shoal under
    itself, which is refused, so it is not asked (no respond window with a
    lone pass, which would tell blue it holds a response); on open water
    beside it (a card on a box) it is."""
    cards = ("order slow_shoal { copies 0  respondable  target box within 3  "
             "effect place_token shoal on target }\n"
             "order sandbar { copies 0  response  effect place_token shoal on self }\n"
             "order bank { copies 0  response  target box within 1  "
             "effect place_token shoal on target }\n")
    crewless = {"at": "f3", "reserve": 0, "withdrawn": 6}  # no response maneuver
    ships = {"blue-destroyer": {"at": "d3"}, "red-destroyer": crewless}
    for hand, asked in ((["sandbar"], False), ([], False), (["bank"], True)):
        g = on_open_water(tmp_path, cards, ships=ships, deck=[],
                          hands={"blue-destroyer": ["slow_shoal"], "red-destroyer": hand})
        g.play("order slow_shoal e3")
        if asked:
            assert (g.decision, g.to_move) == ("respond", "red-destroyer")
            assert "pass" in g.legal_moves() and len(g.legal_moves()) > 1
        else:  # blue's shoal resolved unanswered
            assert (g.decision, g.to_move) == ("main", "blue-destroyer")
            assert logged(g, "token", "token", "box") == [("shoal", "e3")]


def test_several_terrain_tokens_on_a_box_give_the_most_closed():
    """D2.14: island over running water over open water."""
    g = game(tokens=[token("dredged", "c3"), token("eddy", "c3")])
    assert g.board_now().is_current(g.board.index("c3"))
    g = game(tokens=[token("eddy", "c3"), token("shoal", "c3")])
    assert g.board_now().is_island(g.board.index("c3"))


def test_a_scenario_with_an_island_under_a_ship_is_refused_naming_the_field():
    with pytest.raises(rc.ScenarioError) as info:
        game(tokens=[token("shoal", "d3")])
    assert str(info.value) == ("scenario field 'tokens[0].at': d3 holds a ship: a token "
                               "that makes an island lies on a box with no ship (D2.14)")


def test_a_scenario_past_the_bound_of_running_water_is_refused_naming_the_field():
    board = "\n".join(["........"] * 3 + ["~~~~~~.."] + ["........"] * 2)
    with pytest.raises(rc.ScenarioError) as info:
        game(board=board, tokens=[token("eddy", box) for box in ("a3", "b3", "c3")])
    assert str(info.value) == ("scenario field 'tokens[2].at': the terrain tokens make 9 "
                               "boxes of running water: a board holds at most 8 (D2.14)")


# ------------------------------------------------------------------ sight
def test_an_island_token_cuts_the_visual_field():
    """D2.14 with R4.3: the shoal on e3 hides the red destroyer on f3 from
    the blue destroyer on d3; without it, the red destroyer is a target."""
    ships = {"blue-destroyer": {"at": "d3"}, "red-destroyer": {"at": "f3"}}
    board = "\n".join(["........"] * 6)
    seen = game(board=board, ships=ships)
    assert "missile red-destroyer" in seen.legal_moves()
    hidden = game(board=board, ships=ships, tokens=[token("shoal", "e3")])
    assert [m for m in hidden.legal_moves() if "red-destroyer" in m] == []
    assert "e3" not in hidden.observation("blue-destroyer").sight
    assert "e3" in seen.observation("blue-destroyer").sight


# ------------------------------------------------------------------ the dredge
def test_dredge_targets_running_water_only():
    """Idea 43: the box target of `target running box within 3`."""
    g = game(hands={"blue-destroyer": ["dredge"]})
    assert [m for m in g.legal_moves() if m.startswith("order dredge")] == ["order dredge e3"]
    assert g.explain("order dredge c3") == "c3 is not running water now (D2.14)"


def test_dredged_water_lasts_until_its_owner_next_turn():
    """D2.14: e3 is open water for red's turn, running water again when the
    blue destroyer's next turn starts."""
    g = game(hands={"blue-destroyer": ["dredge"]},
             ships={"blue-destroyer": {"at": "d3"}, "red-destroyer": {"at": "f3"}})
    g.play("order dredge e3")
    pass_all(g)
    e3 = g.board.index("e3")
    assert not g.board_now().is_current(e3)
    g.play("end")
    assert g.to_move == "red-destroyer"
    assert "movement e3" in g.legal_moves()
    while g.to_move != "blue-destroyer":
        g.play("end" if "end" in g.legal_moves() else g.legal_moves()[0])
    assert g.board_now().is_current(e3)
    assert logged(g, "token_removed", "token", "box") == [("dredged", "e3")]


# ------------------------------------------------------------------ the board of the moment
def test_the_board_of_the_moment_is_built_once_per_cell_string():
    g = game(tokens=[token("dredged", "e3")])
    now = g.board_now()
    assert now is not g.board and now.cells == "." * 48
    assert g.clone().board_now() is now
    printed = game()
    assert printed.board_now() is printed.board is printed.board.of_moment(printed.board.cells)


def test_the_boards_of_the_moment_kept_are_bounded():
    """A printed board keeps at most Board.MOMENTS boards of the moment."""
    printed = game().board
    made = [printed.of_moment(printed.cells[:box] + "#" + printed.cells[box + 1:])
            for box in range(printed.MOMENTS + 4)]
    assert len(printed._moments) <= printed.MOMENTS
    assert printed.of_moment(made[-1].cells) is made[-1]  # the latest still kept


def test_undo_gives_back_the_sea_it_had():
    g = game(hands={"blue-destroyer": ["stir"]}, board="\n".join(["........"] * 6))
    g.play("order stir c3")
    pass_all(g)
    assert g.board_now().is_current(g.board.index("c3"))
    while g.move_count:
        g.undo()
    assert g.board_now() is g.board
    assert movements(g, "c3") == ["movement c3"]


def test_a_saved_game_keeps_its_sea():
    g = game(tokens=[token("shoal", "c3")])
    again = rc.Game.from_json(g.to_json())
    assert again.board_now().cells == g.board_now().cells
    assert movements(again) == movements(g)


def test_the_boards_show_the_terrain_of_the_moment():
    """The text board marks the token; the SVG board draws e3 as open water
    and the shoal on c3 as an island; the observation reads them too."""
    g = game(tokens=[token("dredged", "e3"), token("shoal", "c4")])
    assert str(g).splitlines()[3] == " 3 . . . D = . . ."
    picture = rc.svg.board(g)
    assert 'class="current"' not in picture
    assert 'class="island" data-box="c4"' in picture
    assert 'data-token="shoal" data-box="c4"' in picture  # its mark drawn on the island
    observed = g.observation("blue-destroyer")
    assert observed.board == g.board_now().cells
    assert observed.board[g.board.index("c4")] == "#"


def test_the_tensor_reads_the_board_of_the_moment():
    """Its running-water plane: e3 (box 20) is open water while dredged."""
    g = game()
    water = g.observation("blue-destroyer").encoding.layout["running_water"].offset + 20
    assert g.observation("blue-destroyer").tensor()[water] == 1
    dredged = game(tokens=[token("dredged", "e3")])
    assert dredged.observation("blue-destroyer").tensor()[water] == 0
    assert observation_tensor(dredged, "blue-destroyer") == \
        dredged.observation("blue-destroyer").tensor()


# ------------------------------------------------------------------ the language
def test_the_token_text_says_what_its_box_is():
    rules = load_ruleset("en", [CARDS])
    said = {lang: token_text(rules.tokens["dredged"], lang, rules.statuses, rules.words)
            for lang in ("en", "es", "it")}
    assert said == {
        "en": "This token's box is open water, until the start of your next turn.",
        "es": "La casilla de esta ficha es agua abierta, hasta el inicio de tu próximo turno.",
        "it": "La casella di questo segnalino è acqua libera, fino all'inizio del tuo prossimo "
              "turno."}
    assert token_text(rules.tokens["shoal"], "en", rules.statuses, rules.words) == \
        "This token's box is an island."


def test_the_rule_reference_gives_each_terrain_token_its_text():
    rules = load_ruleset("en", [CARDS])
    entries = {lang: [line for line in orders_page(rules, lang).splitlines()
                      if line.startswith("- **")] for lang in ("en", "es", "it")}
    assert entries == {
        "en": ["- **dredged channel** (mark `=`): This token's box is open water, until the "
               "start of your next turn.",
               "- **shoal** (mark `%`): This token's box is an island.",
               "- **eddy** (mark `@`): This token's box is running water."],
        "es": ["- **canal dragado** (marca `=`): La casilla de esta ficha es agua abierta, "
               "hasta el inicio de tu próximo turno.",
               "- **bajío** (marca `%`): La casilla de esta ficha es un islote.",
               "- **remolino** (marca `@`): La casilla de esta ficha es agua corriente."],
        "it": ["- **canale dragato** (segno `=`): La casella di questo segnalino è acqua "
               "libera, fino all'inizio del tuo prossimo turno.",
               "- **secca** (segno `%`): La casella di questo segnalino è un'isola.",
               "- **mulinello** (segno `@`): La casella di questo segnalino è acqua corrente."]}


def test_the_dredge_card_text_names_running_water():
    rules = load_ruleset("en", [CARDS])
    assert "Target: a box of running water within 3 boxes of your ship." in \
        rules.text("dredge", "en")


def test_a_misspelt_terrain_is_named_with_its_file_and_line():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("token t {\n  mark \"=\"\n  terrain runing\n}\n", "t.rc")
    assert (info.value.file, info.value.line) == ("t.rc", 3)
    assert "did you mean 'running'" in str(info.value)


def test_a_box_target_is_not_both_open_and_running():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("token t { mark \"=\" }\norder o {\n  copies 1\n"
                       "  target open running box within 2\n"
                       "  effect place_token t on target\n}\n", "o.rc")
    assert (info.value.file, info.value.line) == ("o.rc", 4)
    assert "not both" in info.value.reason


def test_a_game_without_terrain_tokens_reads_the_printed_board():
    g = game(extra=[], tokens=[])
    assert g.board_now() is g.board
    assert g.engine.sea.pieces == []


@pytest.mark.parametrize("seed", range(3))
def test_random_games_with_terrain_tokens_keep_every_invariant(seed):
    """Random moves with the three terrain cards in every hand: after each
    move every invariant holds, the board of the moment among them."""
    board = "\n".join(["........", "..~.....", "....~...", "...~~...", "........",
                        "........"])
    hands = {ship: ["dredge", "raise_shoal", "stir"] for ship in BASE["ships"]}
    g = game(board=board, hands=hands, deck=["ambush"] * 10)
    rnd = random.Random(seed)
    for _ in range(120):
        if g.is_over:
            break
        play_random(g, rnd, 1)
        assert violations(g) == [], g.moves
    assert logged(g, "token", "token")


def test_the_terminal_path_says_the_running_water_of_the_moment():
    """`redcode play`: a path's running water is read on the board of the
    moment, so the eddy's box is named and the dredged one is not."""
    s, _ = play_session([], scenario={**BASE, "board": RUNNING_E3, "tokens": [
        token("eddy", "c3"), token("dredged", "e3")], "hands": {},
        "ships": {"blue-submarine": {"at": "d3"}, "red-destroyer": {"at": "h6"}},
        "turn": "blue-submarine"})
    assert s.path_effect(None, "movement c3 b2") == "through running water c3"
    assert s.path_effect(None, "movement e3") == "no running water"
