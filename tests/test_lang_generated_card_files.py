"""Generated card files that compile, played with every move checked.

``cardgen`` writes random card files from the card language's registries
(statuses of every duration, tokens, triggers of every event, modifiers,
computed amounts, conditions, hand and deck effects, responses, ship
abilities); ``fuzz.check_generated`` plays a random game of each that
compiles and checks after every move: the invariants, the JSON save and the
scenario round trips, undo, the time of the move and the events it logs,
that no status outlives its duration, and that no effect whose condition
never holds happened. The quick run here takes a few seconds; ``python -m
pytest -m cardfuzz`` runs the large one (CI does).

A finding the engine still has is listed in ``KNOWN_PROBLEMS`` (each with
its reproducer): the runs then xfail naming it, and fail on anything else.
"""

from __future__ import annotations

import os
import random
import re
import time

import pytest

import redcode_rules as rc
from redcode_rules.testing import cardgen, fuzz
from redcode_rules.rules import effects, exprs
from redcode_rules import game as game_module
from redcode_rules.rules.effects import PRIMITIVES
from redcode_rules.testing.fuzz import Check, MoveChecks, check_generated
from redcode_rules.engine.lifetimes import Lifetimes
from redcode_rules.model.ruleset import Duration, Forbid, Modifier
from redcode_rules.rules.triggers import TriggerEvent

#: Findings of the harness the engine still has: name → (check, pattern of its
#: message). Each is a bug to fix, not a behaviour; remove its entry with the fix.
KNOWN_PROBLEMS: dict[str, tuple[Check, str]] = {}

QUICK_FILES = int(os.environ.get("RC_CARDFUZZ_QUICK_FILES", "4"))
LARGE_FILES = int(os.environ.get("RC_CARDFUZZ_FILES", "60"))


def known(finding: fuzz.Finding) -> str | None:
    """The name of the known problem a finding is, or None."""
    for name, (check, pattern) in KNOWN_PROBLEMS.items():
        if finding.check is check and re.search(pattern, finding.message):
            return name
    return None


def is_known(finding: fuzz.Finding) -> bool:
    return known(finding) is not None


def assert_clean(run: fuzz.CardRun) -> None:
    """No finding but known problems; those xfail the test, naming them."""
    unknown = [f.report() for f in run.findings if known(f) is None]
    assert not unknown, "\n".join(run.report())
    seen = sorted({known(f) for f in run.findings})
    if seen:
        pytest.xfail("known problems: " + ", ".join(seen))


# --------------------------------------------------------------------------
# the generator


def sample_texts(count: int = 40, seed: int = 3) -> list[str]:
    rnd = random.Random(seed)
    rules = rc.load_ruleset("en")
    return [cardgen.card_file(random.Random(rnd.randrange(1 << 31)), rules)
            for _ in range(count)]


def test_generated_files_use_every_construct_of_the_language():
    """Every primitive, trigger event, duration, prohibition and modifier, and the
    expression and card constructs, appear in 60 files (drawn from the registries;
    a seed whose sample holds the rarest, `jump`)."""
    text = "\n".join(sample_texts(60, seed=23))
    words = set(re.findall(r"[a-z_]+", text))
    assert set(PRIMITIVES) <= words
    assert {e.value for e in TriggerEvent} <= words
    assert {f.value for f in Forbid} <= words and \
        {w for m in Modifier for w in m.value.split()} <= words
    for duration in Duration:
        written = {Duration.USES: " uses\n", Duration.WHILE: "    while ",
                   Duration.UNTIL_IT_USES: "    until it uses "}.get(
            duration, f"    {duration.value}\n")
        assert written in text, duration
    for construct in ("token ", "mark ", "ability ", "once per turn", "once per game",
                      "usable if ", " if ", "response\n", "respondable\n", "target area ",
                      "target source", " ship where ", "each ship", " player", "cost (",
                      "redirect damage to giver", "untargetable", " on ", "of enemy",
                      " by ", f"status {cardgen.NEVER_STATUS} on", "patch order ",
                      "target up to ", "target exactly ", "to each target",
                      "second target ", "second target up to 1 ", " to second target",
                      "    stacks ",
                      "answered target ", "mode way_b {",
                      " to a random ", " and chance 1 in 2", "may { ", "may by target { ",
                      "} else { ", "modes chosen by target"):
        assert construct in text, construct
    assert re.search(r"\((repairs|breakdowns|crew|distance|ships|cards|score|turn)", text)
    assert re.search(r" ship in (line|row|column|diagonal) within [0-9]", text)  # D2.10
    assert re.search(r"\bbox of [a-z]+ is ", text) and " over islands" in text  # D2.11, D2.12
    assert "ignores running water" in text  # D2.13
    assert "sees over islands" in text  # D2.20
    assert re.search(r"\bmove [0-9] straight ", text)  # D2.16
    assert "box left by self" in text  # D2.17
    assert "limit visibility to at most " in text  # D2.18
    assert "modify repairs track +1" in text and "limit breakdowns track to at most 1" in text  # D9.15
    assert "set damage to 1" in text  # D9.5
    assert "limit damage to at most (hull of self - 1)" in text  # D9.14
    assert "target map card" in text  # D2.19
    assert re.search(r"\n    terrain (open|running|island)\n", text)  # D2.14
    assert re.search(r"target [a-z ]*(open|running) box", text)  # D2.14
    assert " of owner" in text and re.search(r" within [0-9] of here", text)  # D9.11
    assert re.search(r"when targeted [^{]*\{[^}]*cancel answered", text)  # D9.12
    assert re.search(r"when plays by [a-z]+ (order cards|maneuvers|damaging cards|ranged)",
                     text)  # D9.18
    assert re.search(r"number of [a-z_ ]*ships( within \d)? where ", text)  # a set counted
    assert re.search(r"number of [a-z_0-9]+ on ", text) and \
        re.search(r"remove_status [a-z_0-9]+ \d ", text)  # counters (D9.9)
    assert re.search(r"\nstatus [a-z_0-9]+ \{\n    [a-z ]+\n\}", text)  # a mark (D9.19)
    assert re.search(r" to here\b", text) and re.search(r"score \d+ to each ", text)  # D9.13
    assert " of deck" in text and " of discards" in text  # D7.13, D7.14
    assert re.search(r"discard \d+ top (of )?deck", text) and \
        re.search(r"take \d+ top (of )?discards", text) and \
        re.search(r"bottom \d (of |to |on )?deck", text)  # D7.15
    assert re.search(r"move \d [^;\n]*(toward|away from) ", text)  # D4.20
    assert re.search(r"move \d [^;\n]*directly (toward|away from) ", text)  # D4.21
    assert re.search(r"target [a-z ]*(friendly |enemy )?start box", text)  # D2.11
    abilities = set(re.findall(r"\n    ability ([a-z_0-9]+)", text))
    assert any(re.search(rf"status {a} \{{\n    permanent\n(    [^\n]*\n)*    when ", text)
               for a in abilities)  # an ability that watches (D9.21)
    assert re.search(r"move \d (straight )?(to |on |of )?each ", text)  # D4.20
    assert "retarget to " in text  # D5.6
    assert "distance in map cards" in text  # D2.25
    assert re.search(r"edge ([a-z]+ )*box|box of [a-z]+ is [a-z ]*edge", text)  # D2.24
    assert "range of answered" in text and "cost of answered" in text  # D5.8
    assert re.search(r"modify damage [+-]\d on ", text)  # the damage some cards deal (D9.5)
    assert "min(" in text and "max(" in text  # the lower or the higher of two amounts
    assert re.search(r" is (not )?in (line|row|column|diagonal)( within \d)?( of |[;\n ])",
                     text)  # a ship on another's lines (D2.10)
    assert re.search(r"maneuvers movement(?: [a-z_0-9]+){8}\n", text) and \
        re.search(r"maneuvers movement(?: [a-z_0-9]+){4}\n", text)  # D1.5: 9 and 5


def test_most_generated_files_compile(tmp_path):
    done = cardgen.Generated()
    kept = list(cardgen.compiled_files(tmp_path, 30, seed=5, done=done))
    assert (done.written, done.compiled) == (30, len(kept))
    assert done.compiled >= 24, done.rejected   # most: 30 of 30 as the language stands
    assert sum(done.rejected.values()) == 30 - done.compiled


def test_the_texts_of_generated_files_are_written_in_every_language(tmp_path):
    """Every card, status and ship type of generated files said in three
    languages, as the reference and the print sheets say them: no construct
    the compiler accepts leaves the text without words for it."""
    from redcode_rules.render.reference import ships_page
    done = cardgen.Generated()
    for _, rules in cardgen.compiled_files(tmp_path, 12, seed=7, done=done):
        for lang in ("en", "es", "it"):
            for card in [*rules.maneuvers, *rules.orders]:
                assert rules.text(card, lang=lang), card
            for status in rules.statuses:
                assert rules.status_text(status, lang), status
            assert ships_page(rules, lang)
    assert done.compiled >= 10


def test_a_rejected_file_is_counted_under_its_reason(tmp_path):
    done = cardgen.Generated()
    files = list(cardgen.compiled_files(tmp_path, 3, seed=1, done=done,
                                        write=lambda rnd, rules: "order x { copies 1 }\n"))
    assert files == []
    assert done.rejected == {"order # has no effect": 3}


def test_the_generator_is_deterministic():
    assert sample_texts(3, seed=9) == sample_texts(3, seed=9)
    assert sample_texts(1, seed=9) != sample_texts(1, seed=10)


# --------------------------------------------------------------------------
# the runs


def test_generated_card_files_keep_every_check(tmp_path):
    """The quick run: a few files, a few dozen moves each, every move checked."""
    run = check_generated(tmp_path, QUICK_FILES, seed=2026, max_moves=30, known=is_known)
    assert run.written == QUICK_FILES and run.games == run.compiled >= QUICK_FILES - 1
    # every move that was played (not rolled back by a crash) had each check
    assert run.moves >= 20 * run.games and run.undos == run.json_trips >= 0.8 * run.moves
    assert run.scenario_trips >= 0.5 * run.moves
    print("\n".join(run.report()))
    assert_clean(run)


@pytest.mark.cardfuzz
def test_many_generated_card_files_keep_every_check(tmp_path):
    """The large run (CI): ``RC_CARDFUZZ_FILES`` files, a game each, up to 100 moves."""
    start = time.perf_counter()
    run = check_generated(tmp_path, LARGE_FILES, seed=18, max_moves=100, known=is_known)
    print("\n".join(run.report()) + f"\n{time.perf_counter() - start:.0f} s")
    assert run.games == run.compiled >= 0.9 * LARGE_FILES
    assert_clean(run)


# --------------------------------------------------------------------------
# the harness finds each kind of problem it is for


SCENARIO = {"ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
            "hands": {"blue-submarine": ["captain"]}, "deck": ["ambush", "mechanic"],
            "phase": "maneuvers"}


def checked(game: rc.Game, move: str, **limits) -> set[Check]:
    return {check for check, _ in MoveChecks(**limits).play(game, move)}


def test_a_clean_move_passes_every_check():
    game = rc.Game.from_scenario(SCENARIO)
    assert checked(game, "order captain red-destroyer") == set()
    assert game.moves == ["order captain red-destroyer"]   # played once, kept


def test_it_finds_an_effect_whose_condition_was_ignored(tmp_path, monkeypatch):
    """A condition read as always holding gives the never-given status: found."""
    path = tmp_path / "never.rc"
    path.write_text(cardgen.CardWriter(random.Random(0), rc.load_ruleset("en")).never_status()
                    + "patch order captain { effect damage 1 to target; "
                    f"status {cardgen.NEVER_STATUS} on self if {cardgen.NEVER} }}\n", "utf-8")
    game = rc.Game.from_scenario({**SCENARIO, "extra": [str(path)]})
    assert checked(game.clone(), "order captain red-destroyer") == set()
    monkeypatch.setattr(exprs.Compare, "holds", lambda self, eng, scope: True)
    assert checked(game, "order captain red-destroyer") == {Check.NEVER}


def test_it_finds_two_ships_in_one_box(monkeypatch):
    original = effects.Damage.apply

    def also_moves(self, ops, item):
        done = original(self, ops, item)
        ships = ops.state.ships
        ships[1].position = ships[0].position
        return done
    monkeypatch.setattr(effects.Damage, "apply", also_moves)
    assert Check.INVARIANT in checked(rc.Game.from_scenario(SCENARIO),
                                      "order captain red-destroyer")


def test_it_finds_a_status_that_outlives_its_duration(tmp_path):
    path = tmp_path / "adrift.rc"
    path.write_text("status adrift {\n    this turn\n    forbids movement\n}\n", "utf-8")
    game = rc.Game.from_scenario({**SCENARIO, "extra": [str(path)], "turn_number": 5,
                                  "ships": {"blue-submarine": {"at": "c3"},
                                            "red-destroyer": {"at": "e3", "adrift": True}}})
    checks = MoveChecks()
    checks.given[("red-destroyer", "adrift")] = 4   # given a turn ago, still there
    assert [c for c, _ in checks.play(game, "order captain red-destroyer")] == [Check.LIFETIME]


@pytest.mark.parametrize("own_turns, found", [(0, []), (3, [Check.LIFETIME])])
def test_a_status_to_its_next_turn_is_counted_by_its_players_turns(own_turns, found):
    """Eight turns later, all of them the others' (extra turns, D6.5), red's
    'until its next turn' status is no fault; three turns of its own are."""
    game = rc.Game.from_scenario({**SCENARIO, "turn_number": 9, "ships": {
        "blue-submarine": {"at": "c3"},
        "red-destroyer": {"at": "e3", "intercepted": {"lasts": "until start of its next turn",
                                                      "left": 1}}}})
    checks = MoveChecks()
    checks.given[("red-destroyer", "intercepted")] = 1
    checks.begun[("red-destroyer", "intercepted")] = own_turns
    assert [c for c, _ in checks.play(game, "order captain red-destroyer")] == found


def test_it_finds_a_status_that_ends_unlogged(monkeypatch):
    """Intercepted ends at its ship's turn start; were its end not logged,
    the check says which status of which ship ended unlogged."""
    game = rc.Game.from_scenario({**SCENARIO, "ships": {
        "blue-submarine": {"at": "c3", "intercepted": True}, "red-destroyer": {"at": "e3"}},
        "turn": "red-destroyer"})
    assert checked(game.clone(), "end") == set()
    monkeypatch.setattr(Lifetimes, "ended", lambda self, ship, status: None)
    assert MoveChecks().play(game, "end") == [
        (Check.LIFETIME, "blue-submarine's intercepted ended with no status_end in the log")]


def test_it_finds_a_save_the_reader_refuses(monkeypatch):
    writer = game_module.game_to_json
    monkeypatch.setattr(game_module, "game_to_json",
                        lambda game: writer(game).replace('"format":', '"format":"x","old":'))
    assert checked(rc.Game.from_scenario(SCENARIO), "order captain red-destroyer") == {Check.JSON}


def test_it_finds_a_scenario_that_reads_back_another_game(monkeypatch):
    writer = game_module.game_to_scenario
    monkeypatch.setattr(game_module, "game_to_scenario",
                        lambda game: writer(game).replace("\nturn_number: ", "\nturn_number: 1"))
    assert checked(rc.Game.from_scenario(SCENARIO), "order captain red-destroyer") == \
        {Check.SCENARIO}


def test_it_finds_an_undo_that_does_not_restore(monkeypatch):
    rewind = rc.Game._rewind

    def leaky(self, n):
        rewind(self, n)
        self.state.score = {side: points + 1 for side, points in self.state.score.items()}
    monkeypatch.setattr(rc.Game, "_rewind", leaky)
    assert Check.UNDO in checked(rc.Game.from_scenario(SCENARIO), "order captain red-destroyer")


def test_it_finds_a_slow_move_and_a_move_that_logs_too_much(monkeypatch):
    original = effects.Damage.apply

    def slow(self, ops, item):
        start = time.process_time()
        while time.process_time() - start < 0.05:
            pass
        return original(self, ops, item)
    monkeypatch.setattr(effects.Damage, "apply", slow)
    game = rc.Game.from_scenario(SCENARIO)
    checks = MoveChecks(seconds=0.04, events=1)
    found = {c for c, _ in checks.play(game, "order captain red-destroyer")}
    assert found == {Check.TIME, Check.LOG}
    assert checks.slowest[0] >= 0.05 and "order captain red-destroyer" in checks.slowest[1]


def test_it_reports_a_crash_as_a_finding(monkeypatch):
    def broken(self, ops, item):
        raise RuntimeError("broken primitive")
    monkeypatch.setattr(effects.Damage, "apply", broken)
    found = MoveChecks().play(rc.Game.from_scenario(SCENARIO), "order captain red-destroyer")
    assert found == [(Check.CRASH, "play('order captain red-destroyer') raised RuntimeError: "
                      "broken primitive")]


def test_a_finding_names_its_file_game_and_move_and_reproduces(tmp_path, monkeypatch):
    def broken(self, ops, item):
        raise RuntimeError("broken primitive")
    monkeypatch.setattr(effects.Damage, "apply", broken)
    monkeypatch.setattr(effects.BreakdownDamage, "apply", broken)
    run = check_generated(tmp_path, 2, seed=4, max_moves=200)
    assert run.findings and {f.check for f in run.findings} == {Check.CRASH}
    first = run.findings[0]
    assert first.file.endswith(".rc") and set(first.setup) == {"mode", "teams", "seed",
                                                              "placement"}
    game, move = first.reproduce()
    with pytest.raises(RuntimeError, match="broken primitive"):
        game.play(move)
    assert list(run.distinct().values()) == [first]
    assert run.report()[0].startswith(f"2 card files written, {run.compiled} compiled; ")
    assert run.report()[-1].startswith("crash: play(")
