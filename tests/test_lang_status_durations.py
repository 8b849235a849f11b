"""What is left of a status is a value (``state.Lifetime``): its kind of
duration, the turn ends or uses still to pass, and the giver where it
matters. Every duration is played with every modifier across turns, with
a save and a scenario round trip at each step (the quick run: every duration
and every modifier at least once; ``-m mass``: every pair)."""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.model.ruleset import Duration
from redcode_rules.model.state import Lifetime

from conftest import OPEN_BOARD, ROOT, pass_all

DURATIONS = {
    "this_turn": "this turn",
    "start_its": "until start of its next turn",
    "end_its": "until end of its next turn",
    "permanent": "permanent",
    "start_your": "until start of your next turn",
    "end_your": "until end of your next turn",
    "uses": "for 2 uses",
    "while": "while self is damaged",
}
KINDS = {
    "this_turn": Duration.THIS_TURN,
    "start_its": Duration.START_OF_NEXT_TURN,
    "end_its": Duration.END_OF_NEXT_TURN,
    "permanent": Duration.PERMANENT,
    "start_your": Duration.START_OF_YOUR_NEXT_TURN,
    "end_your": Duration.END_OF_YOUR_NEXT_TURN,
    "uses": Duration.USES,
    "while": Duration.WHILE,
}
MODIFIERS = {
    "range": "modify range 1",
    "cost": "modify cost 1",
    "movement": "modify movement 1",
    "sight": "modify sight 1",
    "damage": "modify damage -1",
    "hidden": "untargetable by maneuvers",
    "redirect": "redirect damage to giver",
}
# a status for N uses must be used by something (the compiler refuses it)
COMBINATIONS = [(d, m) for d in DURATIONS for m in MODIFIERS if (d, m) != ("uses", "hidden")]
#: the quick run's pairs: every duration and every modifier at least once; the
#: whole cross product runs with -m mass
QUICK = {(d, list(MODIFIERS)[i % len(MODIFIERS)]) for i, d in enumerate(DURATIONS)}

# What is left of the status at each step (None: it has ended): when given,
# then after each of four turn ends (blue's, red's, blue's, red's).
# Blue gives it to red in blue's turn (red's turns: "its"; blue's: "your").
TO_OTHER = {
    "this_turn": [1, None, None, None, None],
    "start_its": [1, None, None, None, None],
    "end_its": [1, 1, None, None, None],
    "permanent": [1, 1, 1, 1, 1],
    "start_your": [1, 1, None, None, None],
    "end_your": [2, 1, 1, None, None],
    "uses": [2, 2, 2, 2, 2],
    "while": [1, 1, 1, 1, 1],
}
# Blue gives it to its own ship in its own turn: both clocks are blue's.
TO_SELF = {
    "this_turn": [1, None, None, None, None],
    "start_its": [1, 1, None, None, None],
    "end_its": [2, 1, 1, None, None],
    "permanent": [1, 1, 1, 1, 1],
    "start_your": [1, 1, None, None, None],
    "end_your": [2, 1, 1, None, None],
    "uses": [2, 2, 2, 2, 2],
    "while": [1, 1, 1, 1, 1],
}


@pytest.fixture(scope="module")
def card_file(tmp_path_factory):
    """``card_file(duration, modifier)``: the path of a card file with the status
    of that duration and modifier (``s_…``) and an order giving it (``g_…``).
    One pair a file: every load of a game (its scenario round trips too)
    compiles one status, not all of them."""
    folder = tmp_path_factory.mktemp("lifetimes")

    def write(d: str, m: str) -> str:
        path = folder / f"{d}_{m}.rc"
        if not path.exists():
            path.write_text(f"status s_{d}_{m} {{ {DURATIONS[d]}  {MODIFIERS[m]} }}\n"
                            f"order g_{d}_{m} {{ copies 0  effect status s_{d}_{m} on target }}\n")
        return str(path)

    return write


def two_ships(extra: str, order: str) -> rc.Game:
    """Blue and red on open water, both damaged (for ``while self is
    damaged``), blue to play with ``order`` in hand."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: war\nextra: [{extra}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: c3, repairs: 2}\n  red-destroyer: {at: e3, repairs: 2}\n"
        f"hands: {{blue-submarine: [{order}]}}\nturn: blue-submarine\nphase: maneuvers\n"
        "deck: []\n")


def end_turn(game: rc.Game) -> None:
    """End the turn, and recover the next player's crew if any is out."""
    game.play("end")
    while game.decision == "recover":
        game.play(game.legal_moves()[0])


def left_of(game: rc.Game, seat: int, status: str) -> int | None:
    life = dict(game.state.ships[seat].statuses).get(status)
    return None if life is None else life.left


def ends_logged(game: rc.Game, seat: int, status: str) -> int:
    """How many times the log says the ship's status ended (``status_end``)."""
    ship = game.ships[seat]
    return sum(1 for e in game.log
               if e.kind == "status_end" and e.data == {"ship": ship, "status": status})


def assert_round_trips(game: rc.Game) -> None:
    """A save and a scenario give the same ships (statuses included) back."""
    assert rc.Game.from_json(game.to_json()).state == game.state
    again = rc.Game.from_scenario(game.to_scenario())
    assert again.state.ships == game.state.ships
    assert again.to_scenario() == game.to_scenario()


@pytest.mark.parametrize("duration, modifier", [
    pytest.param(d, m, marks=() if (d, m) in QUICK else pytest.mark.mass) for d, m in COMBINATIONS])
@pytest.mark.parametrize("to_self", [False, True], ids=["to_other", "to_self"])
def test_every_duration_with_every_modifier_ends_when_it_says(card_file, duration, modifier,
                                                             to_self):
    status = f"s_{duration}_{modifier}"
    game = two_ships(card_file(duration, modifier), f"g_{duration}_{modifier}")
    seat = 0 if to_self else 1
    game.play(f"order g_{duration}_{modifier} {'blue-submarine' if to_self else 'red-destroyer'}")
    pass_all(game)
    expected = (TO_SELF if to_self else TO_OTHER)[duration]
    life = dict(game.state.ships[seat].statuses)[status]
    # the giver is kept where it matters: a redirect, a duration over "your" turns
    keeps = modifier == "redirect" or duration in ("start_your", "end_your")
    assert life == Lifetime(KINDS[duration], expected[0], 0 if keeps else None)
    seen = [left_of(game, seat, status)]
    assert_round_trips(game)
    for _ in range(4):
        end_turn(game)
        seen.append(left_of(game, seat, status))
        assert_round_trips(game)
    assert seen == expected


@pytest.mark.parametrize("duration, modifier", [
    pytest.param(d, m, marks=() if (d, m) in QUICK else pytest.mark.mass) for d, m in COMBINATIONS])
@pytest.mark.parametrize("to_self", [False, True], ids=["to_other", "to_self"])
def test_every_duration_logs_its_end_once_when_the_status_ends(card_file, duration, modifier,
                                                               to_self):
    """Whatever duration ends a status, the log says so (``status_end``), once,
    at the turn edge where it ends: the lab's durations and the narration read it."""
    status = f"s_{duration}_{modifier}"
    game = two_ships(card_file(duration, modifier), f"g_{duration}_{modifier}")
    seat = 0 if to_self else 1
    game.play(f"order g_{duration}_{modifier} {'blue-submarine' if to_self else 'red-destroyer'}")
    pass_all(game)
    ended = [ends_logged(game, seat, status)]
    for _ in range(4):
        end_turn(game)
        ended.append(ends_logged(game, seat, status))
    expected = (TO_SELF if to_self else TO_OTHER)[duration]
    assert ended == [0 if left is not None else 1 for left in expected]


def test_a_status_ending_at_a_turn_start_is_told_in_that_turn():
    """Intercepted (R9.1) ends at the start of its ship's next turn: the
    narration says so under that turn's heading, in every language."""
    game = two_ships("", "intercept")
    game.play("order intercept red-destroyer")
    pass_all(game)
    game.play("end")
    told = {lang: game.narration(lang)[-2:] for lang in ("en", "es", "it")}
    assert told == {
        "en": ["Turn 2: red destroyer.", "  Red destroyer is no longer intercepted."],
        "es": ["Turno 2: destructor rojo.", "  El destructor rojo deja de estar interceptado."],
        "it": ["Turno 2: distruttore rosso.",
               "  Il distruttore rosso non è più intercettato."]}


def test_a_redirect_until_the_end_of_its_next_turn_ends_with_that_turn(card_file):
    """The status of the example: given by blue to red in blue's turn, it
    sends red's damage to blue through red's next turn, then ends; red's
    damage is then red's own, and the game still saves and loads."""
    game = two_ships(card_file("end_its", "redirect"), "g_end_its_redirect")
    game.play("order g_end_its_redirect red-destroyer")
    assert dict(game.state.ships[1].statuses) == {
        "s_end_its_redirect": Lifetime(Duration.END_OF_NEXT_TURN, 1, giver=0)}
    assert "s_end_its_redirect: {lasts: until end of its next turn, left: 1, " \
           "giver: blue-submarine}" in game.to_scenario()
    end_turn(game)  # red's turn: it still lasts
    assert game.ship("red-destroyer").s_end_its_redirect
    end_turn(game)  # red's turn has ended: so has the status
    assert game.state.ships[1].statuses == ()
    assert rc.Game.from_json(game.to_json()).state == game.state


@pytest.mark.parametrize("modifier", ["damage", "redirect"])
def test_a_status_for_uses_counts_each_damage_down_to_its_end(card_file, modifier):
    """Blue's status on red for 2 uses: each damage red takes spends one
    (changed or sent to blue), the last ends it; saved and loaded at each step."""
    status = f"s_uses_{modifier}"
    game = two_ships(card_file("uses", modifier), f"g_uses_{modifier}")
    game.play(f"order g_uses_{modifier} red-destroyer")
    giver = 0 if modifier == "redirect" else None
    assert dict(game.state.ships[1].statuses) == {status: Lifetime(Duration.USES, 2, giver)}
    seen = []
    for _ in range(3):
        game.engine.ops.damage(1, 1, 0)
        seen.append(left_of(game, 1, status))
        assert_round_trips(game)
    assert seen == [1, None, None]


@pytest.mark.parametrize("modifier, logged", [
    ("damage", ["status_end", "damage"]),
    ("redirect", ["redirect", "status_end", "damage"]),
])
def test_the_last_use_of_a_status_logs_its_end(card_file, modifier, logged):
    """A status for 2 uses: the second damage red takes spends the last use
    and the log says the status ended (after the redirect it made, before the
    damage it changed, which it computed)."""
    status = f"s_uses_{modifier}"
    game = two_ships(card_file("uses", modifier), f"g_uses_{modifier}")
    game.play(f"order g_uses_{modifier} red-destroyer")
    game.engine.ops.damage(1, 2, 0)
    assert ends_logged(game, 1, status) == 0
    before = len(game.log)
    game.engine.ops.damage(1, 2, 0)
    assert [e.kind for e in game.log[before:]] == logged
    assert ends_logged(game, 1, status) == 1


def test_a_status_that_prevents_damage_ends_logged_after_it_prevented_the_last():
    """Energy shield (prevent the next 2 damage): the second point prevented
    is its last use; the narration says it spared the damage, then that the
    shield is gone, in every language."""
    shield = str(ROOT / "cards" / "examples" / "numbers_energy_shield.rc")
    game = two_ships(shield, "energy_shield")
    game.play("order energy_shield")
    before = len(game.log)
    game.engine.ops.damage(0, 2, 1)
    assert [e.kind for e in game.log[before:]] == ["prevent", "status_end"]
    assert game.state.ships[0].statuses == ()
    told = {lang: game.narration(lang)[-2:] for lang in ("en", "es", "it")}
    assert told == {
        "en": ["  Blue submarine is spared 2 damage (shielded).",
               "  Blue submarine is no longer shielded."],
        "es": ["  El submarino azul evita 2 de daño (protegido por un escudo).",
               "  El submarino azul deja de estar protegido por un escudo."],
        "it": ["  Il sottomarino blu evita 2 danni (schermatura energetica).",
               "  Il sottomarino blu non è più protetto da uno scudo."]}
