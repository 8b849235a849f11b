"""``redcode balance``: the figures of seat-swapped games, the same for a
seed on any number of processes; the overpowered card of docs/balance.md
stands out in 20 games and is flagged in 100; what the lab cannot judge it
says; the report is written as Markdown, HTML and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from redcode_rules.lab.balance import SUGGEST, BalanceSetup, run_balance, summarise
from redcode_rules.lab.report import html_page, markdown
from redcode_rules.bots.specs import parse_bot
from redcode_rules.bots import BOTS
from redcode_rules.cli import main
from redcode_rules.lab.runner import Venue
from redcode_rules.info.tally import lasting
from redcode_rules.lab.selfplay import GameRecord, RulesSource
from redcode_rules.model.state import Event

ROOT = Path(__file__).resolve().parents[1]
OVERPOWERED = ROOT / "docs" / "balance" / "overpowered.rc"


def overpowered(games: int) -> dict:
    """The worked example of docs/balance.md: greedy games of the card."""
    setup = BalanceSetup(RulesSource.from_files("en", [str(OVERPOWERED)]), parse_bot("greedy"),
                         games=games, seed=1)
    return run_balance(setup, Venue(jobs=1))


# 20 greedy games: the tests that read them run with -m mass (the plots' with
# the lab extra, CI's step for it)
@pytest.fixture(scope="module")
def caught():
    return overpowered(20)


@pytest.mark.mass  # the 20 games of `caught` (CI runs -m mass)
def test_the_overpowered_card_stands_out_in_20_games_but_is_not_flagged(caught):
    """Its interval lies above 60%, which alone would flag it; among the nine
    order cards tested it is not beyond chance yet (Holm)."""
    cards = caught["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]
    card = cards["broadside"]
    assert card["new"] and card["order"]
    assert card["per_use"]["damage"] == 4.0
    assert card["played_more"]["low"] > 0.6 and card["p_value"] < 0.05
    assert card["p_value"] == min(c["p_value"] for c in cards.values() if c["p_value"])
    assert card["p_holm"] > 0.05 and card["flag"] is None and caught["flags"] == []
    assert "No card flagged among the 9 cards tested." in markdown(caught)


@pytest.mark.mass
def test_the_overpowered_card_is_flagged_in_100_games():
    report = overpowered(100)
    card = report["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]["broadside"]
    assert card["flag"] == "strong" and card["p_holm"] < 0.05
    assert [(f["card"], f["flag"]) for f in report["flags"]] == [("broadside", "strong")]
    assert_quoted(report, "balance-example-100")


@pytest.mark.mass  # the 20 games of `caught` (CI runs -m mass)
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
    assert lasting(log, "status", "ship", 5) == {"intercepted": {"given": 3, "turns": 3,
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


@pytest.fixture(scope="module")  # set up before `caught`: a wider scope comes first
def plotting():
    """Skips (before `caught` plays its games) without the lab extra."""
    pytest.importorskip("matplotlib", reason="the plots need the lab extra (matplotlib)")


def test_the_html_report_embeds_svg_plots(plotting, caught):
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


def assert_quoted(report: dict, block: str) -> None:
    """The lines docs/balance.md quotes between ``<!-- block -->`` and
    ``<!-- /block -->`` are lines of this report."""
    page = (ROOT / "docs" / "balance.md").read_text("utf-8")
    quoted = page.split(f"<!-- {block} -->\n")[1].split(f"<!-- /{block} -->")[0]
    printed = markdown(report).splitlines()
    for line in quoted.splitlines():
        if line.strip():
            assert line in printed, line


@pytest.mark.mass  # the 20 games of `caught` (CI runs -m mass)
def test_the_docs_page_shows_what_the_command_prints(caught):
    """docs/balance.md quotes lines of this very run, and the card file it
    shows is the file itself (its 100-game run: the mass test above)."""
    assert_quoted(caught, "balance-example-20")
    page = (ROOT / "docs" / "balance.md").read_text("utf-8")
    body = page.split('```rc title="docs/balance/overpowered.rc"\n')[1].split("```")[0]
    assert body == OVERPOWERED.read_text("utf-8")


# --------------------------------------------------------------------------
# what the lab cannot know, it says


SMOKE = ROOT / "cards" / "examples" / "modifiers_smoke_screen.rc"


@pytest.fixture(scope="module")
def unplayed():
    """Smoke screen (a protective status on one's own ship) in 4 greedy games,
    as docs/balance.md shows them: the greedy bot values a status on a friend
    as harm and never plays it."""
    setup = BalanceSetup(RulesSource.from_files("en", [str(SMOKE)]), parse_bot("greedy"),
                         games=4, seed=1)
    return run_balance(setup, Venue(jobs=1))


def test_a_card_the_bot_never_played_has_no_verdict_and_the_report_says_why(unplayed):
    card = unplayed["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]["smoke_screen"]
    assert card["played"] == 0 and card["held"] > card["playable"] > 0
    assert card["flag"] is None and card["p_value"] is None
    assert unplayed["flags"] == []
    assert unplayed["no_verdict"] == [{
        "ruleset": "A", "configuration": "war 1v1", "card": "smoke_screen", "new": True,
        "why": f"held at {card['held']} decisions, playable at {card['playable']}, played 0 "
               "times by greedy; the lookahead bot weighs what a card does over the next "
               "turns: --bots lookahead (the default)"}]
    text = markdown(unplayed)
    assert "No card flagged.\n" not in text
    assert "## No verdict\n\n- **smoke_screen** (A, war 1v1, new): no verdict: held at " in text
    assert "; 1 card has no verdict (above).\n" in text
    row = next(line for line in text.splitlines() if line.startswith("| smoke_screen |"))
    assert f"| {round(100 * card['playable'] / card['held'])}% of {card['held']} |" in row
    assert "| no verdict (n=0) |" in row
    assert_quoted(unplayed, "no-verdict-example")


def test_every_bot_has_its_word_for_a_card_it_never_played():
    assert set(SUGGEST) == set(BOTS)


def test_each_card_says_how_often_it_was_playable_when_held(unplayed):
    """Held and playable are counted at the decisions where a card may be
    played: an order card in hand, a maneuver of the player's own ship."""
    cards = unplayed["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]
    for name, card in cards.items():
        assert card["held"] >= card["playable"] >= 0, name
        assert card["played"] <= card["playable"] or card["answered"], name
    assert 0 < cards["torpedo"]["playable_when_held"] < 1


def record(index: int, winner: str | None, reason: str, cards: dict | None = None,
           ruleset: str = "A", turns: int = 100) -> GameRecord:
    """A 1v1 war game's record, written by hand."""
    return GameRecord(index=index, config="war 1v1", ruleset=ruleset, bots=("greedy", "greedy"),
                      teams=(("submarine",), ("destroyer",)), first="blue", winner=winner,
                      reason=reason, turns=turns, moves=4 * turns, cards=cards or {},
                      statuses={}, tokens={})


def played(n: int) -> dict[str, int]:
    return {"drawn": n, "held": n, "playable": n, "played": n, "answered": 0, "cancelled": 0,
            "damage": 0, "crew": 0, "cards": 0, "regain": 0}


def test_the_a_b_compares_how_games_ended_and_flags_a_change():
    """A: 39 of 40 games at the turn limit (won on points); B: none. The
    rows draws, turn limit and unfinished are compared, the change flagged
    at the top of the report, whatever the win rates say."""
    a = [record(i, "blue" if i % 2 else "red", "turn_limit" if i < 39 else "points")
         for i in range(40)]
    b = [record(40 + i, "blue" if i % 2 else "red", "points", ruleset="B") for i in range(40)]
    setup = BalanceSetup(RulesSource("en", (), "A"), parse_bot("greedy"), games=40,
                         b=RulesSource("en", (), "B"))
    report = summarise(setup, a + b)
    rows = {r["what"]: r for r in report["ab"]["war 1v1"]}
    ends = rows["games ended by the turn limit"]
    assert (ends["a"], ends["b"], ends["flag"], ends["verdict"]) == (39 / 40, 0.0, True,
                                                                     "different")
    assert rows["draws"]["verdict"] == rows["unfinished games"]["verdict"] == \
        "no difference seen"
    assert not rows["blue win rate"]["flag"]
    assert [r["what"] for r in report["ab_flags"]] == ["games ended by the turn limit"]
    text = markdown(report)
    assert "## Flagged A/B differences\n\n- **games ended by the turn limit** (war 1v1): " \
           "A 97.5%, B 0.0%; p (Holm) " in text


def nine_order_cards(wins: int) -> dict:
    """18 games; ambush played more by blue in each, blue winning ``wins``;
    each other order card played once in a game, by either side in turn."""
    orders = ("ambush", "deserter", "boatswain", "atomic_bomb", "evasion", "captain",
              "mechanic", "intercept", "kamikaze")
    records = []
    for i in range(18):
        cards = {"ambush": {"blue": played(1)}}
        for name in orders[1:]:
            cards[name] = {"blue" if i % 2 else "red": played(1)}
        records.append(record(i, "blue" if i < wins else "red", "points", cards))
    setup = BalanceSetup(RulesSource("en", (), "A"), parse_bot("greedy"), games=18)
    return summarise(setup, records)


def test_cards_are_flagged_over_all_the_cards_tested_not_each_at_5_percent():
    """Ambush won 15 of 18 games where one side played it more: its 95%
    interval is above 60% (flagged when each card was tested alone at 5%),
    but among the 9 order cards tested that is within chance (Holm)."""
    report = nine_order_cards(15)
    ambush = report["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]["ambush"]
    assert ambush["played_more"]["low"] > 0.6 and ambush["p_value"] < 0.05
    assert report["cards_tested"] == 9
    assert ambush["p_holm"] == pytest.approx(min(1.0, 9 * ambush["p_value"]))
    assert ambush["flag"] is None and report["flags"] == []
    assert "(Holm: " in markdown(report).split("\n\n")[1]


@pytest.mark.parametrize("wins, flag", [(18, "strong"), (0, "weak")])
def test_a_card_beyond_chance_among_all_the_cards_is_flagged(wins, flag):
    report = nine_order_cards(wins)
    ambush = report["rulesets"]["A"]["configurations"]["war 1v1"]["cards"]["ambush"]
    assert ambush["p_holm"] < 0.05 and ambush["flag"] == flag
    assert [(f["card"], f["flag"]) for f in report["flags"]] == [("ambush", flag)]


@pytest.mark.parametrize("command", ["balance", "tournament"])
def test_the_lab_commands_help_prints_its_percentages_once(capsys, command):
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "95% " in text and "%%" not in text
