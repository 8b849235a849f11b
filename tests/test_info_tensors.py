"""Observation and information-state tensors: a fixed shape per game
configuration (rules, board, seats), every slice named in the layout, and
the numbers saying what the observation says."""

from __future__ import annotations

import random

import pytest

import redcode_rules as rc
from redcode_rules.info.tensors import Encoding

from conftest import EXAMPLES, TEAMS

EN = rc.load_ruleset("en")
HAND_AND_DECK = rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc"])


@pytest.mark.parametrize("size,obs_size,info_size", [("1v1", 755, 818), ("2v2", 865, 1006),
                                                     ("3v3", 975, 1210)])
def test_the_tensor_sizes_of_the_printed_cards(size, obs_size, info_size):
    game = rc.new_game(EN, teams=TEAMS[size], placement="fixed")
    player = game.to_move
    obs = game.observation(player)
    assert obs.layout.size == len(obs.tensor()) == obs_size
    assert Encoding.of_game(game).info_layout.size == info_size
    assert len(game.information_state_tensor(player)) == info_size


def test_the_layout_covers_the_tensor_once():
    """The slices follow one another with no gap and no overlap, named once."""
    enc = Encoding.of_game(rc.new_game(EN, teams=TEAMS["2v2"]))
    for layout in (enc.layout, enc.info_layout):
        names = [s.name for s in layout.slices]
        assert len(names) == len(set(names))
        offset = 0
        for s in layout.slices:
            assert s.offset == offset
            offset += s.size
        assert offset == layout.size
        assert layout.table().count("\n") == len(layout.slices) + 1
    assert enc.info_layout.slices[:len(enc.layout.slices)] == enc.layout.slices


def test_the_layout_is_made_once_per_configuration():
    a = rc.new_game(EN, seed=1)
    b = rc.new_game(EN, seed=2)
    assert Encoding.of_game(a) is Encoding.of_game(b)
    assert Encoding.of_game(a).layout is Encoding.of_game(b).layout
    assert Encoding.of_game(rc.new_game(HAND_AND_DECK)).layout.size != \
        Encoding.of_game(a).layout.size  # more order cards


def part(tensor, layout, name):
    s = layout[name]
    return list(tensor[s.offset:s.offset + s.size])


def test_the_numbers_say_what_the_observation_says():
    game = rc.new_game(HAND_AND_DECK, seed=3, teams=TEAMS["2v2"])
    rnd = random.Random(3)
    checked = 0
    while not game.is_over:
        if checked < 60 and len(game.moves) % 11 == 0:
            for player in game.ships:
                obs = game.observation(player)
                t, lay = obs.tensor(), obs.layout
                assert len(t) == lay.size
                me = game.ship(player)
                own = part(t, lay, "own_ship")
                if me.position is None:
                    assert sum(own) == 0
                else:
                    assert own.index(1) == game.board.index(me.position) and sum(own) == 1
                assert sum(part(t, lay, "islands")) == game.board.cells.count("#")
                assert sum(part(t, lay, "running_water")) == game.board.cells.count("~")
                assert sum(part(t, lay, "hand")) == len(game.hand(player))
                assert part(t, lay, "hand_sizes") == [len(game.hand(p)) for p in game.ships]
                assert sum(part(t, lay, "known")) == sum(len(c) for _, c in obs.known)
                assert part(t, lay, "deck_size") == [len(game.deck)]
                assert sum(part(t, lay, "discards")) == len(game.discards)
                assert sum(part(t, lay, "visual_field")) == len(obs.sight)
                on_board = [s for s in game.ships if game.ship(s).position is not None]
                assert sum(part(t, lay, "ships_friendly")) + sum(part(t, lay, "ships_enemy")) \
                    == len(on_board)
                assert part(t, lay, "stack_size") == [len(game.stack)]
                assert sum(part(t, lay, "decision")) == (game.decision is not None)
                info = game.information_state_tensor(player)
                assert list(info[:lay.size]) == list(t)
                assert list(game.resample(player, 1).observation(player).tensor()) == list(t)
                checked += 1
        game.play(rnd.choice(game.legal_moves()))
    assert checked >= 60
    info_layout = Encoding.of_game(game).info_layout
    info = game.information_state_tensor(game.ships[0])
    assert part(info, info_layout, "events") == [len(game.log)]
    assert sum(part(info, info_layout, "drawn")) == sum(
        e["count"] for e in game.log if e.kind == "draw")


def test_an_observation_made_by_hand_has_no_tensor():
    game = rc.new_game(EN)
    obs = game.observation(game.to_move)
    bare = type(obs)(**{f: getattr(obs, f) for f in
                        ("player", "side", "board", "mode", "turn_number", "turn", "phase",
                         "to_move", "decision", "ships", "tokens", "stack", "hand_sizes",
                         "deck_size", "discards", "score", "spent", "winner", "hand", "known",
                         "deck_top", "sight")})
    assert bare == obs
    with pytest.raises(ValueError, match="no tensor layout"):
        bare.tensor()
