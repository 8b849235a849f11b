"""A damage, regain or crew loss of nothing is none: the log records no
event for it and a damage of 0 fires no ``damaged`` trigger (R3.1, R3.4,
R3.5). The amount may be 0 as written, as counted (a computed amount) or
as changed by a status (``modify damage``), or nothing may be left to take
(a full track, an empty reserve)."""

from __future__ import annotations

import textwrap

import redcode_rules as rc

OPEN_BOARD = "\n".join(["........"] * 6) + "\n"

CARDS = """\
status plated {
    permanent
    modify damage -1
    when damaged of self { effect draw 1 to self }
}
order tap { copies 0  effect damage 1 to target }
order hard_tap { copies 0  effect damage 2 to target }
order nothing_much { copies 0  effect damage (crew out of target) to target }
order mend { copies 0  effect regain repair 2 to self }
order drain { copies 0  effect crew_loss 2 to target }
"""


def game_with(tmp_path, ships: str, hand: list[str]) -> rc.Game:
    """Blue to play ``hand`` on open water, the cards above in play."""
    path = tmp_path / "zero.rc"
    path.write_text(CARDS)
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{path}]\nboard: |\n{board}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + f"\nhands: {{blue-submarine: {hand}}}\ndeck: [ambush, evasion]\n"
        "turn: blue-submarine\nphase: maneuvers\n")


def play_out(game: rc.Game, move: str) -> list[tuple[str, dict]]:
    """Play ``move``, everyone passing; the events it logged, as (kind, data)."""
    before = len(game.log)
    game.play(move)
    while game.decision == "respond":
        game.play("pass")
    return [(e.kind, dict(e.data)) for e in game.log[before:]]


def kinds(events: list[tuple[str, dict]]) -> list[str]:
    return [kind for kind, _ in events]


def test_a_damage_a_status_takes_to_0_logs_nothing_and_fires_no_trigger(tmp_path):
    game = game_with(tmp_path, """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3, plated: true}
        """, ["tap"])
    events = play_out(game, "order tap red-destroyer")
    assert kinds(events) == ["order", "resolve"]
    assert (game.ship("red-destroyer").repairs, game.ship("red-destroyer").breakdowns) == (3, 3)
    assert game.hand("red-destroyer") == []  # its damaged trigger did not draw


def test_a_damage_a_status_lessens_is_logged_with_what_is_left_and_fires(tmp_path):
    """The control: 2 less 1 is a damage of 1, logged, and the trigger draws."""
    game = game_with(tmp_path, """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3, plated: true}
        """, ["hard_tap"])
    events = play_out(game, "order hard_tap red-destroyer")
    assert kinds(events) == ["order", "resolve", "damage", "trigger", "draw"]
    assert events[2][1] == {"ship": "red-destroyer", "amount": 1, "repairs": 2,
                            "breakdowns": 3}
    assert game.hand("red-destroyer") == ["ambush"]


def test_a_damage_counted_as_0_logs_nothing(tmp_path):
    game = game_with(tmp_path, """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
        """, ["nothing_much"])
    events = play_out(game, "order nothing_much red-destroyer")
    assert kinds(events) == ["order", "resolve"]
    assert game.ship("red-destroyer").repairs == 3


def test_a_regain_on_a_full_track_logs_nothing(tmp_path):
    game = game_with(tmp_path, """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3}
        """, ["mend"])
    events = play_out(game, "order mend")
    assert kinds(events) == ["order", "resolve"]
    assert game.ship("blue-submarine").repairs == 3


def test_a_regain_logs_what_was_regained_up_to_the_track(tmp_path):
    game = game_with(tmp_path, """\
        blue-submarine: {at: c3, repairs: 2}
        red-destroyer: {at: e3}
        """, ["mend"])
    events = play_out(game, "order mend")
    assert events[2:] == [("regain", {"ship": "blue-submarine", "track": "repair",
                                      "amount": 1})]
    assert game.ship("blue-submarine").repairs == 3


def test_a_crew_loss_from_an_empty_reserve_logs_nothing(tmp_path):
    game = game_with(tmp_path, """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3, reserve: 0, withdrawn: 6}
        """, ["drain"])
    events = play_out(game, "order drain red-destroyer")
    assert kinds(events) == ["order", "resolve"]
    assert (game.ship("red-destroyer").reserve, game.ship("red-destroyer").withdrawn) == (0, 6)


def test_a_crew_loss_logs_what_the_reserve_had(tmp_path):
    game = game_with(tmp_path, """\
        blue-submarine: {at: c3}
        red-destroyer: {at: e3, reserve: 1, withdrawn: 5}
        """, ["drain"])
    events = play_out(game, "order drain red-destroyer")
    assert events[2:] == [("crew_loss", {"ship": "red-destroyer", "amount": 1})]
    assert (game.ship("red-destroyer").reserve, game.ship("red-destroyer").withdrawn) == (0, 6)
