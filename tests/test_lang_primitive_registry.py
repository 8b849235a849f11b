"""The decision machine and honest primitives: what the player chooses is
declared in the primitive registry; a choice owed while an effect resolves is
asked and resumed by the engine for any primitive; the greedy bot scores
effects from the registry, not from primitive names; closed sets are words."""

import json
import textwrap

import attrs
import yaml

import redcode_rules as rc
from redcode_rules.rules import effects
from redcode_rules.bots import GreedyBot
from redcode_rules.base.kinds import Choice, Decision, MoveKind, Phase, Pile

from conftest import scenario_game


def test_every_primitive_declares_the_choice_it_asks_of_the_player():
    """D4.6: a move's path is chosen with the card; D6.4: recovered crew are
    chosen while the card resolves; no other primitive asks anything."""
    choices = {name: prim.choice for name, prim in effects.PRIMITIVES.items()}
    assert choices == {"damage": Choice.NONE, "breakdown_damage": Choice.NONE,
                       "regain": Choice.NONE, "crew_loss": Choice.NONE,
                       "recover_crew": Choice.CREW_SOURCE, "move": Choice.PATH,
                       "draw": Choice.NONE, "cancel": Choice.NONE, "status": Choice.NONE,
                       "retarget": Choice.NONE,
                       # hand and deck, global and scoring (docs/dsl.md)
                       "discard": Choice.HAND_CARD, "take": Choice.HAND_CARD,
                       "put_on_deck": Choice.HAND_CARD, "look_hand": Choice.NONE,
                       "sink": Choice.NONE, "score": Choice.NONE, "refloat": Choice.SUNK_SHIP,
                       "place_token": Choice.NONE, "remove_token": Choice.NONE,
                           "jump": Choice.NONE,
                           "swap": Choice.NONE, "extra_turn": Choice.NONE,
                           "skip_turn": Choice.NONE, "remove_status": Choice.NONE,
                           # the deck (D7.14): the next card from the top, while it resolves
                           "arrange": Choice.DECK_ORDER, "bottom": Choice.NONE,
                           "give": Choice.HAND_CARD}


def test_a_cards_path_effect_is_found_through_the_registry():
    rules = rc.load_ruleset("en")
    movement = rules.maneuvers["movement"]
    assert effects.primitive_of(movement.path_effect).name == "move"
    assert movement.mover is effects.Selector.SELF
    assert rules.maneuvers["torpedo"].path_effect is None
    assert rules.orders["evasion"].mover is effects.Selector.TARGET


def test_closed_sets_are_their_words_in_saves_and_text():
    """str enums: equal to, hashed and shown as their words, so saved data is unchanged."""
    assert Decision.MAIN == "main" and hash(Decision.MAIN) == hash("main")
    assert repr(Phase.OVER) == "'over'" and f"{Pile.WITHDRAWN}" == "withdrawn"
    assert {"use": 1}[MoveKind.USE] == 1
    assert json.dumps({"phase": Phase.PLACE}) == '{"phase": "place"}'
    assert yaml.safe_dump(str(Phase.MAIN)) == "main\n...\n"
    game = rc.new_game(rc.load_ruleset("en"), seed=3, placement="fixed")
    assert (game.decision, game.phase) == ("main", "main")
    assert repr(game.decision) == "'main'"


# ------------------------------------------------------------------ a choice owed while resolving

@attrs.frozen
class Dismiss(effects.Effect):
    """Test only: N crew on the target's maneuvers are withdrawn, the card's
    player choosing each maneuver as the effect resolves."""

    amount: int = 1

    def apply(self, ops, item):
        seats = ops.select(self.selector, item)
        return effects.Owed(seats[0], self.amount) if seats else None

    def options(self, ops, seat):
        return [m for m in ops.recover_options(seat) if m != Pile.WITHDRAWN]

    def take(self, ops, seat, option):
        ship = ops.state.ships[seat]
        ship.crew_on[ops.rules.ships[ship.type].maneuvers.index(option)] -= 1
        ship.withdrawn += 1


def dismiss_game(monkeypatch, tmp_path, blue: str) -> rc.Game:
    """Blue holds a boatswain patched to ``dismiss 2 to target``, a primitive
    registered at run time; red is far away and cannot respond."""
    monkeypatch.setitem(effects.PRIMITIVES, "dismiss", effects.Primitive(
        "dismiss", Dismiss, (effects.AMOUNT,), effects.SHIP_SELECTORS, None,
        "N crew on the target's maneuvers are withdrawn (test only)", "dismiss 1 to target",
        -0.5, Choice.CREW_SOURCE, amount="amount"))
    monkeypatch.setitem(effects.NAME_OF, Dismiss, "dismiss")
    cards = tmp_path / "dismiss.rc"
    cards.write_text("patch order boatswain {\n    effect dismiss 2 to target\n}\n")
    return scenario_game(f"""
        edition: en
        extra: [{cards}]
        board: |
          ........
          ........
          ....#...
          ........
          ........
          ........
        ships:
          blue-submarine: {{at: a3, {blue}}}
          red-destroyer: {{at: h3}}
        hands: {{blue-submarine: [boatswain]}}
        deck: []
        turn: blue-submarine
        phase: maneuvers
    """)


def test_an_effect_that_owes_choices_is_asked_and_resumed_by_the_engine(monkeypatch, tmp_path):
    """D6.4, for any primitive: the engine stops at a ``choose`` decision while
    the effect's options differ, hands each answer to the effect, and goes on."""
    game = dismiss_game(monkeypatch, tmp_path, "crew_on: {torpedo: 2, repair: 2}")
    game.play("order boatswain blue-submarine")
    assert (game.decision, game.to_move) == ("choose", "blue-submarine")
    assert game.legal_moves() == ["recover repair", "recover torpedo"]
    game.play("recover torpedo")
    assert game.decision == "choose"
    assert game.legal_moves() == ["recover repair", "recover torpedo"]
    game.play("recover repair")
    assert game.decision == "main"
    sub = game.ship("blue-submarine")
    assert (sub.crew_on("torpedo"), sub.crew_on("repair"), sub.withdrawn) == (1, 1, 2)
    game.undo()
    assert game.legal_moves() == ["recover repair", "recover torpedo"]


def test_an_owed_choice_with_one_option_is_answered_alone(monkeypatch, tmp_path):
    game = dismiss_game(monkeypatch, tmp_path, "crew_on: {torpedo: 2}")
    game.play("order boatswain blue-submarine")
    assert game.decision == "main"
    sub = game.ship("blue-submarine")
    assert (sub.crew_on("torpedo"), sub.withdrawn, sub.reserve) == (0, 2, 4)


# ------------------------------------------------------------------ the bot reads the registry

def test_the_greedy_bot_scores_from_the_registry_not_from_names(monkeypatch):
    """The same primitive under another name scores the same, a sinking included."""
    game = scenario_game("""
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: b4, repairs: 1, breakdowns: 0}
        phase: maneuvers
    """)
    bot = GreedyBot()
    move = game.move_of("torpedo red-destroyer")
    before = bot.reasons(game, move)
    assert [(r.key, r.value) for r in before] == [("sink", 6.0), ("cost", -0.1)]
    renamed = attrs.evolve(effects.PRIMITIVES["damage"], name="hull_breach")
    monkeypatch.setitem(effects.PRIMITIVES, "hull_breach", renamed)
    monkeypatch.setitem(effects.NAME_OF, effects.Damage, "hull_breach")
    assert bot.reasons(game, move) == before


# ------------------------------------------------------------------ a set of ships or players
# A primitive that accepts a set acts on each member (docs/dsl.md, "Expressions");
# one that cannot is refused when the card file is compiled, saying what it acts on.

#: The sets a card may name where one ship or player goes, and what the card
#: needs besides: the ships of its area (``order probe a1``: a1, b1, a2, b2).
SETS = {"each friendly ship": "", "each friendly player": "",
        "each ship in area": "    target area 2x2\n"}
#: The selector words of the registry's examples (a zone of cards, D7.13, too).
ONE = {"self", "target", "source", "answered", "area", "deck"}
#: A token for the primitives that place and remove them (triggers_mine.rc's).
TOKEN = 'token mine {\n    mark "*"\n    name en "mine"\n}\n'
#: Two blue ships (the card's player's side), each with something for every
#: primitive to change: damage taken, crew withdrawn and on a maneuver, a
#: reserve, cards in hand; the deck has cards to draw.
TWO_FRIENDS = {
    "edition": "en", "mode": "war", "phase": "maneuvers",
    "ships": {
        "blue-submarine": {"at": "a1", "repairs": 2, "breakdowns": 1, "withdrawn": 2,
                           "crew_on": {"torpedo": 1}},
        "red-destroyer": {"at": "h6"},
        "blue-destroyer": {"at": "a2", "repairs": 2, "breakdowns": 1, "withdrawn": 2,
                           "crew_on": {"torpedo": 1}},
        "red-submarine": {"at": "h4"},
    },
    "hands": {"blue-submarine": ["probe", "ambush", "mechanic"],
              "blue-destroyer": ["ambush", "kamikaze"]},
    "deck": ["captain", "evasion", "deserter", "boatswain"],
}
#: What a primitive that ends statuses ends: both blue ships intercepted (R9.1).
WITH_STATUS = {"remove_status": "intercepted"}


def on_a_set(prim: effects.Primitive, members: str) -> str:
    """The registry's example of ``prim`` with its first ship (or player)
    replaced by the set ``members``, or the set added after ``to``."""
    words = prim.example.split()
    first = next((i for i, w in enumerate(words) if w in ONE), None)
    if first is None:
        return f"{prim.example} to {members}"
    return " ".join(words[:first] + [members] + words[first + 1:])


def what_each_ship_is(game: rc.Game, ships: list[str]) -> list[tuple]:
    return [(attrs.astuple(game.ship(s)), sorted(game.hand(s))) for s in ships]


def test_every_primitive_acts_on_each_member_of_a_set_or_refuses_it(tmp_path):
    """Each primitive of the registry on each kind of set: compiled, the card
    changes both blue ships (or their players), those of its set; refused,
    the error names the effect, the set and what the effect acts on."""
    friends = ["blue-submarine", "blue-destroyer"]
    acted, refused = set(), set()
    for name, prim in effects.PRIMITIVES.items():
        for members, needs in SETS.items():
            effect = on_a_set(prim, members)
            path = tmp_path / f"{name}.rc"
            path.write_text(f"{TOKEN}order probe {{\n    copies 1\n{needs}    effect {effect}\n"
                            "}\ndeck { keep size }\n")
            try:
                rules = rc.load_ruleset("en", [str(path)])
            except rc.DslError as err:
                assert f"effect '{name}' cannot act on '{members}'; it acts on " in str(err), \
                    (effect, str(err))
                refused.add((name, members))
                continue
            ships = {s: {**spec, **({WITH_STATUS[name]: True} if name in WITH_STATUS
                                     and s in friends else {})}
                     for s, spec in TWO_FRIENDS["ships"].items()}
            game = scenario_game({**TWO_FRIENDS, "extra": [str(path)], "ships": ships})
            assert game.rules.hash == rules.hash
            before = what_each_ship_is(game, friends)
            game.play(next(m for m in game.legal_moves() if m.split()[:2] == ["order", "probe"]))
            while game.decision == "choose":
                game.play(game.legal_moves()[0])
            after = what_each_ship_is(game, friends)
            if name == "score":  # a side's, once for each ship of the set (D9.13)
                assert game.score == {"blue": 2, "red": 0}, effect
            elif name == "skip_turn":  # each player's next turn, skipped (D6.5)
                assert [game.state.ships[game.ships.index(s)].skips for s in friends] == \
                    [1, 1], effect
            elif name == "look_hand":  # what the card's player knows: its own hand, and
                assert game.known_hand("blue-submarine", "blue-destroyer") == \
                    ["ambush", "kamikaze"], effect  # its teammate's, now seen
            else:
                assert [b != a for b, a in zip(before, after)] == [True, True], effect
            acted.add((name, members))
    on_ships = {"damage", "breakdown_damage", "regain", "crew_loss", "recover_crew", "status",
                "sink", "remove_status", "score", "move"}  # a move: ship after ship (D4.20)
    assert acted == {(name, members) for name in on_ships
                     for members in ("each friendly ship", "each ship in area")} | \
        {(name, "each friendly player") for name in ("draw", "discard", "take", "put_on_deck",
                                                      "look_hand", "skip_turn")}
    assert len(acted) + len(refused) == len(SETS) * len(effects.PRIMITIVES)


def test_recover_crew_on_a_set_asks_ship_after_ship_and_saves_between(tmp_path):
    """Muster: 1 crew back to each friendly ship, the one whose 4 crew are
    withdrawn too; the card's player chooses where from for one ship, then
    for the other, in seat order (D6.4), and a save between the two asks the
    second again."""
    path = tmp_path / "muster.rc"
    path.write_text("order muster {\n    copies 1\n"
                    "    effect recover_crew 1 to each friendly ship\n}\ndeck { keep size }\n")
    ships = {**TWO_FRIENDS["ships"]}
    ships["blue-destroyer"] = {**ships["blue-destroyer"], "withdrawn": 4}
    game = scenario_game({**TWO_FRIENDS, "extra": [str(path)], "ships": ships,
                          "hands": {"blue-submarine": ["muster"]}})
    game.play("order muster")
    assert (game.decision, game.to_move) == ("choose", "blue-submarine")
    assert game.legal_moves() == ["recover torpedo", "recover withdrawn"]
    game.play("recover torpedo")  # blue-submarine's crew
    assert (game.decision, game.to_move) == ("choose", "blue-submarine")
    saved = game.to_json()
    assert json.loads(saved)["state"]["stack"][0]["owed_about"] == 2  # blue-destroyer's seat
    for each in (game, rc.Game.from_json(saved)):
        assert each.legal_moves() == ["recover torpedo", "recover withdrawn"]
        each.play("recover withdrawn")  # blue-destroyer's crew
        assert each.decision == "main" and each.stack == []
        sub, dest = each.ship("blue-submarine"), each.ship("blue-destroyer")
        assert (sub.crew_on("torpedo"), sub.withdrawn) == (0, 2)
        assert (dest.crew_on("torpedo"), dest.withdrawn) == (1, 3)
