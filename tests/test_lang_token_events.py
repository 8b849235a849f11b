"""A token's turn and its box (docs/dsl.md, "A token's turn and its box";
D9.11): a token's trigger watches its owner's turn (`when turn_starts of
owner`) and counts a set from its own box (`each ship within 1 of here`).
The cookbook plays cards/examples/token_events_time_bomb.rc; idea 27 of
tests/data/designer_ideas.md is the same card."""

from functools import partial

import pytest

import redcode_rules as rc
from redcode_rules.text.cards import trigger_sentences

from conftest import OPEN_BOARD, ROOT, scenario_game

BOMB = str(ROOT / "cards" / "examples" / "token_events_time_bomb.rc")
BASE = {"edition": "en", "extra": [BOMB], "board": OPEN_BOARD,
        "ships": {"blue-submarine": {"at": "a1"}, "red-destroyer": {"at": "e3"},
                  "blue-destroyer": {"at": "d5"}, "red-submarine": {"at": "d4"}},
        "tokens": [{"token": "time_bomb", "at": "d3", "owner": "blue-submarine"}],
        "turn": "blue-submarine", "phase": "maneuvers"}
game = partial(scenario_game, BASE)


def repairs(g: rc.Game) -> dict[str, int]:
    return {ship: g.ship(ship).repairs for ship in BASE["ships"]}


def test_a_token_watching_its_owner_waits_for_its_owners_next_turn():
    """D9.11: the bomb of blue's submarine stays through the turns of red's
    destroyer, blue's destroyer (a friendly ship, not its owner) and red's
    submarine, and goes off as the submarine's own turn starts."""
    g = game()
    for _ in range(3):
        g.play("end")
        assert [t.kind for t in g.state.tokens] == ["time_bomb"]
        assert set(repairs(g).values()) == {3}
    g.play("end")
    assert [e.kind for e in g.log[-5:]] == ["turn_start", "trigger", "damage", "damage",
                                            "token_removed"]
    assert g.to_move == "blue-submarine" and g.state.tokens == []


def test_here_counts_from_the_tokens_box():
    """D9.11: every ship within 1 box of d3 takes 2 (red's destroyer on e3,
    red's submarine on d4); blue's destroyer on d5 (2 boxes) and the owner
    on a1 take nothing."""
    g = game()
    for _ in range(4):
        g.play("end")
    assert repairs(g) == {"blue-submarine": 3, "red-destroyer": 1, "blue-destroyer": 3,
                          "red-submarine": 1}
    assert [str(e) for e in g.log if e.kind in ("trigger", "damage", "token_removed")] == [
        "The time bomb at d3 is set off.",
        "Red destroyer takes 2 damage (repairs 1, breakdowns 3).",
        "Red submarine takes 2 damage (repairs 1, breakdowns 3).",
        "The time bomb token at d3 is removed."]


def test_the_bombs_owner_is_hit_when_it_stands_next_to_it():
    """D9.11: `each ship` has no side: the owner next to its own bomb takes 2."""
    ships = {**BASE["ships"], "blue-submarine": {"at": "c3"}}
    g = game(ships=ships, turn="red-submarine")
    g.play("end")
    assert repairs(g)["blue-submarine"] == 1


@pytest.mark.parametrize("lang, text", [
    ("en", "At the start of its owner's turn, 2 repair damage to every ship within 1 box "
           "of this token; this token is removed."),
    ("es", "Al comienzo del turno de quien la colocó, -2 reparaciones a cada barco a "
           "distancia 1 como máximo de esta ficha y se retira esta ficha."),
    ("it", "All'inizio del turno di chi l'ha piazzato, -2 riparazioni a ogni nave a distanza "
           "1 al massimo da questo segnalino e questo segnalino viene rimosso."),
])
def test_a_tokens_owner_and_box_in_words(lang, text):
    rules = rc.load_source(open(BOMB).read(), "bomb.rc")
    token = rules.tokens["time_bomb"]
    assert trigger_sentences(token.triggers, lang, True, rules.statuses) == [text]


def refusal(text: str) -> str:
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "x.rc")
    return str(info.value)


def test_only_a_tokens_trigger_watches_an_owner():
    err = refusal("status wary { permanent\n"
                  "  when turn_starts of owner { effect damage 1 to self } }\n")
    assert err.startswith("x.rc:2:") and "'owner' is the player who placed a token" in err


def test_only_a_tokens_trigger_reads_here():
    err = refusal("order blast { copies 0\n  effect damage 1 to each ship within 1 of here }\n")
    assert err.startswith("x.rc:2:") and "reads 'here', the box of a token" in err
    err = refusal("status wary { permanent\n  when turn_starts {\n"
                  "    effect damage 1 to each enemy ship within 1 of here } }\n")
    assert err.startswith("x.rc:3:") and "'here' is the box of a token" in err


def test_a_tokens_set_counts_from_here_not_self():
    err = refusal("token bomb { when turn_starts of owner {\n"
                  "  effect damage 1 to each ship within 1 of self } }\n")
    assert err.startswith("x.rc:2:") and "counts from its box, 'here'" in err
