"""Who knows what (docs/rules.md D7.7–D7.11): observations, information
states and resampled games, over random games with the printed cards and
with card files that move cards between hands and the deck.

A resample for a player keeps that player's observation, information state
and legal moves, passes the state validator, and over many draws puts every
unseen card in every hidden place; a change of cards a player cannot see
never changes its observation.
"""

from __future__ import annotations

import collections
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import redcode_rules as rc
from redcode_rules.info import resample
from redcode_rules.engine.invariants import violations
from redcode_rules.info.observation import UNSEEN, deck_tops, known_deck_top
from redcode_rules.info.resample import hidden_places, unseen_pool

from conftest import (EXAMPLES, ROOT, TEAMS, examples, odds_of, quick_and_mass, scenario_game,
                      unseen_odds)

#: rule sets: the printed editions, and card files whose cards look at,
#: take, discard and put on the deck cards of hands, or draw them
RULES = {
    "en": rc.load_ruleset("en"),
    "es": rc.load_ruleset("es"),
    "hand_and_deck": rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc"]),
    "war_bonds": rc.load_ruleset("en", extra=[EXAMPLES / "exprs_war_bonds.rc"]),
    "hunter": rc.load_ruleset("en", extra=[EXAMPLES / "triggers_hunter.rc"]),
}
#: cards that take from the deck and the discards and arrange the deck (D7.13, D7.14)
ZONES = rc.load_ruleset("en", extra=[EXAMPLES / "deck_requisition.rc"])


def cards_total(game: rc.Game) -> int:
    st = game.state
    return len(st.deck) + len(st.discard) + sum(len(h) for h in st.hands)


def positions(rules: rc.Ruleset, seed: int, size: str, every: int, knowing: int = 3,
              chance: str = "sampled", nodes: int = 3):
    """The positions of a random game, every ``every``-th move, every
    ``knowing``-th where a player knows a card it does not hold (D7.8, D7.9)
    and every ``nodes``-th chance node (explicit ``chance``, D7.12)."""
    game = rc.new_game(rules, seed=seed, teams=TEAMS[size], chance=chance)
    rnd = random.Random(seed)
    n = 0
    while not game.is_over:
        knows = game.state.known or any(known_deck_top(game, p) for p in game.ships)
        if n % every == 0 or (knows and n % knowing == 0) or \
                (game.is_chance_node and n % nodes == 0):
            yield game
        game.play(rnd.choice(game.legal_moves()))
        n += 1


def assert_resample_consistent(game: rc.Game, player: str, seed: int) -> rc.Game:
    """The resample's promises for ``player`` (D7.11)."""
    other = game.resample(player, seed)
    assert str(other.observation(player)) == str(game.observation(player))
    assert other.observation(player) == game.observation(player)
    assert other.information_state(player) == game.information_state(player)
    if game.to_move == player:
        assert other.legal_moves() == game.legal_moves()
    # inside a move a hand may be over its limit, its discard still to come
    total = cards_total(game)
    assert violations(other, total) == (violations(game, total) if game.is_chance_node else [])
    assert other.to_move == game.to_move and other.decision == game.decision
    return other


def world(game: rc.Game) -> tuple[dict, list]:
    """What a game is, but for its record of moves (D7.11 keeps the game's):
    its save without them, and the outcomes it asks."""
    saved = json.loads(game.to_json())
    del saved["moves"]
    return saved, game.chance_outcomes()


def assert_resample_holds_at_a_chance_node(game: rc.Game, player: str, seed: int) -> rc.Game:
    """D7.11 at a chance node: the resample keeps what ``player`` knows, asks
    the outcomes of its own cards, is what its save says, and plays on from
    each of them as a game of its own."""
    other = assert_resample_consistent(game, player, seed)
    assert other.is_chance_node
    assert other.chance_outcomes() == unseen_odds(other)
    back = rc.Game.from_json(other.to_json())
    assert back == other and back.moves == other.moves and back.log == other.log
    assert back.chance_outcomes() == other.chance_outcomes()
    total = cards_total(game)
    rnd = random.Random(seed)
    for outcome in other.legal_moves():
        each = other.clone()
        each.play(outcome)
        for _ in range(6):
            assert cards_total(each) == total
            if each.is_chance_node:
                assert each.chance_outcomes() == unseen_odds(each)
            elif not each.is_over:
                assert violations(each, total) == []
            else:
                break
            each.play(rnd.choice(each.legal_moves()))
    return other


def assert_resample_depends_on_what_the_player_knows(game: rc.Game, player: str,
                                                     seed: int) -> None:
    """D7.11: a resample depends on what ``player`` knows and its seed
    only: resampling a game it cannot tell from this one (a resample of it)
    gives the same game."""
    twin = game.resample(player, seed + 1)
    assert world(twin.resample(player, seed)) == world(game.resample(player, seed))


def check_game(rules: rc.Ruleset, seed: int, size: str, every: int, knowing: int = 3,
               chance: str = "sampled", nodes: int = 3) -> collections.Counter:
    """The resample's promises at the positions of a random game, for every
    player; the positions checked: ``decision``, ``setup`` (the setup's
    chance nodes) and ``move`` (chance nodes inside a move)."""
    checked: collections.Counter = collections.Counter()
    for game in positions(rules, seed, size, every, knowing, chance, nodes):
        before = game.to_json()
        for i, player in enumerate(game.ships):
            if game.is_chance_node:
                assert_resample_holds_at_a_chance_node(game, player, seed * 7 + i)
            else:
                assert_resample_consistent(game, player, seed * 7 + i)
            assert_resample_depends_on_what_the_player_knows(game, player, seed * 7 + i)
        assert game.to_json() == before  # the game itself untouched
        checked["decision" if not game.is_chance_node else "move" if game.log else "setup"] += 1
    return checked


@settings(max_examples=examples(3), derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), size=st.sampled_from(sorted(TEAMS)),
       rules=st.sampled_from(sorted(RULES)))
def test_resample_keeps_what_the_player_knows(seed, size, rules):
    assert check_game(RULES[rules], seed, size, every=251, knowing=7)["decision"] > 0


# the quick run: the hand-and-deck game; -m mass: the 3v3 game too
@pytest.mark.parametrize("rules,size,seed,nodes", quick_and_mass(
    [("hand_and_deck", "2v2", 1, 13), ("en", "3v3", 1, 11)], {0}))
def test_resample_keeps_what_the_player_knows_at_chance_nodes(rules, size, seed, nodes):
    """Explicit chance: the setup's chance nodes and those inside moves too."""
    checked = check_game(RULES[rules], seed, size, every=499, knowing=23, chance="explicit",
                         nodes=nodes)
    assert checked["move"] >= 3 and checked["setup"] > 0


@pytest.mark.mass
@settings(max_examples=40, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), size=st.sampled_from(sorted(TEAMS)),
       rules=st.sampled_from(sorted(RULES)), chance=st.sampled_from(["sampled", "explicit"]))
def test_resample_keeps_what_the_player_knows_many_games(seed, size, rules, chance):
    checked = check_game(RULES[rules], seed, size, every=17, knowing=2, chance=chance,
                         nodes=7)
    assert checked["decision"] > 0 and (chance == "sampled" or checked["move"] > 0)


def test_what_another_player_saw_of_a_hand_is_drawn_again_in_a_resample():
    """D7.11: which cards of a third player's hand another player saw is
    hidden from the player resampled for, so a resample does not keep their
    names: resampling the game and a resample of it gives the same game,
    the other player's record the same size and drawn from the redealt hand
    (records of some of a hand's cards, where the names could differ)."""
    game = rc.new_game(RULES["hand_and_deck"], seed=4096, teams=TEAMS["3v3"])
    rnd = random.Random(4096)
    checked = 0
    while not game.is_over and checked < 3:
        for i, player in enumerate(game.ships):
            seat = game.ships.index(player)
            others = [k for k in game.state.known if seat not in (k.viewer, k.owner)
                      and len(k.cards) < len(set(game.state.hands[k.owner]))]
            if not others:
                continue
            twin = game.resample(player, i + 1)
            assert world(twin.resample(player, i)) == world(game.resample(player, i))
            other = game.resample(player, i)
            for record in others:
                kept = next(k for k in other.state.known
                            if (k.viewer, k.owner) == (record.viewer, record.owner))
                assert len(kept.cards) == len(record.cards)
                assert collections.Counter(kept.cards) <= \
                    collections.Counter(other.state.hands[record.owner])
            checked += 1
        game.play(rnd.choice(game.legal_moves()))
    assert checked >= 3


def four_ships(hands: str, deck: str, known: str = "{}", discard: str = "[]",
               chance: str = "sampled", mode: str = "war",
               blue_destroyer: str = "{at: a6}") -> rc.Game:
    """A 2v2 game of the hand and deck cards, blue's submarine to move, with
    the given ``hands``, ``deck``, ``known`` and ``discard`` (YAML flow
    text), its chance ``chance``, its ``mode`` and blue's destroyer."""
    return rc.Game.from_scenario(f"""
        edition: en
        extra: [{HANDS_FILE}]
        chance: {chance}
        mode: {mode}
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
          red-aircraft_carrier: {{at: h1}}
          blue-destroyer: {blue_destroyer}
        hands: {hands}
        deck: {deck}
        discard: {discard}
        known: {known}
        turn: blue-submarine
        phase: maneuvers
        """)


def test_a_copy_only_the_resampled_player_knows_is_not_what_another_saw():
    """D7.8, D7.11: blue's pickpocket takes red's destroyer's logbook, then
    the carrier's captain. The destroyer knows its logbook in blue's hand;
    the carrier's record of that hand names another card, which the
    destroyer does not know. A resample for the destroyer may deal blue a
    second logbook and give the carrier's record that one: resampling that
    world again still draws the carrier's card anew, since the destroyer
    cannot tell its logbook from the other, so both resamples are the same
    game."""
    game = pickpocketed_twice(four_ships(
        "{blue-submarine: [pickpocket, pickpocket, ambush], red-destroyer: [logbook], "
        "red-aircraft_carrier: [captain], blue-destroyer: [mechanic]}",
        "[logbook, deserter, kamikaze, boatswain, intercept]"))
    player = "red-destroyer"
    assert game.known_hand(player, "blue-submarine") == ["logbook"]
    assert game.known_hand("red-aircraft_carrier", "blue-submarine") == ["captain"]
    second = 0
    for seed in range(30):
        twin = game.resample(player, seed + 1000)
        second += twin.known_hand("red-aircraft_carrier", "blue-submarine") == ["logbook"]
        assert world(twin.resample(player, 0)) == world(game.resample(player, 0))
    assert second == 4


def pickpocketed_twice(game: rc.Game) -> rc.Game:
    """``game`` (``four_ships``, blue's submarine holding two pickpockets)
    once blue's pickpocket has taken red's destroyer's card, then, a turn
    later, red's carrier's."""

    def passes() -> None:
        while "pass" in game.legal_moves():
            game.play("pass")

    game.play("order pickpocket red-destroyer")
    passes()
    while "order pickpocket red-aircraft_carrier" not in game.legal_moves():
        game.play("end")
        passes()
    game.play("order pickpocket red-aircraft_carrier")
    passes()
    assert game.hand("blue-submarine") == ["ambush", "logbook", "captain"]
    return game


@pytest.mark.parametrize("known, mode, blue_destroyer, hand", [
    ("{blue-destroyer: {blue-submarine: [ambush]}}", "war", "{at: a6}", "[mechanic]"),
    ("{}", "arena", "{sunk: true}", "[]")],
    ids=["a third player knows a card of the hand", "a third player is out of the game"])
def test_what_no_player_saw_come_in_is_drawn_again_in_every_record_of_a_hand(
        known: str, mode: str, blue_destroyer: str, hand: str):
    """D7.8, D7.11: after the pickpocket position, each other player knows one
    card of blue's hand, a different one, that no other player saw come in:
    blue's destroyer its teammate's ambush, or, in arena, nothing, being out
    of the game. A resample for red's destroyer keeps none of the others'
    cards by name (what every player saw come in is none of them), so
    resampling one of its worlds gives the game's resample."""
    game = pickpocketed_twice(four_ships(
        "{blue-submarine: [pickpocket, pickpocket, ambush], red-destroyer: [logbook], "
        f"red-aircraft_carrier: [captain], blue-destroyer: {hand}}}",
        "[logbook, deserter, kamikaze, boatswain, intercept]", known, mode=mode,
        blue_destroyer=blue_destroyer))
    player = "red-destroyer"
    assert game.state.shown == []
    for seed in range(30):
        twin = game.resample(player, seed + 1000)
        assert world(twin.resample(player, 0)) == world(game.resample(player, 0))


def test_a_whole_hand_another_player_saw_stays_whole_when_the_player_knows_a_card_of_it():
    """D7.8, D7.11: red's carrier saw blue's whole hand; red's destroyer
    knows one card of it, the logbook, which the blue destroyer does not.
    A resample for red's destroyer keeps the carrier's record the whole
    redealt hand: the cards the destroyer does not know, then the one it
    knows."""
    game = four_ships("{blue-submarine: [ambush, logbook, captain], red-destroyer: [mechanic], "
                      "red-aircraft_carrier: [deserter], blue-destroyer: [kamikaze]}",
                      "[logbook, intercept, boatswain, evasion]",
                      "{red-destroyer: {blue-submarine: [logbook]}, "
                      "red-aircraft_carrier: {blue-submarine: [ambush, logbook, captain]}}")
    player = "red-destroyer"
    for seed in range(10):
        other = game.resample(player, seed)
        hand = sorted(other.hand("blue-submarine"))
        assert "logbook" in hand
        assert sorted(other.known_hand("red-aircraft_carrier", "blue-submarine")) == hand
        assert world(other.resample(player, seed + 1).resample(player, seed)) == \
            world(game.resample(player, seed))


def test_a_resample_sorts_the_hands_it_redeals():
    """D7.11: a hand a player knows in part is redealt in sorted order, so the
    order of the real hand (here: two cards every player saw taken from the
    discards, then a hidden one) is not carried into the sample, and a
    resample of a resample is the same game."""
    game = next(g for g in positions(ZONES, 4, "3v3", every=29, knowing=3)
                if len(g.moves) == 231)
    player = game.ships[0]
    assert game.engine.ops.known_hand(0, 2) == ["intercept", "ambush"]
    twin = game.resample(player, 29)
    assert world(twin.resample(player, 28)) == world(game.resample(player, 28))
    assert game.resample(player, 28).state.hands[2] == ["ambush", "evasion", "intercept"]


def test_a_card_taken_from_the_discards_keeps_its_face_at_a_chance_node():
    """D7.8, D7.12: salvage takes two cards from the discards, each picked
    at random; after the first (``pick deserter``) the taker holds two
    deserters, one it held before and one every player saw come in. A
    resample at the second pick redeals the one held before, never the one
    from the discards, so the outcome played stays, and a resample of a
    resample is the same game."""
    game = next(g for g in positions(ZONES, 5, "2v2", every=29, knowing=3, chance="explicit",
                                     nodes=5) if len(g.moves) == 789)
    assert game.is_chance_node and game.moves[-2:] == ["order salvage", "pick deserter"]
    player = game.ships[2]
    twin = game.resample(player, 38)
    assert world(twin.resample(player, 37)) == world(game.resample(player, 37))
    for i in range(10):
        assert world(game.resample(player, i))[0]["chance_node"]["outcomes"] == \
            ["pick deserter"]


def test_a_resample_of_a_resample_keeps_the_copies_a_player_knows_in_a_hand():
    """D7.8, D7.11: blue's destroyer knows two deserters in the submarine's
    hand of three, and draws with its orders. A resample at the draw may
    deal the third card a deserter too; resampling that world again for the
    destroyer redeals the copy it does not know, never one it knows, so it
    still knows two deserters there and both resamples are the same game."""
    game = in_move(f"""
        edition: en
        extra: [{EXAMPLES / 'deck_requisition.rc'}]
        chance: explicit
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
          blue-destroyer: {{at: a6}}
          red-aircraft_carrier: {{at: h1}}
        hands: {{blue-submarine: [mechanic, deserter, deserter], blue-destroyer: [captain]}}
        deck: [deserter, kamikaze, deserter, ambush, boatswain, evasion]
        known: {{blue-destroyer: {{blue-submarine: [deserter, deserter]}}}}
        turn: blue-destroyer
        phase: maneuvers
        """, "orders")
    assert game.is_chance_node
    player = "blue-destroyer"
    three = 0
    for seed in range(20):
        twin = game.resample(player, seed + 1)
        three += twin.hand("blue-submarine") == ["deserter"] * 3
        again = twin.resample(player, seed)
        assert again.known_hand(player, "blue-submarine") == ["deserter", "deserter"]
        assert again.observation(player) == game.observation(player)
        assert world(again) == world(game.resample(player, seed))
    assert three == 4


def test_a_card_drawn_after_the_discards_became_the_deck_is_not_one_every_player_saw():
    """D7.1, D7.8, D7.11: blue's logbook finds the deck empty, so the
    discards, with a mechanic, become the deck, and blue draws that
    mechanic: only blue saw which card it drew. Red's destroyer knows the
    mechanic blue held before; a resample for it at the second draw
    redeals the drawn card, never the mechanic it knows, so it still knows
    one there and its observation stays."""
    game = four_ships("{blue-submarine: [logbook, mechanic], red-destroyer: [captain], "
                      "blue-destroyer: [ambush], red-aircraft_carrier: [kamikaze]}", "[]",
                      "{red-destroyer: {blue-submarine: [mechanic]}, "
                      "blue-destroyer: {blue-submarine: [mechanic]}, "
                      "red-aircraft_carrier: {blue-submarine: [mechanic]}}",
                      "[mechanic, boatswain, deserter, intercept, evasion]", "explicit")
    game.play("order logbook")
    game.play("draw mechanic")
    assert game.is_chance_node and game.log[-1].kind == "reshuffle"
    assert game.hand("blue-submarine") == ["mechanic", "mechanic"]
    player = "red-destroyer"
    redealt = 0
    for seed in range(40):
        other = game.resample(player, seed)
        assert other.known_hand(player, "blue-submarine") == ["mechanic"]
        assert other.observation(player) == game.observation(player)
        redealt += other.hand("blue-submarine") != ["mechanic", "mechanic"]
    assert redealt == 33


def salvaged_in_arena(hand: str, known: str, shown: str = "{}") -> rc.Game:
    """Arena 2v2 of explicit chance, red's destroyer out: blue's submarine,
    holding ``hand``, plays salvage and the chance player picks a deserter
    from the discards; ``hand``, ``known`` and ``shown`` as YAML flow text."""
    return in_move(f"""
        edition: en
        extra: [{EXAMPLES / 'deck_requisition.rc'}]
        mode: arena
        chance: explicit
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{sunk: true}}
          blue-destroyer: {{at: a6}}
          red-aircraft_carrier: {{at: h1}}
        hands: {{blue-submarine: {hand}, blue-destroyer: [mechanic],
                 red-aircraft_carrier: [evasion]}}
        deck: [kamikaze, ambush, boatswain, intercept, kamikaze]
        discard: [deserter, captain, mechanic]
        known: {known}
        shown: {shown}
        turn: blue-submarine
        phase: maneuvers
        """, "order salvage", "pick deserter")


def test_a_player_out_of_the_game_did_not_see_a_card_taken_from_the_discards():
    """D8.8, D7.8: in arena an eliminated player sees no card come in, so a
    resample for it at salvage's second pick keeps the deserter it knew in
    blue's hand, not the one taken from the discards: its observation stays."""
    game = salvaged_in_arena("[salvage, deserter]",
                             "{red-destroyer: {blue-submarine: [deserter]}}")
    assert game.is_chance_node
    for player in ("red-destroyer", "red-aircraft_carrier"):
        assert game.known_hand(player, "blue-submarine") == ["deserter"]
        for i in range(20):
            assert game.resample(player, i).observation(player) == game.observation(player)


def test_what_a_player_out_of_the_game_knows_of_the_public_part_is_hidden_from_it():
    """D8.8, D7.8, D7.11: in arena, red's destroyer is out; it knew a deserter
    in blue's hand, and the captain came in after it went, for the others
    to see, not for it. Resampled for the destroyer at salvage's second
    pick, the captain is one of the cards it does not know: resampling a
    world gives the game's resample."""
    player = "red-destroyer"
    game = salvaged_in_arena("[salvage, deserter, captain]",
                             "{red-destroyer: {blue-submarine: [deserter]}, "
                             "blue-destroyer: {blue-submarine: [captain]}, "
                             "red-aircraft_carrier: {blue-submarine: [captain]}}",
                             "{blue-submarine: [captain]}")
    for seed in range(30):
        twin = game.resample(player, seed + 100)
        assert world(twin.resample(player, seed)) == world(game.resample(player, seed))


def test_what_a_player_out_of_the_game_saw_of_a_hand_is_drawn_again_in_a_resample():
    """D8.8, D7.11: in arena, red's destroyer is out with a record of one card
    of blue's hand; which card, and whether it is the ambush every player
    still in the game saw come in, is hidden from red's carrier. A resample
    for the carrier draws that record again whole: resampling a world
    gives the game's resample."""
    game = rc.Game.from_scenario(f"""
        edition: en
        extra: [{HANDS_FILE}]
        mode: arena
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{sunk: true}}
          blue-destroyer: {{at: a6}}
          red-aircraft_carrier: {{at: h1}}
        hands: {{blue-submarine: [ambush, mechanic, captain], blue-destroyer: [evasion],
                 red-aircraft_carrier: [boatswain]}}
        deck: [ambush, ambush, kamikaze, intercept, deserter]
        known: {{red-destroyer: {{blue-submarine: [mechanic]}},
                 blue-destroyer: {{blue-submarine: [ambush]}},
                 red-aircraft_carrier: {{blue-submarine: [ambush]}}}}
        shown: {{blue-submarine: [ambush]}}
        turn: blue-submarine
        phase: maneuvers
        """)
    player = "red-aircraft_carrier"
    for seed in range(30):
        twin = game.resample(player, seed)
        assert world(twin.resample(player, 0)) == world(game.resample(player, 0))


def test_what_every_player_saw_come_into_a_hand_stays_known_in_a_resample():
    """D7.8, D7.11: cards taken from the discards are seen by every player, so
    a resample for one of them keeps them in what each other player knows
    of that hand (here: a part of it), however the rest of it is dealt."""
    game = rc.new_game(ZONES, seed=11, teams="3v3")
    rnd = random.Random(11)
    checked = 0
    while not game.is_over and not checked:
        last = game.log[-1] if game.log else None
        if last is not None and last.kind == "take_from" and last.data["zone"] == "discards":
            taker = game.ships.index(last.data["player"])
            for seat, player in enumerate(game.ships):
                if seat == taker:
                    continue
                mine = collections.Counter(game.engine.ops.known_hand(seat, taker))
                for record in game.state.known:
                    if record.owner != taker or record.viewer in (seat, taker) or \
                            len(record.cards) == len(game.state.hands[taker]):
                        continue  # a whole hand seen stays whole anyway
                    public = collections.Counter(record.cards) & mine
                    assert public
                    for i in range(20):
                        kept = next(k for k in game.resample(player, i).state.known
                                    if (k.viewer, k.owner) == (record.viewer, taker))
                        assert public <= collections.Counter(kept.cards)
                        assert len(kept.cards) == len(record.cards)
                    checked += 1
        game.play(rnd.choice(game.legal_moves()))
    assert checked > 0


@pytest.mark.parametrize("rules,seed", [("hand_and_deck", 3), ("hand_and_deck", 4)])
def test_resample_keeps_every_known_card_of_a_seen_hand(rules, seed):
    """D7.8: a seen hand's cards stay where the player saw them, in every sample."""
    seen = 0
    for game in positions(RULES[rules], seed, "2v2", every=10 ** 6, knowing=2):
        for record in game.state.known:
            viewer, owner = game.ships[record.viewer], game.ships[record.owner]
            known = game.known_hand(viewer, owner)
            for i in range(3):
                other = game.resample(viewer, i)
                assert collections.Counter(known) <= collections.Counter(other.hand(owner))
                assert other.known_hand(viewer, owner) == known
            seen += 1
    assert seen > 10


def first_deck_top(seed: int) -> tuple[rc.Game, str]:
    """The first position of a random 1v1 game with hand_and_deck's cards where
    a player knows the card on top of the deck (it put it there, D7.9)."""
    game = rc.new_game(RULES["hand_and_deck"], seed=seed)
    rnd = random.Random(seed)
    while not game.is_over:
        for player in game.ships:
            if known_deck_top(game, player):
                return game, player
        game.play(rnd.choice(game.legal_moves()))
    raise AssertionError("no card was put on the deck")


def test_the_card_a_player_put_on_the_deck_stays_there_for_it_only():
    """D7.9: the putter's resamples keep the top card; the other player's move it."""
    game, putter = first_deck_top(0)
    other_player = next(p for p in game.ships if p != putter)
    top = game.deck[0]
    assert game.observation(putter).deck_top == (top,) and top != UNSEEN
    assert game.observation(other_player).deck_top == ()
    assert game.log[-1].kind == "deck_top" or any(e.kind == "deck_top" for e in game.log)
    assert {game.resample(putter, i).deck[0] for i in range(40)} == {top}
    assert len({game.resample(other_player, i).deck[0] for i in range(40)}) > 1


def test_known_deck_top_is_forgotten_once_drawn():
    """D7.9: a draw takes the known card off the top; nobody knows the new top."""
    game, putter = first_deck_top(0)
    rnd = random.Random(6)
    while known_deck_top(game, putter) and not game.is_over:
        game.play(rnd.choice(game.legal_moves()))
    assert game.observation(putter).deck_top == ()
    assert any(e.kind == "draw" for e in game.log)


def test_every_unseen_card_reaches_every_hidden_place():
    """D7.11: over many resamples, every card of the unseen pool is dealt to
    every hidden place: each other hand's unknown cards and each unknown
    deck position (the top, the middle, the bottom). None is stuck."""
    game = next(g for g in positions(RULES["hand_and_deck"], 3, "2v2", every=10 ** 6)
                if g.state.known and len(g.deck) > 5)
    player = game.ships[game.state.known[0].viewer]
    seat = game.ships.index(player)
    hands, deck = hidden_places(game, seat)
    pool = set(unseen_pool(game, seat))
    places = {("hand", o): set() for o, cards in hands.items() if cards}
    watched = [deck[0], deck[len(deck) // 2], deck[-1]]
    places.update({("deck", i): set() for i in watched})
    for i in range(600):
        other = game.resample(player, i)
        for owner, cards in hands.items():
            if cards:
                extra = collections.Counter(other.state.hands[owner]) - \
                    collections.Counter(game.known_hand(player, game.ships[owner]))
                places["hand", owner].update(extra)
        for i in watched:
            places["deck", i].add(other.deck[i])
    assert len(pool) > 3 and len(places) >= 4
    for place, seen in places.items():
        assert seen == pool, place


def hidden_swap(game: rc.Game, viewer: int) -> rc.Game | None:
    """A copy of ``game`` where one card of another player's hand that
    neither ``viewer`` nor anyone else knows is exchanged with a different
    card of the deck that ``viewer`` does not know; None if there is none."""
    hands, deck = hidden_places(game, viewer)
    known = {(k.owner, c) for k in game.state.known for c in k.cards}
    for owner, cards in hands.items():
        for card in cards:
            if (owner, card) in known:
                continue
            for i in deck:
                if game.state.deck[i] != card:
                    other = game.clone()
                    hand = other.state.hands[owner]
                    hand[hand.index(card)], other.state.deck[i] = other.state.deck[i], card
                    return other
    return None


@pytest.mark.parametrize("rules,size,seed", [("en", "1v1", 1), ("hand_and_deck", "2v2", 3),
                                             ("es", "3v3", 4)])
def test_an_observation_ignores_cards_it_cannot_see(rules, size, seed):
    """D7.7, D7.8: changing only cards hidden from a player leaves its
    observation and information state equal; the owner's changes."""
    changed = 0
    for game in positions(RULES[rules], seed, size, every=53, knowing=11):
        for viewer, player in enumerate(game.ships):
            other = hidden_swap(game, viewer)
            if other is None:
                continue
            assert other.observation(player) == game.observation(player)
            assert other.information_state(player) == game.information_state(player)
            owners = [p for p in game.ships if other.hand(p) != game.hand(p)]
            assert [other.observation(p) != game.observation(p) for p in owners] == \
                [True] * len(owners)
            changed += 1
    assert changed > 5


def test_teammates_hands_are_private():
    """D7.8: a teammate's hand is not in a player's observation."""
    game = rc.new_game(RULES["en"], seed=3, teams=TEAMS["2v2"])
    obs = game.observation("blue-submarine")
    mate = next(p for p in game.ships if p != "blue-submarine"
                and game.ship(p).side == "blue")
    assert obs.known == ()
    assert dict(obs.hand_sizes)[mate] == len(game.hand(mate)) == 1
    assert obs.hand == tuple(game.hand("blue-submarine"))


def test_resample_reseeds_the_random_generator_and_keeps_the_rest():
    game = rc.new_game(RULES["en"], seed=3)
    player = game.ships[0]
    a, b, a2 = (game.resample(player, s) for s in (1, 2, 1))
    assert a.state.rng != b.state.rng and a.state == a2.state
    assert a.moves == game.moves and a.log == game.log and a.setup == game.setup
    assert game.resample(player, random.Random(1)).state == a.state
    assert type(a) is rc.Game


@pytest.mark.parametrize("bad", ["1", 1.5, None])
def test_resample_refuses_a_bad_rng(bad):
    game = rc.new_game(RULES["en"], seed=3)
    with pytest.raises(TypeError, match="rng must be"):
        game.resample(game.ships[0], bad)


def test_a_wrong_player_is_named():
    game = rc.new_game(RULES["en"], seed=3)
    for ask in (game.observation, game.information_state,
                lambda p: game.resample(p, 0)):
        with pytest.raises(rc.UnknownName, match="nobody"):
            ask("nobody")


# ------------------------------------------------------------------ at a chance node
# With explicit chance (D7.12) a move that needs an outcome is run again from
# the position before it once the outcome is played: the resample must redeal
# that position too, or playing on would bring the real cards back.

HANDS_FILE = EXAMPLES / "hand_and_deck.rc"


def in_move(text: str, *moves: str) -> rc.Game:
    """A scenario of explicit chance, with ``moves`` played."""
    game = scenario_game(text)
    assert game.chance == "explicit"
    for move in moves:
        game.play(move)
    return game


def redealt(game: rc.Game, player: str, seed: int) -> rc.Game:
    """The resample of ``game`` for ``player`` with ``seed``, checked, and
    told apart from the game: it deals its own cards."""
    other = assert_resample_holds_at_a_chance_node(game, player, seed)
    assert other.chance_outcomes() != game.chance_outcomes()
    return other


def drawn_into(game: rc.Game, ship: str) -> None:
    """Each outcome asked, played, puts its card in ``ship``'s hand as the
    game has it: the hand is the game's own, plus that card."""
    hand = game.hand(ship)
    for outcome in game.legal_moves():
        each = game.clone()
        each.play(outcome)
        assert sorted(each.hand(ship)) == sorted(hand + [outcome.split()[1]])


LOGBOOK = f"""
    edition: en
    extra: [{HANDS_FILE}]
    chance: explicit
    ships:
      blue-submarine: {{at: a1}}
      red-destroyer: {{at: h6}}
    hands: {{blue-submarine: [ambush], red-destroyer: [logbook, mechanic, deserter]}}
    deck: [kamikaze, kamikaze, ambush, evasion, captain, boatswain]
    turn: red-destroyer
    phase: maneuvers
"""


def test_a_resample_inside_a_draw_deals_from_its_own_deck_and_keeps_its_hands():
    """Red's logbook draws 2; blue does not see which. Blue's resample at the
    second draw asks for a card of its own deck, and the card drawn joins its
    own red hand: the real one does not come back."""
    game = in_move(LOGBOOK, "order logbook", "draw kamikaze")
    assert game.chance_outcomes() == unseen_odds(game)
    other = redealt(game, "blue-submarine", 2)
    assert sorted(other.hand("red-destroyer")) != sorted(game.hand("red-destroyer"))
    drawn_into(other, "red-destroyer")


def test_a_resample_at_a_chance_node_depends_on_what_the_player_knows_only():
    """Two games blue cannot tell apart (red drew another card, unseen) give
    the same resample for the same seed: its position before the move, its
    outcomes and what it asks are dealt from blue's knowledge alone."""
    game = in_move(LOGBOOK, "order logbook", "draw kamikaze")
    twin = in_move(LOGBOOK, "order logbook", "draw evasion")
    assert twin.information_state("blue-submarine") == game.information_state("blue-submarine")
    assert twin.hand("red-destroyer") != game.hand("red-destroyer")
    for seed in range(5):
        assert world(twin.resample("blue-submarine", seed)) == \
            world(game.resample("blue-submarine", seed))


RAID = "order raid { copies 0  effect take 2 random of target }\n"


def raided(tmp_path, deck: str, hands: str = "{blue-submarine: [ambush], "
           "blue-destroyer: [kamikaze, mechanic, ambush], red-destroyer: [raid], "
           "red-aircraft_carrier: [captain]}", known: str = "{}", shown: str = "{}",
           discard: str = "[]", first: str = "ambush") -> rc.Game:
    """2v2: red's raid takes 2 cards of blue-destroyer's hand at random, the
    first ``first`` (an ambush); blue-submarine, its teammate, sees neither.
    ``hands``, ``known``, ``shown`` and ``discard`` as YAML flow text."""
    raid = tmp_path / "raid.rc"
    raid.write_text(RAID)
    return in_move(f"""
        edition: en
        extra: [{HANDS_FILE}, {raid}]
        chance: explicit
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
          blue-destroyer: {{at: a2}}
          red-aircraft_carrier: {{at: h5}}
        hands: {hands}
        deck: {deck}
        discard: {discard}
        known: {known}
        shown: {shown}
        turn: red-destroyer
        phase: maneuvers
    """, "order raid blue-destroyer", f"pick {first}")


def test_a_public_card_taken_at_random_keeps_its_new_face_in_the_position_before(tmp_path):
    """D7.8, D7.11, D7.12: blue's destroyer holds captain and kamikaze, which
    every player saw come in, and an ambush. Red's raid takes two cards of
    it at random, the first the kamikaze. For red's carrier, which sees
    neither, a resample at the second pick may give the first another face:
    that copy is then what every player saw come in, before the move, in
    that world, so resampling the world gives the game's resample."""
    known = "[captain, kamikaze]"
    game = raided(tmp_path, "[evasion, boatswain, mechanic, ambush, deserter]",
                  "{blue-submarine: [intercept], blue-destroyer: [captain, kamikaze, ambush], "
                  "red-destroyer: [raid], red-aircraft_carrier: [boatswain]}",
                  f"{{blue-submarine: {{blue-destroyer: {known}}}, "
                  f"red-destroyer: {{blue-destroyer: {known}}}, "
                  f"red-aircraft_carrier: {{blue-destroyer: {known}}}}}",
                  f"{{blue-destroyer: {known}}}", "[deserter]", "kamikaze")
    assert [(s.owner, s.cards) for s in game.state.shown] == [(2, ["captain"])]
    player = "red-aircraft_carrier"
    for seed in range(20):
        twin = game.resample(player, seed + 100)
        assert world(twin.resample(player, seed)) == world(game.resample(player, seed))


def test_a_resample_inside_a_random_take_picks_from_its_own_hand(tmp_path):
    """Blue-submarine's resample at the raid's second pick picks from its
    own blue-destroyer hand, into its own red hand."""
    game = raided(tmp_path, "[evasion, deserter, boatswain, kamikaze, captain]")
    assert game.chance_outcomes()[0][0].startswith("pick ")
    other = redealt(game, "blue-submarine", 0)
    assert other.chance_outcomes() == odds_of("pick", other.hand("blue-destroyer"))
    drawn_into(other, "red-destroyer")


def test_a_resample_keeps_two_different_cards_where_the_chance_player_was_asked(tmp_path):
    """The raid's second pick was asked, so blue-destroyer's two cards
    differ, as blue-submarine knows: with ambushes everywhere in its unseen
    pool, its resamples still give that hand two different cards (a redeal
    of two alike, which would ask nothing, is dealt again)."""
    game = raided(tmp_path, "[ambush, ambush, kamikaze, mechanic]")
    for seed in range(20):
        other = assert_resample_holds_at_a_chance_node(game, "blue-submarine", seed)
        assert len(set(other.hand("blue-destroyer"))) == 2


def test_a_resample_that_finds_no_redeal_keeping_the_chance_node_says_so(tmp_path,
                                                                          monkeypatch):
    game = raided(tmp_path, "[evasion, deserter, boatswain, kamikaze, captain]")
    monkeypatch.setattr(resample.Run, "asks_each", lambda run, face: False)
    with pytest.raises(RuntimeError, match="no redeal of the unseen cards keeps the chance "
                                           "node asked after 1000 tries"):
        game.resample("blue-submarine", 0)


CHOSEN = ROOT / "tests" / "data" / "chosen_then_drawn.rc"


def grabbed(card: str) -> rc.Game:
    """2v2: red's grab takes the card it chooses of blue-destroyer's hand,
    which blue-submarine does not see, then draws (a chance node)."""
    return in_move(f"""
        edition: en
        extra: [{CHOSEN}]
        chance: explicit
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
          blue-destroyer: {{at: a2}}
          red-aircraft_carrier: {{at: h5}}
        hands: {{blue-submarine: [ambush], blue-destroyer: [kamikaze, mechanic, ambush],
                 red-destroyer: [grab], red-aircraft_carrier: [captain]}}
        deck: [evasion, deserter, boatswain, kamikaze, captain]
        turn: red-destroyer
        phase: maneuvers
    """, "order grab blue-destroyer", f"choose {card}")


def test_a_resample_after_a_choice_out_of_sight_redeals_the_choice_too():
    """The move waiting for the draw is red's choice of mechanic, moved out
    of blue-submarine's sight: its resample redeals that card too, and the
    move it records and runs again chooses the card its red hand holds."""
    game = grabbed("mechanic")
    assert game.is_chance_node and game.moves[-1] == "choose mechanic"
    chosen = set()
    for seed in range(8):
        other = assert_resample_holds_at_a_chance_node(game, "blue-submarine", seed)
        assert other.hand("red-destroyer") == [other.moves[-1].split()[1]]
        chosen.add(other.moves[-1])
    assert len(chosen) > 2
    twin = grabbed("kamikaze")
    assert twin.information_state("blue-submarine") == game.information_state("blue-submarine")
    for seed in range(3):
        assert world(twin.resample("blue-submarine", seed)) == \
            world(game.resample("blue-submarine", seed))


def test_a_resample_after_a_card_put_on_top_and_drawn_back_redeals_it():
    """Blue's stash puts the card it chooses on top of the deck, then draws
    it back without chance and asks for a second card: red's resample
    redeals the card blue chose with the rest of blue's hand."""
    game = in_move(f"""
        edition: en
        extra: [{CHOSEN}]
        chance: explicit
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
        hands: {{blue-submarine: [stash, ambush, mechanic], red-destroyer: [kamikaze]}}
        deck: [evasion, deserter, boatswain, captain]
        phase: maneuvers
    """, "order stash", "choose mechanic")
    assert game.is_chance_node and "mechanic" in game.hand("blue-submarine")
    chosen = set()
    for seed in range(8):
        other = assert_resample_holds_at_a_chance_node(game, "red-destroyer", seed)
        assert other.moves[-1].split()[1] in other.hand("blue-submarine")
        chosen.add(other.moves[-1])
    assert len(chosen) > 2


def test_a_resample_at_the_sinkers_draw_deals_from_its_own_deck():
    """Blue's ambush sinks red (R8.3): blue draws a card, which red does not
    see. Red's resample asks a card of its own deck, into its own blue hand."""
    game = in_move("""
        mode: war
        chance: explicit
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6, repairs: 2, breakdowns: 0}
        hands: {blue-submarine: [ambush, mechanic, deserter], red-destroyer: [kamikaze]}
        deck: [captain, evasion, boatswain, intercept]
        phase: maneuvers
    """, "order ambush red-destroyer")
    assert game.ship("red-destroyer").sunk and game.is_chance_node
    other = redealt(game, "red-destroyer", 0)
    drawn_into(other, "blue-submarine")


def test_a_resample_inside_the_catch_up_draw_keeps_its_first_card():
    """Arena 2v2: red loses a ship first and its survivor draws 2 cards, one
    at a time (R8.2, E8.2). Blue's resample at the second card has its own
    first card in red's hand, and asks a card of its own deck."""
    game = in_move("""
        mode: arena
        chance: explicit
        ships:
          blue-submarine: {at: c3}
          blue-aircraft_carrier: {at: c4}
          red-destroyer: {at: h1, repairs: 2, breakdowns: 0}
          red-aircraft_carrier: {at: h6}
        hands: {blue-submarine: [ambush], red-aircraft_carrier: [mechanic]}
        deck: [captain, evasion, deserter, boatswain, kamikaze]
        phase: maneuvers
    """, "order ambush red-destroyer", "draw evasion")
    assert game.ship("red-destroyer").eliminated and game.is_chance_node
    other = redealt(game, "blue-submarine", 1)
    assert sorted(other.hand("red-aircraft_carrier")) != \
        sorted(game.hand("red-aircraft_carrier"))
    drawn_into(other, "red-aircraft_carrier")


def test_a_resample_at_the_setups_chance_node_deals_the_starting_hands_again():
    """The setup draws the starting hands (R7.1): red's resample after blue's
    card has its own blue card, which stays when red's card is drawn."""
    game = rc.new_game(RULES["en"], seed=3, chance="explicit")
    while not game.legal_moves()[0].startswith("draw"):
        game.play(game.legal_moves()[0])
    game.play("draw mechanic")
    assert game.hand("blue-submarine") == ["mechanic"]
    other = game.resample("red-destroyer", 4)
    assert other.hand("blue-submarine") != ["mechanic"]
    assert other.chance_outcomes() == unseen_odds(other)
    assert rc.Game.from_json(other.to_json()) == other
    blue = other.hand("blue-submarine")
    for outcome in other.legal_moves():
        each = other.clone()
        each.play(outcome)
        assert each.hand("blue-submarine") == blue
        assert each.observation("red-destroyer").hand == (outcome.split()[1],)


# ------------------------------------------------------------ the deck as a zone (D7.13)


def zone_positions(seed: int, chance: str, moves: int = 400):
    """The positions of a random 1v1 game with requisition, salvage and
    intelligence_report (cards/examples/deck_requisition.rc) played whenever
    they may be, from the card's declaration until six moves after it, each
    with the seat that played it."""
    game = rc.new_game(ZONES, seed=seed, teams=TEAMS["1v1"], chance=chance)
    rnd = random.Random(seed)
    taker, left = None, 0
    for _ in range(moves):
        if game.is_over:
            return
        if left:
            yield game, taker
            left -= 1
        legal = game.legal_moves()
        zone = [m for m in legal if m.split()[:2] in (["order", "requisition"],
                                                     ["order", "salvage"],
                                                     ["order", "intelligence_report"])]
        move = rnd.choice(zone or legal)
        if zone:
            taker, left = game.to_move, 6
        game.play(move)


@pytest.mark.parametrize("chance", ["sampled", "explicit"])
def test_a_resample_never_leaks_what_a_zone_showed(chance):
    """A world dealt for a seat keeps what that seat knows (its observation,
    information state and legal moves: the deck's cards while it chooses
    one, the top cards it arranged) and, over many seeds, differs in what it
    does not: the card another player took from the deck, the cards another
    player arranged on top (D7.13, D7.14, D7.11)."""
    varied = collections.Counter()
    checked = 0
    for seed in range(3):
        for game, taker in zone_positions(seed, chance):
            for i, player in enumerate(game.ships):
                assert_resample_consistent(game, player, seed * 7 + i)
            if not game.is_chance_node:  # the engine's count of the cards in view on top
                assert game.engine.ops.put_on_top(0) == len(deck_tops(game))
            checked += 1
            if game.is_chance_node or taker is None:
                continue
            other = next(p for p in game.ships if p != taker)
            worlds = [game.resample(other, s) for s in range(6)]
            varied["hand"] += len({tuple(sorted(w.hand(taker))) for w in worlds}) > 1
            varied["top"] += len({tuple(w.state.deck[:3]) for w in worlds}) > 1
    assert checked > 10 and varied["hand"] > 0 and varied["top"] > 0
