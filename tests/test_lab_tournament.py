"""``redcode tournament``: every pair, seats swapped in pairs, the same
results for a seed on one process or several, and the bots named with
options."""

from __future__ import annotations

import json
import re

import pytest

from redcode_rules.bots.specs import LEVELS, parse_bot
from redcode_rules.cli import main
from redcode_rules.base.errors import UsageError
from redcode_rules.lab.tournament import TournamentSetup


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
    (["--bots", "random", "mcts:iterations=0"], "iterations must be from 1 to 1,000,000"),
    (["--bots", "random", "mcts:seconds=inf"], "seconds must be more than 0 and at most 3600"),
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


@pytest.mark.parametrize("spec,message", [
    ("mcts:seconds=inf", "seconds must be more than 0 and at most 3600, not inf"),
    ("mcts:seconds=1e400", "seconds must be more than 0 and at most 3600, not inf"),
    ("mcts:seconds=nan", "seconds must be more than 0 and at most 3600, not nan"),
    ("mcts:seconds=3601", "seconds must be more than 0 and at most 3600, not 3601.0"),
    ("mcts:iterations=1000001", "iterations must be from 1 to 1,000,000, not 1000001"),
    ("mcts:exploration=nan", "exploration must be a finite number of at least 0, not nan"),
    ("mcts:exploration=-inf", "exploration must be a finite number of at least 0, not -inf"),
    ("mcts:exploration=inf", "exploration must be a finite number of at least 0, not inf"),
    ("mcts:exploration=-0.5", "exploration must be a finite number of at least 0, not -0.5"),
    ("mcts:depth=-3", "depth must be at least 0 (or none), not -3"),
])
def test_bot_specs_refuse_budgets_a_search_would_never_end(spec, message):
    """A budget or constant with which the search never returns a move is
    refused when the spec is read, before any game starts."""
    with pytest.raises(UsageError, match=re.escape(message)):
        parse_bot(spec)


@pytest.mark.parametrize("spec", [
    "mcts:iterations=" + "9" * 5000,
    "mcts:iterations=" + "9" * 4000,
    "mcts:iterations=x" + "x" * 5000,
    "mcts:budget" + "x" * 5000,
    "mcts" + "x" * 5000,
])
def test_a_bad_bot_spec_quotes_at_most_a_short_prefix_of_it(spec):
    """docs/security.md: an error quotes at most 60 characters of a bad value."""
    with pytest.raises(UsageError) as caught:
        parse_bot(spec)
    message = str(caught.value)
    assert len(message) < 250, message
    assert max(len(run) for run in re.findall(r"[9x]+", message)) <= 60


def test_the_lowest_and_highest_budgets_are_taken():
    assert parse_bot("mcts:iterations=1000000:exploration=0:depth=0").build(1).iterations \
        == 1_000_000
    assert parse_bot("mcts:seconds=3600").build(1).seconds == 3600.0
