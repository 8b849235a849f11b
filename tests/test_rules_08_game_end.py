"""The end of a game and the draws around a sinking, in every edition they
apply to (docs/rules.md §8, §10):

- D8.6 the end is checked after each whole effect, nothing resolves after
  the game is over, both sides out (arena) or at 5 points (war) in one
  effect is a draw, and there is one ``game_over`` event;
- D8.7 Captain's "you draw" is its player's;
- R8.3 and §10 the sinker's order card: any ship (en, es), enemy ships only (it).
"""


import pytest

import redcode_rules as rc

from conftest import EDITIONS, logged, pass_all, scenario_game



def kinds_after(game, kind):
    """The kinds of the events logged after the first ``kind`` event."""
    kinds = [e.kind for e in game.log]
    return kinds[kinds.index(kind) + 1:]


def assert_over(game, winner, reason):
    """The game is over with ``winner``, once, and nothing happened after it."""
    assert game.is_over is True
    assert game.winner == winner
    assert logged(game, "game_over", "winner", "reason") == [(winner, reason)]
    assert kinds_after(game, "game_over") == []
    assert game.stack == []
    assert game.to_move is None
    assert game.legal_moves() == []


# ------------------------------------------------------------------ D8.6


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_6_arena_atomic_bomb_sinking_both_last_ships_is_a_draw(edition):
    """The bomb's damage to every ship in its square is one effect: blue's last
    ship and red's last ship both sink in it, so both sides are out: a draw,
    not a win for the side whose ship happened to sink second."""
    game = scenario_game(f"""
        edition: {edition}
        mode: arena
        ships:
          blue-submarine: {{at: c3, repairs: 2, breakdowns: 0}}
          red-destroyer: {{at: d4, repairs: 1, breakdowns: 0}}
        hands: {{blue-submarine: [atomic_bomb]}}
        deck: [ambush, evasion]
        phase: maneuvers
    """)
    game.play("order atomic_bomb c3")
    assert logged(game, "sunk", "ship") == ["blue-submarine",
                                                                "red-destroyer"]
    assert_over(game, "draw", "both_eliminated")
    assert game.narration(edition)[-1] == {
        "en": "Game over: draw (both fleets are sunk in one effect).",
        "es": "Fin de la partida: empate (las dos flotas se hunden en un mismo efecto).",
        "it": "Fine della partita: pareggio (entrambe le flotte affondano nello stesso effetto).",
    }[edition]
    assert game.deck == ["ambush", "evasion"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_6_arena_bomb_sinking_the_last_enemy_wins_and_gives_no_catch_up(edition):
    """2v2 arena, red already down to its destroyer: the bomb sinks it and blue's
    destroyer. Blue wins; blue's first loss gives no catch-up (R8.2), since the
    effect ended the game."""
    game = scenario_game(f"""
        edition: {edition}
        mode: arena
        ships:
          blue-submarine: {{at: a1}}
          blue-destroyer: {{at: c3, repairs: 1, breakdowns: 0}}
          red-destroyer: {{at: d4, repairs: 2, breakdowns: 0}}
          red-submarine: {{sunk: true}}
        hands: {{blue-submarine: [atomic_bomb]}}
        deck: [ambush, evasion, captain]
        phase: maneuvers
    """)
    game.play("order atomic_bomb c3")
    assert game.ship("blue-destroyer").eliminated is True
    assert game.ship("red-destroyer").eliminated is True
    assert_over(game, "blue", "eliminated")
    assert [e for e in game.log if e.kind == "catchup"] == []
    assert game.hand("blue-submarine") == []
    assert game.deck == ["ambush", "evasion", "captain"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_6_arena_catch_up_still_follows_a_bomb_that_does_not_end_the_game(edition):
    """A bomb that sinks blue's destroyer only: the game goes on, and blue, the
    first side to lose a ship in a 2v2, draws its 2 catch-up cards after the
    whole effect (R8.2)."""
    game = scenario_game(f"""
        edition: {edition}
        mode: arena
        ships:
          blue-submarine: {{at: a1}}
          blue-destroyer: {{at: c3, repairs: 1, breakdowns: 0}}
          red-destroyer: {{at: d4}}
          red-submarine: {{at: h6}}
        hands: {{blue-submarine: [atomic_bomb]}}
        deck: [ambush, evasion, captain]
        phase: maneuvers
    """)
    game.play("order atomic_bomb c3")
    assert game.is_over is False
    assert logged(game, "catchup", "side", "cards") == [("blue", 2)]
    assert game.hand("blue-submarine") == ["ambush", "evasion"]
    assert game.deck == ["captain"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_6_war_bomb_sinking_an_own_and_an_enemy_ship_at_four_points(edition):
    """War, 4 points each: blue's bomb sinks a ship of each side. Only the
    sinker's side scores (D8.3), so blue wins with 5 and red stays at 4 (in war
    one effect cannot bring both sides to 5). Nothing is drawn after it: no
    sinker's card, whether for the friendly or the enemy ship."""
    game = scenario_game(f"""
        edition: {edition}
        mode: war
        ships:
          blue-submarine: {{at: a1}}
          blue-destroyer: {{at: c3, repairs: 1, breakdowns: 0}}
          red-destroyer: {{at: d4, repairs: 2, breakdowns: 0}}
          red-submarine: {{at: h6}}
        score: {{blue: 4, red: 4}}
        hands: {{blue-submarine: [atomic_bomb]}}
        deck: [ambush, evasion]
        phase: maneuvers
    """)
    game.play("order atomic_bomb c3")
    assert game.ship("blue-destroyer").sunk and game.ship("red-destroyer").sunk
    assert game.score == {"blue": 5, "red": 4}
    assert_over(game, "blue", "points")
    assert [e for e in game.log if e.kind == "draw"] == []
    assert game.deck == ["ambush", "evasion"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_6_war_bomb_sinking_two_enemies_at_four_points_stops_at_five(edition):
    """War, blue at 4: the bomb sinks both red ships. Blue wins with 5 points,
    not 6, one game_over, and no sinker's card after the winning sink."""
    game = scenario_game(f"""
        edition: {edition}
        mode: war
        ships:
          blue-submarine: {{at: a1}}
          blue-destroyer: {{at: a2}}
          red-destroyer: {{at: d4, repairs: 2, breakdowns: 0}}
          red-submarine: {{at: c3, repairs: 1, breakdowns: 0}}
        score: {{blue: 4, red: 0}}
        hands: {{blue-submarine: [atomic_bomb]}}
        deck: [ambush, evasion]
        phase: maneuvers
    """)
    game.play("order atomic_bomb c3")
    assert game.ship("red-destroyer").sunk and game.ship("red-submarine").sunk
    assert game.score == {"blue": 5, "red": 0}
    assert logged(game, "score", "points") == [5]
    assert_over(game, "blue", "points")
    assert game.hand("blue-submarine") == []
    assert game.deck == ["ambush", "evasion"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_6_war_nothing_resolves_after_the_winning_sink(edition):
    """War, blue at 4: Captain sinks the red destroyer. The game is over after
    its damage, so its "then you draw 1" does not happen, nor the sinker's card."""
    game = scenario_game(f"""
        edition: {edition}
        mode: war
        ships:
          blue-submarine: {{at: a1}}
          red-destroyer: {{at: h6, repairs: 1, breakdowns: 0}}
        score: {{blue: 4, red: 2}}
        hands: {{blue-submarine: [captain]}}
        deck: [ambush, evasion]
        phase: maneuvers
    """)
    game.play("order captain red-destroyer")
    assert game.score == {"blue": 5, "red": 2}
    assert_over(game, "blue", "points")
    assert game.hand("blue-submarine") == []
    assert game.deck == ["ambush", "evasion"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_6_war_chain_below_the_winning_sink_does_not_resolve(edition):
    """Red at 4 answers blue's torpedo with a torpedo that sinks the submarine:
    red wins, and blue's torpedo below it never resolves."""
    game = scenario_game(f"""
        edition: {edition}
        mode: war
        ships:
          blue-submarine: {{at: c3, repairs: 1, breakdowns: 0, crew_on: {{countermeasure: 2}}}}
          red-destroyer: {{at: c5, crew_on: {{shield: 2}}}}
        score: {{blue: 0, red: 4}}
        deck: [ambush]
        phase: maneuvers
    """)
    game.play("torpedo red-destroyer")
    game.play("respond torpedo blue-submarine")
    assert_over(game, "red", "points")
    assert logged(game, ("resolve", "wasted"), "kind", "card") == [
        ("resolve", "torpedo")]
    assert game.ship("red-destroyer").repairs == 3
    assert game.deck == ["ambush"]


# ------------------------------------------------------------------ D8.7 and §10


@pytest.mark.parametrize("edition, hand", [
    ("en", ["ambush", "evasion"]),   # the sinker's card (any ship), then Captain's draw
    ("es", ["ambush", "evasion"]),
    ("it", ["ambush"]),              # own ship: no sinker's card; Captain's draw only
])
def test_d8_7_war_captain_sinking_its_own_ship_still_draws(edition, hand):
    """Captain's "then you draw 1" is its player's: the player draws although
    the card sank their own ship (off the board, waiting to respawn, R8.4)."""
    game = scenario_game(f"""
        edition: {edition}
        mode: war
        ships:
          blue-submarine: {{at: a1, repairs: 1, breakdowns: 0}}
          red-destroyer: {{at: h6}}
        hands: {{blue-submarine: [captain]}}
        deck: [ambush, evasion, deserter]
        phase: maneuvers
    """)
    game.play("order captain blue-submarine")
    assert game.ship("blue-submarine").sunk is True
    assert game.score == {"blue": 0, "red": 0}
    assert game.hand("blue-submarine") == hand
    assert game.deck == ["ambush", "evasion", "deserter"][len(hand):]
    assert game.turn == "red-destroyer"   # D4.9: sunk on its own turn, the turn ends


@pytest.mark.parametrize("edition", EDITIONS)
def test_d8_7_arena_an_eliminated_player_draws_nothing(edition):
    """Arena: the Captain's player is out with their ship (R8.1), so nothing is
    drawn for them; the surviving teammate gets the 2v2 catch-up (R8.2)."""
    game = scenario_game(f"""
        edition: {edition}
        mode: arena
        ships:
          blue-submarine: {{at: a1, repairs: 1, breakdowns: 0}}
          blue-destroyer: {{at: a2}}
          red-destroyer: {{at: h6}}
          red-submarine: {{at: h5}}
        hands: {{blue-submarine: [captain]}}
        deck: [ambush, evasion, deserter]
        phase: maneuvers
    """)
    game.play("order captain blue-submarine")
    assert game.ship("blue-submarine").eliminated is True
    assert game.hand("blue-submarine") == []
    assert game.hand("blue-destroyer") == ["ambush", "evasion"]
    assert game.deck == ["deserter"]
    assert game.is_over is False


def friendly_sinking(edition):
    return scenario_game(f"""
        edition: {edition}
        mode: war
        ships:
          blue-submarine: {{at: a1}}
          blue-destroyer: {{at: a2, repairs: 2, breakdowns: 0}}
          red-destroyer: {{at: h6, repairs: 2, breakdowns: 0}}
          red-submarine: {{at: h5}}
        hands: {{blue-submarine: [ambush]}}
        deck: [captain, evasion]
        phase: maneuvers
    """)


@pytest.mark.parametrize("edition, option, hand", [
    ("en", "any", ["captain"]),
    ("es", "any", ["captain"]),
    ("it", "enemy", []),
])
def test_s10_r8_3_the_sinkers_card_for_a_friendly_ship(edition, option, hand):
    """§10: "a player who sinks a ship" (en), "hundir un barco" (es): any ship;
    "affondare una nave nemica" (it): enemy ships only. No point either way (D8.3)."""
    assert rc.load_ruleset(edition).options.sinker_draws_for == option
    game = friendly_sinking(edition)
    game.play("order ambush blue-destroyer")
    assert game.ship("blue-destroyer").sunk is True
    assert game.score == {"blue": 0, "red": 0}
    assert game.hand("blue-submarine") == hand
    assert game.deck == ["captain", "evasion"][len(hand):]


@pytest.mark.parametrize("edition", EDITIONS)
def test_s10_r8_3_the_sinkers_card_for_an_enemy_ship_in_every_edition(edition):
    game = friendly_sinking(edition)
    game.play("order ambush red-destroyer")
    assert game.score == {"blue": 1, "red": 0}
    assert game.hand("blue-submarine") == ["captain"]
    assert game.deck == ["evasion"]


def test_s10_sinker_draws_for_is_a_checked_rule_option():
    """The option is data: a variant sets it; a wrong word names the choices."""
    rules = rc.load_source("variant mine extends en\nrules {\n    sinker_draws_for enemy\n}\n",
                           "mine.rc")
    assert rules.options.sinker_draws_for == "enemy"
    with pytest.raises(rc.DslError) as err:
        rc.load_source("variant mine extends en\nrules {\n    sinker_draws_for enemies\n}\n",
                       "mine.rc")
    assert err.value.reason == "sinker_draws_for must be one of any, enemy"
    assert err.value.suggestion == "enemy"
