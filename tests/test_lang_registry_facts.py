"""The compiler checks an effect by its primitive's registry entry
(effects.PRIMITIVES), never by the primitive's name: a parameter's largest
number and why, whether a card may compute it, and what ``self`` is in a
token's trigger. A primitive registered here for the test gets the same
checks as ``move``, ``draw`` and ``remove_token``."""

import attrs
import pytest

import redcode_rules as rc
from redcode_rules.rules import effects
from redcode_rules.rules.board import MAX_MOVE
from redcode_rules.rules.effects import PRIMITIVES, Damage, Param, Primitive, TokenSelf


@attrs.frozen
class Nudge(Damage):
    """A primitive that exists only in these tests."""


def register(monkeypatch, **facts):
    """Register ``nudge AMOUNT`` with the registry ``facts`` given (of its
    Primitive, and ``param`` for its amount's)."""
    param = Param("amount", int, minimum=1, **facts.pop("param", {}))
    prim = Primitive("nudge", Nudge, (param,), effects.SHIP_SELECTORS, None,
                     "a test primitive", "nudge 1 to target", -1.0, amount="amount", **facts)
    monkeypatch.setitem(PRIMITIVES, "nudge", prim)
    monkeypatch.setitem(effects.NAME_OF, Nudge, "nudge")


def reason(text):
    with pytest.raises(rc.DslError) as info:
        rc.load_source(text, "registry.rc")
    return info.value.reason


ORDER = "order zap {{ copies 0  effect {} }}\n"
TOKEN = "token t {{ when enters {{ effect {} }} }}\n"


def test_move_takes_its_bound_from_its_entry():
    steps, straight = PRIMITIVES["move"].params  # `straight`: an optional word (D2.16)
    assert (straight.choices, straight.optional) == (("straight",), True)
    assert (steps.maximum, steps.computed) == (MAX_MOVE, False) == (3, False)
    assert reason("patch maneuver movement { effect move 4 self }\n") == (
        "effect 'move': amount must be at most 3 (a ship moves at most 3 boxes, whatever "
        "changes its movement, D4.6)")


def test_a_maximum_on_any_entry_is_checked(monkeypatch):
    register(monkeypatch, param={"maximum": 2, "bound": "a nudge is small"})
    assert reason(ORDER.format("nudge 3 to target")) == (
        "effect 'nudge': amount must be at most 2 (a nudge is small)")
    rules = rc.load_source(ORDER.format("nudge 2 to target"))
    assert rules.orders["zap"].effects == (Nudge(effects.Selector.TARGET, amount=2),)


def test_an_amount_written_on_the_card_is_the_entrys_fact(monkeypatch):
    computed = ORDER.format("nudge (crew in reserve of target) to target")
    register(monkeypatch)
    assert rc.load_source(computed).orders["zap"].effects[0].computed is not None
    register(monkeypatch, param={"computed": False})
    assert reason(computed) == ("effect 'nudge': amount must be a number written on the "
                                "card, not computed")


def test_self_in_a_tokens_trigger_is_the_entrys_fact(monkeypatch):
    register(monkeypatch)
    assert reason(TOKEN.format("nudge 1 self")) == (
        "token 't': a token is not a ship: in its trigger 'self' is the token (remove_token "
        "self) or its owner (draw); use 'target' for the ship the event happened to")
    register(monkeypatch, token_self=TokenSelf.OWNER)
    token = rc.load_source(TOKEN.format("nudge 1 self")).tokens["t"]
    assert token.triggers[0].effects == (Nudge(effects.Selector.SELF, amount=1),)
    assert reason(TOKEN.format("damage 1 self")) == (
        "token 't': a token is not a ship: in its trigger 'self' is the token (remove_token "
        "self) or its owner (draw) or its owner (nudge self); use 'target' for the ship the "
        "event happened to")
