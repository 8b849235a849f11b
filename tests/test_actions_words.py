"""Moves as words (redcode_rules.ai.actions): a fixed vocabulary per
configuration, every legal move written in it and taken back from it, and
word-by-word play that reaches exactly the legal moves, each by one
sequence of actions."""

from __future__ import annotations

import json
import random

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import STOP, ActionSpace, vocabulary_groups
from redcode_rules.base.errors import IllegalAction, UnknownWord

from conftest import EDITIONS, EXAMPLES, TEAMS, fixed_game, scenario_game

#: the printed cards of the English edition: a stop word, 12 keywords (3 of
#: them chance's), 48 boxes, 6 ship ids, 16 maneuvers, 9 order cards, 15 map cards
EN_SIZE = 1 + 12 + 48 + 6 + 16 + 9 + 15


@pytest.fixture(scope="module")
def en():
    return rc.load_ruleset("en")


def decisions(rules, seed, teams, count, placement="choose"):
    """Up to ``count`` positions of a random game, one per move, cloned."""
    game = rc.new_game(rules, teams=teams, seed=seed, placement=placement)
    rnd = random.Random(seed)
    out = []
    while not game.is_over and len(out) < count:
        out.append(game.clone())
        game.play(rnd.choice(game.legal_moves()))
    return out


def word_moves(space, game, prefix=()):
    """Every move word-by-word play can make now: the move each sequence of
    legal actions plays (on a clone), with the sequence."""
    out = []
    for action in space.legal_actions(game, prefix):
        trial = game.clone()
        after = space.step(trial, prefix, action)
        if after is None:
            out.append((trial.moves[-1], prefix + (action,)))
        else:
            out.extend(word_moves(space, game, after))
    return out


# ------------------------------------------------------------------ the vocabulary
def test_the_english_vocabulary_in_its_fixed_order(en):
    """Stop word, keywords, boxes row by row, ships by side and type, maneuvers,
    orders, map cards: ids depend on nothing else."""
    space = ActionSpace.for_game(fixed_game(en, teams=TEAMS["1v1"]))
    assert space.size == len(space.words) == EN_SIZE == 107
    assert space.words[:13] == (STOP, "respond", "order", "pass", "end", "recover", "choose",
                                "discard", "place", "withdrawn", "deal", "draw", "pick")
    assert (space.id("a1"), space.id("h1"), space.id("a2"), space.id("h6")) == (13, 20, 21, 60)
    assert space.words[61:67] == ("blue-submarine", "blue-destroyer", "blue-aircraft_carrier",
                                  "red-submarine", "red-destroyer", "red-aircraft_carrier")
    assert space.word(67) == "movement" and space.word(83) == next(iter(en.orders))
    assert space.words[-1] == list(en.maps)[-1]


@pytest.mark.parametrize("edition, size", [("en", 107), ("es", 106), ("it", 106)])
def test_one_vocabulary_for_every_team_size_and_seed(edition, size):
    """1v1, 2v2 and 3v3 games, any seed, any position, share one space: the
    ship words are every side's ship of every type."""
    rules = rc.load_ruleset(edition)
    spaces = set()
    for seed, teams in enumerate(TEAMS.values()):
        for game in decisions(rules, seed, teams, 30)[::10]:
            spaces.add(ActionSpace.for_game(game))
    assert len(spaces) == 1
    (space,) = spaces
    assert space.size == size


def test_a_ruleset_loaded_again_numbers_its_words_alike(en):
    again = rc.load_ruleset("en")
    first = ActionSpace.for_game(fixed_game(en, seed=1))
    second = ActionSpace.for_game(fixed_game(again, seed=2))
    assert first.words == second.words
    assert ActionSpace.for_rules(en).words == first.words


def test_a_card_file_adds_its_cards_and_keeps_the_first_ids(en):
    """A card file on top of the edition: keywords, boxes and ships keep their
    ids; its cards come in the ruleset's order."""
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / "battleship.rc")])
    space = ActionSpace.for_game(fixed_game(rules))
    base = ActionSpace.for_game(fixed_game(en))
    assert space.words[:61] == base.words[:61]
    assert set(base.words) < set(space.words)
    assert {w for w in space.words if w not in base.words} == \
        (set(rules.maneuvers) | set(rules.orders) | set(rules.maps)
         | {f"{s}-{t}" for s in ("blue", "red") for t in rules.ships}) - set(base.words)


def test_scenario_ship_names_are_words_of_their_configuration():
    game = scenario_game("""
    ships:
      nautilus: {at: b2, side: blue, type: submarine}
      red-destroyer: {at: g5}
    turn: nautilus
    phase: maneuvers
    """)
    space = ActionSpace.for_game(game)
    assert space.words[-1] != "nautilus" and "nautilus" in space.words
    assert space.id("nautilus") == 67  # after the six typed ids
    assert space.size == EN_SIZE + 1


def test_the_table_of_words(en):
    """``rows()``: the documentation table, one row per id, with its group."""
    space = ActionSpace.for_game(fixed_game(en))
    rows = space.rows()
    assert rows[:3] == [(0, STOP, "stop"), (1, "respond", "keyword"), (2, "order", "keyword")]
    assert [(r[0], r[1]) for r in rows] == list(enumerate(space.words))
    assert [w for g in space.groups for w in g.words] == list(space.words)
    groups = [g.name for g in vocabulary_groups(en, 8, 6)]
    assert groups == ["stop", "keyword", "box", "ship", "maneuver", "order", "map", "mode"]
    assert [sum(1 for r in rows if r[2] == g) for g in groups] == [1, 12, 48, 6, 16, 9, 15, 0]


# ------------------------------------------------------------------ encoding
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("size", list(TEAMS))
def test_every_legal_move_round_trips(edition, size):
    """Every legal move of every position of a random game (placement,
    responses, discards, recoveries included) is words of the vocabulary,
    and decodes to itself."""
    rules = rc.load_ruleset(edition)
    seed = EDITIONS.index(edition) * 3 + list(TEAMS).index(size)
    seen = set()
    for game in decisions(rules, seed, TEAMS[size], 400):
        space = ActionSpace.for_game(game)
        for move in game.legal_moves():
            ids = space.encode(move)
            assert space.decode(ids) == move
            assert len(ids) == len(move.split(" "))
            seen.add(move.split(" ")[0])
    assert {"end", "pass", "place", "recover", "movement"} <= seen


@pytest.mark.parametrize("name", ["hand_and_deck.rc", "box_targets_minelayer.rc",
                                  "refloat_jury_rig.rc", "swap_stations.rc"])
def test_moves_of_example_card_files_round_trip(name):
    """Card files that bring other kinds of decision (choosing a card of a
    hand, a box target, a sunk ship and its box, a crew source)."""
    rules = rc.load_ruleset("en", extra=[str(EXAMPLES / name)])
    for seed in range(2):
        for game in decisions(rules, seed, TEAMS["2v2"], 300, placement="fixed"):
            space = ActionSpace.for_game(game)
            for move in game.legal_moves():
                assert space.decode(space.encode(move)) == move


def test_decode_drops_a_final_stop(en):
    space = ActionSpace.for_game(fixed_game(en))
    ids = space.encode("movement c3")
    assert space.decode(ids + (space.stop,)) == "movement c3"
    assert space.encode("  movement   c3 ") == ids


# ------------------------------------------------------------------ word-by-word play
def test_word_by_word_play_reaches_exactly_the_legal_moves(en):
    """At sampled positions of 1v1, 2v2 and 3v3 games, the action sequences
    play each legal move exactly once: no two legal moves share all words."""
    checked = 0
    for seed, teams in enumerate(TEAMS.values()):
        for game in decisions(en, seed, teams, 120)[::7]:
            space = ActionSpace.for_game(game)
            reached = word_moves(space, game)
            assert sorted(m for m, _ in reached) == sorted(game.legal_moves())
            for move, actions in reached:
                assert space.actions_of(game, move) == actions
            checked += len(reached)
    assert checked > 300  # 909 listed moves when written (410 with one move per end box)


def test_a_move_that_begins_a_longer_one_ends_with_stop():
    """Immersion (2 boxes) from c3: ``immersion d2`` and ``immersion d2 e2``
    are both legal; after ``immersion d2`` the actions are STOP and the next
    boxes (those not nearer by another path: canonical paths)."""
    game = scenario_game("""
    board: |
      ........
      ........
      ........
      ........
      ........
      ........
    ships:
      blue-submarine: {at: c3}
      red-destroyer: {at: h6}
    turn: blue-submarine
    phase: maneuvers
    """)
    space = ActionSpace.for_game(game)
    prefix = space.step(game, (), space.id("immersion"))
    prefix = space.step(game, prefix, space.id("d2"))
    assert prefix == space.encode("immersion d2")
    assert [space.word(a) for a in space.legal_actions(game, prefix)] == [STOP, "e1", "e2", "e3"]
    assert space.actions_of(game, "immersion d2") == prefix + (space.stop,)
    assert space.actions_of(game, "immersion d2 e1") == prefix + (space.id("e1"),)
    assert space.step(game, prefix, space.stop) is None
    assert game.moves[-1] == "immersion d2" and game.ship("blue-submarine").position == "d2"


def test_a_single_word_move_is_played_at_once(en):
    game = fixed_game(en, teams=TEAMS["1v1"])
    space = ActionSpace.for_game(game)
    assert space.legal_actions(game, ()) == sorted(
        {space.id(m.split(" ")[0]) for m in game.legal_moves()})
    before = len(game.moves)
    assert space.step(game, (), space.id("end")) is None
    assert game.moves[before:] == ["end"]


def test_legal_actions_are_ascending_and_follow_the_position(en):
    """After a move is played elsewhere (``play``, ``undo``), the space lists
    the new position's actions, not the old ones."""
    game = fixed_game(en, teams=TEAMS["1v1"])
    space = ActionSpace.for_game(game)
    first = space.legal_actions(game)
    assert first == sorted(first)
    game.play("end")
    assert space.legal_actions(game) == sorted(
        {space.id(m.split(" ")[0]) for m in game.legal_moves()})
    game.undo()
    assert space.legal_actions(game) == first


def test_random_word_play_finishes_games(en):
    """Uniformly random actions play whole games: every move played is one the
    game listed at that decision."""
    rnd = random.Random(3)
    for seed in range(3):
        game = fixed_game(en, teams=TEAMS["1v1"], seed=seed)
        space = ActionSpace.for_game(game)
        prefix: tuple[int, ...] | None = ()
        steps = 0
        while not game.is_over and steps < 20_000:
            legal = game.legal_moves() if not prefix else None
            prefix = space.step(game, prefix, rnd.choice(space.legal_actions(game, prefix)))
            if prefix is None:
                if legal is not None:
                    assert game.moves[-1] in legal
                prefix = ()
            steps += 1
        assert game.is_over


# ------------------------------------------------------------------ errors
def test_unknown_words_and_ids_are_refused_clearly(en):
    space = ActionSpace.for_game(fixed_game(en))
    with pytest.raises(UnknownWord, match="'gun' is not a word of this action space"):
        space.id("gun")
    with pytest.raises(UnknownWord, match="'z9'"):
        space.encode("movement z9")
    for bad in (space.size, -1, True, "3", 2.0):
        with pytest.raises(UnknownWord, match="is not an action id of this space"):
            space.word(bad)
    with pytest.raises(UnknownWord):
        space.decode([0, space.size])
    assert isinstance(UnknownWord("x"), rc.RedCodeError)


@pytest.mark.parametrize("action", ["illegal word", "out of range", "bool", "stop"])
def test_an_illegal_action_changes_nothing(en, action):
    game = fixed_game(en, teams=TEAMS["1v1"])
    space = ActionSpace.for_game(game)
    legal = space.legal_actions(game)
    bad = {"illegal word": space.id("h6"), "out of range": space.size, "bool": True,
           "stop": space.stop}[action]
    save = game.to_json()
    with pytest.raises(IllegalAction, match="does not continue a legal move after no word") \
            as raised:
        space.step(game, (), bad)
    assert isinstance(raised.value, rc.IllegalMove)
    assert raised.value.legal_actions == legal and raised.value.prefix == ()
    assert game.to_json() == save and space.legal_actions(game) == legal


def test_a_prefix_no_legal_move_begins_with_is_refused(en):
    game = fixed_game(en, teams=TEAMS["1v1"])
    space = ActionSpace.for_game(game)
    save = game.to_json()
    with pytest.raises(IllegalAction, match="no legal move begins with 'discard a1'"):
        space.legal_actions(game, space.encode("discard a1"))
    with pytest.raises(IllegalAction, match="after 'movement'"):
        space.step(game, space.encode("movement"), space.id("withdrawn"))
    assert json.loads(game.to_json()) == json.loads(save)


def test_a_finished_game_has_no_actions(en):
    game = fixed_game(en, teams=TEAMS["1v1"], seed=4)
    rnd = random.Random(4)
    while not game.is_over:
        game.play(rnd.choice(game.legal_moves()))
    space = ActionSpace.for_game(game)
    assert space.legal_actions(game) == []
    with pytest.raises(IllegalAction, match="the game is over"):
        space.step(game, (), space.id("end"))


# ------------------------------------------------------------------ chance
def explicit_positions(rules, seed, teams, count):
    """Up to ``count`` positions of a random game with explicit chance, the
    chance player's outcomes drawn like any move; each cloned."""
    game = rc.new_game(rules, teams=teams, seed=seed, chance="explicit")
    rnd = random.Random(seed)
    out = []
    while not game.is_over and len(out) < count:
        out.append(game.clone())
        game.play(rnd.choice(game.legal_moves()))
    return out


def test_chance_outcomes_are_words_of_the_same_space(en):
    """Explicit chance: the deal of the map, draws and the players' moves are
    all taken word by word in the one space of the configuration."""
    positions = explicit_positions(en, 5, TEAMS["2v2"], 150)
    space = ActionSpace.for_game(positions[0])
    kinds = set()
    for game in positions:
        assert ActionSpace.for_game(game) is space
        for move in game.legal_moves():
            assert space.decode(space.encode(move)) == move
        if game.to_move == "chance":
            kinds.add(game.legal_moves()[0].split(" ")[0])
            reached = word_moves(space, game)
            assert sorted(m for m, _ in reached) == sorted(o for o, _ in game.chance_outcomes())
    assert kinds == {"deal", "draw"}


def test_a_deal_played_word_by_word(en):
    game = rc.new_game(en, seed=2, chance="explicit")
    assert game.to_move == "chance"
    space = ActionSpace.for_game(game)
    assert space.legal_actions(game) == [space.id("deal")]
    prefix = space.step(game, (), space.id("deal"))
    outcomes = [o for o, _ in game.chance_outcomes()]
    assert [space.word(a) for a in space.legal_actions(game, prefix)] == sorted(
        (o.split(" ")[1] for o in outcomes), key=space.id)
    card = outcomes[0].split(" ")[1]
    assert space.step(game, prefix, space.id(card)) is None
    assert game.moves[-1] == f"deal {card}"


def test_games_stepped_in_turn_keep_their_own_positions(en):
    """A game and its clone, stepped alternately (a search, two environments):
    each one's actions are those of its own position."""
    game = fixed_game(en, teams=TEAMS["1v1"])
    space = ActionSpace.for_game(game)
    other = game.clone()
    prefix = space.step(game, (), space.id("movement"))
    assert space.legal_actions(other) == sorted(
        {space.id(m.split(" ")[0]) for m in other.legal_moves()})
    assert space.step(other, (), space.id("end")) is None
    assert space.legal_actions(game, prefix) == sorted(
        {space.id(m.split(" ")[1]) for m in game.legal_moves() if m.startswith("movement ")})
    assert other.moves[-1] == "end" and game.moves == other.moves[:-1]


def test_a_decision_undone_or_played_elsewhere_is_read_again(en):
    """The space reads a decision again once the game's listing is another:
    after a move undone, and after a move played on the game directly, the
    actions are those of the game's position, not of the last one read."""
    game = fixed_game(en, teams=TEAMS["1v1"])
    space = ActionSpace.for_game(game)
    first = space.legal_actions(game)
    assert space.step(game, (), space.id("end")) is None
    assert space.legal_actions(game) == sorted(
        {space.id(m.split(" ")[0]) for m in game.legal_moves()})
    game.undo()
    assert space.legal_actions(game) == first
    game.play("end")
    assert space.legal_actions(game) != first
    assert space.legal_actions(game) == sorted(
        {space.id(m.split(" ")[0]) for m in game.legal_moves()})
