"""``redcode balance``: the figures of seat-swapped games, the same for a
seed on any number of processes; the overpowered card of docs/balance.md is
caught; the report is written as Markdown, HTML and JSON."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from redcode_rules.balance import BalanceSetup, run_balance
from redcode_rules.balance_report import html_page, markdown
from redcode_rules.bot_specs import parse_bot
from redcode_rules.cli import main
from redcode_rules.runner import Where
from redcode_rules.selfplay import RulesSource, lasting
from redcode_rules.state import Event

ROOT = Path(__file__).resolve().parents[1]
OVERPOWERED = ROOT / "docs" / "balance" / "overpowered.rc"



@pytest.fixture(scope="module")
def caught():
    """The worked example of docs/balance.md: 20 greedy games of the card."""
    setup = BalanceSetup(RulesSource.from_files("en", [str(OVERPOWERED)]), parse_bot("greedy"),
                         games=20, seed=1)
    return run_balance(setup, Where(jobs=1))


def test_the_overpowered_card_is_caught(caught):
    card = caught["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]["broadside"]
    assert card["new"] and card["order"]
    assert card["per_use"]["damage"] == 4.0
    assert card["flag"] == "strong"
    assert card["played_more"]["low"] > 0.6
    assert [(f["card"], f["flag"]) for f in caught["flags"]] == [("broadside", "strong")]
    assert "**broadside**" in markdown(caught)


def test_figures_of_a_configuration(caught):
    conf = caught["rulesets"]["A"]["configurations"]["war 1v1"]
    assert conf["games"] == 20
    assert conf["sides"]["blue"]["games"] == 20
    assert conf["sides"]["blue"]["estimate"] + conf["sides"]["red"]["estimate"] == 1.0
    assert set(conf["ship_types"]) == {"submarine", "destroyer"}
    assert len(conf["turns"]["values"]) == 20
    assert conf["turns"]["p10"] <= conf["turns"]["median"] <= conf["turns"]["p90"]
    # intercepted lasts until its ship's next turn starts: one turn, two if given
    # to one's own ship (it was read as lasting to the game's end: 80-100 turns)
    assert 0 < conf["statuses"]["intercepted"]["mean_turns"] <= 2


def test_a_status_lasts_in_the_figures_from_its_giving_to_its_end():
    """Read from the log: given on turn 1 and again on turn 1 (it starts over:
    the first lasted 0 turns), ended on turn 2; given on turn 3 and still there
    when the game ended on turn 5."""
    log = [Event("status", 1, {"ship": "red-destroyer", "status": "intercepted"}),
           Event("status", 1, {"ship": "red-destroyer", "status": "intercepted"}),
           Event("status_end", 2, {"ship": "red-destroyer", "status": "intercepted"}),
           Event("status", 3, {"ship": "blue-submarine", "status": "intercepted"})]
    game = SimpleNamespace(log=log, turn_number=5)
    assert lasting(game, "status", "ship") == {"intercepted": {"given": 3, "turns": 3,
                                                               "ended": 2}}


def test_seat_swapped_pairs_and_common_seeds_between_a_and_b():
    setup = BalanceSetup(RulesSource("en", (), "A"), parse_bot("random"), games=4,
                         b=RulesSource("en", (), "B"), sizes=("1v1", "2v2"), seed=2)
    specs = setup.specs()
    assert len(specs) == 2 * 2 * 4
    assert specs[0].teams == specs[1].teams[::-1] and specs[0].seed == specs[1].seed
    a = [s.seed for s in specs if s.rules.label == "A"]
    b = [s.seed for s in specs if s.rules.label == "B"]
    assert a == b


def test_balance_is_the_same_on_one_and_two_processes(capsys):
    docs = []
    for jobs in ("1", "2"):
        assert main(["balance", "--bots", "random", "--games", "4", "--seed", "3",
                     "--against", "en", "--jobs", jobs, "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        docs.append(doc)
    assert docs[0] == docs[1]
    rows = docs[0]["ab"]["war 1v1"]
    assert [r["what"] for r in rows][:2] == ["blue win rate", "red win rate"]
    assert all("verdict" in r for r in rows)
    # the same ruleset and seeds on both sides: no difference at all
    assert all(r["difference"] == 0 for r in rows)


def test_balance_writes_the_report(tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["balance", "--cards", str(OVERPOWERED), "--bots", "random", "--games", "2",
                 "--jobs", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "# Balance report: random, 2 games per configuration, seed 1" in text
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.json", "report.md"]
    page = (out / "report.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "broadside" in page
    assert json.loads((out / "report.json").read_text())["bot"] == "random"


def test_the_html_report_embeds_svg_plots(caught):
    pytest.importorskip("matplotlib", reason="the plots need the lab extra (matplotlib)")
    page = html_page(caught)
    assert page.count("<svg") == 3  # win rates, game length, order cards
    assert "src=" not in page  # self-contained


@pytest.mark.parametrize("argv,message", [
    (["--modes", "war,chess"], "no mode 'chess'"),
    (["--teams", "9v9"], "each side has 1 to"),
    (["--cards", "no/such.rc"], "cannot read card file"),
    (["--bots", "mcts:x=1"], "takes no option"),
])
def test_balance_usage_errors(capsys, argv, message):
    assert main(["balance", "--games", "2", *argv]) == 2
    assert message in capsys.readouterr().err


def test_the_docs_page_shows_what_the_command_prints(caught):
    """docs/balance.md quotes the flag and two rows of this very run, and the
    card file it shows is the file itself."""
    page = (ROOT / "docs" / "balance.md").read_text("utf-8")
    quoted = page.split("<!-- balance-example -->\n")[1].split("<!-- /balance-example -->")[0]
    printed = markdown(caught).splitlines()
    for line in quoted.splitlines():
        if line.strip():
            assert line in printed, line
    body = page.split('```rc title="docs/balance/overpowered.rc"\n')[1].split("```")[0]
    assert body == OVERPOWERED.read_text("utf-8")
