"""Relative deck changes: `copies +N` / `copies -N` in a patch change the copies a
card has in the files below, and `deck { keep size }` has the other order cards
make room for a file's own, in proportion to their copies, so one card file
keeps the deck at `deck_size` (R1.4) on every edition."""

import collections
import textwrap

import pytest

import redcode_rules as rc

SALVO = """
order salvo {
    copies 2
    effect damage 1 to each enemy ship in sight within 2
    name en "Salvo" es "Salva" (f) it "Salva" (f)
}
"""


def copies(rules: rc.Ruleset) -> dict[str, int]:
    return {k: o.copies for k, o in rules.orders.items()}


def error_of(text: str, edition: str = "en") -> str:
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "deck.rc", edition)
    return str(info.value)


# ------------------------------------------------------------------ copies +N / -N


@pytest.mark.parametrize("edition, ambush, evasion", [("en", 2, 4), ("es", 3, 5), ("it", 3, 5)])
def test_relative_copies_change_each_editions_count(edition, ambush, evasion):
    rules = rc.load_source(SALVO + "patch order ambush { copies -2 }\n", "salvo.rc", edition)
    assert (rules.orders["ambush"].copies, rules.orders["evasion"].copies) == (ambush, evasion)
    assert sum(copies(rules).values()) == 30


def test_relative_copies_add_up_within_a_file_and_across_files(tmp_path):
    """Two patches of one file apply one after the other; a later file changes
    the count an earlier file left."""
    first = tmp_path / "first.rc"
    first.write_text(SALVO + "patch order ambush { copies -1 }\npatch order ambush { copies -1 }\n")
    second = tmp_path / "second.rc"
    second.write_text("patch order salvo { copies +1 }\npatch order evasion { copies -1 }\n")
    rules = rc.load_ruleset("es", extra=[str(first), str(second)])
    assert {k: copies(rules)[k] for k in ("ambush", "evasion", "salvo")} == \
        {"ambush": 3, "evasion": 4, "salvo": 3}


def test_a_new_card_gives_its_copies_outright():
    assert error_of("order flare { copies +2 effect draw 1 }\n").splitlines()[0] == (
        "deck.rc:1:15: 'copies +2' changes the copies of a card of the files below, in a "
        "patch; a new order card gives its number of copies, such as 'copies 2'")


def test_copies_cannot_go_below_none():
    assert error_of("patch order kamikaze { copies -3 }\n").splitlines()[0] == (
        "deck.rc:1:24: order 'kamikaze' has 2 copies: -3 would leave -1; remove it with "
        "'remove order kamikaze'")


def test_a_maneuver_has_no_copies_to_change():
    assert error_of("patch maneuver torpedo { copies +1 }\n").splitlines()[0] == (
        "deck.rc:1:26: maneuvers have no 'copies': they are on control cards")


def test_the_deck_of_a_game_on_es_has_the_changed_counts():
    """A game from a scenario: the deck is the edition's minus the hands (es: 5 ambushes)."""
    game = rc.Game.from_scenario(textwrap.dedent("""\
        edition: es
        extra: [cards/examples/exprs_salvo.rc]
        seed: 3
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: e4}
        hands: {blue-submarine: [salvo, ambush]}
        """))
    deck = collections.Counter(game.deck)
    assert (deck["ambush"], deck["salvo"], deck["evasion"], len(game.deck)) == (2, 1, 5, 28)


# ------------------------------------------------------------------ deck { keep size }


@pytest.mark.parametrize("edition, expected", [
    ("en", {"ambush": 4, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 4,
            "captain": 3, "mechanic": 4, "intercept": 3, "kamikaze": 2, "salvo": 2}),
    ("es", {"ambush": 5, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 5,
            "captain": 4, "intercept": 4, "kamikaze": 2, "salvo": 2}),
])
def test_without_keep_size_the_deck_is_counted_as_written(edition, expected):
    """The total is checked: 2 salvos on top of a deck of 30 are 32 cards."""
    message = error_of(SALVO, edition)
    total = sum(expected.values())
    assert f"the order cards add up to {total} copies" in message
    assert "the deck must have 30 (R1.4)" in message


@pytest.mark.parametrize("edition, expected", [
    ("en", {"ambush": 4, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 3,
            "captain": 3, "mechanic": 3, "intercept": 3, "kamikaze": 2, "salvo": 2}),
    ("es", {"ambush": 4, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 4,
            "captain": 4, "intercept": 4, "kamikaze": 2, "salvo": 2}),
])
def test_keep_size_makes_room_in_proportion(edition, expected):
    """28 places for 30 copies: each card keeps its whole share (en: 4 x 28/30 = 3.73
    → 3, 2 x 28/30 = 1.87 → 1), and the places left (en 7, es 6) go to the largest
    remainders (en: .87 before .8 before .73), ties in deck order."""
    rules = rc.load_source(SALVO + "deck { keep size }\n", "salvo.rc", edition)
    assert copies(rules) == expected
    assert sum(copies(rules).values()) == 30


def test_keep_size_fills_the_room_a_file_leaves():
    """A file that takes 2 kamikazes out: the other 28 copies grow to 30."""
    rules = rc.load_source("remove order kamikaze\ndeck { keep size }\n", "calm.rc", "en")
    assert copies(rules) == {"ambush": 5, "deserter": 5, "boatswain": 4, "atomic_bomb": 2,
                             "evasion": 4, "captain": 3, "mechanic": 4, "intercept": 3}


def test_keep_size_leaves_the_cards_a_file_sets_alone():
    """A card whose copies the file sets (here ambush) is not one that makes room."""
    rules = rc.load_source(SALVO + "patch order ambush { copies 1 }\ndeck { keep size }\n",
                           "salvo.rc", "en")
    assert (copies(rules)["ambush"], copies(rules)["salvo"], sum(copies(rules).values())) == \
        (1, 2, 30)


def test_keep_size_follows_the_deck_size_option():
    rules = rc.load_source(SALVO + "rules { deck_size 20 }\ndeck { keep size }\n", "s.rc", "en")
    assert sum(copies(rules).values()) == 20
    assert copies(rules)["salvo"] == 2


def test_keep_size_cannot_fit_more_than_the_deck():
    assert error_of("order flare { copies 31 effect draw 1 }\ndeck { keep size }\n",
                    ).splitlines()[-3] == (
        "deck.rc:2:8: the deck cannot keep its size of 30 cards: the order cards this "
        "file sets have 31 copies, and the other order cards 30")


def test_a_kept_deck_plays_a_salvo_on_it():
    """The example played on the Italian edition: 1 damage to each enemy ship in
    sight within 2 (R9 effects on each ship), the deck kept at 30."""
    game = rc.Game.from_scenario(textwrap.dedent("""\
        edition: it
        extra: [cards/examples/hand_and_deck.rc, cards/examples/exprs_salvo.rc]
        seed: 1
        ships:
          blue-submarine: {at: c3}
          red-destroyer: {at: d4}
        hands: {blue-submarine: [salvo]}
        turn: blue-submarine
        phase: maneuvers
        """))
    assert len(game.deck) == 29
    game.play("order salvo")
    while "pass" in game.legal_moves():
        game.play("pass")
    assert game.ship("red-destroyer").repairs == 2
