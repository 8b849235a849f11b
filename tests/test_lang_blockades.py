"""Blockades (docs/dsl.md, "The sea"; D2.15): a token that `forbids
entering [by WORD... ships]` closes its box to the ships it names, seen
from the player who placed it: their moves neither end on it nor pass
through it, `explain` names the token, and the token's text says so. The
card file is tests/data/blockade.rc; cards/examples/sea_blockade.rc is
played in the cookbook."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import token_text

from conftest import ROOT, pass_all, scenario_game

CARDS = str(ROOT / "tests" / "data" / "blockade.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS],
        "ships": {"blue-destroyer": {"at": "d3"}, "red-destroyer": {"at": "h6"},
                  "blue-submarine": {"at": "a1"}, "red-submarine": {"at": "a6"}},
        "tokens": [{"token": "blockade_line", "at": "e3", "owner": "red-destroyer"}],
        "turn": "blue-destroyer", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def movements(g: rc.Game) -> list[str]:
    return [m for m in g.legal_moves() if m.startswith("movement")]


def test_an_enemy_blockade_closes_its_box():
    """D2.15: the red blockade on e3 is closed to the blue destroyer."""
    assert movements(game()) == ["movement c2", "movement c3", "movement c4", "movement d2",
                                 "movement d4", "movement e2", "movement e4"]


def test_a_friendly_blockade_lets_its_own_side_through():
    """D2.15: 'by enemy ships' is seen from the player who placed the token."""
    g = game(tokens=[{"token": "blockade_line", "at": "e3", "owner": "blue-submarine"}])
    assert "movement e3" in movements(g)


def test_a_blockade_without_by_closes_its_box_to_every_ship():
    g = game(tokens=[{"token": "boom", "at": "e3", "owner": "blue-submarine"}])
    assert "movement e3" not in movements(g)


def test_a_ship_cannot_pass_through_a_blockade():
    """D2.15: the submarine's move of 2 from d3 cannot cross e3 to f3 (the
    boom on e3, islands on the rest of column e but e6)."""
    board = "\n".join(["....#..."] * 2 + ["........"] + ["....#..."] * 2 + ["........"])
    ships = {**BASE["ships"], "blue-submarine": {"at": "d3"}, "blue-destroyer": {"at": "a1"}}
    open_sea = game(board=board, ships=ships, tokens=[], turn="blue-submarine")
    assert "immersion e3 f3" in open_sea.legal_moves()
    g = game(board=board, ships=ships, turn="blue-submarine",
             tokens=[{"token": "boom", "at": "e3", "owner": "red-destroyer"}])
    assert [m for m in g.legal_moves() if m.startswith("immersion") and " f" in m] == []
    assert g.explain("immersion e3 f3") == \
        "e3 is closed to blue-submarine by the boom token lying there (D2.15)"


def test_explain_names_the_blockade():
    assert game().explain("movement e3") == \
        "e3 is closed to blue-destroyer by the blockade line token lying there (D2.15)"


def test_explain_names_it_in_spanish():
    assert game(edition="es").explain("movement e3") == \
        "e3 está cerrada a blue-destroyer por la ficha línea de bloqueo que hay allí (D2.15)"


def test_a_blockade_placed_by_a_card_lasts_until_its_owner_next_turn():
    """The blue destroyer's blockade on e5 keeps the red destroyer out on
    its turn."""
    g = game(ships={**BASE["ships"], "red-destroyer": {"at": "f5"}}, tokens=[],
             hands={"blue-destroyer": ["blockade"]})
    g.play("order blockade e5")
    assert [(t["token"], t["at"]) for t in g.tokens] == [("blockade_line", "e5")]
    g.play("end")
    assert "movement e5" not in g.legal_moves()
    assert "movement e4" in g.legal_moves()


def test_the_token_text_says_who_cannot_enter():
    rules = load_ruleset("en", [CARDS])
    assert token_text(rules.tokens["blockade_line"], "en", rules.statuses, rules.words) == (
        "An enemy ship cannot enter or pass through this token's box. This token stays until "
        "the next turn of the player who placed it.")
    assert token_text(rules.tokens["boom"], "it", rules.statuses, rules.words) == \
        "Una nave non può entrare nella casella di questo segnalino né attraversarla."


def test_an_unknown_word_of_by_is_named_with_its_file_and_line():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("token t {\n  mark \"=\"\n  forbids entering by enmy ships\n}\n", "b.rc")
    assert (info.value.file, info.value.line) == ("b.rc", 3)
    assert "enmy" in info.value.reason


def test_the_board_picture_bars_a_blockaded_box():
    """The SVG board edges a blockade's box in its owner's colour; another
    token gets no such edge."""
    picture = rc.svg.board(game())
    assert picture.count('class="blockade"') == 1
    assert 'data-token="blockade_line" data-box="e3"><title>blockade line</title><rect ' \
        'class="blockade"' in picture


RACE = """\
token boom { mark "b"  forbids entering }
order sail { copies 0  respondable  effect move 2 self }
order hop { copies 0  respondable  target free box within 3  effect jump to target }
order lay_boom { copies 0  response  target free box within 3  effect place_token boom on target }
"""


def race(tmp_path, blue_card: str, tokens=()) -> rc.Game:
    """Blue submarine at c3 holding ``blue_card``, red destroyer at g3 holding
    a boom to lay in answer, on open water, blue to play."""
    path = tmp_path / "race.rc"
    path.write_text(RACE)
    return rc.Game.from_scenario({
        "edition": "en", "extra": [str(path)], "board": "\n".join(["........"] * 6),
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "g3"}},
        "hands": {"blue-submarine": [blue_card], "red-destroyer": ["lay_boom"]},
        "tokens": list(tokens), "turn": "blue-submarine", "phase": "maneuvers", "deck": []})


@pytest.mark.parametrize("move", ["order sail d3 e3", "order hop e3"])
def test_a_move_declared_before_the_blockade_is_lost_as_it_resolves(tmp_path, move):
    """D2.15 with D4.10: the boom laid on e3 in answer closes the path (and
    the jump's box) declared before it; the submarine stays on c3."""
    g = race(tmp_path, move.split()[1])
    g.play(move)
    g.play("order lay_boom e3")
    pass_all(g)
    assert g.ship("blue-submarine").position == "c3"
    assert g.tokens == [{"token": "boom", "at": "e3", "owner": "red-destroyer"}]


def test_a_jump_is_not_offered_onto_a_blockade(tmp_path):
    g = race(tmp_path, "hop", [{"token": "boom", "at": "e3", "owner": "red-destroyer"}])
    hops = [m for m in g.legal_moves() if m.startswith("order hop")]
    assert "order hop e3" not in hops and "order hop e2" in hops
    assert g.explain("order hop e3") == \
        "e3 is closed to blue-submarine by the boom token lying there (D2.15)"


def test_running_water_does_not_carry_a_ship_into_a_blockade():
    """D2.15 with R2.5: entering the running water of e3 from d3, the
    destroyer's forced step goes on to f2, f3 or f4, but not to the boom on f3."""
    board = "\n".join(["........"] * 2 + ["....~..."] + ["........"] * 3)

    def carried(tokens):
        g = game(board=board, tokens=tokens)
        return sorted(m for m in g.legal_moves() if m.startswith("movement e3"))
    assert carried([]) == ["movement e3 f2", "movement e3 f3", "movement e3 f4"]
    assert carried([{"token": "boom", "at": "f3", "owner": "red-destroyer"}]) == [
        "movement e3 f2", "movement e3 f4"]


def test_a_blockade_is_part_of_the_card_data_hash(tmp_path):
    """A replay refuses other card data by its hash: a token that closes its
    box, or closes it to other ships, is other card data."""
    text = (ROOT / "tests" / "data" / "blockade.rc").read_text()
    hashes = set()
    for entry in ("forbids entering by enemy ships", "forbids entering", ""):
        path = tmp_path / f"cards_{len(hashes)}.rc"
        path.write_text(text.replace("forbids entering by enemy ships", entry, 1))
        hashes.add(load_ruleset("en", [str(path)]).hash)
    assert len(hashes) == 3
