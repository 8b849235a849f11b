"""Checking card files for a designer: every error of a
file at once, several files as one card set, a byte order mark accepted."""

import json

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.lang.loader import check_files

# Three errors that do not depend on each other: an unknown effect, a deck of
# 31 cards, a ship listing an unknown maneuver.
THREE_ERRORS = """\
maneuver laser {
    cost 2  range 2
    effect damag 1 to target
}

order flare {
    copies 1
    effect regain repair 1 to self
}

ship cruiser {
    repairs 3  breakdowns 2  crew 5
    maneuvers movement repair torpedo orders immersion shield radar torpdo
}
"""


def write(tmp_path, name, text, encoding="utf-8"):
    path = tmp_path / name
    path.write_text(text, encoding)
    return str(path)


def test_three_independent_errors_are_all_reported(tmp_path):
    path = write(tmp_path, "three.rc", THREE_ERRORS)
    errors = check_files([path])
    assert [(e.line, e.column, e.reason, e.suggestion) for e in errors] == [
        (3, 12, "unknown effect 'damag'", "damage"),
        (7, 5, "the order cards add up to 31 copies (ambush 4, deserter 4, boatswain 4, "
               "atomic_bomb 2, evasion 4, captain 3, mechanic 4, intercept 3, kamikaze 2, "
               "flare 1); the deck must have 30 (R1.4)", None),
        (13, 69, "ship 'cruiser' lists unknown maneuver 'torpdo'", "torpedo"),
    ]
    assert str(errors[0]) == (
        f"{path}:3:12: unknown effect 'damag' — did you mean 'damage'?\n"
        "        effect damag 1 to target\n"
        "               ^")


def test_load_ruleset_raises_one_dsl_error_carrying_every_error(tmp_path):
    path = write(tmp_path, "three.rc", THREE_ERRORS)
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("en", [path])
    err = info.value
    assert [e.line for e in err.errors] == [3, 7, 13]
    assert (err.file, err.line, err.column) == (path, 3, 12)  # the first error's place
    assert str(err) == "3 errors:\n" + "\n".join(str(e) for e in err.errors)


def test_a_single_error_is_itself(tmp_path):
    path = write(tmp_path, "one.rc", "order zap {\n    copies 0\n    effect damge 1 to target\n}\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("en", [path])
    assert info.value.errors == [info.value]
    assert str(info.value).startswith(f"{path}:3:12: unknown effect 'damge'")


def test_duplicates_and_repeated_properties_are_reported_with_the_rest():
    text = ("maneuver zap {\n    cost 1  cost 2\n    effect regain repair 1 to self\n}\n"
            "maneuver zap {\n    cost 1\n    effect regain repair 1 to self\n}\n"
            "rules {\n    hand_limt 5\n}\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "dup.rc")
    assert [(e.line, e.reason) for e in info.value.errors] == [
        (2, "'cost' given twice in maneuver 'zap'"),
        (5, "duplicate maneuver 'zap' (first declared at dup.rc:1); use 'patch maneuver zap' "
            "to change it"),
        (10, "unknown rule option 'hand_limt'"),
    ]


def test_a_syntax_error_stops_its_file_but_not_the_others(tmp_path):
    broken = write(tmp_path, "broken.rc", "maneuver x {\n    cost: two\n}\n")
    other = write(tmp_path, "other.rc", "patch maneuver torpedo { cost 0 }\n")
    errors = check_files([broken, other])
    assert [(e.file, e.line) for e in errors] == [(broken, 2), (other, 1)]
    assert errors[1].reason == "maneuver 'torpedo': cost must be at least 1 crew (R4.1)"


# ---------------------------------------------------------------- one card set

FIRST = """\
maneuver flare_gun {
    cost 1  range 3
    effect crew_loss 1 to target
}
"""
SECOND = """\
patch maneuver flare_gun { cost 2 }
ship cutter {
    repairs 2  breakdowns 2  crew 4
    maneuvers movement repair torpedo orders flare_gun shield radar immersion
}
"""


def test_several_files_are_one_card_set(tmp_path):
    first = write(tmp_path, "first.rc", FIRST)
    second = write(tmp_path, "second.rc", SECOND)
    assert check_files([first, second]) == []
    rules = rc.load_ruleset("en", [first, second])
    assert rules.maneuvers["flare_gun"].cost == 2
    assert rules.ships["cutter"].maneuvers[4] == "flare_gun"
    # alone, the second file knows no flare_gun
    separately = check_files([first, second], separately=True)
    assert [(e.file, e.line, e.reason) for e in separately] == [
        (second, 1, "cannot patch unknown maneuver 'flare_gun'"),
        (second, 4, "ship 'cutter' lists unknown maneuver 'flare_gun'"),
    ]


def test_cli_check_one_set_and_separately(tmp_path, capsys):
    first = write(tmp_path, "first.rc", FIRST)
    second = write(tmp_path, "second.rc", SECOND)
    assert cli.main(["check", first, second]) == 0
    assert capsys.readouterr().out == "2 file(s) OK\n"
    assert cli.main(["check", first, second, "--separately"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{second}:1:1: cannot patch unknown maneuver 'flare_gun'\n")
    errors, warnings = err.split("\n2 errors\n")
    # the names the files do not give, warned after the errors (file and line)
    assert warnings.splitlines() == [
        f"{path}:{line}:1: warning: {kind} has no name in '{lang}': the texts in '{lang}' "
        f"will call it '{said}' (name {lang} \"…\")"
        for path, line, kind, said in ((first, 1, "maneuver 'flare_gun'", "flare gun"),
                                       (second, 2, "ship 'cutter'", "cutter"))
        for lang in ("en", "es", "it")]


def test_cli_check_json_lists_every_error(tmp_path, capsys):
    path = write(tmp_path, "three.rc", THREE_ERRORS)
    assert cli.main(["check", path, "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["ok"] is False
    assert [(e["line"], e["column"]) for e in doc["errors"]] == [(3, 12), (7, 5), (13, 69)]
    assert doc["errors"][2]["message"] == "ship 'cruiser' lists unknown maneuver 'torpdo'"


def test_a_variant_file_comes_first_in_a_set(tmp_path):
    house = write(tmp_path, "house.rc", "variant house extends en\n")
    other = write(tmp_path, "other.rc", FIRST)
    assert check_files([house, other]) == []
    [err] = check_files([other, house])
    assert (err.file, err.line, err.reason) == (
        house, 1, "a variant file comes first in a card set; check house.rc alone "
                  "(--separately) or put it first")


# ---------------------------------------------------------------- BOM


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = write(tmp_path, "bom.rc", FIRST, encoding="utf-8-sig")
    assert (tmp_path / "bom.rc").read_bytes()[:3] == b"\xef\xbb\xbf"
    assert check_files([path]) == []
    assert rc.load_ruleset("en", extra=[path]).maneuvers["flare_gun"].cost == 1
    assert rc.load_source("\ufeff" + FIRST).maneuvers["flare_gun"].range == 3


def test_an_error_in_a_file_with_a_bom_quotes_the_line_without_it(tmp_path):
    path = write(tmp_path, "bom.rc", "order zap {\n copies 0\n effect damge 1 to target\n}\n",
                 encoding="utf-8-sig")
    [err] = check_files([path])
    assert (err.line, err.column, err.source_line) == (3, 9, " effect damge 1 to target")
    first = write(tmp_path, "bom1.rc", "patch maneuver torpdo { cost 2 }\n",
                  encoding="utf-8-sig")
    [err] = check_files([first])
    assert (err.line, err.column, err.source_line) == (
        1, 1, "patch maneuver torpdo { cost 2 }")


def test_past_200_errors_they_are_counted_not_listed():
    text = "".join(f"maneuver m{i} {{ cost 0 effect regain repair 1 to self }}\n"
                   for i in range(205))
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "many.rc")
    errors = info.value.errors
    assert len(errors) == 201
    assert errors[0].reason == "maneuver 'm0': cost must be at least 1 crew (R4.1)"
    assert str(errors[-1]) == "many.rc: 5 more errors not listed (the first 200 are)"


# ---------------------------------------------------------------- built-in files parsed once


def test_a_card_set_is_built_without_parsing_the_built_in_files_again(tmp_path, monkeypatch):
    """The base files and the editions are parsed once per process (parsing
    is most of a build's time); a user's variant file is read and parsed on
    every build, and the rules built are those of a build from scratch."""
    from redcode_rules.lang import loader

    variant = write(tmp_path, "house.rc", "variant house extends es\n" + FIRST)
    rc.load_source("", "warm.rc", "es")
    parsed = []
    real = loader.parse_source
    monkeypatch.setattr(loader, "parse_source",
                        lambda text, file="<string>": parsed.append(file) or real(text, file))
    built = rc.load_source(FIRST, "extra.rc", "es")
    house = rc.load_ruleset(variant)
    assert parsed == [variant]
    assert built.maneuvers["flare_gun"].cost == house.maneuvers["flare_gun"].cost == 1
    assert loader.build_ruleset("es", ()) == rc.load_ruleset("es")


def test_card_files_are_compiled_once_for_the_same_texts(tmp_path):
    """An edition with the same card files, saying the same, is one immutable
    Ruleset shared by every scenario that names them; a file edited on disk
    is compiled again and says what it now says."""
    path = write(tmp_path, "extra.rc", FIRST)
    first = rc.load_ruleset("es", extra=[path])
    assert rc.load_ruleset("es", extra=[path]) is first
    (tmp_path / "extra.rc").write_text(FIRST.replace("cost 1", "cost 2"), "utf-8")
    edited = rc.load_ruleset("es", extra=[path])
    assert edited is not first
    assert (first.maneuvers["flare_gun"].cost, edited.maneuvers["flare_gun"].cost) == (1, 2)
