"""Every example card file (cards/examples/*.rc) loads and plays on every
edition: en, es and it differ in their order cards and counts (es and it
have no mechanic and 5 ambushes), so a file makes room for its cards with
relative copies (`copies -2`) or `deck { keep size }`, never by restating
an edition's counts."""

import random
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import check_files

from conftest import quick_and_mass, shared_rules

EXAMPLES = Path(__file__).resolve().parents[1] / "cards" / "examples"
EXAMPLE_FILES = sorted(p.name for p in EXAMPLES.glob("*.rc"))
EDITIONS = ("en", "es", "it")
#: Random moves played on each edition with each file.
MOVES = 40


def test_the_example_files_are_counted():
    """The parametrised tests below cover all 70 example files, 210 file × edition pairs."""
    assert len(EXAMPLE_FILES) == 70
    assert len([(f, e) for f in EXAMPLE_FILES for e in EDITIONS]) == 210


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", EXAMPLE_FILES)
def test_example_file_checks_and_plays_on_every_edition(name, edition):
    rules = shared_rules(edition, str(EXAMPLES / name))
    assert sum(o.copies for o in rules.orders.values()) == rules.options.deck_size
    seed = EXAMPLE_FILES.index(name) * 10 + EDITIONS.index(edition)
    game = rc.new_game(rules, seed=seed)
    rnd = random.Random(seed)
    played = 0
    while not game.is_over and played < MOVES:
        game.play(rnd.choice(game.legal_moves()))
        played += 1
    assert played == MOVES or game.is_over


# the quick run: the English edition (the test above compiles and plays every
# file on every edition); -m mass: `redcode check` on each edition
@pytest.mark.parametrize("edition", quick_and_mass(list(EDITIONS), {"en"}, ids=list(EDITIONS)))
def test_every_example_file_checks_without_error(edition):
    """`redcode check --edition ED FILE` finds nothing in any example file."""
    errors = {name: check_files([str(EXAMPLES / name)], edition) for name in EXAMPLE_FILES}
    assert {name: errs for name, errs in errors.items() if errs} == {}


@pytest.mark.parametrize("edition, ambush, total", [("en", 2, 30), ("es", 3, 30), ("it", 3, 30)])
def test_two_fewer_ambushes_on_every_edition(edition, ambush, total):
    """salvo.rc: `patch order ambush { copies -2 }` takes 2 from each edition's own count
    (en 4, es and it 5)."""
    rules = rc.load_ruleset(edition, extra=[str(EXAMPLES / "exprs_salvo.rc")])
    assert (rules.orders["ambush"].copies, rules.orders["salvo"].copies) == (ambush, 2)
    assert sum(o.copies for o in rules.orders.values()) == total


def test_the_printed_cards_make_room_for_ten_new_ones():
    """hand_and_deck.rc: `deck { keep size }` shares the 20 places left by its 10 new
    cards among each edition's printed cards, in proportion to their copies."""
    hands = str(EXAMPLES / "hand_and_deck.rc")
    printed = {ed: {k: o.copies for k, o in rc.load_ruleset(ed, extra=[hands]).orders.items()
                    if k in rc.load_ruleset(ed).orders}
               for ed in EDITIONS}
    assert printed["en"] == {"ambush": 3, "deserter": 3, "boatswain": 3, "atomic_bomb": 1,
                             "evasion": 3, "captain": 2, "mechanic": 2, "intercept": 2,
                             "kamikaze": 1}
    assert printed["es"] == printed["it"] == {
        "ambush": 3, "deserter": 3, "boatswain": 3, "atomic_bomb": 1, "evasion": 3,
        "captain": 3, "intercept": 3, "kamikaze": 1}
