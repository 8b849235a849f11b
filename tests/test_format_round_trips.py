"""Saves and scenarios read back exactly what they wrote, at every position.

Random games of every example card file (cards/examples/*.rc, the new order
cards half the deck, as ``redcode fuzz --cards`` deals it) are saved and read
back after every move: ``Game.from_json(game.to_json()) == game``, and
``Game.from_scenario(game.to_scenario()) == game`` wherever a scenario can
hold the position (between chains, the game not over). The log's events
are those of the one table both the engine and the save reader use
(``EVENT_FIELDS``): every kind the engine can log is in it, with its fields.
"""

from __future__ import annotations

import ast
import json
import random
import textwrap
from pathlib import Path

import pytest
import yaml

import redcode_rules as rc
from redcode_rules.testing.fuzz import NewCards, card_configs, fuzz_deck
from redcode_rules.engine.invariants import violations
from redcode_rules.engine.setup import SEED_RANGE
from redcode_rules.formats.scenario import game_from_scenario
from redcode_rules.formats.saves import game_to_dict
from redcode_rules.model.state import EVENT_FIELDS, OPTIONAL_EVENT_FIELDS, Known, Spent

from conftest import ROOT, quick_and_mass

EXAMPLES = sorted((ROOT / "cards" / "examples").glob("*.rc"))
SOURCE = ROOT / "src" / "redcode_rules"
EN = rc.load_ruleset("en")


def example_rules(path: Path, folder: Path) -> rc.Ruleset:
    """The example on English (a variant file on its own), its new order cards
    half the deck (``fuzz_deck``) through a patch file beside it, so the
    rules name only files, which a scenario can name too."""
    lines = [line for line in path.read_text("utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    variant = lines[0].startswith("variant ")
    plain = rc.load_ruleset(str(path)) if variant else rc.load_ruleset("en", extra=[str(path)])
    deck = fuzz_deck(plain, NewCards.of(plain, EN).orders)
    patches = []
    if deck != {o.id: o.copies for o in plain.orders.values()}:
        patch = folder / f"{path.stem}-deck.rc"
        patch.write_text("".join(f"patch order {o} {{ copies {n} }}\n" for o, n in deck.items()))
        patches.append(str(patch))
    if variant:
        return rc.load_ruleset(str(path), patches)
    return rc.load_ruleset("en", extra=[str(path), *patches])


def round_trip_faults(game: rc.Game) -> list[str]:
    """What the save and scenario round trips of ``game`` lose, as sentences."""
    faults = []
    if rc.Game.from_json(game.to_json()) != game:
        faults.append("from_json(to_json()) is another game")
    if not game.is_over and not game.state.stack:
        # the rules the scenario names, not compiled again from its files each move
        back = game_from_scenario(game.to_scenario(), game.rules, read_files=False,
                                  game_class=rc.Game)
        if back != game:
            fields = [f.name for f in back.state.__attrs_attrs__
                      if getattr(back.state, f.name) != getattr(game.state, f.name)]
            faults.append(f"from_scenario(to_scenario()) differs in {', '.join(fields)}")
    return faults


def play_checking(rules: rc.Ruleset, seed: int, moves: int) -> tuple[int, set[str]]:
    """A random game (a mode and teams of ``card_configs``), both round trips
    checked after every move: (moves played, event kinds logged)."""
    rnd = random.Random(seed)
    mode, teams = rnd.choice(card_configs(rules, NewCards.of(rules, EN)))
    game = rc.new_game(rules, mode=mode, teams=teams, seed=seed)
    played = 0
    while not game.is_over and played < moves:
        move = rnd.choice(game.legal_moves())
        game.play(move)
        played += 1
        faults = round_trip_faults(game)
        assert not faults, f"seed {seed}, move {played} ({move}): {faults}"
    return played, {event.kind for event in game.log}


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("decks")


#: the quick run's files (box targets, a trigger and its tokens, a status
#: while a condition holds, known hands and a deck, a swap); ``-m mass`` runs
#: every example file
QUICK = {"box_targets_minelayer", "triggers_mine", "while_damage_control", "hand_and_deck",
         "swap_stations"}


@pytest.mark.parametrize("path", quick_and_mass(EXAMPLES, QUICK, ids=[p.stem for p in EXAMPLES]))
def test_every_position_of_example_games_reads_back_exactly(path, folder):
    """One game per example file, 60 moves, both round trips after each."""
    played, _ = play_checking(example_rules(path, folder), seed=7, moves=60)
    assert played > 0


@pytest.mark.mass
@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_every_position_of_many_example_games_reads_back_exactly(path, folder):
    """Six games of up to 300 moves per example (``-m mass``, run by CI)."""
    rules = example_rules(path, folder)
    for seed in range(6):
        play_checking(rules, seed, moves=300)


# ------------------------------------------------------------ the event table


def _strings_assigned(tree: ast.AST, name: str) -> set[str]:
    """Every string constant the module assigns to ``name`` (``word = "use"``,
    ``answers, word = None, "respond"``)."""
    out = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            pairs = zip(target.elts, node.value.elts) if isinstance(target, ast.Tuple) and \
                isinstance(node.value, ast.Tuple) else [(target, node.value)]
            out |= {value.value for part, value in pairs
                    if isinstance(part, ast.Name) and part.id == name
                    and isinstance(value, ast.Constant) and isinstance(value.value, str)}
    return out


def logged_kinds() -> dict[str, set[str]]:
    """Every ``.event(kind, field=...)`` call in the package: kind → the
    fields it passes (``**`` spreads the optional fields of a move). A kind
    held in a variable counts every string the module assigns to it."""
    found: dict[str, set[str]] = {}
    for path in SOURCE.rglob("*.py"):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "event" and node.args:
                kind = node.args[0]
                kinds = {kind.value} if isinstance(kind, ast.Constant) else \
                    _strings_assigned(tree, kind.id) if isinstance(kind, ast.Name) else set()
                assert kinds, f"{path.name}:{node.lineno}: a logged event's kind is a string " \
                    "or a name assigned strings, so this test can see it"
                for one in kinds:
                    found.setdefault(one, set()).update(
                        k.arg for k in node.keywords if k.arg is not None)
    return found


def test_every_event_the_engine_logs_is_in_the_table_with_its_fields():
    found = logged_kinds()
    assert "status_end" in found  # a while status ending (it was unknown to saves)
    for kind, fields in found.items():
        assert kind in EVENT_FIELDS, f"{kind} is logged but saves do not know it"
        assert fields <= set(EVENT_FIELDS[kind]) | set(OPTIONAL_EVENT_FIELDS.get(kind, {})), \
            kind
        assert set(EVENT_FIELDS[kind]) <= fields, kind
    assert set(EVENT_FIELDS) == set(found), "the table describes events nobody logs"


def test_the_writer_refuses_a_log_event_the_table_does_not_describe():
    """The engine's calls are checked against the table above, in the source;
    an event that got past them anyway is refused when saved, not read."""
    game = rc.new_game(EN, seed=1)
    game.engine.event("nonsense", ship="blue-submarine")
    with pytest.raises(rc.SaveError, match="unknown event 'nonsense'"):
        game.to_json()


WHILE_DAMAGE_CONTROL = str(ROOT / "cards" / "examples" / "while_damage_control.rc")


def test_a_game_where_a_while_status_ended_saves_and_loads():
    """status_end was unknown to the save reader: no such game loaded."""
    game = rc.Game.from_scenario(textwrap.dedent(f"""
        edition: en
        extra: [{WHILE_DAMAGE_CONTROL}]
        ships:
          blue-submarine: {{at: c3, repairs: 2, damage_control_team: true}}
          red-destroyer: {{at: f4}}
        phase: maneuvers
    """))
    game.play("repair")
    while game.decision == "respond":
        game.play("pass")
    assert [(e.kind, dict(e.data)) for e in game.log if e.kind.startswith("status")] == [
        ("status_end", {"ship": "blue-submarine", "status": "damage_control_team"})]
    assert not game.ship("blue-submarine").statuses
    assert rc.Game.from_json(game.to_json()) == game


# ------------------------------------------------------------------- limits


def test_the_writer_refuses_what_the_reader_would_with_the_same_message():
    """One check on both sides: a save no reader takes is never written."""
    game = rc.new_game(EN, seed=3, placement="fixed")
    game.play("end")
    text = game.to_json()
    game.moves = [*game.moves, "x" * 500]  # a record no legal play leaves
    message = "save field 'moves': move 2 has 500 characters; a move of this game has " \
        "at most 198"
    with pytest.raises(rc.ScenarioError) as written:
        game.to_json()
    data = json.loads(text)
    data["moves"].append("x" * 500)
    with pytest.raises(rc.ScenarioError) as read:
        rc.Game.from_json(json.dumps(data))
    assert str(written.value) == str(read.value) == message
    game.moves = game.moves[:-1]
    game._setup["seed"] = 10 ** 30
    with pytest.raises(rc.ScenarioError, match="'setup.seed': must be a 64-bit whole number"):
        game.to_json()


def test_a_card_with_a_long_id_plays_moves_a_save_reads_back(tmp_path):
    """A 251-character card id made a move longer than the 200 characters
    saves took: the bound is now what the rules can write."""
    card = "a" * 251
    path = tmp_path / "long.rc"
    path.write_text(f"order {card} {{\n    copies 2\n    effect damage 1 to target\n}}\n"
                    "patch order ambush { copies 2 }\n")
    game = rc.Game.from_scenario({"extra": [str(path)], "phase": "maneuvers",
                                  "ships": {"blue-submarine": {"at": "c3"},
                                            "red-destroyer": {"at": "d3"}},
                                  "hands": {"blue-submarine": [card]}})
    game.play(f"order {card} red-destroyer")
    assert len(game.moves[-1]) == 271
    assert rc.Game.from_json(game.to_json()) == game


def test_a_move_logging_many_events_saves_and_loads(tmp_path):
    """A move that logged more than 50 events made a save the reader refused:
    a save's log is as long as the game made it."""
    pairs = "; ".join(["damage 4 to target"] * 14)
    card = tmp_path / "tide.rc"
    card.write_text("status echo {\n    permanent\n    when damaged { effect "
                    "regain repair 1 to self; regain breakdown 1 to self }\n}\n"
                    "order tide {\n    copies 2\n    effect " + pairs + "\n}\n"
                    "patch order ambush { copies 2 }\n")
    game = rc.Game.from_scenario({"extra": [str(card)], "phase": "maneuvers",
                                  "ships": {"blue-submarine": {"at": "c3"},
                                            "red-destroyer": {"at": "d3", "echo": True}},
                                  "hands": {"blue-submarine": ["tide"]}})
    before = len(game.log)
    game.play("order tide red-destroyer")
    while game.decision == "respond":
        game.play("pass")
    # order and resolve, then 14 times: a damage (3/3 to 2/2), its trigger and its
    # two regains (back to 3/3)
    assert len(game.log) - before == 2 + 14 * (1 + 1 + 2) == 58
    assert rc.Game.from_json(game.to_json()) == game


def test_a_seed_beyond_64_bits_is_refused_by_every_reader():
    """docs/security.md: a seed of 10**30 is an error, in new games, scenarios,
    saves and replays alike."""
    low, high = SEED_RANGE
    message = f"must be a 64-bit whole number, from {low} to {high}"
    with pytest.raises(rc.ScenarioError, match=message):
        rc.new_game(EN, seed=10 ** 30)
    with pytest.raises(rc.ScenarioError, match="scenario field 'seed': " + message):
        rc.Game.from_scenario({"seed": 10 ** 30, "ships": {"blue-submarine": {"at": "c3"},
                                                            "red-destroyer": {"at": "d3"}}})
    game = rc.new_game(EN, seed=high)
    data = game_to_dict(game)
    data["setup"]["seed"] = high + 1
    with pytest.raises(rc.ScenarioError, match="'setup.seed': " + message):
        rc.Game.from_json(json.dumps(data))
    replay = game.replay()
    replay["setup"]["seed"] = -10 ** 30
    with pytest.raises(rc.ReplayError, match=message):
        rc.Game.from_replay(replay)
    assert rc.new_game(EN, seed=low) != rc.new_game(EN, seed=high)


# ------------------------------------------------------ what scenarios forgot


def reloaded(game: rc.Game) -> rc.Game:
    """The game through its scenario, checked equal."""
    back = rc.Game.from_scenario(game.to_scenario())
    assert back == game
    return back


def play_both(games: list[rc.Game], *moves: str) -> None:
    for move in moves:
        for game in games:
            game.play(move)
        while games[0].decision == "respond":
            for game in games:
                game.play("pass")


HUNTER = str(ROOT / "cards" / "examples" / "triggers_hunter.rc")


def test_a_once_per_turn_trigger_that_fired_stays_fired_after_a_reload():
    """The hunter's crew_loss fires once per turn: reloaded in between, a
    second target made it fire again (the fired record was lost)."""
    game = rc.Game.from_scenario(textwrap.dedent(f"""
        extra: [{HUNTER}]
        ships:
          blue-submarine: {{at: c3}}
          red-hunter: {{at: d3}}
        phase: maneuvers
    """))
    play_both([game], "torpedo red-hunter")
    assert game.state.fired == ["red-hunter/ship:hunter:1"]
    assert "fired: ['red-hunter/ship:hunter:1']" in game.to_scenario()
    back = reloaded(game)
    play_both([game, back], "heavy_torpedo red-hunter")
    assert back == game
    assert [e["amount"] for e in back.log if e.kind == "crew_loss"] == []  # none after reloading
    assert back.ship("blue-submarine").reserve == game.ship("blue-submarine").reserve


def test_a_scenario_refuses_a_fired_record_naming_no_once_per_turn_trigger():
    with pytest.raises(rc.ScenarioError, match="scenario field 'fired\\[0\\]': 'red-hunter/"
                                               "ship:hunter:0' is not a trigger that fires once"):
        rc.Game.from_scenario({"extra": [HUNTER], "fired": ["red-hunter/ship:hunter:0"],
                               "ships": {"blue-submarine": {"at": "c3"},
                                         "red-hunter": {"at": "d3"}}})


def test_an_arena_catch_up_given_before_a_refloat_is_not_given_again():
    """Both blue ships afloat again after a refloat, the catch-up rule given
    when one sank was recomputed as not given: a scenario now says so."""
    game = rc.Game.from_scenario({
        "mode": "arena", "catchup_done": [0], "phase": "maneuvers",
        "ships": {"blue-submarine": {"at": "c3"}, "blue-destroyer": {"at": "c4", "repairs": 1,
                                                                      "breakdowns": 0},
                  "red-submarine": {"at": "d4"}, "red-destroyer": {"at": "e4"}}})
    assert game.state.catchup_done == [0]
    scenario = game.to_scenario()
    assert "catchup_done: [0]" in scenario
    back = reloaded(game)
    back.state.turn = 2  # red's torpedo sinks blue's destroyer
    game.state.turn = 2
    play_both([game, back], "torpedo blue-destroyer")
    assert back.ship("blue-destroyer").sunk
    assert [e for e in back.log if e.kind == "catchup"] == []
    assert back == game


def test_a_scenario_saved_in_the_recover_phase_does_not_start_the_turn_again(tmp_path):
    """A token a turn-start trigger placed, lasting until its owner's next
    turn starts, was removed when the scenario was read (the turn start was
    played again)."""
    card = tmp_path / "flare.rc"
    card.write_text(textwrap.dedent("""
        token flare {
            mark "*"
            until start of its next turn
        }
        status flare_layer {
            permanent
            when turn_starts { effect place_token flare on self }
        }
    """))
    game = rc.Game.from_scenario({
        "extra": [str(card)], "phase": "maneuvers", "turn": "red-destroyer",
        "ships": {"blue-submarine": {"at": "c3", "flare_layer": True,
                                     "crew_on": {"torpedo": 1}},
                  "red-destroyer": {"at": "f4"}}})
    game.play("end")
    assert game.decision == "recover" and game.to_move == "blue-submarine"
    assert [(t.kind, game.board.name(t.box)) for t in game.state.tokens] == [("flare", "c3")]
    assert "turn_started: true" in game.to_scenario()
    back = reloaded(game)
    assert back.state.tokens == game.state.tokens


def test_spent_and_known_records_read_back_equal_in_any_order(tmp_path):
    """A scenario groups them by player; the state's lists are sets."""
    patch = tmp_path / "deck.rc"
    patch.write_text("patch order ambush { copies +1 }\npatch order captain { copies -1 }\n")
    extra = [str(ROOT / "cards" / "examples" / name)
             for name in ("ways_to_play.rc", "scoring.rc")] + [str(patch)]
    game = rc.Game.from_scenario({"extra": extra, "ships": {"blue-submarine": {"at": "c3"},
                                                            "red-destroyer": {"at": "d3"}},
                                  "hands": {"blue-submarine": ["captain", "mechanic"],
                                            "red-destroyer": ["ambush"]}})
    state = game.state
    state.spent = [Spent(1, "magazine_hit"), Spent(0, "magazine_hit"), Spent(1, "last_stand")]
    state.known = [Known(1, 0, ["mechanic"]), Known(0, 1, ["ambush"])]
    back = rc.Game.from_scenario(game.to_scenario())
    assert [(s.seat, s.card) for s in back.state.spent] == [
        (1, "magazine_hit"), (1, "last_stand"), (0, "magazine_hit")]
    assert [(k.viewer, k.owner) for k in back.state.known] == [(1, 0), (0, 1)]
    assert back == game
    state.spent = state.spent[:2]
    assert back != game


def test_a_replay_move_longer_than_any_move_of_its_game_is_refused_before_playing():
    """Replays bound their moves as saves do (``move_length_limit``)."""
    game = rc.new_game(EN, seed=3, placement="fixed")
    game.play("end")
    data = game.replay()
    data["moves"].append("x" * 199)
    with pytest.raises(rc.ReplayError) as info:
        rc.Game.from_replay(data)
    assert str(info.value) == ("replay moves: move 2 has 199 characters; a move of this game "
                               "has at most 198")


def test_a_card_paused_on_a_choice_after_its_move_keeps_the_invariants(tmp_path):
    """The stack item's path was checked from where the ship is now, after it
    moved along it: a false broken invariant, and a save the reader refused."""
    variant = tmp_path / "dash.rc"
    variant.write_text("variant dash extends en\nremove order ambush\nremove order deserter\n"
                       "remove order boatswain\nremove order evasion\norder dash {\n"
                       "    copies 16\n    effect move 2 self; discard 1 owner of self\n}\n")
    game = rc.Game.from_scenario({"edition": str(variant), "phase": "maneuvers",
                                  "ships": {"blue-submarine": {"at": "c3"},
                                            "red-destroyer": {"at": "f4"}},
                                  "hands": {"blue-submarine": ["dash", "captain", "mechanic"]}})
    game.play("order dash b2 a1")
    while game.decision == "respond":
        game.play("pass")
    assert (game.decision, game.ship("blue-submarine").position) == ("choose", "a1")
    assert game.state.stack[0].path == (game.board.index("b2"), game.board.index("a1"))
    assert violations(game) == []
    assert rc.Game.from_json(game.to_json()) == game
    game.play("choose captain")
    assert game.hand("blue-submarine") == ["mechanic"]


def test_a_setup_too_deep_for_a_reader_is_refused_when_saved():
    """A game keeps its scenario as its setup: one nested deeper than a save
    may be is refused when written, as it would be when read; a scenario's
    field it does not use (``recover_left`` outside the recover phase) is
    still checked, so it cannot hide a deep value."""
    deep: list = []
    for _ in range(25):
        deep = [deep]
    ships = {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "d3"}}
    with pytest.raises(rc.ScenarioError, match="'recover_left': must be a whole number"):
        rc.Game.from_scenario({"phase": "maneuvers", "recover_left": deep, "ships": ships})
    game = rc.Game.from_scenario({"phase": "maneuvers", "ships": ships})
    game._setup["scenario"]["board"] = deep  # game.setup hands out a copy
    with pytest.raises(rc.ScenarioError, match="'setup': nested deeper than 19 levels"):
        game.to_json()


def test_a_respawn_whose_turn_start_sinks_both_ships_reads_back_placing():
    """Found by the generated card harness: blue places its respawned ship, red's
    turn starts, a trigger of blue's ship sinks it and red's ship, and blue owes
    a discard in the placement of both. The scenario reads back in placement,
    not in a recover phase."""
    data = Path(__file__).parent / "data"
    scenario = yaml.safe_load((data / "respawn_sinks_both.yaml").read_text())
    game = rc.Game.from_scenario({**scenario, "extra": [str(data / "respawn_sinks_both.rc")]})
    game.play("place a2")
    assert (game.state.phase, game.decision, game.to_move) == ("place", "discard", "blue-gh10")
    assert [s.sunk for s in game.state.ships] == [True, True]
    again = rc.Game.from_scenario(game.to_scenario())
    assert again == game
    while game.decision == "discard":
        move = game.legal_moves()[0]
        game.play(move)
        again.play(move)
    assert again == game
    assert (game.decision, game.to_move) == ("place", "blue-gh10")
