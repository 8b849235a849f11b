"""The save format's version: an old save is brought up to date by the
migration steps (one per version), a newer one is refused naming it."""

import json
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.formats.migrations import FORMAT, MIGRATIONS, migrate

DATA = Path(__file__).parent / "data"
#: A format 1 save, written by the code of that format: blue's torpedo has
#: hit red once, from a scenario at 3 to 1.
OLD = (DATA / "save_format_1.json").read_text("utf-8")
#: A format 2 save, written by the code of that format: blue's torpedo at
#: red waits in red's response window (a stack item with the resolver's
#: position under its format 2 names).
FORMAT_2 = (DATA / "save_format_2.json").read_text("utf-8")
#: A format 4 save, written by the code of that format: blue's boatswain on
#: red owes 2 crew sources about red (a choice owed about one ship).
FORMAT_4 = (DATA / "save_format_4.json").read_text("utf-8")
#: A format 5 save, as the code of that format wrote it: blue's heavy torpedo
#: at red waits in red's response window (a stack item with no ``dealt``).
FORMAT_5 = (DATA / "save_format_5.json").read_text("utf-8")
#: A format 6 save, written by the code of that format: the same heavy
#: torpedo waiting (a stack item with no ``targets``).
FORMAT_6 = (DATA / "save_format_6.json").read_text("utf-8")
#: A format 7 save, written by the code of that format: the same heavy
#: torpedo waiting (a stack item with no ``mode``).
FORMAT_7 = (DATA / "save_format_7.json").read_text("utf-8")
#: A format 8 save, written by the code of that format: blue's submarine
#: moved c3 to d3, then its torpedo at red waits (ships with no ``left``).
FORMAT_8 = (DATA / "save_format_8.json").read_text("utf-8")
#: A format 9 save, written by the code of that format: the same move and
#: torpedo (a stack item with no ``rolled`` nor ``left_over``).
FORMAT_9 = (DATA / "save_format_9.json").read_text("utf-8")
#: A format 10 save, written by the code of that format: the same move and
#: torpedo (a stack item with no ``chosen``).
FORMAT_10 = (DATA / "save_format_10.json").read_text("utf-8")
#: A format 11 save, written by the code of that format: blue's Fireball of
#: 2 (``cards/examples/choices_fireball.rc``) on the red destroyer, on the stack.
FORMAT_11 = (DATA / "save_format_11.json").read_text("utf-8")
#: A format 12 save, written by the code of that format: the warded hull's
#: triggered item (``may by source``, idea 17) waiting on the stack for blue's
#: answer to its torpedo.
FORMAT_12 = (DATA / "save_format_12.json").read_text("utf-8")


def test_a_save_carries_the_current_format_version():
    game = rc.Game.from_json(OLD)
    data = json.loads(game.to_json())
    assert data["format"] == FORMAT == 14
    assert "extra" not in data["ruleset"]


def test_a_format_1_save_loads_through_the_migration_equal_to_a_new_one():
    old = json.loads(OLD)
    assert old["format"] == 1 and old["ruleset"]["extra"] == []
    game = rc.Game.from_json(OLD)
    new = game.to_json()
    assert migrate(old) == json.loads(new)
    assert rc.Game.from_json(new) == game
    assert game.moves == ["torpedo red-destroyer", "pass"]
    assert game.ship("red-destroyer").repairs == 1 and game.score == {"blue": 3, "red": 1}


def test_a_format_2_save_loads_with_the_resolver_position_under_its_new_names():
    old = json.loads(FORMAT_2)
    assert old["format"] == 2 and old["state"]["floor"] == 0
    assert {k: old["state"]["stack"][0][k] for k in ("pc", "pending", "recovering")} == {
        "pc": 0, "pending": 0, "recovering": None}
    game = rc.Game.from_json(FORMAT_2)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    item = new["state"]["stack"][0]
    assert (item["next_effect"], item["pending"], item["owed_about"]) == (0, 0, None)
    assert "pc" not in item and "recovering" not in item
    assert new["state"]["reopen_at"] == 0 and "floor" not in new["state"]
    assert game.to_move == "red-destroyer"
    game.play("pass")
    assert game.ship("red-destroyer").repairs == 2


def test_a_format_4_save_loads_with_no_ship_owed_after_the_one_of_its_choice():
    """Format 5: a stack item's ``owed_after`` (an effect on a set of ships
    owes its choices ship after ship); a format 4 item owed about one ship."""
    old = json.loads(FORMAT_4)
    assert old["format"] == 4 and "owed_after" not in old["state"]["stack"][0]
    game = rc.Game.from_json(FORMAT_4)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    item = new["state"]["stack"][0]
    assert (item["owed_about"], item["pending"], item["owed_after"]) == (1, 2, [])
    assert game.decision == "choose"
    assert game.legal_moves() == ["recover torpedo", "recover withdrawn"]
    game.play("recover torpedo")  # the second crew: from the withdrawn, the one source left
    red = game.ship("red-destroyer")
    assert (red.crew_on("torpedo"), red.withdrawn) == (0, 1) and game.stack == []


def test_a_format_5_save_loads_with_nothing_dealt_yet():
    """Format 6: a stack item's ``dealt`` (what its last damage effect dealt,
    read as ``damage dealt``); 0 for a format 5 item, whose card could not
    read it."""
    old = json.loads(FORMAT_5)
    assert old["format"] == 5 and "dealt" not in old["state"]["stack"][0]
    game = rc.Game.from_json(FORMAT_5)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["stack"][0]["dealt"] == 0
    assert game.to_move == "red-destroyer"
    game.play("pass")
    assert game.ship("red-destroyer").repairs == 1 and game.stack == []


def test_a_format_6_save_loads_with_no_counted_targets():
    """Format 7: a stack item's ``targets``, the ships of a counted target
    (D4.13); none for a format 6 item, whose card had one target."""
    old = json.loads(FORMAT_6)
    assert old["format"] == 6 and "targets" not in old["state"]["stack"][0]
    game = rc.Game.from_json(FORMAT_6)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["stack"][0]["targets"] == []
    assert new["state"]["stack"][0]["target"] == 1
    game.play("pass")
    assert game.ship("red-destroyer").repairs == 1 and game.stack == []


def test_a_format_7_save_loads_with_no_mode_chosen():
    """Format 8: a stack item's ``mode``, the mode chosen with a card with
    modes (D4.15); none for a format 7 item, whose card had no modes."""
    old = json.loads(FORMAT_7)
    assert old["format"] == 7 and "mode" not in old["state"]["stack"][0]
    game = rc.Game.from_json(FORMAT_7)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["stack"][0]["mode"] is None


def test_a_format_8_save_loads_with_no_box_left():
    """Format 9: a ship's ``left``, the box its last move left (D2.17); none
    for a format 8 ship, whose cards could not read it, even one that moved."""
    old = json.loads(FORMAT_8)
    assert old["format"] == 8 and all("left" not in s for s in old["state"]["ships"])
    game = rc.Game.from_json(FORMAT_8)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert [s["left"] for s in new["state"]["ships"]] == [None, None]
    assert game.ship("blue-submarine").position == "d3"
    game.play("pass")
    assert game.ship("red-destroyer").repairs == 2 and game.stack == []


def test_a_format_9_save_loads_with_nothing_rolled_or_left_over():
    """Format 10: a stack item's ``rolled``, its roll for ``chance N in M``
    (D4.18), and ``left_over`` (``damage left over``, D9.6); none for a
    format 9 item, whose card read neither."""
    old = json.loads(FORMAT_9)
    assert old["format"] == 9 and "rolled" not in old["state"]["stack"][0]
    game = rc.Game.from_json(FORMAT_9)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["stack"][0]["rolled"] == new["state"]["stack"][0]["left_over"] == 0
    game.play("pass")
    assert game.ship("red-destroyer").repairs == 2 and game.stack == []


def test_a_format_10_save_loads_with_no_amount_chosen():
    """Format 11: a stack item's ``chosen``, the amount chosen with its card
    (``choose amount``, D4.19); none for a format 10 item, whose card chose
    none. The save of a printed game is as before but for its version."""
    old = json.loads(FORMAT_10)
    assert old["format"] == 10 and "chosen" not in old["state"]["stack"][0]
    game = rc.Game.from_json(FORMAT_10)
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["stack"][0]["chosen"] is None
    for later in ("chosen", "actor", "here", "wreck"):  # formats 11 to 13
        del new["state"]["stack"][0][later]
    del new["state"]["shown"]  # format 14
    assert {**new, "format": 10} == old


def test_a_format_11_save_loads_with_no_triggered_item_fields():
    """Format 12: a stack item's ``actor`` and ``here``, a triggered item's
    that asks a choice (``may``, D4.16); none for a card's item. The step
    reads only those fields."""
    old = MIGRATIONS[10](json.loads(FORMAT_10))
    assert old["format"] == 11 and "actor" not in old["state"]["stack"][0]
    game = rc.Game.from_json(json.dumps(old))
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["stack"][0]["actor"] is new["state"]["stack"][0]["here"] is None
    game.play("pass")
    assert game.ship("red-destroyer").repairs == 2 and game.stack == []


def test_a_format_12_save_loads_with_no_wreck():
    """Format 13: a stack item's ``wreck``, the box a triggered item's sunk
    ship is measured from (D9.16); none in a format 12 save."""
    old = MIGRATIONS[11](MIGRATIONS[10](json.loads(FORMAT_10)))
    assert old["format"] == 12 and "wreck" not in old["state"]["stack"][0]
    game = rc.Game.from_json(json.dumps(old))
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["stack"][0]["wreck"] is None
    del new["state"]["stack"][0]["wreck"]
    del new["state"]["shown"]  # format 14
    assert {**new, "format": 12} == old


def test_a_format_13_save_loads_with_nothing_every_player_saw_come_into_a_hand():
    """Format 14: the state's ``shown``, the cards every player saw come into
    a hand from the discards (D7.8); a format 13 save did not keep them
    apart from what each player knows, so none is counted public."""
    old = MIGRATIONS[12](MIGRATIONS[11](MIGRATIONS[10](json.loads(FORMAT_10))))
    assert old["format"] == 13 and "shown" not in old["state"]
    game = rc.Game.from_json(json.dumps(old))
    new = json.loads(game.to_json())
    assert migrate(old) == new
    assert new["state"]["shown"] == [] and game.state.shown == []
    del new["state"]["shown"]
    assert {**new, "format": 13} == old


def test_a_format_11_save_of_an_amount_chosen_loads_and_resolves_it():
    """Written by the code of format 11: the amount rides through the
    migrations and the Fireball deals its 2 (D4.19)."""
    old = json.loads(FORMAT_11)
    assert old["format"] == 11 and old["state"]["stack"][0]["chosen"] == 2
    game = rc.Game.from_json(FORMAT_11)
    assert migrate(old) == json.loads(game.to_json())
    game.play("pass")
    assert (game.ship("red-destroyer").repairs, game.ship("blue-destroyer").reserve,
            game.stack) == (1, 4, [])


@pytest.mark.parametrize("answer, repairs, reserve", [("choose no", 3, 4),
                                                       ("choose yes", 2, 3)])
def test_a_format_12_save_at_a_triggered_question_reloads_at_it(answer, repairs, reserve):
    """Written by the code of format 12: the triggered item asks blue as
    before (D4.16); no, the torpedo is cancelled; yes, blue withdraws 1 crew
    and the torpedo hits."""
    old = json.loads(FORMAT_12)
    assert old["format"] == 12 and old["state"]["stack"][1]["kind"] == "trigger"
    game = rc.Game.from_json(FORMAT_12)
    assert migrate(old) == json.loads(game.to_json())
    assert game.legal_moves() == ["choose no", "choose yes"]
    game.play(answer)
    game.play("pass")
    assert (game.ship("red-warded").repairs, game.ship("blue-submarine").reserve,
            game.stack) == (repairs, reserve, [])


def test_every_older_version_has_its_step():
    assert sorted(MIGRATIONS) == list(range(1, FORMAT))


def test_a_migration_step_leaves_what_it_cannot_fix_for_the_reader_to_refuse(tmp_path):
    """Card files named by path: their text is not in the save, so the step
    keeps the field and the reader refuses it, naming it."""
    old = json.loads(OLD)
    old["ruleset"]["extra"] = [str(tmp_path / "mine.rc")]
    assert migrate(old)["ruleset"]["extra"] == [str(tmp_path / "mine.rc")]
    with pytest.raises(rc.SaveError) as info:
        rc.Game.from_json(json.dumps(old))
    assert info.value.field == "ruleset.extra"


def test_a_newer_save_is_a_save_error_naming_its_version():
    newer = json.loads(OLD)
    newer["format"] = FORMAT + 1
    with pytest.raises(rc.SaveError) as info:
        rc.Game.from_json(json.dumps(newer))
    assert info.value.field == "format"
    assert info.value.reason == (f"save format {FORMAT + 1} is newer than this version of "
                                 f"redcode_rules, which reads formats 1 to {FORMAT}: update it "
                                 "to load this save")


@pytest.mark.parametrize("version", [0, -1, "1", 1.0, True, None])
def test_a_version_that_is_no_format_is_a_save_error(version):
    bad = {**json.loads(OLD), "format": version}
    with pytest.raises(rc.SaveError) as info:
        rc.Game.from_json(json.dumps(bad))
    assert info.value.field == "format"
    assert info.value.reason.startswith("unknown save format ")
