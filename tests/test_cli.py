"""The command line: one-line errors and exit codes, --json, --version, python -m.

The terminal game itself (`redcode play`) is tested in tests/test_cli_play.py.
"""

import json
import os
import subprocess
import sys

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.cli import main
from redcode_rules.cli.options import progress_bar
from redcode_rules.formats.replay import save_replay

from conftest import EXAMPLES, ROOT

BATTLESHIP = str(EXAMPLES / "battleship.rc")
HOUSE_RULES = str(EXAMPLES / "house_rules.rc")


def one_line_error(capsys, start):
    """stderr holds exactly one line, `redcode: <start>...`; stdout is empty."""
    captured = capsys.readouterr()
    assert captured.err.startswith(f"redcode: {start}"), captured.err
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.out == ""
    return captured.err


# ---------------------------------------------------------------- usage errors: 2


@pytest.mark.parametrize("argv,message", [
    (["demo", "--teams", "4v4"], "--teams: each side has 1 to 3 ships"),
    (["demo", "--teams", "submarine/battleship"], "--teams: no ship type 'battleship'"),
    (["demo", "--lang", "fr"], "--lang: no texts for language 'fr'; the languages are en, es, it"),
    (["demo", "--edition", "xx"], "xx: unknown edition 'xx'"),
    (["rules", "--lang", "fr", "--out", "x"], "--lang: no texts for language 'fr'; the languages are en, es, it"),
    (["fuzz", "--games", "-5"], "fuzz: argument --games: must be at least 1, not -5"),
    (["fuzz", "--games", "many"], "fuzz: argument --games: expected a whole number"),
    (["play", "--mode", "chess"], "play: argument --mode: invalid choice: 'chess'"),
    (["nonsense"], "no command 'nonsense'; the commands are demo, check, rules, replay, fuzz, "
                   "play"),
    (["dmo"], "no command 'dmo' — did you mean 'demo'?"),
])
def test_usage_errors_exit_2_with_one_line(argv, message, capsys):
    assert cli.main(argv) == 2
    one_line_error(capsys, message)


def test_a_bad_replay_file_is_a_usage_error(tmp_path, capsys):
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2
    one_line_error(capsys, f"{tmp_path / 'missing.json'}: cannot read replay: No such file")


# ---------------------------------------------------------------- failures: 1


def test_rules_into_an_unwritable_folder_fails_with_one_line(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert cli.main(["rules", "--out", str(blocker / "ref")]) == 1
    one_line_error(capsys, f"--out: cannot write {blocker / 'ref'}: ")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions")
def test_rules_into_a_read_only_folder_fails_with_one_line(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert cli.main(["rules", "--out", str(folder)]) == 1
    finally:
        folder.chmod(0o700)
    one_line_error(capsys, f"--out: cannot write {folder / 'ships.md'}: Permission denied")


def test_rules_written(tmp_path, capsys):
    assert cli.main(["rules", "--lang", "es", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        str(tmp_path / "ships.md"), str(tmp_path / "orders.md"), str(tmp_path / "options.md")]


def test_rules_says_it_prints_the_card_reference_and_where_the_rules_are(capsys):
    """`redcode rules --lang es` prints the card reference, not the rules:
    its help says so and names the rules pages in each language."""
    assert cli.main(["rules", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    assert "The card reference of an edition in one language" in help_text
    for page in ("docs/rules.md", "docs/es/rules.md", "docs/it/rules.md"):
        assert page in help_text and (ROOT / page).is_file()
    assert cli.main(["rules", "--lang", "es"]) == 0
    assert capsys.readouterr().out.startswith("# Barcos y maniobras (es)\n")


BAD_CARD = "maneuver laser {\n  cost: two\n}\n"


def test_check_reports_errors_and_exits_1(tmp_path, capsys):
    bad = tmp_path / "bad.rc"
    bad.write_text(BAD_CARD)
    assert cli.main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{bad}:") and "Traceback" not in err


def test_replay_with_an_illegal_move_fails_with_1(tmp_path, capsys):
    game = rc.new_game(rc.load_ruleset("en"), seed=4, placement="fixed")
    path = save_replay(game, tmp_path / "g.json")
    data = json.loads(path.read_text())
    data["moves"] = ["end", "torpedo nowhere"]
    path.write_text(json.dumps(data))
    assert cli.main(["replay", str(path)]) == 1
    one_line_error(capsys, "move 2 ('torpedo nowhere') is illegal: no ship 'nowhere'")


# ---------------------------------------------------------------- --json


def test_check_json(tmp_path, capsys):
    good, bad = tmp_path / "good.rc", tmp_path / "bad.rc"
    good.write_text("")
    bad.write_text(BAD_CARD)
    assert cli.main(["check", str(good), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "command": "check", "ok": True, "files": [str(good)], "errors": []}
    assert cli.main(["check", str(good), str(bad), "--json"]) == 1
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert captured.err == ""
    assert doc["ok"] is False and doc["files"] == [str(good), str(bad)]
    [error] = doc["errors"]
    assert error["file"] == str(bad) and error["line"] == 2
    assert error["text"].startswith(f"{bad}:2:")


def test_fuzz_json(tmp_path, capsys):
    rules = rc.load_ruleset("en")
    assert cli.main(["fuzz", "--games", "2", "--seed", "4", "--out", str(tmp_path),
                     "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert json.loads(captured.out) == {
        "command": "fuzz", "ok": True, "games": 2, "seed": 4, "ruleset": rules.name,
        "hash": rules.hash, "failure": None}


def test_replay_json(tmp_path, capsys):
    game = rc.new_game(rc.load_ruleset("en"), seed=4, placement="fixed")
    for move in ["end", "end", "repair"]:
        game.play(move)
    path = save_replay(game, tmp_path / "g.json")
    assert cli.main(["replay", str(path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in doc.items() if k != "narration"} == {
        "command": "replay", "ok": True, "file": str(path), "moves": 3,
        "ruleset": game.rules.name, "hash": game.rules.hash, "is_over": False,
        "winner": None, "score": {"blue": 0, "red": 0}, "to_move": game.to_move}
    assert doc["narration"] == game.narration("en")


@pytest.mark.parametrize("argv,code,kind,message", [
    (["replay", "nowhere.json", "--json"], 2, "usage",
     "nowhere.json: cannot read replay: No such file or directory"),
    (["fuzz", "--games", "0", "--json"], 2, "usage",
     "fuzz: argument --games: must be at least 1, not 0"),
])
def test_json_errors_are_json_too(argv, code, kind, message, capsys):
    assert cli.main(argv) == code
    captured = capsys.readouterr()
    assert captured.err == ""
    assert json.loads(captured.out) == {"ok": False, "error": {"kind": kind, "message": message}}


# ---------------------------------------------------------------- progress, version, -m


def test_fuzz_off_a_terminal_says_its_progress_in_plain_lines(tmp_path, capsys):
    """A piped log gets no `\\r` frames of the rich bar, but it is not left
    in silence for minutes either: a plain line on stderr at each tenth."""
    assert cli.main(["fuzz", "--games", "2", "--seed", "4", "--out", str(tmp_path)]) == 0
    assert list(tmp_path.iterdir()) == []  # clean rules: no failure saved
    captured = capsys.readouterr()
    assert captured.err == "games 1/2\ngames 2/2\n"
    assert captured.out == (f"2 random games of {rc.load_ruleset('en').name} "
                            f"({rc.load_ruleset('en').hash}): every invariant held\n")
    assert cli.main(["fuzz", "--games", "1", "--seed", "4", "--out", str(tmp_path),
                     "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_plain_progress_says_each_tenth_once_whatever_the_steps(capsys):
    with progress_bar(enabled=True, total=100) as advance:
        for done in (1, 9, 10, 11, 35, 36, 99, 100):
            advance(done, 100)
    assert capsys.readouterr().err == "games 10/100\ngames 35/100\ngames 99/100\n" \
        "games 100/100\n"


def test_version(capsys):
    from importlib import metadata
    assert rc.__version__ == metadata.version("redcode_rules")
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"redcode {rc.__version__}\n"


def test_python_dash_m_and_py_typed():
    run = subprocess.run([sys.executable, "-m", "redcode_rules", "--version"],
                         capture_output=True, text=True, timeout=60)
    assert (run.returncode, run.stdout, run.stderr) == (0, f"redcode {rc.__version__}\n", "")
    from importlib import resources
    assert resources.files("redcode_rules").joinpath("py.typed").is_file()


# ---------------------------------------------------------------- what reaches the terminal

ESCAPES = "\x1b]0;owned\x07\x1b[2J\x9b31m\u202e"
ESCAPED = "\\u001b]0;owned\\u0007\\u001b[2J\\u009b31m\\u202e"


def test_printable_escapes_what_a_terminal_acts_on():
    """ESC and BEL (a title change, a cleared screen), C1's CSI and a bidi
    override are written as escapes; tabs, newlines and accents are text."""
    assert rc.base.errors.printable(f"a{ESCAPES}b\tc\nd é ñ ü") == f"a{ESCAPED}b\tc\nd é ñ ü"
    document = json.dumps({"line": ESCAPES}, ensure_ascii=False)
    assert json.loads(rc.base.errors.printable(document)) == {"line": ESCAPES}


def a_replay_file(tmp_path):
    game = rc.new_game(rc.load_ruleset("en"), seed=4, placement="fixed")
    game.play("end")
    return save_replay(game, tmp_path / "g.json")


def test_replay_prints_a_shared_replay_s_names_escaped(tmp_path, capsys, monkeypatch):
    """Names in the narration come from the replay's card files: a card named
    with an escape sequence reaches the terminal as text, in text and JSON."""
    path = a_replay_file(tmp_path)
    monkeypatch.setattr(rc.Game, "narration", lambda game, lang=None: [f"{ESCAPES} sinks"])
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{ESCAPED} sinks\n") and "\x1b" not in out and "\x9b" not in out
    assert cli.main(["replay", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["narration"] == [f"{ESCAPES} sinks"] and "\x1b" not in out


def test_an_error_naming_a_replay_s_card_file_prints_it_escaped(tmp_path, capsys):
    """The name of a card file a replay carries is the sender's: an error
    quoting it (here, its card text does not compile) is escaped on stderr."""
    path = a_replay_file(tmp_path)
    data = json.loads(path.read_text())
    data["ruleset"]["texts"] = [[f"{ESCAPES}.rc", "order {"]]
    path.write_text(json.dumps(data))
    assert cli.main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("redcode: scenario field 'ruleset': cannot rebuild the rules: "
                          f"{ESCAPED}.rc:1:") and "\x1b" not in err


# ---------------------------------------------------------------- the shipped examples
# (INTERFACE "Command line"): card files checked, narrated demos, the rule reference


@pytest.mark.parametrize("path", [BATTLESHIP, HOUSE_RULES])
def test_cli_check_accepts_the_examples(path, capsys):
    assert main(["check", path]) == 0
    assert "1 file(s) OK" in capsys.readouterr().out


def test_cli_check_reports_a_broken_file(tmp_path, capsys):
    """`redcode check` exits 1 and the error names the file and line (DslError)."""
    bad = tmp_path / "broken.rc"
    bad.write_text("maneuver broken {\n    cost 2  range 2\n    effect damage to target\n}\n",
                   "utf-8")
    assert main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:3:" in err
    assert "effect damage to target" in err
    assert "^" in err


def test_cli_demo_with_the_battleship(capsys):
    assert main(["demo", "--seed", "2", "--cards", BATTLESHIP,
                 "--teams", "battleship/destroyer"]) == 0
    out = capsys.readouterr().out
    assert "Winner" in out
    assert "blue battleship" in out


def test_cli_demo_narrates_in_the_edition_language(capsys):
    assert main(["demo", "--edition", "es", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Ganador" in out
    assert "Winner" not in out


def test_cli_demo_lang_overrides_the_edition_language(capsys):
    assert main(["demo", "--edition", "es", "--lang", "it", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Vincitore" in out
    assert "Ganador" not in out


def test_cli_rules_writes_the_spanish_reference(tmp_path, capsys):
    """`redcode rules` writes ships.md, orders.md, options.md; the Spanish deck
    has Emboscada and no Mecánico (§10: 8 kinds)."""
    assert main(["rules", "--lang", "es", "--edition", "es", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["options.md", "orders.md", "ships.md"]
    orders = (tmp_path / "orders.md").read_text("utf-8")
    assert "Emboscada" in orders
    assert "Mecánico" not in orders
    assert "Cartas en el mazo: 30" in orders
    ships = (tmp_path / "ships.md").read_text("utf-8")
    assert "Blindaje" in ships and "Portaaviones" in ships
