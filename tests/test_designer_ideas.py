"""The designer's card ideas (tests/data/designer_ideas.md) as today's card
language says them: the "before" column, kept honest.

Each idea has a card file in tests/data/ideas/ and an entry in
tests/data/ideas/plays.yaml. An idea today's language says exactly or
approximately compiles and plays a short scenario with exact values (for
an approximate one, the values show where it differs); an idea it cannot
say is the card a designer would write, refused with the reason recorded.
When a mechanism of docs/design.md ("How the card language grows") is
built, the ideas it makes exact are rewritten in it: their files are then
the cards in the new words, their entries say ``after`` and play the
scenario that shows it (the "before" verdict and its reason stay, as
history), and designer_ideas.md lists them under "Built".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import redcode_rules as rc
from redcode_rules.lang.loader import check_files

from conftest import OPEN_BOARD, ROOT

IDEAS = ROOT / "tests" / "data" / "ideas"
LIST = ROOT / "tests" / "data" / "designer_ideas.md"
PLAYS = yaml.safe_load((IDEAS / "plays.yaml").read_text("utf-8"))
VERDICTS = ("exact", "approximate", "not expressible")


def idea_id(play: dict) -> str:
    return Path(play["file"]).stem


def scenario(play: dict) -> dict:
    """The entry's scenario on open water, its card file on top of English."""
    given = dict(play["scenario"])
    return {"edition": "en", "extra": [str(IDEAS / play["file"])], "board": OPEN_BOARD,
            "phase": "maneuvers", **given}


def played(play: dict) -> rc.Game:
    """The entry's game after its moves; ``pass all`` passes every response window."""
    game = rc.Game.from_scenario(scenario(play))
    for move in play.get("moves", []):
        if move == "pass all":
            while game.decision == "respond":
                game.play("pass")
        else:
            game.play(move)
    return game


def test_every_idea_has_one_file_one_entry_and_one_verdict():
    files = sorted(p.name for p in IDEAS.glob("*.rc"))
    assert sorted(p["file"] for p in PLAYS) == files
    assert len(files) >= 40
    assert all(p["before"] in VERDICTS for p in PLAYS)
    rows = dict(re.findall(r"^\| (\d\d) \| .*?\| (exact|approximate|not expressible) \|",
                           LIST.read_text("utf-8").split("## Built", 1)[0], re.M))
    assert rows == {p["file"][:2]: p["before"] for p in PLAYS}


def test_every_idea_built_is_listed_as_built():
    rows = dict(re.findall(r"^\| (\d\d) \| [^|]+\| [^|]+\| (exact|approximate) \|$",
                           LIST.read_text("utf-8").split("## Built", 1)[1], re.M))
    assert rows == {p["file"][:2]: p["after"] for p in PLAYS if "after" in p}


@pytest.mark.parametrize("play", [p for p in PLAYS if p["before"] == "not expressible"
                                  and "after" not in p], ids=idea_id)
def test_an_idea_the_language_cannot_say_is_refused_with_its_reason(play):
    errors = check_files([str(IDEAS / play["file"])], "en")
    assert errors, play["file"]
    assert play["refused"] in str(errors[0])


@pytest.mark.parametrize("play", [p for p in PLAYS if p["before"] != "not expressible"
                                  or "after" in p], ids=idea_id)
def test_an_idea_the_language_can_say_plays_as_recorded(play):
    game = played(play)
    expect = dict(play["expect"])
    for key, want in expect.pop("legal", {}).items():
        moves = game.legal_moves()
        if key == "exactly":
            assert moves == want
        elif key == "has":
            assert set(want) <= set(moves), moves
        else:
            assert not set(want) & set(moves), moves
    if "hand" in expect:
        assert {s: len(game.hand(s)) for s in expect["hand"]} == expect.pop("hand")
    if "score" in expect:
        assert game.score == expect.pop("score")
    if "tokens" in expect:
        assert [(t["token"], t["at"]) for t in game.tokens] == \
            [tuple(t) for t in expect.pop("tokens")]
    for ship, fields in expect.items():
        view = game.ship(ship)
        want = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
        assert {k: getattr(view, k) for k in fields} == want, ship
