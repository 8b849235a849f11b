"""`redcode fuzz --cards FILE`: a card file's new cards and
ship types are put into play, and how often each was used is counted."""

import json
import textwrap

import pytest

import redcode_rules as rc
from redcode_rules import cli
from redcode_rules.testing.fuzz import (NewCards, Usage, card_configs, card_fuzz_rules, fuzz_cards,
                                fuzz_deck)

CARDS = """\
order sea_mine {
    copies 0
    effect damage 1 to target
}
status adrift {
    this turn
    forbids movement
}
order cut_cables {
    copies 0
    effect status adrift to target
}
maneuver flare_gun {
    cost 1  range 3
    effect crew_loss 1 to target
}
ship frigate {
    repairs 2  breakdowns 2  crew 5
    maneuvers movement repair torpedo orders flare_gun shield radar missile
}
"""

NEW = NewCards(maneuvers=("flare_gun",), orders=("sea_mine", "cut_cables"),
               statuses=("adrift",), ships=("frigate",))


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("cards") / "fleet.rc"
    path.write_text(CARDS, "utf-8")
    return str(path)


def test_what_a_card_file_adds(cards):
    assert NewCards.of(rc.load_ruleset("en", [cards]), rc.load_ruleset("en")) == NEW


def test_the_new_orders_are_half_the_deck_the_printed_ones_the_rest_in_proportion(cards):
    rules = rc.load_ruleset("en", [cards])
    # printed: ambush 4, deserter 4, boatswain 4, atomic_bomb 2, evasion 4, captain 3,
    # mechanic 4, intercept 3, kamikaze 2 (30) scaled to 15 by largest remainder
    assert fuzz_deck(rules, NEW.orders) == {
        "ambush": 2, "deserter": 2, "boatswain": 2, "atomic_bomb": 1, "evasion": 2,
        "captain": 2, "mechanic": 2, "intercept": 1, "kamikaze": 1,
        "sea_mine": 8, "cut_cables": 7}
    assert fuzz_deck(rules, NEW.orders, share=0)["sea_mine"] == 1  # at least one copy each
    assert sum(fuzz_deck(rules, NEW.orders, share=1).values()) == 30
    assert fuzz_deck(rules, NEW.orders, share=1)["ambush"] == 0


def test_the_rules_played_have_that_deck_and_the_new_ships_first(cards):
    setup = card_fuzz_rules("en", [cards])
    assert setup.rules.deck.count("sea_mine") == 8
    assert setup.rules.deck.count("ambush") == 2
    assert setup.choices == card_configs(setup.rules, NEW)
    assert [teams for mode, teams in setup.choices if mode == "war"] == [
        [["frigate"], ["frigate"]],
        [["frigate", "submarine"], ["frigate", "submarine"]],
        [["frigate", "submarine", "destroyer"], ["frigate", "submarine", "destroyer"]]]
    chosen = card_fuzz_rules("en", [cards], teams=[["frigate"], ["destroyer"]])
    assert chosen.choices == [("war", [["frigate"], ["destroyer"]]),
                              ("arena", [["frigate"], ["destroyer"]])]


def test_a_printed_ship_carrying_a_new_maneuver_comes_next(tmp_path):
    path = tmp_path / "patch.rc"
    path.write_text("maneuver flare_gun {\n    cost 1  range 3\n    effect crew_loss 1 to target\n"
                    "}\npatch ship destroyer { maneuvers movement repair torpedo orders "
                    "flare_gun depth_charge shield radar }\n", "utf-8")
    setup = card_fuzz_rules("en", [str(path)])
    assert setup.choices[0] == ("war", [["destroyer"], ["destroyer"]])
    assert setup.deck == {o.id: o.copies for o in rc.load_ruleset("en").orders.values()}


def test_usage_counts_one_order_played(cards):
    game = rc.Game.from_scenario(textwrap.dedent(f"""
        extra: [{cards}]
        ships:
          blue-frigate: {{at: a3}}
          red-destroyer: {{at: h3}}
        hands: {{blue-frigate: [cut_cables]}}
        deck: []
        turn: blue-frigate
        phase: maneuvers
        """))
    game.play("order cut_cables red-destroyer")
    usage = Usage(NEW)
    usage.count(game)
    assert usage.to_dict() == {
        "games": 1,
        "cards": {"flare_gun": {"declared": 0, "played": 0, "resolved": 0, "cancelled": 0},
                  "sea_mine": {"declared": 0, "played": 0, "resolved": 0, "cancelled": 0},
                  "cut_cables": {"declared": 0, "played": 1, "resolved": 1, "cancelled": 0}},
        "statuses": {"adrift": {"given": 1}},
        "ships": {"frigate": {"games": 1, "sunk": 0}},
        "unused": ["flare_gun", "sea_mine"]}
    assert usage.report() == [
        "new cards used in 1 games:",
        "  maneuver flare_gun: declared 0, played 0, resolved 0, cancelled 0",
        "  order sea_mine: declared 0, played 0, resolved 0, cancelled 0",
        "  order cut_cables: declared 0, played 1, resolved 1, cancelled 0",
        "  status adrift: given 1",
        "  ship frigate: in 1 games, sunk 0",
        "never used: flare_gun, sea_mine"]


SCUTTLING = "patch ship destroyer { when sunk of self { effect draw 1 } }\n"


def test_a_trigger_on_a_patched_ship_is_new_and_its_firings_are_counted(tmp_path):
    """A file that only patches a ship with a trigger adds a trigger: the
    report counts how often it fired, instead of saying the files add nothing."""
    path = tmp_path / "scuttling.rc"
    path.write_text(SCUTTLING, "utf-8")
    new = NewCards.of(rc.load_ruleset("en", [str(path)]), rc.load_ruleset("en"))
    assert new == NewCards(triggers=("ship:destroyer:0",))
    game = rc.Game.from_scenario({
        "extra": [str(path)], "board": "........\n" * 6, "phase": "maneuvers",
        "ships": {"blue-submarine": {"at": "c3"},
                  "red-destroyer": {"at": "d4", "repairs": 1, "breakdowns": 0}},
        "hands": {"blue-submarine": ["ambush"]}})
    game.play("order ambush red-destroyer")
    usage = Usage(new)
    usage.count(game)
    assert usage.report() == ["new cards used in 1 games:",
                              "  trigger ship:destroyer:0: fired 1"]
    assert usage.to_dict()["triggers"] == {"ship:destroyer:0": {"fired": 1}}
    assert Usage(new).unused() == ["ship:destroyer:0"]


def test_fuzzing_a_card_file_plays_every_new_card(cards, tmp_path):
    failure, usage = fuzz_cards(card_fuzz_rules("en", [cards]), games=2, seed=3, out=tmp_path)
    assert failure is None and usage.games == 2
    assert usage.unused() == []
    for counts in usage.cards.values():
        assert counts["resolved"] + counts["cancelled"] <= counts["declared"] + counts["played"]


def test_cli_fuzz_cards_text_and_json(cards, tmp_path, capsys):
    assert cli.main(["fuzz", "--cards", cards, "--games", "1", "--seed", "3",
                     "--out", str(tmp_path), "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "new cards used in 1 games:"
    assert [line.split(":")[0] for line in out[1:6]] == [
        "  maneuver flare_gun", "  order sea_mine", "  order cut_cables", "  status adrift",
        "  ship frigate"]
    assert out[-1].startswith("1 random games of en (")
    assert cli.main(["fuzz", "--cards", cards, "--games", "1", "--teams", "frigate/submarine",
                     "--out", str(tmp_path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["teams"] == [[["frigate"], ["submarine"]]]
    assert doc["deck"]["cut_cables"] == 7
    assert set(doc["usage"]) == {"games", "cards", "statuses", "ships", "unused"}
    assert doc["usage"]["ships"]["frigate"]["games"] == 1


def test_cli_fuzz_teams_needs_cards_and_known_types(cards, capsys):
    assert cli.main(["fuzz", "--teams", "1v1", "--games", "1"]) == 2
    assert capsys.readouterr().err == (
        "redcode: fuzz: --teams chooses the teams of a card file's games; give --cards FILE\n")
    assert cli.main(["fuzz", "--cards", cards, "--teams", "boat/submarine"]) == 2
    assert "no ship type 'boat'" in capsys.readouterr().err
    assert cli.main(["fuzz", "--cards", cards, "--deck-share", "2"]) == 2


@pytest.mark.parametrize("with_cards,games", [(True, 20), (False, 100)])
def test_a_card_file_is_fuzzed_in_a_few_games_unless_told(cards, with_cards, games,
                                                         monkeypatch, capsys):
    """A designer runs `fuzz --cards FILE` often: 20 games (about half a
    minute), where `fuzz` alone plays 100."""
    played = []
    from redcode_rules.cli import fuzz as fuzz_command

    monkeypatch.setattr(fuzz_command, "fuzz_cards", lambda setup, games, **_: (
        played.append(games), (None, Usage(setup.new)))[1])
    monkeypatch.setattr(fuzz_command, "fuzz", lambda rules, games, **_: played.append(games))
    assert cli.main(["fuzz", "--quiet", *(["--cards", cards] if with_cards else [])]) == 0
    assert played == [games]
    assert f"{games} random games of en" in capsys.readouterr().out
