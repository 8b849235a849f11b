"""The limits of a card file (lang/limits.py, docs/security.md): its size, its
declarations, the effects of a declaration, the terms of an expression and
the nesting of a condition, each a DslError naming the limit, checked before
the work it bounds; the characters a card file may hold; the names a status
or a ship type may not have; what `extends` may read."""

from __future__ import annotations

import json
import os
import time

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.lang.limits import (
    MAX_DECLARATIONS,
    MAX_EFFECTS,
    MAX_FILE_BYTES,
    MAX_NESTING,
    MAX_TERMS,
)
from redcode_rules.rules.exprs import Adjective


def refused(text: str, name: str = "limits.rc") -> rc.DslError:
    """The DslError of a card file given as text, which must come quickly."""
    began = time.perf_counter()
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, name)
    assert time.perf_counter() - began < 3
    return info.value


def loads(text: str) -> rc.Ruleset:
    return rc.load_source(text, "limits.rc")


PATCH = "patch maneuver movement { cost 1 }\n"


# ------------------------------------------------------------------ size


def test_ten_megabytes_of_patch_lines_are_refused_before_parsing():
    """They compiled in 41 s and 1.2 GB; the size is checked before parsing."""
    err = refused(PATCH * (10_000_000 // len(PATCH)))
    assert str(err) == ("limits.rc: a card file is at most 32,000 bytes of UTF-8 "
                        "(MAX_FILE_BYTES); this one has more")


@pytest.mark.parametrize("body", [
    "order big { copies 0 effect " + "; ".join(["damage 1 to target"] * 500_000) + " }\n",
    "patch order evasion { usable if " + " or ".join(["turn > 1"] * 1_000_000) + " }\n",
])
def test_ten_megabyte_cards_are_refused_before_parsing(body):
    """One card of 10 MB of effects (79 s, 2.35 GB) and a `usable if` of 10 MB
    (a MemoryError at 3.9 GB)."""
    assert "MAX_FILE_BYTES" in str(refused(body))


def test_the_size_is_counted_in_bytes_up_to_the_limit():
    """A file of exactly MAX_FILE_BYTES bytes is read; one byte more is not; a
    character of two bytes counts two."""
    head = "patch maneuver movement { cost 1 }\n#"
    assert loads(head + "x" * (MAX_FILE_BYTES - len(head)))
    assert "MAX_FILE_BYTES" in str(refused(head + "x" * (MAX_FILE_BYTES - len(head) + 1)))
    assert "MAX_FILE_BYTES" in str(refused(head + "é" * ((MAX_FILE_BYTES - len(head)) // 2 + 1)))


def test_a_card_file_on_disk_is_read_no_further_than_the_limit(tmp_path):
    """A large file, and an endless one (a device), are refused after reading
    one byte past the limit."""
    big = tmp_path / "big.rc"
    big.write_text(PATCH * (10_000_000 // len(PATCH)))
    for path in (big, "/dev/zero"):
        if not os.path.exists(path):
            continue
        began = time.perf_counter()
        with pytest.raises(rc.DslError, match="cannot read card file: larger than 32,000 bytes"):
            rc.load_ruleset("en", [str(path)])
        assert time.perf_counter() - began < 3


# ------------------------------------------------------------------ shape


def test_declarations_per_file():
    assert loads(PATCH * MAX_DECLARATIONS)
    err = refused(PATCH * (MAX_DECLARATIONS + 1))
    assert (err.line, err.reason) == (
        MAX_DECLARATIONS + 1, "a card file holds at most 500 declarations (MAX_DECLARATIONS)")


def card_with_effects(n: int) -> str:
    return "order big { copies 0 effect " + "; ".join(["draw 1"] * n) + " }\n"


def test_effects_per_declaration():
    """The error is at the first effect past the limit."""
    err = refused(card_with_effects(MAX_EFFECTS + 1))
    assert err.reason == ("a declaration has at most 16 effects, its triggers' included "
                          "(MAX_EFFECTS)")
    assert err.column == card_with_effects(MAX_EFFECTS + 1).index("draw 1", 28 + 8 * MAX_EFFECTS) + 1
    assert loads(card_with_effects(MAX_EFFECTS)).orders["big"].effects[-1]


def test_the_effects_of_triggers_count_with_the_card_s():
    trigger = "when damaged of self {{ effect {} }}"
    status = "status s {{ permanent modify damage -1 {} {} }}\n".format(
        trigger.format("; ".join(["draw 1"] * 8)), trigger.format("; ".join(["draw 1"] * 9)))
    assert "MAX_EFFECTS" in str(refused(status))


def test_a_patch_replaces_effects_and_triggers_whole():
    """A patch's `effect` or `when` lines replace the declaration's: a
    declaration never holds more effects than one declaration may."""
    status = ("status s {{ permanent modify damage -1 when damaged of self {{ effect {} }} }}\n"
              .format("; ".join(["draw 1"] * MAX_EFFECTS)))
    patch = "patch status s { when damaged of self { effect draw 1 } }\n"
    assert len(loads(status + patch).statuses["s"].triggers[0].effects) == 1


@pytest.mark.parametrize("expression,what", [
    ("usable if {}", " or ".join(["turn > 1"] * (MAX_TERMS + 1))),
    ("usable if {}", " and ".join(["turn > 1"] * (MAX_TERMS + 1))),
    ("usable if turn < {}", " + ".join(["1"] * (MAX_TERMS + 1))),
    ("usable if self is {}", " ".join(["enemy"] * (MAX_TERMS + 1))),
])
def test_terms_per_expression(expression, what):
    err = refused(f"patch order evasion {{ {expression.format(what)} }}\n")
    assert err.reason.startswith("an expression has at most 16 terms (MAX_TERMS); this one "
                                 "has 17 ")


def test_an_expression_at_the_term_limit_compiles():
    loads("patch order evasion { usable if " + " or ".join(["turn > 1"] * MAX_TERMS) + " }\n")


@pytest.mark.parametrize("condition", [
    "(" * 300 + "turn > 1" + ")" * 300,
    "not " * 400 + "turn > 1",
    "(not " * 200 + "turn > 1" + ")" * 200,
])
def test_deep_nesting_is_a_dsl_error_not_a_recursion_error(condition):
    """300 parentheses or 400 `not`s raised RecursionError from load_source."""
    err = refused(f"patch order evasion {{ usable if {condition} }}\n")
    assert err.reason == "a condition nests parentheses and 'not' at most 16 deep (MAX_NESTING)"


def test_nesting_up_to_the_limit_compiles():
    loads("patch order evasion { usable if " + "(" * MAX_NESTING + "turn > 1"
          + ")" * MAX_NESTING + " }\n")
    loads("patch order evasion { usable if " + "not " * MAX_NESTING + "turn > 1 }\n")
    refused("patch order evasion { usable if " + "not " * (MAX_NESTING + 1) + "turn > 1 }\n")


def test_deep_nesting_in_redcode_check_is_an_error_not_a_traceback(tmp_path, capsys):
    card = tmp_path / "deep.rc"
    card.write_text("patch order evasion { usable if " + "(" * 300 + "turn > 1" + ")" * 300
                    + " }\n")
    assert cli.main(["check", str(card)]) == 1
    out = capsys.readouterr()
    assert "MAX_NESTING" in out.out + out.err
    assert "Traceback" not in out.out + out.err


def test_deep_nesting_in_a_save_is_a_library_error(tmp_path):
    """A save carries its card texts: one nested too deep is refused when read."""
    game = rc.Game.from_scenario({"edition": "en", "ships": {
        "blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "f3"}}})
    data = json.loads(game.to_json())
    data["ruleset"]["texts"] = [["deep.rc", "patch order evasion { usable if "
                                 + "not " * 400 + "turn > 1 }\n"]]
    with pytest.raises(rc.RedCodeError, match="MAX_NESTING"):
        rc.Game.from_json(json.dumps(data))


# ------------------------------------------------------------------ characters

FORBIDDEN = ["\x1b", "\x00", "\x07", "\x7f", "\x9b", "\x85", "\u202e", "\u2066", "\u200f",
             "\u2028", "\r", "\x0c"]


@pytest.mark.parametrize("char", FORBIDDEN)
@pytest.mark.parametrize("where", [
    'patch maneuver movement {{ name en "Move{}" }}',
    'token t {{ mark "{}" }}',
    "# a comment{} and more",
    'variant v extends "x{}.rc"',
])
def test_control_and_bidi_characters_are_refused_naming_the_line(char, where):
    """Names, strings and comments; a terminal would run them when a name or an
    error is printed. The error names the character and quotes the line with
    it escaped."""
    text = "patch maneuver movement { cost 1 }\n" + where.format(char) + "\n"
    err = refused(text)
    assert (err.line, err.column) == (2, where.format(char).index(char) + 1)
    assert f"U+{ord(char):04X}" in err.reason
    assert char not in str(err)
    assert char.encode("unicode_escape").decode("ascii") in err.source_line


def test_tab_newline_and_crlf_are_white_space_but_a_tab_is_no_part_of_a_string():
    assert loads("patch maneuver movement {\r\n\tcost 1\t}\r\n")
    err = refused('patch maneuver movement { name en "Move\tfast" }\n')
    assert (err.line, err.reason) == (1, "a string holds no tab (names and marks are one line "
                                         "of plain text)")


def test_plain_letters_of_every_language_are_kept():
    rules = loads('patch maneuver movement { name es "Maniobra «rápida»" it "Movimento è" }\n')
    assert rules.words["es"]["movement"].name == "Maniobra «rápida»"


# ------------------------------------------------------------------ names


@pytest.mark.parametrize("name", [a.value for a in Adjective] + ["submarine", "destroyer"])
def test_a_status_named_like_a_filter_word_is_refused(name):
    """`damaged` compiled but could never be selected: the filter reads the
    adjective (or the ship type) first."""
    err = refused(f"status {name} {{ permanent modify damage -1 }}\n")
    # (a ship type's name is also refused as the name of a second card: another error)
    called = [e.reason for e in (err.errors or [err])
              if e.reason.startswith(f"a status cannot be called '{name}'")]
    assert len(called) == 1
    assert called[0].startswith(f"a status cannot be called '{name}': in a test or a filter "
                                f"('self is {name}', 'each {name} ship') the word is ")
    assert called[0].endswith("so the status could never be selected")


@pytest.mark.parametrize("name", ["ship", "not", "and", "player", "self", "permanent"])
def test_a_status_named_like_a_word_of_the_language_is_refused(name):
    assert "the word is a word of the card language" in refused(
        f"status {name} {{ permanent modify damage -1 }}\n").reason


def test_a_ship_type_named_like_an_adjective_is_refused():
    err = refused("ship damaged { repairs 1 breakdowns 1 crew 1 maneuvers movement }\n")
    assert err.reason.startswith("a ship type cannot be called 'damaged'")


def test_a_status_with_a_name_of_its_own_is_selected():
    rules = loads("status plated { permanent modify damage -1 }\n"
                  "patch order evasion { usable if self is plated }\n")
    assert "plated" in rules.statuses


@pytest.mark.parametrize("card,message", [
    ("maneuver end { cost 1 effect move 1 self }",
     "a maneuver cannot be called 'end': a move starting with 'end' is already a move of its "
     "own (docs/notation.md)"),
    ("order pass { copies 0 effect draw 1 }",
     "an order cannot be called 'pass': a move starting with 'pass' is already a move of its "
     "own (docs/notation.md)"),
    ("order enemy { copies 0 effect draw 1 }",
     "an order cannot be called 'enemy': 'answered is enemy' already tests that, so the card "
     "could never be named there"),
])
def test_a_card_named_like_a_move_word_or_an_answered_test_is_refused(card, message):
    """The move `end` would end the turn and `answered is enemy` test the side,
    whatever a card of that name does."""
    assert refused(card + "\n").reason == message


# ------------------------------------------------------------------ extends


def test_extends_follows_no_link_out_of_the_card_file_s_folder(tmp_path, capsys):
    """`extends house.rc`, a link beside the card file to a file elsewhere, was
    read and its first line quoted in the error (and in `redcode check --json`)."""
    secret = tmp_path / "secret.txt"
    secret.write_text("the first line of a private file\n")
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "house.rc").symlink_to(secret)
    child = cards / "mine.rc"
    child.write_text("variant mine extends house.rc\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset(str(child))
    assert info.value.reason == (
        "variant 'mine' extends house.rc, a link to a file outside the folder of mine.rc: a "
        "parent is a card file beside it, and a link out of its folder is not followed")
    assert "private" not in str(info.value)
    assert cli.main(["check", "--json", str(child)]) == 1
    out = capsys.readouterr().out
    assert "a link out of its folder is not followed" in out and "private" not in out


def test_extends_follows_a_link_to_a_file_of_the_same_folder(tmp_path):
    (tmp_path / "base_house.rc").write_text("variant house extends en\n"
                                           "patch maneuver movement { cost 1 }\n")
    (tmp_path / "house.rc").symlink_to(tmp_path / "base_house.rc")
    child = tmp_path / "mine.rc"
    child.write_text("variant mine extends house.rc\n")
    assert rc.load_ruleset(str(child)).lineage[-2:] == ("house", "mine")
