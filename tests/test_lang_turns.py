"""Extra and skipped turns (docs/dsl.md, "Turns"; D6.5): `effect extra_turn`
gives a player a whole turn right after the one being played, after which
the seat order goes on where it was; `effect skip_turn to target` makes a
player's next turn start and end at once. Both count for the turn limit
(D8.5) and end what lasts until a turn's start or end. The card file is
tests/data/turns.rc; cards/examples/turns_seize_the_initiative.rc is played
in the cookbook."""

import random
from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, scenario_game

CARDS = str(ROOT / "tests" / "data" / "turns.rc")
BASE = {"edition": "en", "mode": "war", "extra": [CARDS], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "a1"}, "red-submarine": {"at": "h6"}},
        "turn": "blue-submarine", "phase": "maneuvers", "deck": ["ambush"] * 4}
game = partial(scenario_game, BASE)


def turns(g: rc.Game, ends: int) -> list[tuple[str, int]]:
    """Whose turn and its number after each of ``ends`` turns ended."""
    out = []
    for _ in range(ends):
        g.play("end")
        out.append((g.to_move, g.turn_number))
    return out


def test_an_extra_turn_comes_right_after_and_the_seat_order_goes_on():
    g = game(hands={"blue-submarine": ["seize"]})
    g.play("order seize")
    assert turns(g, 3) == [("blue-submarine", 2), ("red-destroyer", 3), ("blue-destroyer", 4)]


def test_an_extra_turn_ends_what_lasts_until_its_start():
    """R9.1 as D6.5 reads it: the extra turn is the player's next turn."""
    g = game(hands={"blue-submarine": ["seize"]})
    g.play("order seize")
    assert g.ship("blue-submarine").statuses == ("braced",)
    g.play("end")
    assert g.ship("blue-submarine").statuses == ()


def test_an_extra_turn_recovers_crew():
    """R6.1: the extra turn is a whole turn; its player recovers crew."""
    g = game(hands={"blue-submarine": ["seize"]},
             ships={**BASE["ships"], "blue-submarine": {"at": "c3", "withdrawn": 2}})
    g.play("order seize")
    g.play("end")
    assert (g.to_move, g.decision) == ("blue-submarine", "recover")


def test_an_extra_turn_given_in_another_player_s_turn():
    """The destroyer answers red's maneuver with rally: after red's turn it
    plays its extra turn, then the seat order goes on after red: its own turn."""
    g = game(turn="red-destroyer", hands={"blue-destroyer": ["rally"]})
    g.play("torpedo blue-submarine")
    while g.decision == "respond":
        g.play("order rally" if "order rally" in g.legal_moves() else "pass")
    assert turns(g, 3) == [("blue-destroyer", 2), ("blue-destroyer", 3), ("red-submarine", 4)]


def test_an_extra_turn_of_a_player_out_of_the_game_is_dropped():
    """Arena: the destroyer given an extra turn sinks with the same card."""
    g = game(mode="arena", hands={"blue-submarine": ["last_orders"]})
    g.play("order last_orders blue-destroyer")
    assert g.ship("blue-destroyer").eliminated
    assert turns(g, 2) == [("red-destroyer", 2), ("red-submarine", 3)]


def test_a_skipped_turn_starts_and_ends_at_once():
    """Red's destroyer skips: no recovery, no move; its status lasting until
    the end of its next turn ends with the skipped turn (D6.5)."""
    g = game(hands={"blue-submarine": ["mutiny"]},
             ships={**BASE["ships"], "red-destroyer": {"at": "e3", "withdrawn": 2}})
    g.play("order mutiny red-destroyer")
    assert g.ship("red-destroyer").statuses == ("shaken",)
    assert turns(g, 1) == [("blue-destroyer", 3)]
    red = g.ship("red-destroyer")
    assert (red.statuses, red.withdrawn) == ((), 2)
    assert [e.kind for e in g.log if e.kind in ("skip_turn", "skipped")] == \
        ["skip_turn", "skipped"]


def test_skips_add_up():
    g2 = game(hands={"blue-submarine": ["mutiny"]},
              ships={**BASE["ships"], "red-destroyer": {"at": "e3", "skips": 1}})
    g2.play("order mutiny red-destroyer")
    assert turns(g2, 5) == [("blue-destroyer", 3), ("red-submarine", 4),
                            ("blue-submarine", 5), ("blue-destroyer", 7),
                            ("red-submarine", 8)]


def test_given_turns_count_for_the_turn_limit():
    """D8.5: an extra turn is a turn; past the limit the game ends before it."""
    g = game(hands={"blue-submarine": ["seize"]}, turn_number=200, score={"blue": 1, "red": 0})
    g.play("order seize")
    g.play("end")
    assert g.winner == "blue" and g.turn_number == 201


def test_a_position_with_turns_given_round_trips():
    g = game(hands={"blue-submarine": ["seize", "mutiny"]})
    g.play("order seize")
    g.play("end")  # the extra turn: red's destroyer then skips
    g.play("order mutiny red-destroyer")
    state = g.state
    assert (state.resume_after, state.ships[1].skips) == (0, 1)
    again = rc.Game.from_scenario(g.to_scenario())
    assert again.state == g.state
    assert rc.Game.from_json(g.to_json()).state == g.state
    assert turns(again, 2) == turns(g, 2) == [("blue-destroyer", 4), ("red-submarine", 5)]


def test_a_turn_given_at_every_turn_is_refused():
    with pytest.raises(rc.DslError) as info:
        rc.load_source("status haste {\n    permanent\n    when turn_ends { effect extra_turn }"
                       "\n}\n", "haste.rc")
    err = info.value
    assert (err.line, err.column) == (3, 29)
    assert err.reason == ("status 'haste': 'extra_turn' at a turn's end would give a turn at "
                          "every turn, which only the turn limit ends (D6.5); give it from a "
                          "card, or a trigger of another event")


@pytest.mark.parametrize("lang, card, text", [
    ("en", "seize", "Your ship is braced"),
    ("en", "mutiny", "The target is shaken"),
    ("es", "rally", "Juegas otro turno justo después de este."),
    ("it", "rally", "Giochi un altro turno subito dopo questo."),
])
def test_given_turns_are_said_in_three_languages(lang, card, text):
    said = card_text(load_ruleset("en", extra=[CARDS]), card, lang)
    assert said.startswith(text), said


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_turns_given_keep_every_invariant(seed):
    """Random games on a deck rich in given and skipped turns: after every
    move the state is one the validator accepts and the game has a legal
    move; every turn started counts one turn (D6.5, D8.5); a save reads
    back to the same state."""
    from redcode_rules.engine.invariants import game_problems
    from redcode_rules.engine.validate import check_state

    rules = rc.load_ruleset("en", [str(ROOT / "tests" / "data" / "turns_deck.rc")])
    g = rc.new_game(rules, seed=seed)
    rnd = random.Random(seed)
    for _ in range(400):
        if g.is_over:
            break
        g.play(rnd.choice(g.legal_moves()))
        assert game_problems(g) == []
        assert list(check_state(g.state, g.rules, g.board)) == []
    starts = [e.turn for e in g.log if e.kind == "turn_start"]
    assert starts == list(range(starts[0], starts[0] + len(starts)))
    assert {e.kind for e in g.log} & {"extra_turn", "skip_turn"}
    assert rc.Game.from_json(g.to_json()).state == g.state
