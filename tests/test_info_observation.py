"""``game.observation(player)`` and ``game.information_state(player)``: what
a player may know (docs/rules.md D7.7–D7.10), immutable, and nothing more."""

from __future__ import annotations

import random

import attrs
import pytest

import redcode_rules as rc
from redcode_rules.info.observation import Observation

from conftest import EXAMPLES, TEAMS, scenario_game

EN = rc.load_ruleset("en")
HAND_AND_DECK = rc.load_ruleset("en", extra=[EXAMPLES / "hand_and_deck.rc"])
#: the fields only the observing player sees
PRIVATE = {"player", "side", "hand", "known", "deck_top", "sight"}


def test_an_observation_is_immutable():
    game = rc.new_game(EN, seed=1, teams=TEAMS["2v2"])
    obs = game.observation(game.to_move)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        obs.ships[0].repairs = 0  # type: ignore[misc]
    assert all(isinstance(getattr(obs, f.name), (tuple, str, int, type(None)))
               for f in attrs.fields(Observation) if f.name != "encoding")
    assert hash(obs) == hash(game.observation(game.to_move))


def test_an_observation_shows_each_ship_as_the_game_does():
    """One view of a ship: ``game.ship(id)``, whoever observes."""
    game = rc.new_game(EN, seed=2, teams=TEAMS["2v2"], placement="fixed")
    game.play(game.legal_moves()[0])
    for player in game.ships:
        assert game.observation(player).ships == tuple(game.ship(s) for s in game.ships)


def test_a_new_game_shows_each_player_its_own_card_only():
    game = rc.new_game(EN, seed=4, teams=TEAMS["3v3"], placement="fixed")
    for player in game.ships:
        obs = game.observation(player)
        assert obs.hand == tuple(game.hand(player))
        assert obs.known == () and obs.deck_top == ()
        assert obs.hand_sizes == tuple((p, 1) for p in game.ships)
        assert obs.deck_size == len(game.deck) == 30 - 6
        assert f"hand: [{game.hand(player)[0]}]" in str(obs)
        assert obs.player == player and obs.side == game.ship(player).side


def test_every_player_sees_the_same_public_part():
    """D7.7: the fields not private to a player are equal for every player."""
    game = rc.new_game(HAND_AND_DECK, seed=3, teams=TEAMS["2v2"])
    rnd = random.Random(3)
    for _ in range(300):
        game.play(rnd.choice(game.legal_moves()))
        seen = {p: game.observation(p) for p in game.ships}
        public = {p: {f.name: getattr(obs, f.name)
                      for f in attrs.fields(Observation) if f.name not in PRIVATE}
                  for p, obs in seen.items()}
        assert all(v == public[game.ships[0]] for v in public.values())


def test_what_a_card_showed_is_known_to_its_player_only():
    """D7.8: after a look at a hand (the spyglass of hand_and_deck.rc), the
    looker's observation has those cards; nobody else's has."""
    game = rc.new_game(HAND_AND_DECK, seed=3, teams=TEAMS["2v2"])
    rnd = random.Random(3)
    seen = 0
    while not game.is_over:
        game.play(rnd.choice(game.legal_moves()))
        for record in game.state.known:
            viewer, owner = game.ships[record.viewer], game.ships[record.owner]
            assert dict(game.observation(viewer).known)[owner] == \
                tuple(game.known_hand(viewer, owner))
            for other in game.ships:
                if other not in (viewer, owner) and not any(
                        k.viewer == game.ships.index(other) and k.owner == record.owner
                        for k in game.state.known):
                    assert owner not in dict(game.observation(other).known)
            seen += 1
    assert seen > 20


def test_the_information_state_is_the_observation_then_the_public_history():
    game = rc.new_game(EN, seed=5)
    rnd = random.Random(5)
    for _ in range(40):
        game.play(rnd.choice(game.legal_moves()))
    a, b = game.ships
    info_a, info_b = game.information_state(a), game.information_state(b)
    assert info_a.startswith(str(game.observation(a)) + "\nhistory:\n")
    history = info_a.split("\nhistory:\n", 1)[1]
    assert history == info_b.split("\nhistory:\n", 1)[1]
    assert len(history.splitlines()) == len(game.log)
    before = info_a
    game.play(rnd.choice(game.legal_moves()))
    assert game.information_state(a) != before


def test_the_observation_string_holds_no_unseen_hand():
    """The string of a player's observation does not change with the cards
    of another hand it has not seen (here: every card of the deck tried)."""
    game = rc.new_game(EN, seed=6, placement="fixed")
    me, them = game.ships
    text = str(game.observation(me))
    for card in set(game.deck):
        other = game.clone()
        other.state.hands[1] = [card]
        assert str(other.observation(me)) == text
        assert f"hand: [{card}]" in str(other.observation(them))


def test_a_card_put_on_top_and_drawn_already_is_no_longer_known_at_the_next_draw():
    """D7.9, D7.12: blue's card put on top is drawn first by its logbook,
    without chance; at the second card, asked, no card of the deck is one
    blue put there (the log counts the draw only once it is done)."""
    game = scenario_game(f"""
        edition: en
        extra: [{EXAMPLES / "hand_and_deck.rc"}]
        chance: explicit
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6}}
        hands: {{blue-submarine: [sealed_orders, logbook, ambush], red-destroyer: []}}
        deck: [kamikaze, kamikaze, mechanic]
        phase: maneuvers
    """)
    for move in ("order sealed_orders blue-submarine", "choose ambush"):
        game.play(move)
    assert game.observation("blue-submarine").deck_top == ("ambush",)
    for move in ("end", "end", "order logbook"):
        game.play(move)
    assert game.is_chance_node and game.hand("blue-submarine") == ["ambush"]
    assert game.observation("blue-submarine").deck_top == ()
    game.play("draw mechanic")
    assert game.observation("blue-submarine").deck_top == ()
