"""The command line as a person meets it: bare ``redcode`` lists the commands,
every option says what it does, and every command follows one rule for its
exit code — 2 when it cannot start with what it was given, 1 when it ran and
the answer is no — over a table of bad invocations."""

import argparse
import json
import re
from pathlib import Path

import pytest

from redcode_rules import cli
from redcode_rules.cli.options import rules_of

from conftest import ROOT



def test_bare_redcode_lists_the_commands(capsys):
    assert cli.main([]) == 0
    out = capsys.readouterr().out
    listed = re.findall(r"^    (\w+) +\S", out, re.M)
    assert listed == list(cli.COMMANDS)
    assert "redcode COMMAND --help says more of a command." in out


def subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {"": parser, **action.choices}


@pytest.mark.parametrize("command", ["", *cli.COMMANDS])
def test_every_option_has_help_text(command):
    parser = subparsers()[command]
    missing = [a.dest for a in parser._actions
               if not isinstance(a, argparse._SubParsersAction) and not a.help]
    assert missing == []


def test_rules_without_out_prints_the_reference(capsys):
    assert cli.main(["rules", "--lang", "es"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Barcos y maniobras (es)\n")
    assert "\n# Cartas de órdenes (es)\n" in out and "\n# Opciones de reglas (es)\n" in out


def card_file(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bad.rc"
    path.write_text(text, "utf-8")
    return str(path)


def replay_file(tmp_path: Path, moves: list[str]) -> str:
    from redcode_rules import load_ruleset, new_game
    game = new_game(load_ruleset("en"), seed=1)
    data = game.replay()
    data["moves"] = moves
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


USAGE, FAILURE = 2, 1

#: (argv, exit code, how stderr starts); "{tmp}" is a scratch folder, "{bad}"
#: a card file with an error, "{illegal}" a replay with an illegal move
BAD = [
    (["dmo"], USAGE, "no command 'dmo' — did you mean 'demo'?"),
    (["--bogus"], USAGE, "unrecognized arguments: --bogus"),
    (["demo", "--seed", "x"], USAGE, "demo: argument --seed: invalid int value: 'x'"),
    (["demo", "--teams", "9v9"], USAGE, "--teams: each side has 1 to 3 ships"),
    (["demo", "--edition", "nope"], USAGE, "nope: unknown edition 'nope'"),
    (["demo", "--lang", "xx"], USAGE, "--lang: no texts for language 'xx'"),
    (["demo", "--blue", "clever"], USAGE, "demo: argument --blue: invalid choice: 'clever'"),
    (["demo", "extra"], USAGE, "unrecognized arguments: extra"),
    (["demo", "--cards", "{tmp}/missing.rc"], USAGE, "{tmp}/missing.rc: cannot read"),
    (["check"], USAGE, "check: the following arguments are required: FILE"),
    (["check", "{tmp}/missing.rc"], USAGE, "{tmp}/missing.rc: cannot read card file"),
    (["check", "{bad}"], FAILURE, "{bad}:1:1: "),
    (["rules", "--lang", "xx"], USAGE, "--lang: no texts for language 'xx'"),
    (["rules", "--edition", "nope"], USAGE, "nope: unknown edition 'nope'"),
    (["rules", "--out", "{tmp}/file.txt/sub"], FAILURE, "--out: cannot write"),
    (["replay"], USAGE, "replay: the following arguments are required: FILE"),
    (["replay", "{tmp}/missing.json"], USAGE, "{tmp}/missing.json: cannot read replay"),
    (["replay", "{illegal}"], FAILURE, ""),
    (["fuzz", "--games", "0"], USAGE, "fuzz: argument --games: must be at least 1, not 0"),
    (["fuzz", "--deck-share", "2"], USAGE, "fuzz: argument --deck-share: must be from 0 to 1"),
    (["fuzz", "--teams", "1v1"], USAGE, "fuzz: --teams chooses the teams of a card file"),
    (["play", "--seat", "9"], USAGE, "--seat: '9' is not one ship of this game"),
    (["play", "--bots", "clever"], USAGE, "--bots: unknown bot 'clever'"),
    (["play", "--mode", "chess"], USAGE, "play: argument --mode: invalid choice: 'chess'"),
    (["play", "--short", "--teams", "4v4"], USAGE, "--teams: each side has 1 to 3 ships"),
]


@pytest.mark.parametrize("argv,code,start", BAD, ids=[" ".join(b[0]) or "bare" for b in BAD])
def test_bad_invocations_exit_2_for_usage_and_1_for_failure(argv, code, start, tmp_path,
                                                             capsys):
    (tmp_path / "file.txt").write_text("x", "utf-8")
    values = {"tmp": str(tmp_path), "bad": card_file(tmp_path, "nonsense here\n"),
              "illegal": replay_file(tmp_path, ["torpedo nowhere"])}
    argv = [a.format(**values) for a in argv]
    assert cli.main(argv) == code
    captured = capsys.readouterr()
    if argv[0] != "check":  # check lists every error of the files, a line each
        assert captured.err.count("\n") == 1, captured.err
    prefix = "" if argv[0] == "check" and code == FAILURE else "redcode: "
    assert captured.err.startswith(prefix + start.format(**values)), captured.err
    assert "Traceback" not in captured.err


def test_the_short_game_is_a_war_to_2_points_in_60_turns(capsys):
    assert cli.main(["demo", "--short", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.endswith("Score: blue 1, red 2\nWinner: red\n")
    rules = rules_of(cli.build_parser().parse_args(["play", "--short"]))
    assert (rules.options.victory_points, rules.options.turn_limit) == (2, 60)


def test_the_readme_says_what_redcode_demo_does(capsys):
    """The quick start's description of `redcode demo` is what it prints."""
    readme = (ROOT / "README.md").read_text("utf-8")
    said = " ".join(readme.split("The first line installs the package and plays ")[1]
                    .split(";")[0].split())
    assert said.startswith("a narrated war between two greedy bots, blue submarine "
                           "against red destroyer (seed 1)")
    assert cli.main(["demo"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red Code — en edition, war to 5 points, at most 200 turns, 1v1, "
                          "seed 1\n")
    ships = set(re.findall(r"^  (Blue submarine|Red destroyer) ", out, re.M))
    assert ships == {"Blue submarine", "Red destroyer"}
    assert "\nWinner: " in out
