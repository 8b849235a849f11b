"""Crew recovered by a trigger (`recover_crew` in a `when`, D6.6): nobody is
asked; they come from the withdrawn pile first, then from the maneuvers in
the order of the ship's control card."""

import pytest

from conftest import OPEN_BOARD, dsl_refusal, logged, pass_all, scenario_game

CARDS = """\
status on_leave {
    permanent
    when turn_ends of self { effect recover_crew 2 to self; remove_status on_leave on self }
    name en "on shore leave" es "de permiso" it "in licenza" (f)
    state es "de permiso" it "in licenza"
}
order shore_leave {
    copies 1
    target ship
    effect crew_loss 1 to target; status on_leave on target
    name en "Shore leave" es "Permiso en tierra" it "Licenza"
}
patch ship destroyer {
    when damaged of self { effect recover_crew 1 to self }
}
deck { keep size }
"""


@pytest.fixture
def cards(tmp_path):
    path = tmp_path / "crew.rc"
    path.write_text(CARDS, "utf-8")
    return str(path)


def game(cards, **ships):
    return scenario_game({
        "edition": "en", "extra": [cards], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["captain"] * 6,
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}, **ships},
        "hands": {"blue-submarine": ["shore_leave"]}})


def crew(g, ship):
    s = g.ship(ship)
    return s.reserve, {m: n for m, n in s.crew.items() if n}, s.withdrawn


def test_a_ships_trigger_takes_crew_from_the_withdrawn_pile_first_asking_nobody(cards):
    g = game(cards, **{"red-destroyer": {"at": "e3", "reserve": 2, "withdrawn": 1,
                                          "crew_on": {"shield": 2, "depth_charge": 1}}})
    g.play("torpedo red-destroyer")
    pass_all(g)
    assert crew(g, "red-destroyer") == (3, {"depth_charge": 1, "shield": 2}, 0)
    assert logged(g, "recover", "ship", "source") == [("red-destroyer", "withdrawn")]
    assert g.to_move == "blue-submarine" and not g.legal_moves()[0].startswith("choose")


def test_with_none_withdrawn_the_first_maneuver_of_its_card_gives_its_crew(cards):
    g = game(cards, **{"red-destroyer": {"at": "e3", "reserve": 3, "withdrawn": 0,
                                          "crew_on": {"shield": 2, "depth_charge": 1}}})
    order = g.rules.ships["destroyer"].maneuvers
    first = min(("shield", "depth_charge"), key=order.index)
    g.play("torpedo red-destroyer")
    pass_all(g)
    assert logged(g, "recover", "source") == [first]
    assert crew(g, "red-destroyer")[0] == 4


def test_a_status_trigger_at_a_turns_end_brings_back_what_was_withdrawn(cards):
    """Shore leave withdraws 1 crew of the target; at the end of its
    player's turn 2 come back: the one withdrawn, then one of a maneuver."""
    g = game(cards, **{"blue-submarine": {"at": "c3", "reserve": 5,
                                           "crew_on": {"movement": 1}}})
    g.play("order shore_leave blue-submarine")
    assert crew(g, "blue-submarine") == (4, {"movement": 1}, 1)
    g.play("end")
    assert crew(g, "blue-submarine") == (6, {}, 0)
    assert logged(g, "recover", "source") == ["withdrawn", "movement"]
    assert "on_leave" not in g.ship("blue-submarine").statuses


def test_a_trigger_still_cannot_make_a_choice_of_another_kind():
    text = ("status s { permanent\n  when damaged of self { effect take 1 player of deck } }\n")
    assert "a trigger resolves at once with nobody to choose, so it cannot use 'take'" in \
        dsl_refusal(text).reason
