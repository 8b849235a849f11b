"""Boxes as targets (`target [free] [adjacent] box [within N]`, D4.11): the
move names the box (`hop d4`), `legal_moves` lists each box the card may name
now, `explain` says why another is refused, `place_token`/`remove_token`
act on the box and `jump to target` takes the card's ship straight there,
checked again as it resolves. The card file is tests/data/box_targets.rc;
cards/examples/box_targets_minelayer.rc is played in the cookbook."""

import copy
import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.text.cards import card_text
from redcode_rules.engine.validate import check_state

from conftest import ROOT, logged, pass_all

CARDS = str(ROOT / "tests" / "data" / "box_targets.rc")
#: An island at c3, running water at d3 and f5.
BOARD = "........\n........\n..#~....\n........\n.....~..\n........"


def game(ships: str, hand: str = "", board: str = BOARD, turn: str = "blue-submarine",
         tokens: str = "") -> rc.Game:
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{CARDS}]\nboard: |\n{textwrap.indent(board, '  ')}\n"
        f"ships:\n{textwrap.indent(textwrap.dedent(ships).strip(), '  ')}\n"
        f"hands: {{{turn}: [{hand}]}}\nturn: {turn}\nphase: maneuvers\ndeck: []\n{tokens}")


TWO = """\
    blue-submarine: {at: b3}
    red-destroyer: {at: e3}
"""


def moves_of(g: rc.Game, head: str) -> list[str]:
    return sorted(m for m in g.legal_moves() if m.split(" ")[0] == head
                  or m.startswith(head + " "))


def compile_error(text: str) -> str:
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "x.rc")
    return info.value.reason


# ------------------------------------------------------------------ listing


def test_a_free_box_within_2_lists_every_box_in_reach_but_islands_and_ships():
    """From b3: columns a-d, rows 1-5 (20 boxes) less the island c3 and the
    submarine's own box; running water d3 is a box like any other."""
    g = game(TWO)
    assert moves_of(g, "hop") == [
        "hop a1", "hop a2", "hop a3", "hop a4", "hop a5", "hop b1", "hop b2", "hop b4",
        "hop b5", "hop c1", "hop c2", "hop c4", "hop c5", "hop d1", "hop d2", "hop d3",
        "hop d4", "hop d5"]


def test_a_box_not_said_free_may_hold_a_ship_the_own_box_included():
    """`target box within 1`: the 8 neighbours and the own box, less the island."""
    g = game(TWO)
    assert moves_of(g, "drop_flare") == [
        "drop_flare a2", "drop_flare a3", "drop_flare a4", "drop_flare b2", "drop_flare b3",
        "drop_flare b4", "drop_flare c2", "drop_flare c4"]


def test_an_order_card_without_reach_may_name_every_box_but_islands():
    g = game(TWO, "sweep")
    assert len(moves_of(g, "order sweep")) == 48 - 1
    assert "order sweep c3" not in g.legal_moves()


def test_a_status_that_forbids_moving_forbids_the_jump_and_says_so():
    g = game("""\
        blue-submarine: {at: b3, pinned: true}
        red-destroyer: {at: e3}
    """)
    assert moves_of(g, "hop") == []
    assert len(moves_of(g, "drop_flare")) == 8  # placing a token is no move
    assert g.explain("hop d4") == \
        "blue-submarine is pinned and cannot be moved until its next turn (R9)"


# ------------------------------------------------------------------ playing


def test_a_jump_goes_over_an_island_and_stays_on_running_water():
    """b3 to d3: over the island c3, onto running water that carries a moving
    ship on (R2.5) but not a jumping one (D4.11)."""
    g = game(TWO)
    g.play("hop d3")
    pass_all(g)
    sub = g.ship("blue-submarine")
    assert (sub.position, sub.reserve, sub.crew_on("hop")) == ("d3", 5, 1)
    assert logged(g, "use", "card", "box") == [("hop", "d3")]
    assert logged(g, "move", "ship", "path") == [("blue-submarine", ["d3"])]


def test_a_jump_onto_a_token_fires_its_enters_trigger():
    g = game(TWO, tokens="tokens: [{token: flare, at: d4, owner: red-destroyer}]\n")
    g.play("hop d4")
    pass_all(g)
    sub = g.ship("blue-submarine")
    assert (sub.position, sub.repairs) == ("d4", 1)
    assert g.state.tokens == []


def test_a_jump_is_lost_when_a_ship_takes_the_box_in_the_chain():
    """D4.10's re-check: the destroyer sidesteps onto d4 in answer; the hop
    then resolves onto a box that holds a ship, so the submarine stays and
    its crew stay spent."""
    g = game(TWO)
    g.play("hop d4")
    g.play("respond sidestep red-destroyer d4")
    pass_all(g)
    sub, red = g.ship("blue-submarine"), g.ship("red-destroyer")
    assert (sub.position, sub.crew_on("hop"), red.position) == ("b3", 1, "d4")
    assert logged(g, "move", "ship") == ["red-destroyer"]


def test_a_token_goes_on_the_chosen_box_and_an_order_sweeps_it_off():
    g = game(TWO, "sweep")
    g.play("drop_flare c4")
    pass_all(g)
    assert [(t.kind, g.board.name(t.box)) for t in g.state.tokens] == [("flare", "c4")]
    g.play("order sweep c4")
    pass_all(g)
    assert g.state.tokens == []
    assert logged(g, "token_removed", "token", "box") == [("flare", "c4")]


def test_saves_replays_and_the_validator_keep_a_box_on_the_stack():
    """Mid-chain (the hop declared, not resolved) the stack item keeps its box:
    the JSON save (whose state checks accept it) and the replay of the moves
    give the same game."""
    g = game(TWO)
    g.play("hop d4")
    assert g.state.stack[0].area == g.board.index("d4")
    assert check_state(g.state, g.rules, g.board, 0) == []
    broken = copy.deepcopy(g.state)
    broken.stack[0].area = None
    assert [p.reason for p in check_state(broken, g.rules, g.board, 0)] == [
        "hop needs a box of the board (D4.11)"]
    again = rc.Game.from_json(g.to_json())
    assert again.state.stack[0].area == g.board.index("d4")
    assert again.legal_moves() == g.legal_moves()
    pass_all(again)
    assert again.ship("blue-submarine").position == "d4"
    assert g.moves == ["hop d4"]
    replayed = rc.Game.from_replay(g.replay())
    assert replayed.moves == ["hop d4"] and replayed.state.stack[0].area == g.state.stack[0].area
    pass_all(replayed)
    assert replayed.ship("blue-submarine").position == "d4"


# ------------------------------------------------------------------ explain


@pytest.mark.parametrize("move, reason", [
    ("hop c3", "c3 is an island (R2.3)"),
    ("hop d2", "d2 holds red-destroyer (R2.4)"),
    ("hop e5", "e5 is more than 2 boxes from blue-submarine (D4.11)"),
    ("hop", "hop needs a box: hop and the box, like hop c3 (D4.11)"),
    ("hop z9", "z9 is not a box of the board (R2.1)"),
    ("hop d4 d5", "hop takes no path"),
])
def test_explain_says_why_a_box_is_refused(move, reason):
    g = game("""\
        blue-submarine: {at: b3}
        red-destroyer: {at: d2}
    """)
    assert g.explain(move) == reason


def test_an_adjacent_box_is_one_of_the_8_neighbours_and_never_the_own_box():
    """cards/examples/box_targets_minelayer.rc: Leap, `target free adjacent box`."""
    minelayer = str(ROOT / "cards" / "examples" / "box_targets_minelayer.rc")
    g = rc.Game.from_scenario(
        f"edition: en\nextra: [{minelayer}]\nboard: |\n{textwrap.indent(BOARD, '  ')}\n"
        "ships:\n  blue-submarine: {at: b3}\n  red-destroyer: {at: a4}\n"
        "turn: blue-submarine\nphase: maneuvers\ndeck: []\n")
    assert moves_of(g, "leap") == ["leap a2", "leap a3", "leap b2", "leap b4", "leap c2",
                                   "leap c4"]
    assert g.explain("leap b3") == "b3 is not next to blue-submarine (D4.11)"
    assert g.explain("leap d3") == "d3 is not next to blue-submarine (D4.11)"
    assert g.explain("leap a4") == "a4 holds red-destroyer (R2.4)"


# ------------------------------------------------------------------ text and compiler


def test_card_text_in_three_languages():
    rules = game(TWO).rules
    assert [card_text(rules, "hop", lang) for lang in ("en", "es", "it")] == [
        "Your ship jumps to the chosen box. Target: a free box within 2 boxes of your ship. "
        "Can be responded to.",
        "Tu barco salta a la casilla elegida. Objetivo: una casilla libre a distancia 2 como "
        "máximo de tu barco. Admite respuesta.",
        "La tua nave salta sulla casella scelta. Bersaglio: una casella libera a distanza 2 "
        "al massimo dalla tua nave. Ammette risposta."]
    assert card_text(rules, "sweep", "en") == \
        "Remove every token from the chosen box. Target: a box. Order card: cannot be " \
        "responded to."


HEAD = "token t {\n    mark \"+\"\n}\n"


@pytest.mark.parametrize("card, reason", [
    ("maneuver x {\n    cost 1\n    target free box\n    effect jump to target\n}\n",
     "maneuver 'x' targets a box but says not how far: a maneuver reaches 'box within N' "
     "or an 'adjacent box' (R4.2, D4.11)"),
    ("maneuver x {\n    cost 1\n    range 2\n    target box within 2\n    effect place_token t "
     "on target\n}\n", "maneuver 'x' targets a box: its reach is its 'within N' or "
     "'adjacent'; a range is for ship targets (R4.2)"),
    ("maneuver x {\n    cost 1\n    target box within 2\n    effect jump to target\n}\n",
     "maneuver 'x': a ship jumps only to a free box; write 'target free box …' (R2.4, D4.11)"),
    ("maneuver x {\n    cost 1\n    target box within 2\n    effect damage 1 to target\n}\n",
     "maneuver 'x' targets a box, and effect 'damage' acts on ships: 'target' is a box here "
     "(a box target serves place_token, remove_token, jump)"),
    ("maneuver x {\n    cost 1\n    range 2\n    effect jump to target\n}\n",
     "maneuver 'x': effect 'jump' acts on a box target; declare one: target free box "
     "within N, or target free adjacent box"),
    ("maneuver x {\n    cost 1\n    target fre box within 2\n    effect place_token t on "
     "target\n}\n", "'fre' does not describe a box: a box target takes free, adjacent, "
     "open, running, edge, start, friendly and enemy"),
    ("maneuver x {\n    cost 1\n    target box within 0\n    effect place_token t on "
     "target\n}\n", "a box target reaches at least 1 box: within 1 or more"),
    ("maneuver x {\n    cost 1\n    target adjacent box within 2\n    effect place_token t "
     "on target\n}\n", "an adjacent box is within 1 already: write 'adjacent box' or "
     "'box within N', not both"),
])
def test_the_compiler_refuses_a_box_target_that_cannot_work(card, reason):
    assert compile_error(HEAD + card) == reason


def test_a_trigger_cannot_jump_it_has_no_box_target():
    token = "token t {\n    mark \"+\"\n    when enters {\n        effect jump to target\n" \
        "    }\n}\n"
    assert compile_error(token) == \
        "token 't': 'jump' acts on the box a card targets (D4.11); a trigger has no box " \
        "target"
