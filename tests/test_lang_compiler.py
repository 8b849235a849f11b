"""The card language and the shipped editions (docs/rules.md R1.5, R4.5, R7.4, §10).

The edition tests pin the compiled data to the tables of docs/rules.md; the
error tests pin what a user sees for a bad card file: file, line, column,
reason, suggestion and the quoted line with a caret (docs/dsl.md).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import redcode_rules as rc

GRAMMAR = Path(__file__).resolve().parents[1] / "grammar" / "redcode.lark"


@pytest.fixture(scope="module")
def en():
    return rc.load_ruleset("en")


@pytest.fixture(scope="module")
def es():
    return rc.load_ruleset("es")


@pytest.fixture(scope="module")
def it():
    return rc.load_ruleset("it")


def effects_of(rules, card_id):
    """The compiled effects as plain data: [primitive, selector, params]."""
    d = rules.describe()
    table = d["maneuvers"] if card_id in d["maneuvers"] else d["orders"]
    return table[card_id]["effects"]


# ---------------------------------------------------------------- R4.5 table

# maneuver: (cost, range, respondable, response) — docs/rules.md R4.5 / D4.5
R4_5 = {
    "movement": (1, None, False, False),
    "repair": (2, None, True, False),
    "torpedo": (2, 2, True, True),
    "orders": (2, None, False, False),
    "immersion": (2, None, False, False),
    "countermeasure": (2, 2, True, True),
    "heavy_torpedo": (3, 3, True, False),
    "floating_mine": (3, 1, True, False),
    "missile": (2, 2, False, False),
    "depth_charge": (2, 1, True, False),
    "shield": (2, 3, True, True),
    "assault": (3, 1, True, False),
    "air_support": (2, 3, True, True),
    "radio_support": (1, 2, False, False),
    "medical_equipment": (3, 2, True, False),
    "radar": (3, 3, False, False),
}

# R1.5: the 4 common maneuvers then the 4 unique ones, in cards/base/ships.rc order
SHIPS = {
    "submarine": ("movement", "repair", "torpedo", "orders",
                  "immersion", "countermeasure", "heavy_torpedo", "floating_mine"),
    "destroyer": ("movement", "repair", "torpedo", "orders",
                  "missile", "depth_charge", "shield", "assault"),
    "aircraft_carrier": ("movement", "repair", "torpedo", "orders",
                         "air_support", "radio_support", "medical_equipment", "radar"),
}

COPIES_EN = {"ambush": 4, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 4,
             "captain": 3, "mechanic": 4, "intercept": 3, "kamikaze": 2}
COPIES_ES_IT = {"ambush": 5, "deserter": 4, "boatswain": 4, "atomic_bomb": 2, "evasion": 5,
                "captain": 4, "intercept": 4, "kamikaze": 2}


def test_r4_5_en_has_exactly_the_16_maneuvers(en):
    assert set(en.maneuvers) == set(R4_5)


@pytest.mark.parametrize("name", sorted(R4_5))
def test_r4_5_maneuver_cost_range_respondable_response_en(en, name):
    m = en.maneuvers[name]
    assert (m.cost, m.range, m.respondable, m.response) == R4_5[name]
    assert m.kind == "maneuver"


@pytest.mark.parametrize("name", sorted(R4_5))
def test_r4_5_same_numbers_in_es(es, name):
    m = es.maneuvers[name]
    assert (m.cost, m.range, m.respondable, m.response) == R4_5[name]


@pytest.mark.parametrize("name", sorted(set(R4_5) - {"countermeasure"}))
def test_r4_5_same_numbers_in_it_except_countermeasure(it, name):
    m = it.maneuvers[name]
    assert (m.cost, m.range, m.respondable, m.response) == R4_5[name]


def test_r4_2_self_only_maneuvers_have_no_range(en):
    assert sorted(k for k, m in en.maneuvers.items() if m.range is None) == \
        ["immersion", "movement", "orders", "repair"]


def test_interface_example_values(en):
    assert en.maneuvers["torpedo"].cost == 2
    assert en.maneuvers["torpedo"].range == 2
    assert en.maneuvers["torpedo"].respondable is True
    assert en.maneuvers["torpedo"].response is True
    assert en.orders["kamikaze"].copies == 2
    assert en.ships["submarine"].maneuvers[0] == "movement"
    assert en.ships["submarine"].maneuvers[-1] == "floating_mine"


@pytest.mark.parametrize("edition", ["en", "es", "it"])
def test_r1_5_ship_maneuver_lists(edition):
    rules = rc.load_ruleset(edition)
    assert list(rules.ships) == list(SHIPS)
    for ship, maneuvers in SHIPS.items():
        assert rules.ships[ship].maneuvers == maneuvers
        assert rules.ships[ship].maneuvers[:4] == ("movement", "repair", "torpedo", "orders")


@pytest.mark.parametrize("edition", ["en", "es", "it"])
def test_d1_3_ship_tracks_and_crew(edition):
    rules = rc.load_ruleset(edition)
    for spec in rules.ships.values():
        assert (spec.repairs, spec.breakdowns, spec.crew) == (3, 3, 6)


# ---------------------------------------------------------------- R7.4 / D7.4


def test_d7_4_order_copies_en(en):
    assert {k: o.copies for k, o in en.orders.items()} == COPIES_EN
    assert sum(o.copies for o in en.orders.values()) == 30
    assert len(en.deck) == 30


@pytest.mark.parametrize("edition", ["es", "it"])
def test_d7_4_order_copies_es_it_have_no_mechanic(edition):
    rules = rc.load_ruleset(edition)
    assert "mechanic" not in rules.orders
    assert {k: o.copies for k, o in rules.orders.items()} == COPIES_ES_IT
    assert len(rules.deck) == 30
    assert rules.deck.count("ambush") == 5


def test_r7_3_orders_have_no_cost_range_or_window(en):
    for o in en.orders.values():
        assert (o.kind, o.cost, o.range, o.respondable, o.response) == \
            ("order", None, None, False, False)


# ---------------------------------------------------------------- §10 differences


def test_s10_assault_is_repair_damage_in_en(en):
    assert effects_of(en, "assault") == [["Damage", "target", {"amount": 1}]]


@pytest.mark.parametrize("edition", ["es", "it"])
def test_s10_r3_3_assault_is_breakdown_damage_in_es_it(edition):
    rules = rc.load_ruleset(edition)
    assert effects_of(rules, "assault") == [["BreakdownDamage", "target", {"amount": 1}]]


@pytest.mark.parametrize("edition", ["en", "es"])
def test_s10_countermeasure_respondable_with_self_repair(edition):
    rules = rc.load_ruleset(edition)
    cm = rules.maneuvers["countermeasure"]
    assert cm.respondable is True
    assert effects_of(rules, "countermeasure") == [
        ["Damage", "target", {"amount": 1}],
        ["Regain", "self", {"track": "repair", "amount": 1}],
    ]


def test_s10_it_countermeasure_not_respondable_no_self_repair(it):
    cm = it.maneuvers["countermeasure"]
    assert (cm.cost, cm.range, cm.respondable, cm.response) == (2, 2, False, True)
    assert effects_of(it, "countermeasure") == [["Damage", "target", {"amount": 1}]]


def test_s10_r5_5_sunk_mid_chain_option(en, es, it):
    assert en.options.sunk_mid_chain == "targeting"
    assert es.options.sunk_mid_chain == "all"
    assert it.options.sunk_mid_chain == "source"


def test_s10_r8_2_catchup_rules(en, es, it):
    def table(rules):
        return sorted((c.team, c.reduced_to, c.cards) for c in rules.options.catchup)
    assert table(en) == [(2, 1, 2), (3, 1, 2)]
    assert table(es) == [(2, 1, 2), (3, 1, 2), (3, 2, 2)]
    assert table(it) == table(es)


def test_edition_lineage_and_names(en, es, it):
    assert (en.name, en.lineage) == ("en", ("base", "en"))
    assert (es.name, es.lineage) == ("es", ("base", "es"))
    assert (it.name, it.lineage) == ("it", ("base", "es", "it"))
    assert len({en.hash, es.hash, it.hash}) == 3


def test_load_ruleset_is_stable(en):
    assert rc.load_ruleset("en").hash == en.hash


# ---------------------------------------------------------------- new cards from primitives

SABOTAGE = """\
# a new order card built from existing primitives; kamikaze makes room in the deck
remove order kamikaze
order sabotage {
    copies 2
    effect damage 1 to target; crew_loss 1 to target; draw 1
}
"""


def test_new_order_card_compiles_from_primitives():
    rules = rc.load_source(SABOTAGE, "house.rc")
    card = rules.orders["sabotage"]
    assert (card.kind, card.copies, card.cost, card.range, card.respondable) == \
        ("order", 2, None, None, False)
    assert effects_of(rules, "sabotage") == [
        ["Damage", "target", {"amount": 1}],
        ["CrewLoss", "target", {"amount": 1}],
        ["Draw", "self", {"amount": 1}],
    ]
    assert "kamikaze" not in rules.orders
    assert len(rules.deck) == 30
    assert rules.deck.count("sabotage") == 2
    assert isinstance(rules.text("sabotage"), str) and rules.text("sabotage")


def test_new_order_card_is_dealt_in_a_new_game():
    rules = rc.load_source(SABOTAGE, "house.rc")
    game = rc.new_game(rules, seed=1)
    cards = game.deck + game.discards + [c for s in game.ships for c in game.hand(s)]
    assert len(cards) == 30
    assert cards.count("sabotage") == 2
    assert "kamikaze" not in cards


def test_new_order_card_plays_in_a_scenario_from_a_variant_file(tmp_path):
    path = tmp_path / "house.rc"
    path.write_text("variant house extends en\n" + SABOTAGE)
    game = rc.Game.from_scenario({
        "edition": str(path),
        "ships": {"blue-submarine": {"at": "b2"}, "red-destroyer": {"at": "d4"}},
        "hands": {"blue-submarine": ["sabotage"]},
        "deck": ["ambush", "evasion"],
    })
    assert game.rules.name == "house"
    assert "order sabotage red-destroyer" in game.legal_moves()
    game.play("order sabotage red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns, red.reserve, red.withdrawn) == (2, 3, 5, 1)
    assert game.hand("blue-submarine") == ["ambush"]
    assert game.deck == ["evasion"]
    assert game.discards == ["sabotage"]


def test_new_maneuver_on_a_patched_ship_is_usable():
    text = """\
maneuver sonar {
    cost 1  range 3
    effect crew_loss 1 to target
}
patch ship submarine {
    maneuvers movement repair torpedo orders immersion countermeasure heavy_torpedo sonar
}
"""
    rules = rc.load_source(text, "house.rc")
    assert rules.ships["submarine"].maneuvers[-1] == "sonar"
    game = rc.new_game(rules, teams=[["submarine"], ["destroyer"]], seed=1, placement="fixed")
    own = [m for m in game.legal_moves() if m.startswith("sonar")]
    assert own == ["sonar blue-submarine"]
    game.play("sonar blue-submarine")
    sub = game.ship("blue-submarine")
    assert (sub.crew_on("sonar"), sub.reserve, sub.withdrawn) == (1, 4, 1)


def test_variant_file_extending_an_edition(tmp_path):
    path = tmp_path / "house.rc"
    path.write_text("variant house extends es\n"
                    "patch order ambush { copies 4 }\n"
                    "patch order deserter { copies 5 }\n"
                    "rules { hand_limit 4 }\n")
    rules = rc.load_ruleset(str(path))
    assert rules.name == "house"
    assert rules.lineage == ("base", "es", "house")
    assert rules.orders["ambush"].copies == 4
    assert rules.orders["deserter"].copies == 5
    assert rules.options.hand_limit == 4
    assert rules.options.sunk_mid_chain == "all"


def test_extra_card_files_on_top_of_an_edition(tmp_path):
    path = tmp_path / "more.rc"
    path.write_text("patch maneuver torpedo { cost 1 }\n")
    rules = rc.load_ruleset("es", extra=[str(path)])
    assert rules.maneuvers["torpedo"].cost == 1
    assert "mechanic" not in rules.orders


# ---------------------------------------------------------------- DslError

SHIP7 = "movement repair torpedo orders missile radar shield"

# name: (text, line, column, reason, suggestion)
ERRORS = {
    # -- syntax
    "missing_brace_before_next_decl": (
        "order zap {\n    copies 2\n    effect damage 1 to target\n\n"
        "maneuver other {\n    cost 1\n    effect move 1 self\n}\n",
        5, 1, None, None),
    "keyword_typo_in_card": (
        "maneuver zap {\n    cots 2\n    effect damage 1 to self\n}\n",
        2, 5, None, "cost"),
    "keyword_typo_at_top_level": (
        "manuever zap {\n    cost 2\n}\n",
        1, 1, "unexpected 'manuever'; expected 'deck', 'maneuver', 'map', 'order', 'patch', "
              "'remove', 'rules', 'ship', 'status', 'token' or 'variant'", "maneuver"),
    "bad_character": (
        "maneuver zap {\n    cost 2 @\n}\n",
        2, 12, None, None),
    "bad_character_for_number": (
        "order zap {\n    copies $2\n}\n",
        2, 12, "unexpected character '$'; expected '+', '-' or a number", None),
    "upper_case_name": (
        "order Zap {\n    copies 2\n}\n",
        1, 7, "unexpected character 'Z'; expected a name", None),
    "empty_effect": (
        "maneuver zap {\n    cost 2\n    effect\n}\n",
        4, 1, "unexpected '}'; expected a name after 'effect'", None),
    "stray_closing_brace": (
        "}\n",
        1, 1, "unexpected '}'; expected 'deck', 'maneuver', 'map', 'order', 'patch', 'remove', "
              "'rules', 'ship', 'status', 'token' or 'variant'", None),
    # -- semantic
    "unknown_effect": (
        "remove order kamikaze\norder zap {\n    copies 2\n    effect damge 1 to target\n}\n",
        4, 12, "unknown effect 'damge'", "damage"),
    "selector_not_allowed_for_cancel": (
        "maneuver zap {\n    cost 2\n    effect cancel self\n}\n",
        3, 12, "effect 'cancel' cannot act on 'self'; it acts on answered", None),
    "selector_not_allowed_for_move": (
        "maneuver zap {\n    cost 2\n    effect move 1 answered\n}\n",
        3, 12, "effect 'move' cannot act on 'answered'; it acts on self, target, source, "
        "each ship in area, answered target, each … ship", None),
    "answered_needs_response": (
        "maneuver zap {\n    cost 2  range 2\n    effect cancel answered\n}\n",
        1, 1, "maneuver 'zap' acts on the item it answers, so it must be a 'response' (R5.2)",
        None),
    "unknown_effect_argument": (
        "maneuver zap {\n    cost 2\n    effect regain repairs 1 to self\n}\n",
        3, 12, "effect 'regain': track must be one of repair, breakdown, not 'repairs'",
        "repair"),
    "effect_amount_zero": (
        "maneuver zap {\n    cost 2\n    effect damage 0 to self\n}\n",
        3, 12, "effect 'damage': amount must be at least 1", None),
    "wrong_number_of_values": (
        "maneuver zap {\n    cost 2  range 2\n    effect damage 1 nowhere\n}\n",
        3, 12, "effect 'damage' takes 1 value(s): damage AMOUNT (example: damage 1 to target)",
        None),
    "duplicate_id": (
        "maneuver torpedo {\n    cost 2\n    effect damage 1 to self\n}\n",
        1, 1, "duplicate maneuver 'torpedo' (first declared at cards/base/maneuvers.rc:22); "
              "use 'patch maneuver torpedo' to change it", None),
    "property_given_twice": (
        "maneuver zap {\n    cost 2 cost 3\n    effect damage 1 to self\n}\n",
        2, 12, "'cost' given twice in maneuver 'zap'", None),
    "patch_unknown_card": (
        "patch order ambsh { copies 5 }\n",
        1, 1, "cannot patch unknown order 'ambsh'", "ambush"),
    "remove_unknown_card": (
        "remove order kamikazi\n",
        1, 1, "cannot remove unknown order 'kamikazi'", "kamikaze"),
    "ship_with_9_maneuvers": (
        f"ship raft {{\n    repairs 3  breakdowns 3  crew 6\n    maneuvers {SHIP7} assault "
        "immersion\n}\n",
        3, 5, "ship 'raft' has 9 maneuvers; a control card holds at most 8 (R1.5, D1.5): "
              "'rules { ship_maneuvers 9 }' makes room for them", None),
    "ship_with_no_maneuvers": (
        "ship raft {\n    repairs 3  breakdowns 3  crew 6\n    maneuvers\n}\n",
        3, 5, "ship 'raft' lists no maneuvers: its control card needs at least one (R1.5)",
        None),
    "ship_lists_unknown_maneuver": (
        f"ship raft {{\n    repairs 3  breakdowns 3  crew 6\n    maneuvers {SHIP7} torpedoo\n}}\n",
        3, 67, "ship 'raft' lists unknown maneuver 'torpedoo'", "torpedo"),
    "ship_lists_maneuver_twice": (
        f"ship raft {{\n    repairs 3  breakdowns 3  crew 6\n    maneuvers {SHIP7} movement\n}}\n",
        3, 67, "ship 'raft' lists maneuver 'movement' twice", None),
    "ship_without_repairs": (
        f"ship raft {{\n    breakdowns 3  crew 6\n    maneuvers {SHIP7} assault\n}}\n",
        1, 1, "ship 'raft' has no repairs (R1.3, R1.5)", None),
    # the user's deck_size broke the total: the error points at it, not into cards/base
    "deck_size_option_not_matching": (
        "rules {\n    deck_size 31\n}\n",
        2, 5, "the order cards add up to 30 copies (ambush 4, deserter 4, boatswain 4, "
              "atomic_bomb 2, evasion 4, captain 3, mechanic 4, intercept 3, kamikaze 2); "
              "the deck must have 31 (R1.4)", None),
    "cost_zero": (
        "maneuver zap {\n    cost 0\n    effect damage 1 to self\n}\n",
        2, 5, "maneuver 'zap': cost must be at least 1 crew (R4.1)", None),
    "maneuver_without_cost": (
        "maneuver zap {\n    range 2\n    effect damage 1 to target\n}\n",
        1, 1, "maneuver 'zap' has no cost (R4.1)", None),
    "maneuver_without_effect": (
        "maneuver zap {\n    cost 2\n}\n",
        1, 1, "maneuver 'zap' has no effect", None),
    "target_ship_without_range": (
        "maneuver zap {\n    cost 2\n    target ship\n    effect damage 1 to target\n}\n",
        3, 5, "maneuver 'zap' targets a ship but has no range (R4.2)", None),
    "implicit_target_without_range": (
        "maneuver zap {\n    cost 2\n    effect damage 1 to target\n}\n",
        1, 1, "maneuver 'zap' targets a ship but has no range (R4.2)", None),
    "order_with_cost": (
        "remove order kamikaze\norder zap {\n    copies 2 cost 1\n    effect damage 1 to target\n}\n",
        3, 14, "order cards have no 'cost': they ignore range and cannot be responded to (R7.3)",
        None),
    "maneuver_with_copies": (
        "maneuver zap {\n    cost 2 copies 2\n    effect damage 1 to self\n}\n",
        2, 12, "maneuvers have no 'copies': they are on control cards", None),
    "unknown_rule_option": (
        "rules {\n    hand_limt 4\n}\n",
        2, 5, "unknown rule option 'hand_limt'", "hand_limit"),
    "rule_option_needs_number": (
        "rules {\n    hand_limit many\n}\n",
        2, 5, "rule option 'hand_limit' needs a number", None),
    "sunk_mid_chain_value": (
        "rules {\n    sunk_mid_chain al\n}\n",
        2, 5, "sunk_mid_chain must be one of targeting, all, source", "all"),
    "area_selector_without_area_target": (
        "remove order kamikaze\norder zap {\n    copies 2\n"
        "    effect damage 2 to each ship in area\n}\n",
        2, 1, "order 'zap' acts on 'each ship in area' but declares no 'target area WxH'",
        None),
    "area_selector_with_ship_target": (
        "remove order kamikaze\norder zap {\n    copies 2\n    target ship\n"
        "    effect damage 2 to each ship in area\n}\n",
        4, 5, "order 'zap' uses 'each ship in area' without 'target area WxH'", None),
    "area_target_on_a_maneuver": (
        "maneuver zap {\n    cost 2 target area 2x2\n    effect damage 1 to each ship in area\n}\n",
        2, 12, "area targets are for order cards (D7.5)", None),
    "map_with_unknown_box": (
        'map foo { layout ".." ".x" }\n',
        1, 11, "map 'foo': unknown box 'x'; use . water, # island, ~ running water (R2.2)",
        None),
}


def _raise(text, name="house.rc"):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, name)
    return info.value


def assert_caret(err, text):
    """str(err): 'file:line:col: reason', then the line, then a caret under the column."""
    lines = str(err).splitlines()
    assert lines[0].startswith(f"{err.file}:{err.line}:{err.column}: {err.reason}")
    source = text.splitlines()[err.line - 1]
    assert lines[-2] == "    " + source
    assert lines[-1] == "    " + " " * (err.column - 1) + "^"


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_dsl_error_position_reason_and_suggestion(name):
    text, line, column, reason, suggestion = ERRORS[name]
    err = _raise(text)
    assert isinstance(err, rc.RedCodeError) and isinstance(err, ValueError)
    assert err.file == "house.rc"
    assert (err.line, err.column) == (line, column)
    if reason is not None:
        assert err.reason == reason
    assert err.suggestion == suggestion
    assert "house.rc" in str(err)
    if suggestion:
        assert f"did you mean '{suggestion}'?" in str(err)
    assert_caret(err, text)


def test_dsl_syntax_error_lists_what_was_expected():
    err = _raise(ERRORS["keyword_typo_in_card"][0])
    assert err.reason.startswith("unexpected 'cots'; expected ")
    for word in ("'copies'", "'cost'", "'effect'", "'range'", "'target'", "'}'"):
        assert word in err.reason
    err = _raise(ERRORS["bad_character"][0])
    assert err.reason.startswith("unexpected character '@'; expected ")
    assert "'cost'" in err.reason and "'}'" in err.reason
    err = _raise(ERRORS["missing_brace_before_next_decl"][0])
    assert err.reason.startswith("unexpected 'maneuver'; expected ")
    assert "'}'" in err.reason


def test_dsl_flag_typo_suggests_the_flag():
    # 'respondable' and 'response' are keywords of the language like 'cost':
    # a typo gets the same help, and the message lists them by name.
    text = "maneuver zap {\n    cost 2 responable\n    effect damage 1 to self\n}\n"
    err = _raise(text)
    assert (err.line, err.column) == (2, 12)
    assert err.suggestion == "respondable"
    assert "'respondable'" in err.reason and "'response'" in err.reason
    assert "flag" not in err.reason  # a grammar-internal name, not something to write


def test_dsl_missing_closing_brace_at_end_of_file():
    text = "order zap {\n    copies 2\n    effect damage 1 to target\n"
    err = _raise(text)
    assert err.reason.startswith("the file ends too early; expected ")
    assert "'}'" in err.reason
    assert err.line == 3
    assert_caret(err, text)


def test_dsl_deck_not_totalling_30_names_the_users_file():
    # the user's card broke the total: the error must point into the user's file
    text = "order zap {\n    copies 1\n    effect damage 1 to target\n}\n"
    err = _raise(text)
    assert err.reason == (
        "the order cards add up to 31 copies (ambush 4, deserter 4, boatswain 4, "
        "atomic_bomb 2, evasion 4, captain 3, mechanic 4, intercept 3, kamikaze 2, zap 1); "
        "the deck must have 30 (R1.4)")
    # the caret is under the copies that broke the total, in the user's file
    assert (err.file, err.line, err.column) == ("house.rc", 2, 5)
    assert_caret(err, text)


def test_dsl_catchup_error_shows_the_line_with_a_caret():
    text = "rules {\n    catchup 2v3 reduced to 1 gives 2\n}\n"
    err = _raise(text)
    assert err.reason == "catch-up is for equal sides, not 2v3"
    assert (err.file, err.line, err.column) == ("house.rc", 2, 13)
    assert_caret(err, text)


def test_dsl_variant_extending_unknown_edition(tmp_path):
    path = tmp_path / "house.rc"
    path.write_text("variant house extends fr\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset(str(path))
    err = info.value
    assert "unknown edition 'fr'" in err.reason
    assert err.file == str(path)
    assert (err.line, err.column) == (1, 1)
    assert str(path) in str(err)
    assert_caret(err, path.read_text())


def test_dsl_variant_cycle(tmp_path):
    # lang/loader.py: a variant's parent "may be an edition name or a path relative to the file"
    (tmp_path / "a.rc").write_text("variant a extends b.rc\n")
    (tmp_path / "b.rc").write_text("variant b extends a.rc\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset(str(tmp_path / "a.rc"))
    assert "variant cycle" in info.value.reason


def test_dsl_variant_extending_a_file_relative_to_it(tmp_path):
    (tmp_path / "parent.rc").write_text("variant parent extends es\nrules { hand_limit 4 }\n")
    (tmp_path / "child.rc").write_text("variant child extends parent.rc\n"
                                       "rules { recover 3 }\n")
    rules = rc.load_ruleset(str(tmp_path / "child.rc"))
    assert rules.lineage == ("base", "es", "parent", "child")
    assert (rules.options.hand_limit, rules.options.recover) == (4, 3)


def test_dsl_error_on_unreadable_extra_file(tmp_path):
    missing = tmp_path / "nope.rc"
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("en", extra=[str(missing)])
    assert info.value.file == str(missing)
    assert "cannot read card file" in info.value.reason


def test_dsl_error_on_unknown_edition_name():
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("fr")
    assert info.value.reason == "unknown edition 'fr'; the editions are en, es, it"


def test_dsl_error_in_extra_file_names_that_file(tmp_path):
    path = tmp_path / "more.rc"
    path.write_text("# my cards\npatch maneuver torpdo { cost 1 }\n")
    with pytest.raises(rc.DslError) as info:
        rc.load_ruleset("en", extra=[str(path)])
    err = info.value
    assert (err.file, err.line, err.column) == (str(path), 2, 1)
    assert err.suggestion == "torpedo"
    assert_caret(err, path.read_text())


# ---------------------------------------------------------------- fuzzing (python -m pytest -m mass)

KEYWORDS = sorted(set(re.findall(r'"([a-z]+)"', GRAMMAR.read_text())))
SOUP = KEYWORDS + [
    "{", "}", ";", "0", "1", "2", "3", "30", "2x2", "0x0", "3v3", "2v3", '".."', '"#."',
    '"~~"', '"x"', "damage", "damge", "regain", "repair", "breakdown", "crew_loss",
    "recover_crew", "move", "draw", "cancel", "status", "intercepted", "breakdown_damage",
    "torpedo", "ambush", "submarine", "kamikaze", "mechanic", "zap", "hand_limit",
    "sunk_mid_chain", "deck_size", "board_columns", "board_rows", "neighbours",
    "ship_maneuvers", "all", "en", "es", "\n", "#", "//", "99999999999999999999", "@", "-",
]


def _only_dsl_errors(text):
    try:
        rc.load_source(text, "fuzz.rc")
    except rc.DslError as err:
        assert err.file == "fuzz.rc" or err.file.startswith("cards/")
        str(err)


@pytest.mark.mass  # hundreds of card files compiled: the quick run has tests/test_security_fuzzed_inputs.py
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_fuzz_random_text_raises_only_dsl_error(text):
    _only_dsl_errors(text)


@pytest.mark.mass  # hundreds of card files compiled: the quick run has tests/test_security_fuzzed_inputs.py
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SOUP), max_size=40))
def test_fuzz_keyword_soup_raises_only_dsl_error(tokens):
    _only_dsl_errors(" ".join(tokens))


_PROP = st.one_of(
    st.sampled_from(["cost", "range", "copies"]).flatmap(
        lambda k: st.sampled_from(["0", "1", "2", "3", "30"]).map(lambda v: f"{k} {v}")),
    st.sampled_from(["respondable", "response", "not respondable", "not response",
                     "range self", "target self", "target ship", "target source",
                     "target area 2x2", "target area 0x1"]),
    st.lists(st.tuples(
        st.sampled_from(["damage 1", "damage 2", "regain repair 1", "regain breakdown 1",
                         "crew_loss 1", "recover_crew 2", "move 2", "draw 1", "cancel",
                         "status intercepted", "breakdown_damage 1", "damge 1"]),
        st.sampled_from(["", " to self", " to target", " to source", " on answered",
                         " to each ship in area"])),
        min_size=1, max_size=3).map(lambda cs: "effect " + "; ".join(a + b for a, b in cs)),
)
_DECL = st.one_of(
    st.tuples(st.sampled_from(["maneuver", "order", "patch maneuver", "patch order"]),
              st.sampled_from(["zap", "torpedo", "ambush", "kamikaze"]),
              st.lists(_PROP, max_size=5)).map(
        lambda t: f"{t[0]} {t[1]} {{ {' '.join(t[2])} }}"),
    st.sampled_from(["remove order kamikaze", "remove order ambush", "remove maneuver radar",
                     "remove ship destroyer", "rules { hand_limit 0 }",
                     "rules { neighbours 4 }", "rules { board_columns 9 }",
                     "rules { catchup 3v3 reduced to 2 gives 1 }",
                     "ship raft { repairs 1 breakdowns 1 crew 2 maneuvers movement repair "
                     "torpedo orders missile radar shield assault }"]),
)


@pytest.mark.mass  # hundreds of card files compiled: the quick run has tests/test_security_fuzzed_inputs.py
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_DECL, min_size=1, max_size=4))
def test_fuzz_structured_declarations_raise_only_dsl_error(decls):
    _only_dsl_errors("\n".join(decls))
