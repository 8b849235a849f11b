"""The edition differences of docs/rules.md §10, each played out in en, es and it.

Every scenario names its edition (``edition: <e>``) and is run in all three;
the expected outcome per edition is written next to it. The differences are
data (variants of the base rules, cards/editions/*.rc), so the same moves
must give a different, exact result in each edition.
Boards are 6 lines of 8 boxes: rows 1..6 top to bottom, columns a..h (R2.1).
"""

import textwrap

import pytest

import redcode_rules as rc

from conftest import EDITIONS, OPEN_BOARD, logged, pass_all



def make(edition, ships, *, turn=None, mode="war",
         deck=("ambush", "evasion", "deserter", "boatswain", "captain", "kamikaze")):
    """A scenario on an open board: ``ships`` maps ship id → inline YAML spec.
    The turn player (the first ship unless ``turn``) is in its maneuvers phase."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    lines = [f"edition: {edition}", f"mode: {mode}", "board: |", board, "ships:"]
    lines += [f"  {ship}: {spec}" for ship, spec in ships.items()]
    lines += [f"turn: {turn or next(iter(ships))}", "phase: maneuvers",
              f"deck: [{', '.join(deck)}]"]
    return rc.Game.from_scenario("\n".join(lines) + "\n")


#: what became of the stack items: resolved, wasted or cancelled
CHAIN_ENDS = ("resolve", "wasted", "cancelled")


def tracks(game, ship):
    s = game.ship(ship)
    return (s.repairs, s.breakdowns)


# ------------------------------------------------------------------ lineage


@pytest.mark.parametrize("edition,lineage", [
    ("en", ("base", "en")),
    ("es", ("base", "es")),
    ("it", ("base", "es", "it")),
])
def test_s10_editions_are_variants_of_the_base_rules(edition, lineage):
    """§10: every edition difference is data, a variant of the base rules; the
    Italian edition is the Spanish rules with its own differences."""
    rules = rc.load_ruleset(edition)
    assert rules.lineage == lineage
    assert rules.name == edition


# ------------------------------------------------------------------ assault


ASSAULT = {
    # edition: (repairs, breakdowns) of a full 3/3 target after one assault
    "en": (2, 3),   # 1 repair damage
    "es": (3, 2),   # 1 breakdown damage = 3 repair damage (R3.3)
    "it": (3, 2),
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_assault_damage_per_edition(edition):
    """§10 assault, R4.5, R3.3: en 1 repair damage; es/it 1 breakdown damage,
    which is 3 repair damage: 3/3 → 2/3 in en, 3/3 → 3/2 in es and it."""
    game = make(edition, {"blue-destroyer": "{at: c3}", "red-submarine": "{at: d3}"})
    game.play("assault red-submarine")
    assert game.to_move == "red-submarine"  # assault can be responded to in every edition
    pass_all(game)
    assert tracks(game, "red-submarine") == ASSAULT[edition]
    damage = [e for e in game.log if e.kind == "damage"]
    assert [(e["ship"], e["amount"]) for e in damage] == \
        [("red-submarine", 1 if edition == "en" else 3)]
    assert game.rules.text("assault", "en").startswith(
        "1 repair damage" if edition == "en" else "1 breakdown damage")


@pytest.mark.parametrize("edition,sunk", [("en", False), ("es", True), ("it", True)])
def test_s10_assault_sinks_a_ship_with_three_repairs_and_no_breakdown_only_in_es_it(
        edition, sunk):
    """§10, R3.2, R3.3: a target at 3 repairs and 0 breakdowns survives the English
    assault (2/0 left) and is sunk by the Spanish and Italian one (3 repair damage)."""
    game = make(edition, {"blue-destroyer": "{at: c3}",
                          "red-submarine": "{at: d3, repairs: 3, breakdowns: 0}"})
    game.play("assault red-submarine")
    pass_all(game)
    red = game.ship("red-submarine")
    assert red.sunk is sunk
    assert (red.repairs, red.breakdowns) == ((0, 0) if sunk else (2, 0))
    assert game.score == {"blue": 1 if sunk else 0, "red": 0}


# ------------------------------------------------------------------ countermeasure


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_countermeasure_flags_per_edition(edition):
    """§10 countermeasure: respondable in en/es, not in it (listed "senza
    risposta"); a response in all three (R4.5, D4.5); self repair only in en/es."""
    card = rc.load_ruleset(edition).maneuvers["countermeasure"]
    assert card.respondable is (edition != "it")
    assert card.response is True
    assert (card.cost, card.range) == (2, 2)
    assert len(card.effects) == (1 if edition == "it" else 2)


@pytest.mark.parametrize("edition", ("en", "es"))
def test_s10_countermeasure_en_es_is_respondable_and_repairs_self(edition):
    """§10, R5.1, D5.4: in en and es countermeasure opens a response window (the
    opponent is asked), then does 1 repair damage and gives its ship 1 repair."""
    game = make(edition, {"blue-submarine": "{at: c3, repairs: 2}", "red-destroyer": "{at: d3}"})
    game.play("countermeasure red-destroyer")
    assert game.to_move == "red-destroyer"
    assert game.decision == "respond"
    assert "pass" in game.legal_moves()
    game.play("pass")
    assert tracks(game, "red-destroyer") == (2, 3)
    assert tracks(game, "blue-submarine") == (3, 3)
    assert [e.kind for e in game.log] == ["use", "pass", "resolve", "damage", "regain"]
    assert game.to_move == "blue-submarine"


def test_s10_countermeasure_it_is_not_respondable_and_has_no_self_repair():
    """§10 (D: follow the Italian card list): countermeasure resolves at once — the
    opponent is not asked — and does 1 repair damage with no self repair."""
    game = make("it", {"blue-submarine": "{at: c3, repairs: 2}", "red-destroyer": "{at: d3}"})
    game.play("countermeasure red-destroyer")
    assert game.to_move == "blue-submarine"
    assert game.decision == "main"
    assert game.stack == []
    assert tracks(game, "red-destroyer") == (2, 3)
    assert tracks(game, "blue-submarine") == (2, 3)
    assert [e.kind for e in game.log] == ["use", "resolve", "damage"]


def test_s10_it_countermeasure_that_ends_the_game_leaves_a_clean_state():
    """R8.1, R5.1: an Italian countermeasure (resolving alone, above the item
    it answers) that sinks the last ship of a side ends the game; the stack,
    its resolve-down-to mark and the chain's sunk list are cleared, so the
    saved game loads again (found by the random-game test, seed 2176)."""
    game = make("it", {"red-destroyer": "{at: d3}",
                       "blue-submarine": "{at: c3, repairs: 1, breakdowns: 0}"}, mode="arena")
    game.play("torpedo blue-submarine")
    assert game.decision == "respond" and game.to_move == "blue-submarine"
    game.play("respond countermeasure blue-submarine")   # its own ship: sinks it
    assert game.is_over and game.winner == "red"
    assert (game.state.stack, game.state.reopen_at, game.state.sunk_in_chain) == ([], 0, [])
    assert rc.Game.from_json(game.to_json()) == game


# ------------------------------------------------------------------ the deck


ORDER_COPIES = {
    # R7.4, D7.4
    "en": {"ambush": 4, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 4,
           "captain": 3, "mechanic": 4, "intercept": 3, "kamikaze": 2},
    "es": {"ambush": 5, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 5,
           "captain": 4, "intercept": 4, "kamikaze": 2},
}
ORDER_COPIES["it"] = ORDER_COPIES["es"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_r7_4_order_cards_per_edition(edition):
    """§10, R7.4: en has 9 kinds including mechanic, es and it 8 kinds without;
    copies (D7.4) add up to the 30-card deck (R1.4) in every edition."""
    rules = rc.load_ruleset(edition)
    assert {card: o.copies for card, o in rules.orders.items()} == ORDER_COPIES[edition]
    assert len(rules.orders) == (9 if edition == "en" else 8)
    assert ("mechanic" in rules.orders) is (edition == "en")
    assert len(rules.deck) == 30
    assert sorted(set(rules.deck)) == sorted(ORDER_COPIES[edition])


@pytest.mark.parametrize("edition", ("es", "it"))
def test_s10_no_mechanic_in_es_it_scenarios(edition):
    """§10: mechanic is not a card of the Spanish and Italian decks."""
    with pytest.raises(rc.ScenarioError) as err:
        make(edition, {"blue-submarine": "{at: c3}", "red-destroyer": "{at: d3}"},
             deck=("mechanic",))
    assert "deck[0]" in str(err.value)


# ------------------------------------------------------------------ sunk mid-chain


# A 3-item chain: blue's carrier uses medical equipment on itself (A), the red
# destroyer answers with a torpedo on the carrier (B), the carrier answers with
# air support on the destroyer (C), which sinks it. B and A remain:
#   B is performed by the sunk ship and targets the carrier,
#   A neither targets the sunk ship nor is performed by it.
CHAIN_SELF = {
    # edition: (chain items after C, carrier (repairs, breakdowns))
    "en": ([("resolve", "torpedo", "red-destroyer"),        # targets the carrier
            ("resolve", "medical_equipment", "blue-aircraft_carrier")], (2, 3)),
    "es": ([("wasted", "torpedo", "red-destroyer"),         # all later items
            ("wasted", "medical_equipment", "blue-aircraft_carrier")], (3, 2)),
    "it": ([("wasted", "torpedo", "red-destroyer"),         # the sunk ship's own item
            ("resolve", "medical_equipment", "blue-aircraft_carrier")], (3, 3)),
}


def sink_red_mid_chain(edition, first):
    """Blue's carrier declares ``first``; red answers with a torpedo on the carrier;
    the carrier answers with air support that sinks the red destroyer (1/0)."""
    game = make(edition, {"blue-aircraft_carrier": "{at: c3, breakdowns: 2}",
                          "red-destroyer": "{at: d3, repairs: 1, breakdowns: 0}"})
    game.play(first)
    assert game.to_move == "red-destroyer"
    game.play("respond torpedo blue-aircraft_carrier")
    assert game.to_move == "blue-aircraft_carrier"
    game.play("respond air_support red-destroyer")
    assert len(game.stack) == 3
    pass_all(game)  # red may still shield the air support; it passes
    assert game.stack == []
    red = game.ship("red-destroyer")
    assert red.sunk and red.position is None
    return game


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_r5_5_sunk_mid_chain_own_items_and_untargeted_items(edition):
    """§10 ship sunk mid-chain: en wastes only later items targeting the sunk ship
    (none here: both resolve); es wastes all later items; it wastes the later
    items performed by the sunk ship (its torpedo), not the carrier's own item."""
    game = sink_red_mid_chain(edition, "medical_equipment blue-aircraft_carrier")
    later, carrier = CHAIN_SELF[edition]
    assert logged(game, CHAIN_ENDS, "kind", "card", "player") == \
        [("resolve", "air_support", "blue-aircraft_carrier")] + later
    assert tracks(game, "blue-aircraft_carrier") == carrier
    # R5.5: the crew spent on wasted maneuvers stay spent
    assert game.ship("blue-aircraft_carrier").crew_on("medical_equipment") == 3
    assert game.ship("red-destroyer").crew_on("torpedo") == 2
    # R8.3: sinking in war scores 1 point and the sinker draws 1 order card
    assert game.score == {"blue": 1, "red": 0}
    assert game.hand("blue-aircraft_carrier") == ["ambush"]


CHAIN_TARGETING = {
    # edition: (chain items after C, carrier (repairs, breakdowns))
    "en": ([("resolve", "torpedo", "red-destroyer"),
            ("wasted", "torpedo", "blue-aircraft_carrier")], (2, 2)),  # targets the sunk ship
    "es": ([("wasted", "torpedo", "red-destroyer"),
            ("wasted", "torpedo", "blue-aircraft_carrier")], (3, 2)),
    "it": ([("wasted", "torpedo", "red-destroyer"),
            ("wasted", "torpedo", "blue-aircraft_carrier")], (3, 2)),  # R9.2: off the board
}


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_r5_5_sunk_mid_chain_item_targeting_the_sunk_ship(edition):
    """§10: the bottom item is blue's torpedo on the ship that sinks. en wastes it
    (it targets the sunk ship) but carries out red's torpedo on the carrier; es
    wastes both; it wastes red's own torpedo, and blue's torpedo has no ship to
    act on (a sunk ship is off the board and cannot be targeted, R9.2)."""
    game = sink_red_mid_chain(edition, "torpedo red-destroyer")
    later, carrier = CHAIN_TARGETING[edition]
    assert logged(game, CHAIN_ENDS, "kind", "card", "player") == \
        [("resolve", "air_support", "blue-aircraft_carrier")] + later
    assert tracks(game, "blue-aircraft_carrier") == carrier
    assert logged(game, "damage", "ship") == \
        ["red-destroyer"] + (["blue-aircraft_carrier"] if edition == "en" else [])


@pytest.mark.parametrize("edition,option", [("en", "targeting"), ("es", "all"),
                                            ("it", "source")])
def test_s10_sunk_mid_chain_is_a_rule_option(edition, option):
    """§10: the sunk-mid-chain rule is data (rule option sunk_mid_chain)."""
    assert rc.load_ruleset(edition).options.sunk_mid_chain == option


# ------------------------------------------------------------------ arena catch-up


THREE_V_THREE = {
    "blue-submarine": "{at: c3, repairs: 1, breakdowns: 0}",
    "red-destroyer": "{at: d3}",
    "blue-destroyer": "{at: c4, repairs: 1, breakdowns: 0}",
    "red-submarine": "{at: h1}",
    "blue-aircraft_carrier": "{at: a6}",
    "red-aircraft_carrier": "{at: h6}",
}
CATCHUP_3V3 = {
    # edition: (hands after blue is reduced to 2 ships, hands after reduced to 1)
    "en": ({"blue-destroyer": [], "blue-aircraft_carrier": []},
           {"blue-destroyer": [], "blue-aircraft_carrier": ["ambush", "evasion"]}),
    "es": ({"blue-destroyer": ["ambush"], "blue-aircraft_carrier": ["evasion"]},
           {"blue-destroyer": [],  # eliminated: its hand went to the discards (R8.1)
            "blue-aircraft_carrier": ["evasion", "deserter", "boatswain"]}),
}
CATCHUP_3V3["it"] = CATCHUP_3V3["es"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_r8_2_arena_catch_up_3v3(edition):
    """§10 3v3 arena catch-up: en — the first side reduced to 1 ship draws 2 order
    cards; es/it — the first side reduced to 2 ships draws 2, 1 to each survivor
    in seat order (D), and reduced to 1 ship draws 2 more."""
    game = make(edition, THREE_V_THREE, turn="red-destroyer", mode="arena",
                deck=("ambush", "evasion", "deserter", "boatswain", "captain", "kamikaze"))
    after_two, after_one = CATCHUP_3V3[edition]
    game.play("missile blue-submarine")  # not respondable: sinks at once
    assert game.ship("blue-submarine").eliminated
    assert {s: game.hand(s) for s in after_two} == after_two
    game.play("torpedo blue-destroyer")
    pass_all(game)
    assert game.ship("blue-destroyer").eliminated
    assert not game.is_over
    assert {s: game.hand(s) for s in after_one} == after_one
    catchups = logged(game, "catchup", "side", "cards")
    assert catchups == ([("blue", 2)] if edition == "en" else [("blue", 2), ("blue", 2)])
    assert game.deck == (["deserter", "boatswain", "captain", "kamikaze"] if edition == "en"
                         else ["captain", "kamikaze"])
    assert game.discards == ([] if edition == "en" else ["ambush"])
    # nothing for red
    assert all(game.hand(s) == [] for s in ("red-destroyer", "red-submarine",
                                            "red-aircraft_carrier"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_r8_2_arena_catch_up_2v2(edition):
    """§10, R8.2: in 2v2 the first side to lose a ship gives 2 order cards to its
    surviving ship in every edition; later losses give nothing."""
    game = make(edition, {"blue-submarine": "{at: c3, repairs: 1, breakdowns: 0}",
                          "red-destroyer": "{at: d3}",
                          "blue-destroyer": "{at: c4}",
                          "red-submarine": "{at: e3, repairs: 1, breakdowns: 0}"},
                turn="red-destroyer", mode="arena",
                deck=("ambush", "evasion", "deserter", "boatswain"))
    game.play("missile blue-submarine")
    assert game.ship("blue-submarine").eliminated
    assert game.hand("blue-destroyer") == ["ambush", "evasion"]
    assert logged(game, "catchup", "side", "cards") == [("blue", 2)]
    # red is the second side to lose a ship (here to its own torpedo): no catch-up
    game.play("torpedo red-submarine")
    pass_all(game)
    assert game.ship("red-submarine").eliminated
    assert not game.is_over
    assert game.hand("red-destroyer") == []
    assert logged(game, "catchup", "side", "cards") == [("blue", 2)]
    assert game.deck == ["deserter", "boatswain"]
