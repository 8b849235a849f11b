"""The numbers of the card a response answers (D5.8): ``range of answered``
(how far it reaches for its ship now, statuses included) and ``cost of
answered`` (the crew it costs that ship), read as the response resolves,
with their text in three languages and the compiler's refusals."""

from __future__ import annotations

import pytest

import redcode_rules as rc
from conftest import OPEN_BOARD, card_file, dsl_refusal, scenario_game

CARDS = """\
maneuver crash_dive {
    cost 2  response  answers maneuvers
    usable if answered is enemy and answered target is own
    effect move 1 self away from source;
           cancel answered if distance from source to self > range of answered
}
maneuver mirror {
    cost 1  response  answers maneuvers
    effect crew_loss (cost of answered) to source
}
status spotting { this turn  modify range +1 }
order spotter { copies 1  effect status spotting on self }
deck { keep size }
patch ship submarine {
    maneuvers movement repair torpedo orders immersion countermeasure heavy_torpedo crash_dive
}
patch ship destroyer {
    maneuvers movement repair torpedo orders missile depth_charge shield mirror
}
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> str:
    return card_file(tmp_path_factory.mktemp("numbers"), CARDS)


def duel(cards: str, destroyer: str, submarine: str, **fields) -> rc.Game:
    """The blue destroyer and the red submarine on an open board, blue to play."""
    board = "\n".join("  " + row for row in OPEN_BOARD.splitlines())
    extra = "".join(f"{k}: {v}\n" for k, v in fields.items())
    return scenario_game(f"edition: en\nextra: [{cards}]\nboard: |\n{board}\n"
                         f"ships:\n  blue-destroyer: {{at: {destroyer}}}\n"
                         f"  red-submarine: {{at: {submarine}}}\n"
                         f"turn: blue-destroyer\nphase: maneuvers\n{extra}")


def resolve(game: rc.Game, *answers: str) -> None:
    """The answers played in turn, then passes until blue's main phase again."""
    for move in answers:
        game.play(move)
    while game.decision != "main":
        game.play("pass")


def test_a_crash_dive_out_of_the_torpedos_range_cancels_it(cards):
    game = duel(cards, "b2", "d2")  # the torpedo reaches 2 (R4.2)
    game.play("torpedo red-submarine")
    resolve(game, "respond crash_dive", "choose e1")  # 3 boxes from b2: out of range
    sub = game.ship("red-submarine")
    assert (sub.position, sub.repairs) == ("e1", 3)


def test_a_crash_dive_still_in_range_does_not_cancel_it(cards):
    game = duel(cards, "b2", "c2")
    game.play("torpedo red-submarine")
    resolve(game, "respond crash_dive", "choose d2")  # 2 boxes from b2: in range
    sub = game.ship("red-submarine")
    assert (sub.position, sub.repairs) == ("d2", 2)


def test_the_range_of_the_answered_card_counts_its_ships_statuses(cards):
    game = duel(cards, "b2", "d2", hands="{blue-destroyer: [spotter]}")
    game.play("order spotter")  # +1 range this turn: the torpedo reaches 3
    game.play("torpedo red-submarine")
    resolve(game, "respond crash_dive", "choose e1")
    sub = game.ship("red-submarine")
    assert (sub.position, sub.repairs) == ("e1", 2)


def test_the_cost_of_the_answered_card_is_the_crew_it_cost(cards):
    game = scenario_game(f"""
        edition: en
        extra: [{cards}]
        ships:
          red-submarine: {{at: c3}}
          blue-destroyer: {{at: d4}}
        turn: red-submarine
        phase: maneuvers
        """)
    game.play("heavy_torpedo blue-destroyer")  # 3 crew
    resolve(game, "respond mirror")
    sub = game.ship("red-submarine")
    assert (sub.reserve, sub.withdrawn) == (0, 3)  # 6 - 3 paid, then 3 lost


@pytest.mark.parametrize("lang,text", [
    ("en", "The ship that performed the card it answers loses N crew from the reserve (N = "
           "the crew cost of the card it answers)."),
    ("es", "-N tripulantes de la reserva al barco que ejecutó la carta a la que responde (N = "
           "el coste en tripulación de la carta a la que responde)."),
    ("it", "-N membri dell'equipaggio in riserva alla nave che ha eseguito la carta a cui "
           "risponde (N = il costo in equipaggio della carta a cui risponde)."),
])
def test_the_cost_of_the_answered_card_in_three_languages(cards, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).text("mirror", lang=lang).startswith(text)


def test_the_range_of_the_answered_card_in_its_text(cards):
    text = rc.load_ruleset("en", extra=[cards]).text("crash_dive")
    assert "is more than the range of the card it answers" in text


@pytest.mark.parametrize("card,reason", [
    ("maneuver peek { cost 1  effect draw 1 if range of answered > 2 }",
     "maneuver 'peek': effect 'draw' reads the answered item, so the card must be a "
     "'response' (R5.2)"),
    ("maneuver lunge { cost (cost of answered)  response  effect draw 1 }",
     "maneuver 'lunge': a cost is counted before a target is chosen, so it cannot read "
     "the answered item's card ('cost of answered'); it may read the ship that uses the "
     "card (self) and the sides"),
    ("status jammed { while range of answered > 1  modify range -1 }",
     "status 'jammed': 'while' is about the ship that has the status, so it cannot read "
     "the answered item; it may read self (or it: that ship), you (its player), friendly, "
     "enemy and the mode"),
])
def test_only_a_response_reads_the_answered_cards_numbers(card, reason):
    assert dsl_refusal(card + "\n").reason == reason
