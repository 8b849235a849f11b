"""Triggers and board tokens (docs/dsl.md, "Triggers and tokens").

A trigger, `when EVENT [of WHO] [by WHO] [once per turn] { effect ... }`,
is declared on a status, a ship type or a token; its effects resolve at
once when its event happens. A token (`token NAME { mark "*" ... }`) lies
on a box, placed by `place_token` and removed by `remove_token`; it shows
on the text board, the SVG board, in saves and in scenarios. The example
cards of cards/examples/triggers_*.rc are each played here.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.rules.triggers import MAX_TRIGGERED

from redcode_rules.engine.invariants import violations
from redcode_rules.render.reference import orders_page
from redcode_rules.text.cards import trigger_text

from conftest import EXAMPLES, OPEN_BOARD, logged, random_game

MINE = str(EXAMPLES / "triggers_mine.rc")
BUOY = str(EXAMPLES / "triggers_buoy.rc")
FIRE = str(EXAMPLES / "triggers_fire.rc")
HUNTER = str(EXAMPLES / "triggers_hunter.rc")


def game_with(extra: str, ships: str, hands: str = "{}", deck: str = "[]",
              turn: str = "blue-submarine", more: str = "") -> rc.Game:
    """A position on open water with one extra card file."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{extra}]\nboard: |\n{board}\nships:\n"
        + textwrap.indent(textwrap.dedent(ships).strip(), "  ")
        + f"\nhands: {hands}\ndeck: {deck}\nturn: {turn}\nphase: maneuvers\n{more}")


SUB_AND_DESTROYER = """\
blue-submarine: {at: c3}
red-destroyer: {at: e3}
"""


def kinds(game: rc.Game, last: int) -> list[str]:
    return [e.kind for e in game.log[-last:]]


# ------------------------------------------------------------------ the mine


def test_a_mine_damages_the_next_ship_entering_its_box_and_is_removed():
    game = game_with(MINE, SUB_AND_DESTROYER, hands="{blue-submarine: [lay_mine]}")
    game.play("order lay_mine d3")
    assert game.board_text().splitlines()[3] == " 3 . . S * d . . ."
    game.play("end")
    game.play("movement d3")
    red = game.ship("red-destroyer")
    assert (red.position, red.repairs, red.breakdowns) == ("d3", 1, 3)
    assert game.state.tokens == []
    assert game.board_text().splitlines()[3] == " 3 . . S d . . . ."
    assert kinds(game, 4) == ["move", "trigger", "damage", "token_removed"]
    assert [str(e) for e in game.log[-4:]] == [
        "Red destroyer moves to d3.", "The mine at d3 is set off.",
        "Red destroyer takes 2 damage (repairs 1, breakdowns 3).",
        "The mine token at d3 is removed."]


def test_a_ship_passing_over_a_mine_does_not_set_it_off():
    """`enters` is the box where a move ends: the evasion passes over d3."""
    game = game_with(MINE, "blue-submarine: {at: a1}\nred-destroyer: {at: e3}",
                     hands="{red-destroyer: [evasion]}", turn="red-destroyer",
                     more="tokens: [{token: mine, at: d3, owner: blue-submarine}]\n")
    game.play("order evasion red-destroyer d3 c3")
    assert game.ship("red-destroyer").repairs == 3
    assert game.tokens == [{"token": "mine", "at": "d3", "owner": "blue-submarine"}]
    game.play("movement d3")
    assert game.ship("red-destroyer").repairs == 1
    assert game.tokens == []


def test_tokens_are_in_the_svg_the_json_and_the_scenario():
    game = game_with(MINE, SUB_AND_DESTROYER, hands="{blue-submarine: [lay_mine]}")
    game.play("order lay_mine f2")
    svg = game.svg()
    assert 'class="token" data-token="mine" data-box="f2"' in svg
    again = rc.Game.from_json(game.to_json())
    assert again.state.tokens == game.state.tokens
    assert again.board_text() == game.board_text()
    text = game.to_scenario()
    assert "tokens:\n- {token: mine, at: f2, owner: blue-submarine}" in text
    assert rc.Game.from_scenario(text).state == game.state


def test_undo_takes_a_placed_token_back():
    game = game_with(MINE, SUB_AND_DESTROYER, hands="{blue-submarine: [lay_mine]}")
    game.play("order lay_mine f2")
    assert len(game.state.tokens) == 1
    game.undo()
    assert game.state.tokens == []


@pytest.mark.parametrize("tokens, field, reason", [
    ("[{token: mime, at: d3, owner: blue-submarine}]", "tokens[0].token",
     "unknown token 'mime' — did you mean 'mine'?; tokens are mine"),
    ("[{token: mine, at: z9, owner: blue-submarine}]", "tokens[0].at",
     "'z9' is not a box of the board (a1..h6)"),
    ("[{token: mine, at: d3, owner: blue-carrier}]", "tokens[0].owner",
     "no such ship 'blue-carrier'; ships are blue-submarine, red-destroyer"),
    ("[{token: mine, at: d3, owner: blue-submarine, size: 2}]", "tokens[0].size",
     "unknown field (fields: token, at, owner, left)"),
    ("[{token: mine, at: d3, owner: blue-submarine}, {token: mine, at: d3, owner: "
     "red-destroyer}]", "tokens[1]", "a second mine on d3: a box holds one token of a kind"),
])
def test_a_bad_token_in_a_scenario_is_named(tokens, field, reason):
    with pytest.raises(rc.ScenarioError) as err:
        game_with(MINE, SUB_AND_DESTROYER, more=f"tokens: {tokens}\n")
    assert (err.value.field, err.value.reason) == (field, reason)


# ------------------------------------------------------------------ the buoy


def test_a_ship_drops_a_buoy_on_its_own_box_and_leaving_it_is_no_entering():
    game = game_with(BUOY, SUB_AND_DESTROYER, hands="{blue-submarine: [drop_buoy]}",
                     deck="[ambush, captain]")
    game.play("order drop_buoy")
    assert [(t.kind, game.board.name(t.box), t.owner) for t in game.state.tokens] == \
        [("buoy", "c3", 0)]
    assert game.board_text().splitlines()[3] == " 3 . . S . d . . ."  # the ship hides it
    game.play("movement c4")
    assert game.hand("blue-submarine") == []
    assert game.board_text().splitlines()[3] == " 3 . . o . d . . ."


def test_an_enemy_ship_entering_a_buoy_removes_it_and_draws_nothing():
    game = game_with(BUOY, SUB_AND_DESTROYER, deck="[ambush, captain]", turn="red-destroyer",
                     more="tokens: [{token: buoy, at: d3, owner: blue-submarine}]\n")
    game.play("movement d3")
    assert game.state.tokens == []
    assert game.hand("red-destroyer") == []
    assert kinds(game, 3) == ["move", "trigger", "token_removed"]


def test_each_buoy_gives_a_friendly_ship_a_card_once_per_turn():
    ships = "blue-submarine: {at: c3}\nred-destroyer: {at: h6}"
    game = game_with(BUOY, ships, hands="{blue-submarine: [evasion]}",
                     deck="[ambush, captain]",
                     more="tokens: [{token: buoy, at: d3, owner: blue-submarine}, "
                     "{token: buoy, at: d5, owner: blue-submarine}]\n")
    game.play("movement d3")
    assert game.hand("blue-submarine") == ["evasion", "ambush"]
    game.play("order evasion blue-submarine d4 d5")  # another buoy: another holder
    assert game.hand("blue-submarine") == ["ambush", "captain"]
    assert game.state.fired == ["buoy d3/token:buoy:0", "buoy d5/token:buoy:0"]
    assert game.state.deck == []
    game.play("end")
    assert game.state.fired == []


# ------------------------------------------------------------------ the fire


def test_a_burning_ship_takes_damage_at_the_start_of_each_of_its_turns():
    game = game_with(FIRE, SUB_AND_DESTROYER, hands="{blue-submarine: [incendiary]}")
    game.play("order incendiary red-destroyer")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.statuses) == (2, ("burning",))
    game.play("end")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (1, 3)
    assert kinds(game, 4) == ["turn_end", "turn_start", "trigger", "damage"]
    game.play("end")
    assert game.ship("red-destroyer").repairs == 1  # not at blue's turn
    game.play("end")
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (3, 2)  # a breakdown refills repairs (R3.1)


# ------------------------------------------------------------------ the hunter


def hunter_game(red: str = "{at: e3}", hands: str = "{}", deck: str = "[]") -> rc.Game:
    return game_with(HUNTER, f"blue-hunter: {{at: c3}}\nred-destroyer: {red}", hands=hands,
                     deck=deck, turn="blue-hunter")


def test_a_hunter_draws_a_card_when_it_sinks_an_enemy():
    game = hunter_game(red="{at: e3, repairs: 1, breakdowns: 0}", deck="[ambush, captain]")
    game.play("torpedo red-destroyer")
    game.play("pass")
    assert game.ship("red-destroyer").sunk
    # the sinker's card in war (R8.3), then its own trigger
    assert game.hand("blue-hunter") == ["ambush", "captain"]
    assert kinds(game, 5) == ["sunk", "score", "draw", "trigger", "draw"]


def test_an_enemy_targeting_a_hunter_loses_a_crew_once_per_turn():
    game = hunter_game(hands="{red-destroyer: [ambush]}")
    game.play("end")
    game.play("torpedo blue-hunter")  # targeted as it is declared
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn) == (3, 1)  # 2 on the torpedo, 1 lost
    assert kinds(game, 3) == ["use", "trigger", "crew_loss"]
    game.play("pass")
    game.play("order ambush blue-hunter")  # once per turn: not again
    red = game.ship("red-destroyer")
    assert (red.reserve, red.withdrawn) == (3, 1)
    assert game.ship("blue-hunter").repairs == 3 - 1 - 2 + 3 and \
        game.ship("blue-hunter").breakdowns == 1


# ------------------------------------------------------------------ chains and limits

LOOP = """\
ship tank {
    repairs 999  breakdowns 9  crew 6
    maneuvers movement repair torpedo orders missile depth_charge shield assault
    letter t
}
status thorns {
    permanent
    when damaged by enemy { effect damage 1 to source }
}
order ambush2 { copies 0  effect damage 2 to target }
"""


def test_triggers_firing_each_other_stop_at_the_limit(tmp_path):
    path = tmp_path / "loop.rc"
    path.write_text(LOOP)
    ships = "blue-tank: {at: c3, thorns: true}\nred-tank: {at: e3, thorns: true}"
    game = game_with(str(path), ships, hands="{blue-tank: [ambush2]}", turn="blue-tank")
    game.play("order ambush2 red-tank")
    triggered = [e for e in game.log if e.kind == "trigger"]
    assert len(triggered) == MAX_TRIGGERED == 100
    assert game.log[-1].kind == "trigger_limit" and game.log[-1]["count"] == 100
    assert str(game.log[-1]) == "The chain of triggered effects stops after 100 of them."
    # 100 items alternate: 50 back at blue, 50 back at red (after the order's 2)
    assert (game.ship("red-tank").repairs, game.ship("blue-tank").repairs) == (947, 949)
    assert "end" in game.legal_moves()  # the game goes on


# ------------------------------------------------------------------ the compiler

CARDS_OK = """\
token mine { mark "*" when enters { effect damage 2 to target; remove_token self } }
order lay { copies 0 target area 1x1 effect place_token mine on area }
"""


@pytest.mark.parametrize("text, reason, suggestion", [
    ("status s { permanent when damagd { effect damage 1 to self } }",
     "status 's': unknown trigger event 'damagd'; a trigger waits for turn_starts, "
     "turn_ends, enters, damaged, sunk, targeted, plays", "damaged"),
    ("status s { permanent when damaged of enemies { effect draw 1 } }",
     "status 's': a trigger watches self, friendly, enemy, any, not 'enemies'", "enemy"),
    ("token t { when enters of self { effect damage 1 to target } }",
     "token 't': a token is not a ship, so it has no 'self' to watch; 'owner' is the "
     "ship of the player who placed it, and 'friendly' and "
     "'enemy' are seen from its owner's side", None),
    ("status s { permanent when turn_starts by enemy { effect draw 1 } }",
     "status 's': 'turn_starts' has no ship that causes it; 'by' is for damaged, sunk, "
     "targeted, plays", None),
    ("status s { permanent when turn_starts { effect move 1 self } }",
     "status 's': a trigger resolves at once with nobody to choose, so it cannot use "
     "'move' (its player chooses a path)", None),
    ("status s { permanent when turn_starts { effect damage 1 to source } }",
     "status 's': no ship causes 'turn_starts', so there is no 'source' to act on; "
     "'source' is for damaged, sunk, targeted, plays", None),
    ("status s { permanent when damaged { effect damage 1 to self } }",
     "status 's': this trigger would fire itself forever: 'damage' on self is again "
     "'damaged' of self; add 'once per turn' or act on another ship", None),
    ("token t { when damaged of enemy { effect damage 1 to target } }",
     "token 't': this trigger would fire itself forever: 'damage' on target is again "
     "'damaged' of enemy; add 'once per turn' or act on another ship", None),
    ("token t { when enters { effect damage 1 to self } }",
     "token 't': a token is not a ship: in its trigger 'self' is the token (remove_token "
     "self) or its owner (draw); use 'target' for the ship the event happened to", None),
    ("token t { mark \"s\" }",
     "token 't': mark 's' is a ship's letter on the text board; give it another mark", None),
    ("token t { mark \"**\" }",
     "token 't': a mark is one character that is not terrain (. # ~) or a space, such as "
     "\"*\", not \"**\"", None),
    ("token t { }\ntoken u { }",
     "token 'u': token 't' already has mark '*'; give it a 'mark' of its own", None),
    (CARDS_OK + "order lay2 { copies 0 target area 1x1 effect place_token mien on area }",
     "effect 'place_token': token must be one of mine, not 'mien'", "mine"),
    ("token t { mark \"!\" }\norder lay2 { copies 0 effect place_token t on area }",
     "order 'lay2' acts on 'area' but declares no 'target area WxH'", None),
])
def test_a_bad_trigger_or_token_is_a_dsl_error(text, reason, suggestion):
    with pytest.raises(rc.DslError) as err:
        rc.load_source(text, "t.rc")
    assert (err.value.reason, err.value.suggestion) == (reason, suggestion)
    assert err.value.line is not None and err.value.column is not None


def test_a_self_damaging_trigger_once_per_turn_is_allowed_and_fires_once():
    text = """\
status brittle { permanent when damaged once per turn { effect damage 1 to self } }
order crack { copies 0 effect damage 1 to target; status brittle on target }
order hit { copies 0 effect damage 1 to target }
"""
    rules = rc.load_source(text, "t.rc")
    assert rules.statuses["brittle"].triggers[0].once


def test_a_self_damaging_trigger_once_per_turn_fires_once_a_turn(tmp_path):
    path = tmp_path / "brittle.rc"
    path.write_text("status brittle { permanent when damaged once per turn "
                    "{ effect damage 1 to self } }\n"
                    "order hit { copies 0 effect damage 1 to target }\n")
    game = game_with(str(path), "blue-submarine: {at: c3}\nred-destroyer: {at: e3, "
                     "brittle: true}", hands="{blue-submarine: [hit], red-destroyer: [hit]}")
    game.play("torpedo red-destroyer")
    game.play("pass")  # 1, then 1 more from brittle
    assert game.ship("red-destroyer").repairs == 1
    game.play("order hit red-destroyer")  # brittle has fired this turn
    red = game.ship("red-destroyer")
    assert (red.repairs, red.breakdowns) == (3, 2)


def test_the_printed_cards_declare_no_trigger_and_keep_their_hash():
    rules = rc.load_ruleset("en")
    assert not rules.trigger_index.any and rules.tokens == {}
    assert "tokens" not in rules.describe() and "triggers" not in rules.describe()


def test_statuses_keep_their_declaration_order_so_a_save_gives_the_same_state():
    """A ship's statuses are held in declaration order (intercepted, then
    burning), whatever order they were given in: a save writes one key per
    declared status, and triggers fire in that order."""
    game = game_with(FIRE, SUB_AND_DESTROYER, hands="{blue-submarine: [incendiary, intercept]}",
                     more="order_played: false\n")
    game.play("order incendiary red-destroyer")
    assert game.ship("red-destroyer").statuses == ("burning",)
    game.play("end")
    game.play("end")
    game.play("order intercept red-destroyer")
    assert game.ship("red-destroyer").statuses == ("intercepted", "burning")
    assert rc.Game.from_json(game.to_json()).state == game.state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_the_hunter_and_the_mines_keep_every_invariant(seed):
    rules = rc.load_ruleset("en", extra=[HUNTER, MINE])
    game = random_game(rules, seed, teams=[["hunter", "submarine"], ["destroyer", "hunter"]],
                       placement="fixed")
    assert game.is_over
    assert violations(game) == []
    assert rc.Game.from_json(game.to_json()).state == game.state


# ------------------------------------------------------------------ generated text


def test_the_text_of_tokens_and_triggers_in_three_languages():
    mine = rc.load_ruleset("en", extra=[MINE])
    assert [mine.text("lay_mine", lang).split(". ")[0] for lang in ("en", "es", "it")] == [
        "Place a mine token on every box of the area",
        "Coloca una ficha de mina en cada casilla del área",
        "Piazza un segnalino mina su ogni casella dell'area"]
    trigger = mine.tokens["mine"].triggers[0]
    assert [trigger_text(trigger, lang, token=True) for lang in ("en", "es", "it")] == [
        "when a ship ends a move on this token, 2 repair damage to that ship; this token is "
        "removed",
        "cuando un barco termina un movimiento sobre esta ficha, -2 reparaciones a ese barco y "
        "se retira esta ficha",
        "quando una nave termina un movimento su questo segnalino, -2 riparazioni a quella "
        "nave e questo segnalino viene rimosso"]
    fire = rc.load_ruleset("en", extra=[FIRE])
    assert fire.text("incendiary") == (
        "1 repair damage to the target; the target is burning until it is sunk: at the start "
        "of its player's turn, 1 repair damage to this ship. Order card: any ship on the "
        "board; cannot be responded to.")
    hunter = rc.load_ruleset("en", extra=[HUNTER]).ships["hunter"]
    assert [trigger_text(t) for t in hunter.triggers] == [
        "when this ship sinks an enemy ship, you draw 1 order card",
        "when an enemy ship targets this ship (once per turn), the ship that caused it "
        "loses 1 crew from the reserve"]
    assert [trigger_text(t, "it") for t in hunter.triggers][0] == \
        "quando questa nave affonda una nave nemica, peschi 1 carta degli ordini"


# ------------------------------------------------------------------ the smoke screen

SMOKE = str(EXAMPLES / "triggers_smoke.rc")


def test_a_smoke_screen_intercepts_a_ship_entering_it_and_lifts_at_its_players_turn():
    game = game_with(SMOKE, "blue-submarine: {at: a1}\nred-destroyer: {at: e3}",
                     hands="{blue-submarine: [smoke_screen]}")
    game.play("order smoke_screen c3")
    assert [game.board.name(t.box) for t in game.state.tokens] == ["c3", "d3", "c4", "d4"]
    assert game.board_text().splitlines()[3:5] == [" 3 . . % % d . . .", " 4 . . % % . . . ."]
    game.play("end")
    game.play("movement d3")
    assert game.ship("red-destroyer").statuses == ("intercepted",)
    assert [m for m in game.legal_moves() if not m.startswith(("order", "end"))] == []
    game.play("end")  # blue's turn starts: its smoke lifts
    assert game.state.tokens == []
    assert [e.kind for e in game.log].count("token_removed") == 4
    assert game.ship("red-destroyer").intercepted  # until red's own turn (R9.1)
    rules_text = rc.load_ruleset("en", extra=[SMOKE])
    assert "- **smoke** (mark `%`): When a ship ends a move on this token, that ship is " \
        "intercepted until its next turn: no maneuvers, not even responses. This token stays " \
        "until the next turn of the player who placed it.\n" in orders_page(rules_text)


def test_a_token_lasting_until_the_end_of_its_owners_next_turn_placed_in_that_turn(tmp_path):
    path = tmp_path / "flare.rc"
    path.write_text('token flare { mark "+" until end of its next turn }\n'
                    "order flare_up { copies 0 target area 1x1 effect place_token flare on area }\n")
    game = game_with(str(path), SUB_AND_DESTROYER, hands="{blue-submarine: [flare_up]}")
    game.play("order flare_up f6")
    assert game.state.tokens[0].left == 2
    assert "- {token: flare, at: f6, owner: blue-submarine, left: 2}" in game.to_scenario()
    assert rc.Game.from_scenario(game.to_scenario()).state == game.state
    game.play("end")  # blue's turn ends: one end of two
    assert len(game.state.tokens) == 1 and game.state.tokens[0].left == 1
    game.play("end")
    game.play("end")  # blue's next turn ends: it goes
    assert game.state.tokens == []


@pytest.mark.parametrize("whose", ["its", "your"])
def test_a_token_lasting_over_its_owners_turns_ends_by_either_word(tmp_path, whose):
    """A token's ``your`` is its owner's, as its ``its`` is: both end it at
    the edge of its owner's next turn (the one table of turn edges)."""
    path = tmp_path / "flares.rc"
    path.write_text(f'token flare {{ mark "+" until end of {whose} next turn }}\n'
                    f'token glow {{ mark "=" until start of {whose} next turn }}\n'
                    "order flare_up { copies 0 target area 1x1 "
                    "effect place_token flare on area; place_token glow on area }\n")
    game = game_with(str(path), SUB_AND_DESTROYER, hands="{blue-submarine: [flare_up]}")
    game.play("order flare_up f6")
    assert [(t.kind, t.left) for t in game.state.tokens] == [("flare", 2), ("glow", 1)]
    game.play("end")  # blue's turn ends: one end of two
    assert [(t.kind, t.left) for t in game.state.tokens] == [("flare", 1), ("glow", 1)]
    game.play("end")  # red's turn ends; blue's starts: the glow goes
    assert [(t.kind, t.left) for t in game.state.tokens] == [("flare", 1)]
    game.play("end")  # blue's next turn ends: the flare goes
    assert game.state.tokens == []


# ------------------------------------------------------------------ effects resolve as a card's

#: The same effects on each kind of holder: at the start of red's turn (turn
#: 2) ``target`` is red's ship; an ``if`` that fails skips its effect, a
#: computed amount is counted then.
PREPARED = "damage 1 to target if turn > 100; damage (turn) to target; " \
    "crew_loss 1 to target if turn < 100"
HOLDERS = {
    "status": (f"status cursed {{ permanent when turn_starts of self {{ effect {PREPARED} }} }}",
               "red-destroyer: {at: e3, cursed: true}", ""),
    "ship": ("ship hulk { repairs 3  breakdowns 3  crew 6  letter k\n"
             "  maneuvers movement repair torpedo orders missile depth_charge shield assault\n"
             f"  when turn_starts of self {{ effect {PREPARED} }} }}",
             "red-hulk: {at: e3}", ""),
    "token": (f"token snare {{ mark \"%\" when turn_starts of enemy {{ effect {PREPARED} }} }}",
              "red-destroyer: {at: e3}",
              "tokens: [{token: snare, at: a1, owner: blue-submarine}]\n"),
}


@pytest.mark.parametrize("holder", HOLDERS)
def test_a_triggered_effect_tests_its_condition_and_counts_its_amount(tmp_path, holder):
    """Every holder's effects go through the card's preparation: the ``if``
    of the first effect fails on turn 2 (no damage 1), the second deals
    ``turn`` = 2, the third's ``if`` holds."""
    text, red, more = HOLDERS[holder]
    path = tmp_path / "prepared.rc"
    path.write_text(text + "\n")
    game = game_with(str(path), "blue-submarine: {at: c3}\n" + red, more=more)
    game.play("end")
    red_id = red.split(":")[0]
    ship = game.ship(red_id)
    assert (ship.repairs, ship.breakdowns, ship.reserve, ship.withdrawn) == (1, 3, 5, 1)
    assert logged(game, ("damage", "crew_loss"), "kind", "ship", "amount") == [
        ("damage", red_id, 2), ("crew_loss", red_id, 1)]


def test_source_in_a_triggered_condition_is_the_ship_that_caused_the_event(tmp_path):
    """``source`` reads the same ship in a trigger's selector and in its
    ``if``: the ship that caused the event."""
    path = tmp_path / "spite.rc"
    path.write_text("status spiteful { permanent when damaged by enemy "
                    "{ effect crew_loss 1 to source if repairs of source > 2; "
                    "damage 1 to source if repairs of source < 3 } }\n"
                    "order jab { copies 0 effect damage 1 to target }\n")
    game = game_with(str(path), "blue-submarine: {at: c3}\nred-destroyer: {at: e3, "
                     "spiteful: true}", hands="{blue-submarine: [jab]}")
    game.play("order jab red-destroyer")
    assert logged(game, ("crew_loss", "damage"), "kind", "ship") == [
        ("damage", "red-destroyer"), ("crew_loss", "blue-submarine")]


def test_the_trigger_limit_bounds_a_whole_move_not_each_effect(tmp_path):
    """A card of 16 effects (the most a card has), each setting off a chain
    of triggers, resolves ``MAX_TRIGGERED`` triggered items in its move, said
    once; the next move has its own."""
    path = tmp_path / "loop.rc"
    barrage = "; ".join(["damage 1 to target"] * 16)
    path.write_text(LOOP + f"order barrage {{ copies 0  effect {barrage} }}\n")
    ships = "blue-tank: {at: c3, thorns: true}\nred-tank: {at: e3, thorns: true}"
    game = game_with(str(path), ships, hands="{blue-tank: [barrage], red-tank: [barrage]}",
                     turn="blue-tank")
    counts = []
    for move in ("order barrage red-tank", "end", "order barrage blue-tank"):
        start = len(game.log)
        game.play(move)
        counts.append([sum(e.kind == kind for e in game.log[start:])
                       for kind in ("trigger", "trigger_limit", "damage")])
    # the barrage's 16 damages, then the 100 damages of the triggered items
    assert counts == [[100, 1, 116], [0, 0, 0], [100, 1, 116]]


VENGEFUL = """\
status vengeful {
    permanent
    when sunk of self {
        effect damage (ships in sight of self + 1) to source;
               damage 1 to source if distance of source > 0;
               damage (distance of source + 1) to source
    }
}
order grudge { copies 0  effect status vengeful on self }
"""


def test_a_trigger_of_a_sunk_ship_measures_from_where_it_sank(tmp_path):
    """D9.16: the trigger resolves after its holder sank: it sees no ship
    (0 + 1 damage, D9.3), but its distances count from the box it sank on,
    c3, 2 boxes from the ship that sank it (the condition holds: 1 damage;
    the amount is 2 + 1)."""
    path = tmp_path / "vengeful.rc"
    path.write_text(VENGEFUL)
    game = game_with(str(path), """\
        blue-submarine: {at: c3, repairs: 1, breakdowns: 0}
        red-destroyer: {at: e3}
        """, hands="{blue-submarine: [grudge]}")
    game.play("order grudge")
    game.play("end")
    game.play("torpedo blue-submarine")
    while "pass" in game.legal_moves():
        game.play("pass")
    assert game.ship("blue-submarine").sunk
    assert logged(game, "damage", "ship", "amount") == [
        ("blue-submarine", 1), ("red-destroyer", 1), ("red-destroyer", 1), ("red-destroyer", 3)]
    assert (game.ship("red-destroyer").repairs, game.ship("red-destroyer").breakdowns) == (1, 2)
