"""Giving a status and placing a token cost the same however many a ship or
the board already has: a status goes in its place by a binary search over
its declaration order, a token's one-per-box check is a set lookup
(``Engine.token_keys``). A sort with ``list.index`` per status would take
30 s for 2,000 statuses given in one move, and scanning every token per
placement 20 s for 500 token kinds on an 8x6 area."""

import textwrap
import time

import pytest

import redcode_rules as rc
from redcode_rules.model.state import TokenState

from conftest import OPEN_BOARD

STATUSES = 1000
TOKEN_KINDS = 200
PER_FILE = 250  # declarations per card file


def game_with(tmp_path, declarations: list[str]) -> rc.Game:
    """Blue and red on open water with ``declarations`` in card files of ``PER_FILE``."""
    files = []
    for start in range(0, len(declarations), PER_FILE):
        path = tmp_path / f"many{start}.rc"
        path.write_text("\n".join(declarations[start:start + PER_FILE]) + "\n")
        files.append(str(path))
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{', '.join(files)}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        "turn: blue-submarine\nphase: maneuvers\n")


@pytest.fixture
def many_statuses(tmp_path):
    return game_with(tmp_path, [f"status s{i} {{ permanent  forbids orders }}"
                                for i in range(STATUSES)])


@pytest.fixture
def many_tokens(tmp_path):
    return game_with(tmp_path, [f'token t{i} {{ mark "{chr(0x4E00 + i)}"  when enters '
                                '{ effect regain repair 1 to target } }'
                                for i in range(TOKEN_KINDS)])


def test_a_thousand_statuses_are_given_in_declaration_order_quickly(many_statuses):
    """Given last to first (each goes before all the others), then again."""
    eng = many_statuses.engine
    # the process's CPU time: a machine busy with other work does not fail it
    started = time.process_time()
    for i in reversed(range(STATUSES)):
        eng.ops.set_status(1, f"s{i}", 0)
    for i in range(STATUSES):
        eng.ops.set_status(1, f"s{i}", 0)
    took = time.process_time() - started
    assert [name for name, _ in many_statuses.state.ships[1].statuses] == [
        f"s{i}" for i in range(STATUSES)]
    assert took < 2.0, f"{2 * STATUSES} statuses given in {took:.2f} s"


def test_placing_a_token_does_not_look_at_the_others(many_tokens):
    """Every kind on every box of the 8x6 board (9,600 tokens), then each once
    more (refused: one of a kind per box): the tokens are read once, to
    build the set of what is where."""
    reads = 0

    class Watched(list):
        def __iter__(self):
            nonlocal reads
            reads += 1
            return super().__iter__()

    st = many_tokens.state
    st.tokens = Watched()
    eng = many_tokens.engine
    boxes = range(len(many_tokens.board.lookup))
    # the process's CPU time: a machine busy with other work does not fail it
    started = time.process_time()
    for _ in range(2):
        for i in range(TOKEN_KINDS):
            for box in boxes:
                eng.ops.place_token(f"t{i}", box, 0)
    took = time.process_time() - started
    assert len(st.tokens) == TOKEN_KINDS * len(boxes) == 9600
    assert st.tokens[1] == TokenState("t0", 1, 0, 1)
    assert reads <= 1
    assert took < 2.0, f"{2 * len(st.tokens)} placements in {took:.2f} s"


def test_tokens_taken_off_are_forgotten_by_the_one_per_box_check(many_tokens):
    """After an undo-like swap of the list, and after tokens end, a kind can go
    back on a box it left."""
    eng = many_tokens.engine
    st = many_tokens.state
    eng.ops.place_token("t0", 3, 0)
    eng.ops.place_token("t1", 3, 0)
    st.tokens = [TokenState("t1", 3, 0)]  # another list (an undo, a loaded game)
    eng.ops.place_token("t0", 3, 0)
    assert [(t.kind, t.box) for t in st.tokens] == [("t1", 3), ("t0", 3)]
    eng.ops.place_token("t1", 3, 0)  # still there: refused
    assert len(st.tokens) == 2
