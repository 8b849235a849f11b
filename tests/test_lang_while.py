"""Statuses that last while a condition holds (`while CONDITION`, docs/dsl.md
"Statuses"): the condition is about the ship that has the
status; the status ends as soon as it fails (after each effect and move, and
at turn starts) and is not given while it fails. The example card
cards/examples/while_damage_control.rc is played here."""

import textwrap
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.lang.loader import load_ruleset

from conftest import OPEN_BOARD, logged, pass_all

EXAMPLE = str(Path(__file__).resolve().parents[1] / "cards" / "examples"
              / "while_damage_control.rc")


def game(repairs: int, hands: str = "{blue-submarine: [call_damage_control]}",
         extra: str = EXAMPLE) -> rc.Game:
    """Blue's submarine at c3 with ``repairs`` (of 3), red's destroyer at e3 in torpedo range."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: arena\nextra: [{extra}]\nboard: |\n{board}\nships:\n"
        f"  blue-submarine: {{at: c3, repairs: {repairs}}}\n  red-destroyer: {{at: e3}}\n"
        f"hands: {hands}\nturn: blue-submarine\nphase: maneuvers\ndeck: []\n")


def test_damage_control_makes_repairs_cheaper_while_the_ship_is_damaged():
    """Repairs 1 of 3: the team is called; a repair costs 1 crew (not 2) and
    brings repairs to 2, still damaged, so the team stays."""
    g = game(1)
    g.play("order call_damage_control")
    assert g.ship("blue-submarine").statuses == ("damage_control_team",)
    g.play("repair")
    pass_all(g)
    sub = g.ship("blue-submarine")
    assert (sub.repairs, sub.reserve, sub.crew["repair"]) == (2, 5, 1)
    assert sub.statuses == ("damage_control_team",)
    assert logged(g, "status_end", "status") == []


def test_the_status_ends_when_the_ship_is_whole_and_does_not_come_back():
    """Repairs 2 of 3: the cheap repair makes the ship whole, so the team
    stands down at once (logged); a torpedo then damages the ship again and
    the status stays gone."""
    g = game(2)
    g.play("order call_damage_control")
    g.play("repair")
    pass_all(g)
    sub = g.ship("blue-submarine")
    assert (sub.repairs, sub.reserve, sub.statuses) == (3, 5, ())
    assert logged(g, "status_end", "ship", "status") == [("blue-submarine",
                                                           "damage_control_team")]
    g.play("end")
    g.play("torpedo blue-submarine")
    pass_all(g)
    sub = g.ship("blue-submarine")
    assert (sub.repairs, sub.statuses) == (2, ())


def test_a_status_given_while_its_condition_fails_is_not_given():
    """An undamaged ship calls the team: nothing is given, nothing logged."""
    g = game(3)
    g.play("order call_damage_control")
    assert g.ship("blue-submarine").statuses == ()
    assert logged(g, ("status", "status_end"), "kind") == []


def test_a_scenario_status_whose_condition_fails_ends_at_the_next_turn_start():
    """A scenario may write the status on an undamaged ship; the engine ends
    it at the next check (here: blue's first move), then for good."""
    g = game(3, hands="{}")
    board = textwrap.indent(OPEN_BOARD, "  ")
    g = rc.Game.from_scenario(
        f"edition: en\nmode: arena\nextra: [{EXAMPLE}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: c3, damage_control_team: true}\n  red-destroyer: {at: e3}\n"
        "hands: {}\nturn: red-destroyer\nphase: maneuvers\ndeck: []\n")
    assert g.ship("blue-submarine").statuses == ("damage_control_team",)
    g.play("end")
    assert g.ship("blue-submarine").statuses == ()
    assert logged(g, "status_end", "ship") == ["blue-submarine"]


def test_save_and_scenario_round_trip_keep_the_status():
    g = game(1)
    g.play("order call_damage_control")
    again = rc.Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    assert again.ship("blue-submarine").statuses == ("damage_control_team",)
    back = rc.Game.from_scenario(g.to_scenario())
    assert back.ship("blue-submarine").statuses == ("damage_control_team",)
    back.play("repair")
    pass_all(back)
    assert (back.ship("blue-submarine").reserve, back.ship("blue-submarine").repairs) == (5, 2)


def test_rule_text_in_three_languages():
    rules = game(1).rules
    assert rules.text("call_damage_control", "en") == (
        "Your ship is under damage control while it is damaged: Repair costs 1 crew less "
        "(at least 1). Order card: cannot be responded to.")
    assert rules.text("call_damage_control", "es").startswith(
        "Tu barco queda bajo control de daños mientras esté dañado: Reparar cuesta 1 "
        "tripulante menos (al menos 1).")
    assert rules.text("call_damage_control", "it").startswith(
        "La tua nave è sotto il controllo dei danni finché è danneggiata: Riparazione costa "
        "1 membro dell'equipaggio in meno (almeno 1).")


@pytest.mark.parametrize("condition, column, message", [
    ("target is damaged", 7, "status 'team': 'while' is about the ship that has the status, "
     "so it cannot read 'target'"),
    ("answered is order", 7, "cannot read the answered item"),
    ("repairs of source < 2", 7, "cannot read the answered item"),
    ("self is damagd", 21, "'damagd' does not describe a ship"),
])
def test_compile_errors(tmp_path, condition, column, message):
    path = tmp_path / "bad.rc"
    path.write_text(f"status team {{\n      while {condition}\n    modify cost -1\n}}\n")
    with pytest.raises(rc.DslError) as info:
        load_ruleset("en", [str(path)])
    err = info.value
    assert (err.line, err.column) == (2, column)
    assert message in str(err)


def test_the_example_checks(capsys):
    assert cli.main(["check", EXAMPLE]) == 0


LIMPING = """\
status limping {
    while repairs of self < 3
    forbids movement
}
"""


def test_what_a_while_status_forbids_lasts_only_while_its_condition_holds(tmp_path):
    """`limping` forbids movement while the ship misses a repair: listed moves
    have no movement; the repair makes it whole, the status ends after that
    effect and movement is legal again (with explain() naming the condition
    before)."""
    path = tmp_path / "limping.rc"
    path.write_text(LIMPING)
    board = textwrap.indent(OPEN_BOARD, "  ")
    g = rc.Game.from_scenario(
        f"edition: en\nmode: arena\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: c3, repairs: 2, limping: true}\n  red-destroyer: {at: e3}\n"
        "hands: {}\nturn: blue-submarine\nphase: maneuvers\ndeck: []\n")
    assert not [m for m in g.legal_moves() if m.startswith("movement")]
    assert g.explain("movement c4") == ("blue-submarine is limping and cannot be moved while "
                                        "it has fewer than 3 repairs (R9)")
    g.play("repair")
    pass_all(g)
    assert (g.ship("blue-submarine").repairs, g.ship("blue-submarine").statuses) == (3, ())
    assert "movement c4" in g.legal_moves()


FURY = """\
status fury {
    while repairs of self >= 2
    when damaged of self { effect damage 1 to source }
}
"""


@pytest.mark.parametrize("repairs, after, red, statuses", [
    (3, 2, 2, ("fury",)),   # still 2 repairs: the trigger hits back
    (2, 1, 3, ()),          # down to 1: the status no longer acts, and ends
])
def test_a_while_status_triggers_only_while_its_condition_holds(tmp_path, repairs, after,
                                                                red, statuses):
    path = tmp_path / "fury.rc"
    path.write_text(FURY)
    board = textwrap.indent(OPEN_BOARD, "  ")
    g = rc.Game.from_scenario(
        f"edition: en\nmode: arena\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        f"  blue-submarine: {{at: c3, repairs: {repairs}, fury: true}}\n"
        "  red-destroyer: {at: e3}\n"
        "hands: {}\nturn: red-destroyer\nphase: maneuvers\ndeck: []\n")
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert g.ship("blue-submarine").repairs == after
    assert g.ship("red-destroyer").repairs == red
    assert g.ship("blue-submarine").statuses == statuses
    assert logged(g, "status_end", "ship") == ([] if statuses else ["blue-submarine"])


# ------------------------------------------------------------------ conditions that read sight (D9.4)


SIGHTED = """\
status sighted { while ships in sight of self > 0  modify damage -1 }
status farsight { while ships in sight of self > 0  modify sight 2 }
status keen { while ships in sight of self > 0  modify sight 1 }
order spyglass { copies 0  effect status sighted on self }
order farscope { copies 0  effect status farsight on self }
order lookout { copies 0  effect status farsight on self; status keen on self }
"""


def sight_game(tmp_path, red_at: str = "e3", card: str = "spyglass") -> rc.Game:
    """Blue's submarine at c3 with one card of SIGHTED, red's destroyer at ``red_at``."""
    path = tmp_path / "sighted.rc"
    path.write_text(SIGHTED)
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: arena\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        f"  blue-submarine: {{at: c3}}\n  red-destroyer: {{at: {red_at}}}\n"
        f"hands: {{blue-submarine: [{card}]}}\nturn: blue-submarine\nphase: maneuvers\n"
        "deck: []\n")


def test_a_status_lasting_while_a_ship_is_in_sight_is_given_and_acts(tmp_path):
    """Reading sight reads the sight modifiers, which ask whether each
    `while` status acts: the condition is read without them (D9.4), so giving
    the status ends; red's torpedo then deals 1 - 1 = 0."""
    g = sight_game(tmp_path)
    g.play("order spyglass")
    assert g.ship("blue-submarine").statuses == ("sighted",)
    g.play("end")
    g.play("torpedo blue-submarine")
    pass_all(g)
    sub = g.ship("blue-submarine")
    assert (sub.repairs, sub.breakdowns, sub.statuses) == (3, 3, ("sighted",))
    assert logged(g, "damage", "ship", "amount") == []  # a damage of 0 is none


def test_the_status_ends_when_no_ship_is_in_sight(tmp_path):
    """Red moves to e4, off the 8 lines of c3: blue sees nothing, the status ends."""
    g = sight_game(tmp_path)
    g.play("order spyglass")
    g.play("end")
    g.play("movement e4")
    assert g.ship("blue-submarine").statuses == ()
    assert logged(g, "status_end", "ship", "status") == [("blue-submarine", "sighted")]


def test_a_status_whose_condition_reads_what_it_modifies(tmp_path):
    """`farsight` (sight 2 while a ship is in sight): red at g3 is 4 boxes
    away, out of the torpedo's range 2, then seen as 2 away."""
    g = sight_game(tmp_path, red_at="g3", card="farscope")
    assert "torpedo red-destroyer" not in g.legal_moves()
    g.play("order farscope")
    assert g.ship("blue-submarine").statuses == ("farsight",)
    assert "torpedo red-destroyer" in g.legal_moves()


def test_two_while_statuses_that_change_what_both_conditions_read(tmp_path):
    """`farsight` and `keen` each read sight and change it; each is read
    without the other (D9.4), both act: red at h3, 5 boxes away, is seen 2
    away (3 with farsight alone: out of the torpedo's range)."""
    g = sight_game(tmp_path, red_at="h3", card="lookout")
    g.play("order lookout")
    assert g.ship("blue-submarine").statuses == ("farsight", "keen")
    assert "torpedo red-destroyer" in g.legal_moves()
    g.play("torpedo red-destroyer")
    pass_all(g)
    assert g.ship("red-destroyer").repairs == 2
