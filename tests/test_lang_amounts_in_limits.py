"""Amounts in limits (D9.14): a ``set`` or a ``limit`` bounds a number by an
amount of the ship that has the status (``limit damage to at most (hull of
self - 1)``), read whenever the number is; and a status lasting uses loses
one only for a number it changed. Bulkheads (the designer's idea 22) are
played: the first damage that would sink the ship leaves it 1 repair."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import status_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, pass_all

BULKHEADS = str(ROOT / "cards" / "examples" / "numbers_bulkheads.rc")


def game(blue: dict, extra: str = BULKHEADS, hands: dict | None = None,
         **ships: dict) -> rc.Game:
    """Red's turn, the blue submarine at d3 (``blue``: its fields) beside the
    red destroyer at e3."""
    return rc.Game.from_scenario({
        "edition": "en", "extra": [extra], "board": OPEN_BOARD, "phase": "maneuvers",
        "turn": "red-destroyer", "deck": [], "hands": hands or {},
        "ships": {"blue-submarine": {"at": "d3", **blue}, "red-destroyer": {"at": "e3"},
                  **ships}})


def hit(g: rc.Game, *moves: str) -> tuple[int, int, bool, tuple[str, ...]]:
    """The blue submarine's repairs, breakdowns, sunk and statuses after red's
    ``moves``, each answered by no one."""
    for move in moves:
        g.play(move)
        pass_all(g)
    s = g.ship("blue-submarine")
    return s.repairs, s.breakdowns, s.sunk, s.statuses


def card_file(tmp_path, body: str) -> str:
    path = tmp_path / "limit.rc"
    path.write_text(body)
    return str(path)


def test_bulkheads_leave_the_ship_afloat_with_one_repair_from_the_first_damage_that_would_sink_it():
    """D9.14: with 3 repairs and no breakdown (hull 3), the depth charge's 2
    is within the bound (at most 2): taken whole, the status keeps its use;
    the missile's 1 would then sink it: lowered to 0, the use spent."""
    g = game({"repairs": 3, "breakdowns": 0, "bulkheads_shut": True})
    assert hit(g, "depth_charge blue-submarine") == (1, 0, False, ("bulkheads_shut",))
    assert hit(g, "missile blue-submarine") == (1, 0, False, ())
    assert g.narration()[-3:] == ["  Red destroyer uses Missile on blue submarine.",
                                  "  Missile of red destroyer resolves.",
                                  "  Blue submarine is no longer bulkheads shut."]


def test_bulkheads_answering_a_depth_charge_lower_its_damage_to_leave_one_repair():
    """D9.14: 2 repairs, no breakdown: the 2 damage is lowered to 1."""
    g = game({"repairs": 2, "breakdowns": 0}, hands={"blue-submarine": ["bulkheads"]})
    g.play("depth_charge blue-submarine")
    g.play("order bulkheads")
    pass_all(g)
    assert hit(g) == (1, 0, False, ())


def test_the_hull_the_bound_reads_counts_each_breakdown_as_a_full_repair_track():
    """D9.14, R3.1: 1 repair and 1 breakdown are a hull of 4 (1 + 3): the
    depth charge's 2 is within the bound and converts as any damage does."""
    g = game({"repairs": 1, "breakdowns": 1, "bulkheads_shut": True})
    assert hit(g, "depth_charge blue-submarine") == (2, 0, False, ("bulkheads_shut",))


def test_a_bound_of_one_use_loses_it_only_for_a_damage_it_lowered(tmp_path):
    """D9.14: a written bound too, at most 1 for 1 use: the torpedo's 1 is
    within it (the status stays); the depth charge's 2 is lowered to 1 and
    uses it up."""
    path = card_file(tmp_path, "status braced {\n    this turn\n    for 1 use\n"
                               "    limit damage to at most 1\n}\n")
    g = game({"repairs": 3, "breakdowns": 2, "braced": True}, path)
    assert hit(g, "torpedo blue-submarine") == (2, 2, False, ("braced",))
    assert hit(g, "depth_charge blue-submarine") == (1, 2, False, ())


def test_a_change_another_status_undoes_costs_no_use(tmp_path):
    """A use is a number a status made different: -1 for 1 use beside a
    bound of at most 1 on a damage of 2 leaves it 1 either way, so only
    the bound (lasting the turn) acted and the -1 keeps its use."""
    path = card_file(tmp_path, "status softened {\n    this turn\n    for 1 use\n"
                               "    modify damage -1\n}\n"
                               "status capped {\n    this turn\n    limit damage to at most 0\n}\n")
    g = game({"repairs": 3, "breakdowns": 2, "softened": True, "capped": True}, path)
    assert hit(g, "depth_charge blue-submarine") == (3, 2, False, ("softened", "capped"))


def test_an_aura_bound_reads_it_the_ship_it_acts_on(tmp_path):
    """``it`` in an aura's amount is the ship it reaches: the blue destroyer
    beside the submarine with 1 repair takes none of the torpedo's 1."""
    path = card_file(tmp_path, "status shelter {\n    permanent\n"
                               "    affects each friendly ship within 1 of self\n"
                               "    limit damage to at most (hull of it - 1)\n}\n")
    g = game({"repairs": 3, "breakdowns": 2, "shelter": True}, path,
             **{"blue-destroyer": {"at": "d2", "repairs": 1, "breakdowns": 0},
                "red-submarine": {"at": "h6"}})
    g.play("torpedo blue-destroyer")
    pass_all(g)
    assert (g.ship("blue-destroyer").repairs, g.ship("blue-destroyer").sunk) == (1, False)


def test_a_bound_by_an_amount_is_read_whenever_the_number_is(tmp_path):
    """Every parameter a limit takes: moves of at most (repairs of self - 2)
    boxes: with 2 repairs, none (the submarine's move of 1 lowered to 0);
    with 3, its 8 moves of 1 box (a ceiling above the number leaves it)."""
    path = card_file(tmp_path, "status hampered {\n    permanent\n"
                               "    limit movement to at most (repairs of self - 2)\n}\n")

    def moves(repairs: int) -> int:
        g = game({"repairs": repairs, "breakdowns": 2, "hampered": True}, path,
                 **{"red-destroyer": {"at": "h6"}})
        g.play("end")
        return len([m for m in g.legal_moves() if m.startswith("movement ")])
    assert (moves(2), moves(3)) == (0, 8)


@pytest.mark.parametrize("line, words", [
    ("limit damage to at most (hull of target - 1)", "cannot read 'target'"),
    ("limit damage to at most (damage dealt)", "'damage dealt' is what an effect"),
    ("limit damage to at most (hul of self)", "hul"),
    ("set cost to (0)", "takes 1 to 99, not 0"),
])
def test_a_limit_amount_is_checked_with_file_and_line(line, words):
    error = dsl_refusal(f"status s {{\n    permanent\n    {line}\n}}\n", "bulk.rc")
    assert words in str(error)
    assert (error.file, error.line) == ("bulk.rc", 3)


def test_a_limit_amount_is_said_in_three_languages_seen_from_the_ship():
    rules = {lang: load_ruleset(lang, [BULKHEADS]) for lang in ("en", "es", "it")}
    assert [status_text(rules[lang], "bulkheads_shut", lang) for lang in rules] == [
        "Bulkheads shut, this turn, for a single use: each damage it takes is at most N, "
        "N being the hull of this ship (the repair damage it can still take) minus 1.",
        "Mamparos cerrados, este turno, para un solo uso: cada daño que recibe es como "
        "máximo de N, siendo N el casco de este barco (el daño de reparación que aún puede "
        "recibir) menos 1.",
        "Paratie chiuse, per questo turno, per un solo uso: ogni danno che subisce vale "
        "al massimo N, dove N è lo scafo di questa nave (i danni alle riparazioni che può "
        "ancora subire) meno 1."]


def test_a_limit_amount_is_part_of_the_rules_hash():
    def rules_hash(n: int) -> str:
        return rc.load_source(f"status s {{\n    permanent\n    limit damage to at most "
                              f"(hull of self - {n})\n}}\n").hash
    assert rules_hash(1) != rules_hash(2)
