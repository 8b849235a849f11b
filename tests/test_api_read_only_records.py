"""What a game and its rules hand out cannot change them: a ruleset's tables
refuse changes, and the events of ``game.log`` are copies."""

import copy
import json
import pickle
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.model.state import Event

MINE = Path(__file__).parent.parent / "cards" / "examples" / "triggers_mine.rc"
TABLES = ("maneuvers", "orders", "ships", "maps", "statuses", "tokens", "words")


@pytest.fixture(scope="module")
def rules():
    """An edition with a card file of its own: a token kind and its own words."""
    return rc.load_ruleset("en", extra=[str(MINE)])


@pytest.mark.parametrize("table", TABLES)
@pytest.mark.parametrize("change", [
    lambda t: t.__setitem__("torpedo", None), lambda t: t.__delitem__(next(iter(t))),
    lambda t: t.pop(next(iter(t))), lambda t: t.popitem(), lambda t: t.clear(),
    lambda t: t.update({"x": None}), lambda t: t.setdefault("x", None),
    lambda t: t.__ior__({"x": None}),
])
def test_a_ruleset_s_tables_refuse_changes(rules, table, change):
    before = dict(getattr(rules, table))
    with pytest.raises(TypeError, match="a Ruleset is read-only"):
        change(getattr(rules, table))
    assert dict(getattr(rules, table)) == before and before


def test_the_words_of_each_language_refuse_changes_too(rules):
    words = rules.words["es"]  # the card file's own Spanish names
    with pytest.raises(TypeError, match="a Ruleset is read-only"):
        words["torpedo"] = None
    assert sorted(rules.words) == ["en", "es", "it"] and len(words) == 2


def test_a_read_only_ruleset_pickles_copies_and_hashes_as_before(rules):
    assert rules.hash == rc.load_ruleset("en", extra=[str(MINE)]).hash
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules == copy.deepcopy(rules)
    assert type(again.maneuvers) is type(rules.maneuvers)
    with pytest.raises(TypeError):
        again.maneuvers["x"] = None
    assert json.loads(json.dumps(rules.maneuvers, default=str)).keys() == rules.maneuvers.keys()


def a_game_that_moved(rules):
    game = rc.new_game(rules, seed=3, placement="fixed")
    for move in ("end", "end", "movement c3 d3"):
        game.play(move)
    return game


def test_changing_an_event_of_the_log_changes_nothing_of_the_game(rules):
    game = a_game_that_moved(rules)
    save, narration = game.to_json(), game.narration()
    moved = game.log[-1]
    assert (moved.kind, moved.data) == ("move", {"ship": "blue-submarine", "path": ["c3", "d3"]})
    moved.data["path"].append("e4")
    moved.data["ship"] = "red-destroyer"
    moved.kind = "sunk"
    for event in game.log:
        event.data.clear()
    for event in game.log[2:]:
        event.turn = 99
    assert game.to_json() == save and game.narration() == narration
    assert game.log[-1].data == {"ship": "blue-submarine", "path": ["c3", "d3"]}


def test_the_log_is_a_tuple_of_equal_events(rules):
    game = a_game_that_moved(rules)
    log = game.log
    assert isinstance(log, tuple) and len(log) == 9
    assert log == game.clone().log and log[1:3] == tuple(list(log)[1:3])
    assert [e.kind for e in log] == ["game_start", "turn_start", "turn_end", "turn_start",
                                     "turn_end", "turn_start", "use", "resolve", "move"]
    assert [e.kind for e in reversed(log)][0] == "move" and log[-1] in log
    assert log[0] == log[0] and log[0] is not log[0]  # a copy each time it is read


def test_the_log_compares_counts_and_shows_its_events_as_events(rules):
    """The log holds the engine's entries and reads out ``Event`` copies:
    it is equal to a tuple of equal events and to no other, holds an
    event equal to one of its own and nothing else (no plain tuple), counts,
    finds and adds up events, and shows them as events."""
    game = a_game_that_moved(rules)
    log = game.log
    events = tuple(log)
    assert all(type(e) is Event for e in events)
    assert log == events and events == log and not log != events
    assert log != events[:-1] and log != events[:-1] + (Event("move", 99, {}),)
    assert log != [*events] and log != "log"  # a list is no tuple; nor is text
    assert Event("move", 3, {"ship": "blue-submarine", "path": ["c3", "d3"]}) in log
    assert Event("move", 2, {"ship": "blue-submarine", "path": ["c3", "d3"]}) not in log
    assert ("move", 3, {"ship": "blue-submarine", "path": ["c3", "d3"]}) not in log
    assert log.count(events[1]) == 1 and log.count(Event("move", 99, {})) == 0
    assert log.index(events[-1]) == 8 and log.index(events[1], 1) == 1
    assert log + (events[0],) == events + (events[0],)
    assert (events[0],) + log == (events[0],) + events
    assert repr(log[:2]) == repr(events[:2]) and repr(log[:1]).startswith("(Event(kind='game_start'")
    assert log * 2 == events * 2 and 2 * log == events * 2 and log * 0 == ()
    assert all(type(e) is Event for e in log * 2)
    assert log <= events and not log < events and log >= events and log[:2] < events
    with pytest.raises(TypeError):
        log + [events[0]]  # a tuple's own refusal: only a tuple is added to it
    with pytest.raises(TypeError):
        hash(log)  # its events' data are dicts


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_the_log_pickles_and_copies_as_itself(rules, protocol):
    log = a_game_that_moved(rules).log
    back = pickle.loads(pickle.dumps(log, protocol=protocol))
    assert type(back) is type(log) and back == log and back[-1] == log[-1]
    assert copy.deepcopy(log) == log and copy.copy(log) == log
