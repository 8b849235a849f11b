"""The deck and the discards as zones (docs/rules.md D7.13): `take N player|
random of deck|discards`, played with cards/examples/deck_requisition.rc in
scenarios with exact values; what each player knows of it (D7.8, D7.9), in
the observation, in saves and scenarios, in explicit chance (D7.12); and
the compiler's checks.
"""

import textwrap
from fractions import Fraction

import pytest

import redcode_rules as rc
from redcode_rules.base.errors import DslError
from redcode_rules.base.kinds import Decision

from conftest import EXAMPLES, OPEN_BOARD, logged

DECK = str(EXAMPLES / "deck_requisition.rc")


def game(hands: str, deck: str = "[mechanic, ambush, deserter]", discards: str = "[]",
         more: str = "", extra: tuple[str, ...] = ()) -> rc.Game:
    """Blue submarine at a3 and red destroyer at c3 on an open board, blue to play."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{', '.join((*extra, DECK))}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {hands}\ndeck: {deck}\ndiscard: {discards}\n"
        "turn: blue-submarine\nphase: maneuvers\n" + textwrap.dedent(more))


# ------------------------------------------------------------------ from the deck


def test_a_take_of_the_players_choice_from_the_deck_is_a_choose_decision_D7_13():
    g = game("{blue-submarine: [requisition], red-destroyer: [captain]}",
             deck="[mechanic, ambush, deserter, ambush]")
    g.play("order requisition")
    assert g.decision == Decision.CHOOSE and g.to_move == "blue-submarine"
    # one move per distinct card of the deck, sorted
    assert g.legal_moves() == ["choose ambush", "choose deserter", "choose mechanic"]
    g.play("choose deserter")
    assert g.hand("blue-submarine") == ["deserter"]
    assert sorted(g.state.deck) == ["ambush", "ambush", "mechanic"]
    assert [e.kind for e in g.log][-3:] == ["resolve", "take_from", "shuffle"]
    assert logged(g, "take_from", "player", "zone") == [("blue-submarine", "deck")]
    assert str(g.log[-2]) == "Blue submarine takes 1 order card from the deck."
    assert str(g.log[-1]) == "The deck is shuffled."


def test_the_deck_is_shuffled_by_the_seeded_rng_after_a_take_D7_13():
    names = ["mechanic", "ambush", "deserter", "evasion", "captain", "boatswain"]
    g = game("{blue-submarine: [requisition]}", deck="[" + ", ".join(names) + "]")
    rng = g.state.rng
    g.play("order requisition")
    g.play("choose captain")
    assert g.state.rng != rng
    assert sorted(g.state.deck) == sorted(n for n in names if n != "captain")
    again = game("{blue-submarine: [requisition]}", deck="[" + ", ".join(names) + "]")
    again.play("order requisition")
    again.play("choose captain")
    assert again.state.deck == g.state.deck  # the seeded RNG: the same order each time


def test_a_take_from_the_deck_is_known_to_the_taker_only_D7_13():
    g = game("{blue-submarine: [requisition], red-destroyer: [captain]}")
    g.play("order requisition")
    g.play("choose ambush")
    assert g.observation("blue-submarine").hand == ("ambush",)
    red = g.observation("red-destroyer")
    assert dict(red.hand_sizes) == {"blue-submarine": 1, "red-destroyer": 1}
    assert red.deck_size == 2 and red.known == ()
    assert g.known_hand("red-destroyer", "blue-submarine") == []


def test_a_shuffle_ends_what_a_player_knew_on_top_of_the_deck_D7_13():
    g = game("{blue-submarine: [sealed_orders, mechanic], red-destroyer: [requisition]}",
             extra=(str(EXAMPLES / "hand_and_deck.rc"),))
    g.play("order sealed_orders blue-submarine")  # mechanic on top, in view of blue (D7.9)
    assert g.observation("blue-submarine").deck_top == ("mechanic",)
    g.play("end")
    g.play("order requisition")
    g.play("choose deserter")
    assert g.observation("blue-submarine").deck_top == ()
    assert sorted(g.state.deck) == ["ambush", "mechanic", "mechanic"]


def test_one_card_left_in_the_deck_is_taken_without_a_question_D7_13():
    g = game("{blue-submarine: [requisition]}", deck="[ambush, ambush]")
    g.play("order requisition")
    assert g.decision == Decision.MAIN
    assert g.hand("blue-submarine") == ["ambush"] and g.state.deck == ["ambush"]


def test_a_take_from_an_empty_deck_takes_nothing_D7_13():
    g = game("{blue-submarine: [requisition]}", deck="[]")
    g.play("order requisition")
    assert g.hand("blue-submarine") == [] and "take_from" not in [e.kind for e in g.log]


# ------------------------------------------------------------------ from the discards


def test_a_random_take_from_the_discards_is_seen_by_every_player_D7_13():
    g = game("{blue-submarine: [salvage], red-destroyer: [captain]}",
             discards="[mechanic, ambush, deserter]")
    rng = g.state.rng
    g.play("order salvage")
    assert g.state.rng != rng
    taken = g.hand("blue-submarine")
    assert len(taken) == 2 and sorted(taken + g.state.discard) == \
        ["ambush", "deserter", "mechanic", "salvage"]
    # the played salvage went to the discards (R7.3) and stays there: not takeable
    assert "salvage" in g.state.discard
    assert sorted(g.known_hand("red-destroyer", "blue-submarine")) == sorted(taken)
    assert logged(g, "take_from", "player", "zone") == [("blue-submarine", "discards")] * 2
    assert "shuffle" not in [e.kind for e in g.log]


def test_the_cards_taken_from_the_discards_are_the_hands_public_part_until_they_leave_D7_8():
    """D7.8: every player saw them come in, so they are the hand's public part
    (``GameState.shown``), kept by copies, saves and scenarios; a card
    leaving the hand leaves it, as it leaves what each player knows."""
    g = game("{blue-submarine: [salvage], red-destroyer: [captain]}",
             discards="[mechanic, mechanic]")
    g.play("order salvage")
    assert g.hand("blue-submarine") == ["mechanic", "mechanic"]
    assert [(s.owner, s.cards) for s in g.state.shown] == [(0, ["mechanic", "mechanic"])]
    scenario = g.to_scenario()
    assert "shown:\n  blue-submarine: [mechanic, mechanic]\n" in scenario
    for copy in (g.clone(), rc.Game.from_json(g.to_json()), rc.Game.from_scenario(scenario)):
        assert copy.state.shown == g.state.shown
    g.play("end")
    g.play("end")
    g.play("order mechanic blue-submarine")
    assert [(s.owner, s.cards) for s in g.state.shown] == [(0, ["mechanic"])]
    assert g.known_hand("red-destroyer", "blue-submarine") == ["mechanic"]
    g.undo()
    assert [(s.owner, s.cards) for s in g.state.shown] == [(0, ["mechanic", "mechanic"])]


@pytest.mark.parametrize("more, reason", [
    ("shown: {blue-submarine: [ambush]}\n",
     "scenario field 'shown[0].cards': ambush was seen by every player coming into the hand "
     "of blue-submarine, which does not hold it"),
    ("shown: {blue-submarine: [mechanic]}\n",
     "scenario field 'shown[0].cards': every player saw mechanic come into the hand of "
     "blue-submarine, but red-destroyer does not know it there (known)")])
def test_a_scenarios_public_part_of_a_hand_is_in_it_and_known_to_every_other_player_D7_8(
        more: str, reason: str):
    with pytest.raises(rc.ScenarioError) as info:
        game("{blue-submarine: [mechanic]}", more=more)
    assert str(info.value).startswith(reason)


def test_an_order_card_still_resolving_is_not_taken_from_the_discards_D7_13():
    g = game("{blue-submarine: [salvage]}", discards="[]")
    g.play("order salvage")
    assert g.hand("blue-submarine") == [] and g.state.discard == ["salvage"]


# ------------------------------------------------------------------ records of the game


def test_a_take_from_the_deck_survives_save_scenario_undo_and_replay_D7_13():
    g = game("{blue-submarine: [requisition], red-destroyer: [captain]}")
    g.play("order requisition")
    for copy in (rc.Game.from_json(g.to_json()), rc.Game.from_json(g.to_json()).clone()):
        assert copy.legal_moves() == g.legal_moves()
        copy.play("choose mechanic")
        assert copy.hand("blue-submarine") == ["mechanic"]
    g.play("choose mechanic")
    g.undo()
    assert g.decision == Decision.CHOOSE and g.hand("blue-submarine") == []


def test_explain_says_a_take_from_the_deck_owes_a_choice_D7_13():
    g = game("{blue-submarine: [requisition]}")
    g.play("order requisition")
    assert "choose ambush" in g.explain("end")


def test_explicit_chance_deals_a_random_take_from_the_deck_D7_12_D7_13():
    text = textwrap.dedent(f"""\
        edition: en
        extra: [{DECK}]
        ships:
          blue-submarine: {{at: a3}}
          red-destroyer: {{at: c3}}
        hands: {{blue-submarine: [salvage]}}
        discard: [mechanic, ambush]
        turn: blue-submarine
        phase: maneuvers
        chance: explicit
        """)
    g = rc.Game.from_scenario(text)
    g.play("order salvage")
    # two cards of two kinds: the first is asked, the second is the one left
    assert g.is_chance_node
    assert g.chance_outcomes() == [("pick ambush", Fraction(1, 2)),
                                   ("pick mechanic", Fraction(1, 2))]
    g.play("pick mechanic")
    assert g.hand("blue-submarine") == ["mechanic", "ambush"]


# ------------------------------------------------------------------ the compiler


def rules_with(tmp_path, effect: str) -> rc.Ruleset:
    path = tmp_path / "zone.rc"
    path.write_text(f"order z {{\n    copies 1\n    effect {effect}\n}}\ndeck {{ keep size }}\n")
    return rc.load_ruleset("en", extra=[str(path)])


def test_a_zone_has_no_owner_to_choose_D7_13(tmp_path):
    with pytest.raises(DslError) as err:
        rules_with(tmp_path, "take 1 owner of deck")
    assert err.value.line == 3
    assert "the deck has no owner to choose its card; write 'player'" in str(err.value)


@pytest.mark.parametrize("effect", ["discard 1 random of discards", "look_hand of discards",
                                    "damage 1 to deck"])
def test_only_a_take_acts_on_a_zone_D7_13(tmp_path, effect):
    with pytest.raises(DslError) as err:
        rules_with(tmp_path, effect)
    assert "cannot act on" in str(err.value) and "zone.rc:3" in str(err.value)


def test_a_resample_inside_a_move_that_chose_from_the_deck_keeps_the_choice_D7_13(tmp_path):
    """Explicit chance: a choice from the deck, then a draw the chance player
    deals; a resample at that draw for either player runs the move again
    from before it, the chosen card where it was (info/resample.py)."""
    path = tmp_path / "search.rc"
    path.write_text("order search {\n    copies 2\n    effect take 1 player of deck; draw 1\n}\n"
                    "deck { keep size }\n")
    text = textwrap.dedent(f"""\
        edition: en
        extra: [{path}]
        ships:
          blue-submarine: {{at: a3}}
          red-destroyer: {{at: c3}}
        hands: {{blue-submarine: [search], red-destroyer: [captain, evasion]}}
        deck: [mechanic, ambush, deserter, ambush]
        turn: blue-submarine
        phase: maneuvers
        chance: explicit
        """)
    g = rc.Game.from_scenario(text)
    g.play("order search")
    g.play("choose deserter")
    assert g.is_chance_node
    assert [o for o, _ in g.chance_outcomes()] == ["draw ambush", "draw mechanic"]
    seen_by_red = set()
    for seed in range(6):
        for player in ("blue-submarine", "red-destroyer"):
            other = g.resample(player, seed)
            assert other.observation(player) == g.observation(player)
            assert other.is_chance_node
            if player == "blue-submarine":  # the card it chose stays its own
                assert other.hand("blue-submarine") == ["deserter"]
            else:  # red saw a card go, not which
                seen_by_red.add(tuple(other.hand("blue-submarine")))
    assert len(seen_by_red) > 1


def test_a_player_choosing_from_the_deck_sees_its_cards_in_every_resample_D7_13():
    g = game("{blue-submarine: [requisition, boatswain], red-destroyer: [captain, evasion]}",
             deck="[mechanic, ambush]")
    g.play("order requisition")
    for seed in range(8):
        other = g.resample("blue-submarine", seed)
        assert sorted(other.state.deck) == ["ambush", "mechanic"]
        assert other.legal_moves() == ["choose ambush", "choose mechanic"]
    # red sees neither the deck nor blue's hand: its worlds deal them anew
    assert len({tuple(sorted(g.resample("red-destroyer", s).state.deck))
                for s in range(8)}) > 1


def test_the_greedy_bot_values_a_take_from_a_zone_as_cards_drawn_D7_13():
    from redcode_rules.bots.players import GreedyBot
    from redcode_rules.rules.effects import PRIMITIVES
    g = game("{blue-submarine: [requisition, salvage]}", discards="[mechanic, ambush]")
    bot = GreedyBot()
    draw = PRIMITIVES["draw"].value
    assert bot.score(g, g.move_of("order requisition")) == pytest.approx(draw)
    assert bot.score(g, g.move_of("order salvage")) == pytest.approx(2 * draw)
    arranging = game("{blue-submarine: [intelligence_report]}")
    assert bot.score(arranging, arranging.move_of("order intelligence_report")) == 0


# ------------------------------------------------------------------ arrange (D7.14)


def test_arrange_puts_the_top_cards_back_in_the_order_chosen_D7_14():
    g = game("{blue-submarine: [intelligence_report], red-destroyer: [captain]}",
             deck="[mechanic, ambush, deserter, evasion, boatswain]")
    g.play("order intelligence_report")
    # one answer per card but the last: the next card from the top
    assert g.decision == Decision.CHOOSE and g.to_move == "blue-submarine"
    assert g.legal_moves() == ["choose ambush", "choose deserter", "choose mechanic"]
    g.play("choose deserter")
    assert g.legal_moves() == ["choose ambush", "choose mechanic"]
    g.play("choose mechanic")
    assert g.decision == Decision.MAIN
    assert g.state.deck == ["deserter", "mechanic", "ambush", "evasion", "boatswain"]
    assert logged(g, "arrange", "player", "count") == [("blue-submarine", 3)]
    assert str(g.log[-1]) == "Blue submarine looks at the top 3 cards of the deck."


def test_the_arranger_knows_the_top_cards_in_order_and_nobody_else_does_D7_14():
    g = game("{blue-submarine: [intelligence_report], red-destroyer: [captain]}",
             deck="[mechanic, ambush, deserter, evasion]")
    g.play("order intelligence_report")
    g.play("choose ambush")
    g.play("choose deserter")
    assert g.observation("blue-submarine").deck_top == ("ambush", "deserter", "mechanic")
    assert g.observation("red-destroyer").deck_top == ()
    g.play("end")  # red's turn: red draws the top card; blue still knows the next two
    g.play("orders")
    assert g.hand("red-destroyer") == ["captain", "ambush"]
    assert g.observation("blue-submarine").deck_top == ("deserter", "mechanic")


def test_a_resample_keeps_the_arranged_cards_for_the_arranger_only_D7_14():
    g = game("{blue-submarine: [intelligence_report, boatswain], red-destroyer: [captain]}",
             deck="[mechanic, ambush, deserter, evasion, kamikaze]")
    g.play("order intelligence_report")
    g.play("choose ambush")
    g.play("choose deserter")
    for seed in range(6):
        assert g.resample("blue-submarine", seed).state.deck[:3] == \
            ["ambush", "deserter", "mechanic"]
    assert len({tuple(g.resample("red-destroyer", s).state.deck[:3]) for s in range(6)}) > 1


def test_a_resample_while_arranging_keeps_the_cards_looked_at_D7_14():
    g = game("{blue-submarine: [intelligence_report], red-destroyer: [captain, kamikaze]}",
             deck="[mechanic, ambush, deserter, evasion]")
    g.play("order intelligence_report")
    for seed in range(6):
        other = g.resample("blue-submarine", seed)
        assert other.legal_moves() == g.legal_moves()
        assert other.state.deck[:3] == g.state.deck[:3]


def test_arrange_of_one_card_or_of_a_deck_of_alike_cards_asks_nothing_D7_14():
    g = game("{blue-submarine: [intelligence_report]}", deck="[ambush, ambush, ambush, evasion]")
    g.play("order intelligence_report")
    assert g.decision == Decision.MAIN
    assert g.state.deck == ["ambush", "ambush", "ambush", "evasion"]
    assert g.observation("blue-submarine").deck_top == ("ambush", "ambush", "ambush")


def test_a_take_from_the_deck_shuffles_away_what_an_arrange_showed_D7_13_D7_14():
    g = game("{blue-submarine: [intelligence_report], red-destroyer: [requisition]}",
             deck="[mechanic, ambush, deserter, evasion]")
    g.play("order intelligence_report")
    g.play("choose ambush")
    g.play("choose deserter")
    g.play("end")
    g.play("order requisition")
    g.play("choose evasion")
    assert g.observation("blue-submarine").deck_top == ()


def test_explicit_chance_deals_the_cards_an_arrange_looks_at_D7_12_D7_14():
    text = textwrap.dedent(f"""\
        edition: en
        extra: [{DECK}]
        ships:
          blue-submarine: {{at: a3}}
          red-destroyer: {{at: c3}}
        hands: {{blue-submarine: [intelligence_report]}}
        deck: [mechanic, ambush, deserter]
        turn: blue-submarine
        phase: maneuvers
        chance: explicit
        """)
    g = rc.Game.from_scenario(text)
    g.play("order intelligence_report")
    assert g.is_chance_node
    assert g.chance_outcomes() == [("draw ambush", Fraction(1, 3)),
                                   ("draw deserter", Fraction(1, 3)),
                                   ("draw mechanic", Fraction(1, 3))]
    g.play("draw mechanic")
    g.play("draw deserter")  # the last card is the one left: not asked
    assert g.decision == Decision.CHOOSE
    assert g.state.deck == ["mechanic", "deserter", "ambush"]
    g.play("choose ambush")
    g.play("choose mechanic")
    assert g.state.deck == ["ambush", "mechanic", "deserter"]
    g.play("end")
    g.play("orders")  # red draws the arranged top card, without chance
    assert not g.is_chance_node and g.hand("red-destroyer") == ["ambush"]


def test_arrange_takes_the_top_1_to_9_cards_of_the_deck_only_D7_14(tmp_path):
    with pytest.raises(DslError) as err:
        rules_with(tmp_path, "arrange 10 of deck")
    assert "at most 9" in str(err.value) and err.value.line == 3
    with pytest.raises(DslError) as err:
        rules_with(tmp_path, "arrange 2 of discards")
    assert "cannot act on 'discards'; it acts on deck" in str(err.value)
    with pytest.raises(DslError) as err:
        rules_with(tmp_path, "arrange (cards in deck) of deck")
    assert "written on the card" in str(err.value)


def test_a_resample_inside_a_move_that_arranged_the_deck_keeps_the_order_D7_14(tmp_path):
    """Explicit chance: an arrange, then a draw of more cards than it put on
    top; at the draw's chance node a resample runs the move again with the
    arranged cards where they were chosen, the card of the last answer
    among those not put back yet (info/resample.py)."""
    path = tmp_path / "scout.rc"
    path.write_text("order scout {\n    copies 2\n    effect arrange 3 of deck; draw 4\n}\n"
                    "deck { keep size }\n")
    text = textwrap.dedent(f"""\
        edition: en
        extra: [{path}]
        ships:
          blue-submarine: {{at: a3}}
          red-destroyer: {{at: c3}}
        hands: {{blue-submarine: [scout], red-destroyer: [captain, evasion]}}
        deck: [mechanic, ambush, deserter, ambush, boatswain, kamikaze]
        turn: blue-submarine
        phase: maneuvers
        chance: explicit
        """)
    g = rc.Game.from_scenario(text)
    g.play("order scout")
    for card in ("ambush", "ambush", "deserter"):
        g.play(f"draw {card}")
    g.play("choose ambush")
    assert g.legal_moves() == ["choose ambush", "choose deserter"]
    g.play("choose ambush")
    assert g.is_chance_node  # the fourth card drawn comes from the pile
    assert g.hand("blue-submarine") == ["ambush", "ambush", "deserter"]
    seen_by_red = set()
    for seed in range(8):
        for player in ("blue-submarine", "red-destroyer"):
            other = g.resample(player, seed)
            assert other.observation(player) == g.observation(player)
            assert other.is_chance_node
            if player == "blue-submarine":
                assert other.hand("blue-submarine") == ["ambush", "ambush", "deserter"]
            else:
                seen_by_red.add(tuple(other.hand("blue-submarine")))
    assert len(seen_by_red) > 1
