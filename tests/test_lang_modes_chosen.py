"""Modes chosen by another player while the card resolves (`modes chosen
by target|source`, D4.17): the move names no mode; as the card resolves
the target's player (or the answered item's) answers `choose NAME`, among
the modes whose `usable` holds; listed, explained, saved at the question,
played by the bots. The card file is tests/data/modes_chosen.rc."""

import json

import pytest

import redcode_rules as rc
from redcode_rules.ai.actions import ActionSpace
from redcode_rules.bots.players import GreedyBot, ISMCTSBot, RandomBot
from redcode_rules.engine.invariants import violations
from redcode_rules.lang.loader import build_ruleset
from redcode_rules.text.cards import card_text

from conftest import OPEN_BOARD, ROOT, dsl_refusal, logged, play_bots, refused, scenario_game

CARDS = str(ROOT / "tests" / "data" / "modes_chosen.rc")
#: blue-submarine at c3; red-destroyer at e3, in torpedo range.
BASE = {"edition": "en", "extra": [CARDS], "board": OPEN_BOARD, "phase": "maneuvers",
        "deck": ["ambush", "ambush", "ambush"],
        "ships": {"blue-submarine": {"at": "c3"}, "red-destroyer": {"at": "e3"}},
        "hands": {"blue-submarine": ["ultimatum"]}}


def game(**fields) -> rc.Game:
    return scenario_game(BASE, **fields)


def asked(**fields) -> rc.Game:
    g = game(**fields)
    g.play("order ultimatum red-destroyer")
    return g


def test_modes_chosen_by_another_are_not_named_in_the_move():
    g = game()
    assert [m for m in g.legal_moves() if "ultimatum" in m] == ["order ultimatum red-destroyer"]


def test_modes_chosen_by_target_ask_the_targets_player_the_modes_it_may_use_D4_17():
    g = asked()
    assert (g.to_move, g.decision, g.legal_moves()) == (
        "red-destroyer", "choose", ["choose hull", "choose tribute"])  # mend: no repair missing
    assert asked(ships={"blue-submarine": {"at": "c3", "repairs": 1},
                        "red-destroyer": {"at": "e3"}}).legal_moves() == [
        "choose hull", "choose mend", "choose tribute"]


def test_modes_chosen_the_mode_chosen_resolves_D4_17():
    g = asked()
    g.play("choose hull")
    assert g.ship("red-destroyer").repairs == 1 and len(g.hand("blue-submarine")) == 0
    assert logged(g, "chose", "card_mode") == ["hull"]
    assert g.narration("en")[-2] == "  Red destroyer chooses hull."
    other = asked()
    other.play("choose tribute")
    assert other.ship("red-destroyer").repairs == 3 and len(other.hand("blue-submarine")) == 2


def test_modes_chosen_a_mode_not_offered_is_explained():
    g = asked()
    assert refused(g, "choose mend") == (
        "ultimatum mend may be used only if your ship has at least 1 missing repair")
    assert refused(g, "choose fire").startswith("red-destroyer must first choose for ultimatum")


def test_modes_chosen_one_mode_offered_is_chosen_alone():
    g = game(extra=[CARDS, str(ROOT / "tests" / "data" / "modes_chosen_one.rc")],
             hands={"blue-submarine": ["dilemma"]})
    g.play("order dilemma red-destroyer")
    assert g.to_move == "blue-submarine" and g.ship("red-destroyer").repairs == 1


def test_modes_chosen_a_game_saved_at_the_question_reloads_at_the_question():
    g = asked()
    item = json.loads(g.to_json())["state"]["stack"][0]
    assert (item["mode"], item["pending"], item["owed_about"]) == (None, 1, 1)
    again = rc.Game.from_json(g.to_json())
    assert again == g and again.legal_moves() == ["choose hull", "choose tribute"]
    again.play("choose hull")
    assert rc.Game.from_replay(again.replay()).ship("red-destroyer").repairs == 1
    data = json.loads(g.to_json())
    data["state"]["stack"][0]["mode"] = "sprint"
    with pytest.raises(rc.SaveError, match=r"mode.*one of its modes"):
        rc.Game.from_json(json.dumps(data))


def test_modes_chosen_by_source_in_a_response_D4_17():
    g = game(hands={"blue-submarine": []})
    g.play("torpedo red-destroyer")
    g.play("respond counterfire blue-submarine")
    assert (g.to_move, g.legal_moves()) == ("blue-submarine", ["choose hull", "choose sailors"])
    g.play("choose sailors")
    assert g.ship("blue-submarine").reserve == 2  # 6, 2 on the torpedo, 2 withdrawn


def test_modes_chosen_text_reads_like_a_printed_card():
    rules = build_ruleset("en", [CARDS])
    assert card_text(rules, "ultimatum", "en") == (
        "The target's player chooses one — hull: 2 repair damage to the target. — or tribute: "
        "You draw 2 order cards. — or mend: Your ship regains 2 repairs. Usable only if your "
        "ship has at least 1 missing repair. Target: an enemy ship. Order card: cannot be "
        "responded to.")
    assert card_text(rules, "ultimatum", "es").startswith(
        "El jugador que controla el objetivo elige una — hull: -2 reparaciones al objetivo.")
    assert card_text(rules, "ultimatum", "it").startswith(
        "Il giocatore che controlla il bersaglio sceglie una — hull: -2 riparazioni al "
        "bersaglio.")


@pytest.mark.parametrize("text, says", [
    ("order o { copies 1 modes chosen by target mode a { effect draw 1 } "
     "mode b { effect draw 2 } }", "the card names one target ship for every mode"),
    ("order o { copies 1 target enemy ship modes chosen by source mode a { effect draw 1 } "
     "mode b { effect draw 2 } }", "so the card must be a 'response'"),
    ("maneuver m { range 3 target enemy ship modes chosen by target mode a { cost 2 effect "
     "damage 1 to target } mode b { effect draw 2 } }", "mode 'a' is chosen as the card "
                                                        "resolves, after its 'cost' is known"),
    ("order o { copies 1 target enemy ship modes chosen by target choose amount from 1 to 2 "
     "mode a { effect draw 1 } mode b { effect draw 2 } }", "chooses no amount"),
])
def test_modes_chosen_refused_where_they_cannot_be_asked(text, says):
    error = dsl_refusal(text + "\ndeck { keep size }")
    assert error.line == 1 and says in error.reason


def test_modes_chosen_the_bots_weigh_and_answer_them():
    bot = GreedyBot()
    g = game()  # the worst offered mode for blue: red will choose it
    assert [(r.key, r.value) for r in bot.reasons(g, g.move_of(
        "order ultimatum red-destroyer"))] == [("damage", 2.0)]
    g.play("order ultimatum red-destroyer")
    assert bot.choose(g) == "choose tribute"  # 2 cards to blue hurt red less than 2 damage
    for make in (RandomBot, lambda seed: ISMCTSBot(seed, iterations=8)):
        again = asked()
        again.play(make(1).choose(again))
        assert again.to_move == "blue-submarine"
    space = ActionSpace.for_game(g)
    assert {"hull", "tribute", "mend", "sailors"} <= set(space.words)


def test_modes_chosen_random_games_keep_every_invariant():
    rules = build_ruleset("en", [CARDS])
    asked_ = 0
    for seed in range(4):
        g = play_bots(rc.new_game(rules, seed=seed), seed, moves=120)
        asked_ += sum(m.startswith("choose ") for m in g.moves)
        assert violations(g) == []
    assert asked_
