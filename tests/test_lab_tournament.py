"""``redcode tournament``: every pair, seats swapped in pairs, the same
results for a seed on one process or several, and the bots named with
options."""

from __future__ import annotations

import json
import re

import pytest

from redcode_rules.bot_specs import LEVELS, parse_bot
from redcode_rules.cli import main
from redcode_rules.errors import UsageError
from redcode_rules.tournament import TournamentSetup


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_pair_plays_with_seats_swapped_in_pairs():
    setup = TournamentSetup(tuple(parse_bot(b) for b in ("random", "greedy", "mcts:easy")),
                            games=4, seed=3)
    specs = setup.specs()
    assert len(specs) == 3 * 4
    assert [s.config for s in specs[:4]] == ["0-1", "1-0", "0-1", "1-0"]
    assert specs[0].seed == specs[1].seed != specs[2].seed == specs[3].seed
    assert specs[0].bots == specs[1].bots[::-1]
    assert {s.config for s in specs} == {"0-1", "1-0", "0-2", "2-0", "1-2", "2-1"}


def test_tournament_json_is_the_same_on_one_and_two_processes(capsys):
    docs = []
    for jobs in ("1", "2"):
        code, out, _ = run(capsys, "tournament", "--bots", "random", "greedy", "--games", "4",
                           "--seed", "5", "--jobs", jobs, "--json")
        assert code == 0
        doc = json.loads(out)
        for bot in doc["standings"]:
            bot.pop("seconds_per_decision")  # the one machine-dependent figure
        docs.append(doc)
    assert docs[0] == docs[1]
    pair = docs[0]["pairs"][0]
    assert (pair["a"], pair["b"], pair["games"]) == ("random", "greedy", 4)
    assert pair["wins"] + pair["losses"] + pair["draws"] == 4
    assert "Wilson" in docs[0]["interval"] and "Bradley-Terry" in docs[0]["ratings_method"]
    assert [r["name"] for r in docs[0]["ratings"]] == ["random", "greedy"]


def test_tournament_text_table(capsys):
    code, out, _ = run(capsys, "tournament", "--bots", "random", "random", "--games", "2",
                       "--jobs", "1")
    assert code == 0
    assert re.search(r"random +vs random#2 +2 ", out)
    assert "95% Wilson" in out


@pytest.mark.parametrize("argv,message", [
    (["--bots", "random"], "at least two bots"),
    (["--bots", "random", "gredy"], "did you mean 'greedy'"),
    (["--bots", "random", "mcts:budget=3"], "mcts takes no option 'budget=3'"),
    (["--bots", "random", "mcts:iterations=0"], "iterations must be at least 1"),
    (["--bots", "random", "mcts:seconds=x"], "seconds='x' is not a number"),
])
def test_tournament_usage_errors(capsys, argv, message):
    code, _, err = run(capsys, "tournament", *argv, "--games", "2")
    assert code == 2
    assert message in err


def test_bot_specs_levels_and_budgets():
    assert parse_bot("mcts").options == tuple(LEVELS["normal"].items())
    assert parse_bot("mcts:hard").text == "mcts:iterations=2000"
    assert parse_bot("mcts:seconds=1").text == "mcts:seconds=1.0"
    assert parse_bot("mcts:iterations=2000:rollout=greedy").build(1).rollout == "greedy"
    with pytest.raises(UsageError):
        parse_bot("greedy:hard")
