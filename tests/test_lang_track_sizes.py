"""Track sizes (D9.15): how many repairs or breakdowns a ship's track holds
is a parameter a status or an ability changes (``set repairs track to 4``,
``modify repairs track +1``, ``limit breakdowns track to at most 1``), read
by every rule that reads a size through ``RuleQueries.track``. A track that
grows regains nothing; one that shrinks loses what is above it at once.
Reinforced hull (the designer's idea 39) is played."""

from __future__ import annotations

import io
import random

import pytest

import redcode_rules as rc
from redcode_rules.bots.mcts import side_value
from redcode_rules.bots.players import GreedyBot
from redcode_rules.render.svg import control_card
from redcode_rules.terminal.screen import Screen, View
from redcode_rules.testing.perft import perft
from redcode_rules.text.cards import card_text, status_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, logged, pass_all, play_random

REINFORCED = str(ROOT / "cards" / "examples" / "numbers_reinforced_hull.rc")

#: Statuses that grow and shrink tracks, and the cards that give them.
TRACKS = """
status flooded {
    until end of your next turn
    modify repairs track -1
    limit breakdowns track to at most 2
}
status surge {
    this turn
    modify repairs track +2
}
order flood {
    copies 1
    target enemy ship
    effect status flooded on target
}
order pump {
    copies 1
    effect status surge on self; regain repair 2 to self
}
order gauge {
    copies 1
    target enemy ship
    effect damage (hull of target) to target
}
patch order ambush { copies -3 }
"""


@pytest.fixture(scope="module")
def tracks_file(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("tracks") / "tracks.rc"
    path.write_text(TRACKS)
    return str(path)


def game(extra: str, hands: dict | None = None, turn: str = "blue-submarine",
         **ships: dict) -> rc.Game:
    """The blue submarine at c3 and the red destroyer at d3 (``ships``: their
    fields), on open water, ``turn``'s player to play."""
    fields = {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "d3"}}
    for ship, given in ships.items():
        fields[ship.replace("_", "-")] = {**fields[ship.replace("_", "-")], **given}
    return rc.Game.from_scenario({
        "edition": "en", "extra": [extra], "board": OPEN_BOARD, "phase": "maneuvers",
        "turn": turn, "deck": [], "hands": hands or {}, "ships": fields})


def tracks(g: rc.Game, ship: str) -> tuple[int, int, int, int]:
    """The ship's repairs and breakdowns, then its tracks' sizes now."""
    s = g.ship(ship)
    return s.repairs, s.breakdowns, s.repairs_track, s.breakdowns_track


def play(g: rc.Game, *moves: str) -> rc.Game:
    for move in moves:
        g.play(move)
        pass_all(g)
    return g


# ------------------------------------------------------------------ growing


def test_reinforced_hull_makes_the_track_hold_four_and_regains_the_one_repair_it_says():
    """D9.15: 2 of 3 repairs; the track holds 4 and the card's regain gives 1: 3 of 4."""
    g = game(REINFORCED, {"blue-submarine": ["reinforced_hull"]},
             blue_submarine={"repairs": 2, "breakdowns": 3})
    play(g, "order reinforced_hull")
    assert tracks(g, "blue-submarine") == (3, 3, 4, 3)
    assert g.narration()[-2:] == ["  Blue submarine is reinforced.",
                                  "  Blue submarine regains 1 repair."]


def test_a_track_that_grows_regains_nothing_but_a_regain_may_fill_it():
    """D9.15, R3.4: full at 3, the track grows to 4 and the ship still has 3;
    the regain of 1 fills it to 4, and a second regain is lost at the new size."""
    g = game(REINFORCED, {"blue-submarine": ["reinforced_hull"]})
    play(g, "order reinforced_hull")
    assert tracks(g, "blue-submarine") == (4, 3, 4, 3)
    play(g, "repair")
    assert tracks(g, "blue-submarine") == (4, 3, 4, 3)
    assert logged(g, "regain", "amount") == [1]


def test_a_breakdown_removed_refills_the_repairs_to_the_tracks_size_now():
    """R3.1, D9.15: at 1 of 4 repairs with 1 breakdown, 2 damage takes the
    repair, then the breakdown, and the repairs refill to 4, less the point left: 3."""
    g = game(REINFORCED, turn="red-destroyer",
             blue_submarine={"repairs": 1, "breakdowns": 1, "reinforced": True})
    play(g, "depth_charge blue-submarine")
    assert tracks(g, "blue-submarine") == (3, 0, 4, 3)


def test_breakdown_damage_takes_a_whole_track_of_the_size_now(tracks_file):
    """R3.3, D9.15: kamikaze's 1 breakdown damage is 4 repair damage on a
    track of 4 (4 of 4, 3 breakdowns: 4 of 4, 2 breakdowns), 3 on a track of 3."""
    g = game(REINFORCED, {"red-destroyer": ["kamikaze"]}, turn="red-destroyer",
             blue_submarine={"reinforced": True})
    assert tracks(g, "blue-submarine") == (4, 3, 4, 3)  # a scenario's default: full now
    play(g, "order kamikaze blue-submarine")
    assert tracks(g, "blue-submarine") == (4, 2, 4, 3)


def test_hull_and_repairs_missing_read_the_tracks_size_now(tracks_file):
    """D9.6, D9.15: the red destroyer reinforced at 2 of 4 with 1 breakdown
    has a hull of 2 + 4 = 6: the gauge deals 6 and sinks it with nothing left over."""
    g = rc.Game.from_scenario({
        "edition": "en", "extra": [tracks_file, REINFORCED], "board": OPEN_BOARD,
        "phase": "maneuvers", "turn": "blue-submarine", "deck": [],
        "hands": {"blue-submarine": ["gauge"]},
        "ships": {"blue-submarine": {"at": "c3"},
                  "red-destroyer": {"at": "d3", "repairs": 2, "breakdowns": 1,
                                    "reinforced": True}}})
    play(g, "order gauge red-destroyer")
    assert logged(g, "damage", "amount") == [6]
    assert g.ship("red-destroyer").sunk


# ------------------------------------------------------------------ shrinking


def test_a_track_that_shrinks_loses_at_once_what_is_above_it(tracks_file):
    """D9.15: full at 3 and 3, flooded: the repair track holds 2 and the
    breakdown track at most 2; a repair and a breakdown are lost at once,
    logged, and nothing is a damage."""
    g = game(tracks_file, {"blue-submarine": ["flood"]})
    play(g, "order flood red-destroyer")
    assert tracks(g, "red-destroyer") == (2, 2, 2, 2)
    assert g.narration()[-3:] == [
        "  Red destroyer is flooded.",
        "  Red destroyer loses 1 repair above the new size of its track.",
        "  Red destroyer loses 1 breakdown above the new size of its track."]
    assert not [e for e in g.log if e.kind == "damage"]


def test_when_the_status_ends_the_track_is_its_printed_size_and_regains_nothing(tracks_file):
    """D9.15: flooded until the end of the blue player's next turn; then the
    destroyer's tracks hold 3 and 3 again, with the 2 and 2 it had."""
    g = game(tracks_file, {"blue-submarine": ["flood"]})
    play(g, "order flood red-destroyer", "end", "end")
    assert tracks(g, "red-destroyer") == (2, 2, 2, 2)
    play(g, "end")
    assert tracks(g, "red-destroyer") == (2, 2, 3, 3)
    assert g.ship("red-destroyer").statuses == ()


def test_a_track_grown_for_the_turn_shrinks_back_when_the_turn_ends(tracks_file):
    """D9.15: the pump's surge makes the track hold 5 this turn and regains 2
    (5 of 5); at the turn's end it holds 3 again and the 2 above are lost."""
    g = game(tracks_file, {"blue-submarine": ["pump"]})
    play(g, "order pump")
    assert tracks(g, "blue-submarine") == (5, 3, 5, 3)
    play(g, "end")
    assert tracks(g, "blue-submarine") == (3, 3, 3, 3)
    assert [e.data for e in g.log if e.kind == "track_shrinks"] == [
        {"ship": "blue-submarine", "track": "repair", "amount": 2}]


def test_damage_after_a_shrink_refills_to_the_smaller_track(tracks_file):
    """R3.1, D9.15: flooded at 2 of 2 with 2 breakdowns, 3 damage takes 2,
    a breakdown, and refills to 2 less 1: 1 repair, 1 breakdown."""
    g = game(tracks_file, {"blue-submarine": ["flood"]})
    play(g, "order flood red-destroyer", "torpedo red-destroyer", "end")
    assert tracks(g, "red-destroyer") == (1, 2, 2, 2)


# ------------------------------------------------------------------ abilities and auras


def test_an_ability_sizes_the_tracks_a_ship_starts_and_respawns_with(tmp_path):
    """D9.15, D1.3: a ship type whose ability makes its repair track hold 1
    more starts with 4 repairs of 4."""
    path = tmp_path / "big.rc"
    path.write_text("status big_hull { permanent  modify repairs track +1 }\n"
                    "patch ship submarine { ability big_hull }\n")
    g = rc.new_game(rc.load_ruleset("en", [str(path)]), seed=3, placement="fixed")
    assert tracks(g, "blue-submarine") == (4, 3, 4, 3)
    assert tracks(g, "red-destroyer") == (3, 3, 3, 3)


def test_an_aura_that_leaves_a_ship_shrinks_its_track(tmp_path):
    """D9.7, D9.15: the red destroyer within 1 of the submarine holds 4
    repairs; when it moves away, its track holds 3 and the fourth is lost."""
    path = tmp_path / "aura.rc"
    path.write_text("status dry_dock { permanent  affects each ship within 1 of self\n"
                    "    modify repairs track +1 }\n"
                    "patch ship submarine { ability dry_dock }\n")
    g = rc.Game.from_scenario({
        "edition": "en", "extra": [str(path)], "board": OPEN_BOARD, "phase": "maneuvers",
        "turn": "red-destroyer", "deck": [], "hands": {},
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "d3"}}})
    assert tracks(g, "red-destroyer") == (4, 3, 4, 3)
    play(g, "movement e3")
    assert tracks(g, "red-destroyer") == (3, 3, 3, 3)
    assert [e.data for e in g.log if e.kind == "track_shrinks"] == [
        {"ship": "red-destroyer", "track": "repair", "amount": 1}]


# ------------------------------------------------------------------ states and readers


def test_a_scenario_is_checked_against_the_tracks_size_now():
    """D9.15, R3.4: reinforced, 4 repairs are allowed, 5 are refused naming the field."""
    assert tracks(game(REINFORCED, blue_submarine={"repairs": 4, "reinforced": True}),
                  "blue-submarine") == (4, 3, 4, 3)
    with pytest.raises(rc.ScenarioError) as info:
        game(REINFORCED, blue_submarine={"repairs": 5, "reinforced": True})
    assert str(info.value) == ("scenario field 'ships.blue-submarine.repairs': blue-submarine: "
                               "repairs 5 outside 0..4 (R3.4, D9.15)")
    with pytest.raises(rc.ScenarioError, match=r"repairs 4 outside 0\.\.3"):
        game(REINFORCED, blue_submarine={"repairs": 4})


def test_a_save_and_a_scenario_of_a_grown_track_read_back():
    """D9.15: 4 repairs on a track of 4 are checked against the size now when
    a save or the written scenario is read back, not refused as above 3."""
    g = play(game(REINFORCED, {"blue-submarine": ["reinforced_hull"]}), "order reinforced_hull")
    for back in (rc.Game.from_json(g.to_json()), rc.Game.from_scenario(g.to_scenario())):
        assert tracks(back, "blue-submarine") == (4, 3, 4, 3)


def test_the_pictures_the_observation_and_the_bots_read_the_tracks_size_now():
    """D9.15: the control card, the terminal's legend and the observation say
    3 of 4; the greedy bot counts a repair's room as 1 (of 4), not 0 (of 3)."""
    g = game(REINFORCED, {"blue-submarine": ["mechanic"]},
             blue_submarine={"repairs": 3, "reinforced": True})
    svg = control_card(g, "blue-submarine")
    assert "Repairs: 3/4" in svg
    legend = View(Screen(io.StringIO()), "en", "blue-submarine").ship_legend(g, "blue-submarine")
    assert "repairs 3/4 · breakdowns 3/3" in legend.plain
    ship = g.observation("blue-submarine").ships[0]
    assert (ship.repairs, ship.repairs_track) == (3, 4)
    regains = [r for r in GreedyBot().reasons(g, g.move_of("order mechanic blue-submarine"))
               if r.key == "regain"]
    assert [r.amount for r in regains] == [1]


def test_the_mcts_evaluation_counts_a_full_larger_track_as_full():
    """D9.15: a reinforced ship full at 4 of 4 is as healthy as one full at 3 of 3."""
    full = game(REINFORCED, blue_submarine={"reinforced": True})
    plain = game(REINFORCED)
    assert side_value(full, "blue") == side_value(plain, "blue")


# ------------------------------------------------------------------ the compiler and the text


@pytest.mark.parametrize("body, message", [
    ("status s { permanent  set repairs track to 0 }",
     "x.rc:1:27: status 's': 'set repairs track' takes 1 to 9, not 0"),
    ("status s { permanent  limit breakdowns track to at most 10 }",
     "x.rc:1:29: status 's': 'limit breakdowns track' takes 0 to 9, not 10"),
    ("status s { permanent  modify repairs track +12 }",
     "x.rc:1:30: status 's': 'modify repairs track' changes a track by at most 9 "
     "(a track holds 0 to 9), not +12"),
    ("status s { permanent  affects each friendly ship\n  modify repairs track +1 }\n"
     "order o { copies 1  effect status s on you }\npatch order ambush { copies -1 }",
     "x.rc:2:10: status 's' is given to a player ('on you'), so it cannot change "
     "'repairs track': a track is a ship's; give the status to a ship ('on self')"),
])
def test_the_compiler_refuses_a_track_change_out_of_bounds_or_on_a_player(body, message):
    assert str(dsl_refusal(body)).splitlines()[0] == message


@pytest.mark.parametrize("lang, status, card", [
    ("en", "Reinforced, until it is sunk: its repair track holds 4.",
     "Your ship is reinforced until it is sunk: its repair track holds 4. Your ship regains "
     "1 repair. Order card: cannot be responded to."),
    ("es", "Reforzado, hasta que se hunda: su marcador de reparaciones admite 4.",
     "Tu barco queda reforzado hasta que se hunda: su marcador de reparaciones admite 4. "
     "Tu barco recupera +1 reparación. Carta de órdenes: sin respuesta."),
    ("it", "Rinforzata, finché non affonda: il suo indicatore delle riparazioni ne "
     "contiene 4.",
     "La tua nave viene rinforzata finché non affonda: il suo indicatore delle riparazioni "
     "ne contiene 4. La tua nave recupera +1 riparazione. Carta degli ordini: senza risposta."),
])
def test_reinforced_hull_reads_like_a_printed_card(lang, status, card):
    rules = rc.load_ruleset(lang, [REINFORCED])
    assert status_text(rules, "reinforced", lang) == status
    assert card_text(rules, "reinforced_hull", lang) == card


def test_a_change_by_some_reads_more_and_fewer(tracks_file):
    rules = rc.load_ruleset("en", [tracks_file])
    assert status_text(rules, "flooded", "en").endswith(
        "its repair track holds 1 fewer; its breakdown track holds at most 2.")
    assert status_text(rules, "surge", "en") == "Surge, this turn: its repair track holds 2 more."


# ------------------------------------------------------------------ nothing else changes


def test_a_game_whose_track_statuses_are_never_given_plays_as_the_printed_cards(tracks_file):
    """D9.15: with the statuses declared (the engine then fits the tracks
    after every effect) but no card of them in the deck, random games log
    exactly what the printed cards' games log, and perft counts the same."""
    path = tracks_file.replace("tracks.rc", "declared.rc")
    with open(path, "w") as f:
        f.write(TRACKS.split("order flood")[0])
    declared = rc.load_ruleset("en", [path])
    printed = rc.load_ruleset("en")
    assert declared.status_rules.tracks
    for seed in (1, 7):
        a = play_random(rc.new_game(printed, seed=seed), random.Random(seed), 300)
        b = play_random(rc.new_game(declared, seed=seed), random.Random(seed), 300)
        assert [(e.kind, e.data) for e in a.log] == [(e.kind, e.data) for e in b.log]
    a, b = rc.new_game(printed, seed=5, placement="fixed"), \
        rc.new_game(declared, seed=5, placement="fixed")
    assert perft(a, 2) == perft(b, 2)
