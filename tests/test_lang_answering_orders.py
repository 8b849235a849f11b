"""Which items a response may answer, and whether order cards may be
answered: the card property ``answers`` and the rule options
``orders_respondable`` and ``responses_answer`` (docs/rules.md R5.2, R7.3,
D7.6), played in scenarios with exact values on every edition.

The printed editions all say it the same way (R7.3: an order card cannot be
responded to), so they set it once, in the base rules; a card file that
answers orders (cards/examples/answers_orders.rc) then plays the same on en,
es and it, with no card patched one by one.
"""

import textwrap
from pathlib import Path

import pytest

import redcode_rules as rc
from redcode_rules.base.kinds import CardKind, Decision
from redcode_rules.model.ruleset import ANSWER_KINDS
from redcode_rules.render.reference import differences
from redcode_rules.text.cards import card_text

from conftest import EDITIONS, EXAMPLES, OPEN_BOARD, logged

ANSWERS_ORDERS = EXAMPLES / "answers_orders.rc"


def game(extra: list[Path], hands: str, edition: str = "en") -> rc.Game:
    """Blue submarine at a3, red destroyer at c3 on an open board, blue to play."""
    board = textwrap.indent(OPEN_BOARD, "  ")
    files = ", ".join(str(p) for p in extra)
    return rc.Game.from_scenario(
        f"edition: {edition}\nextra: [{files}]\nboard: |\n{board}\nships:\n"
        "  blue-submarine: {at: a3}\n  red-destroyer: {at: c3}\n"
        f"hands: {hands}\ndeck: [ambush, deserter]\nturn: blue-submarine\n"
        "phase: maneuvers\n")


def card_file(tmp_path: Path, text: str, name: str = "house.rc") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), "utf-8")
    return path


# ------------------------------------------------------------ the printed rules


@pytest.mark.parametrize("edition", EDITIONS)
def test_printed_editions_answer_as_the_base_rules_say(edition):
    rules = rc.load_ruleset(edition)
    assert (rules.options.orders_respondable, rules.options.responses_answer) == ("no", "any")
    assert [o for o, card in rules.orders.items() if card.respondable or card.response] == []
    responses = sorted(m for m, card in rules.maneuvers.items() if card.response)
    assert responses == ["air_support", "countermeasure", "shield", "torpedo"]
    assert {rules.maneuvers[m].answers for m in responses} == {ANSWER_KINDS["any"]}


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_answering_options_leave_the_printed_cards_hash_alone(edition):
    described = rc.load_ruleset(edition).describe()
    assert "orders_respondable" not in described["options"]
    assert "responses_answer" not in described["options"]
    assert all("answers" not in card for card in described["maneuvers"].values())


# ------------------------------------------------------------ the rule options


def test_orders_respondable_makes_every_unflagged_order_answerable(tmp_path):
    house = card_file(tmp_path, """
        rules { orders_respondable yes }
        patch order captain { not respondable }
    """)
    rules = rc.load_ruleset("es", [str(house)])
    assert sorted(o for o, c in rules.orders.items() if c.respondable) == [
        "ambush", "atomic_bomb", "boatswain", "deserter", "evasion", "intercept",
        "kamikaze"]
    assert rules.orders["captain"].respondable is False


def test_a_torpedo_answers_an_order_when_orders_can_be_answered():
    g = game([ANSWERS_ORDERS], "{blue-submarine: [ambush]}")
    g.play("order ambush red-destroyer")
    assert (g.decision, g.to_move) == (Decision.RESPOND, "red-destroyer")
    assert "respond torpedo blue-submarine" in g.legal_moves()
    g.play("respond torpedo blue-submarine")
    g.play("pass")
    assert g.ship("blue-submarine").repairs == 2
    assert g.ship("red-destroyer").repairs == 1
    assert logged(g, ("order", "respond", "damage"), "kind", "card") == [
        ("order", "ambush"), ("respond", "torpedo"), ("damage", None), ("damage", None)]


def test_responses_answer_maneuvers_keeps_maneuvers_off_orders(tmp_path):
    house = card_file(tmp_path, """
        rules { orders_respondable yes  responses_answer maneuvers }
    """)
    g = game([house], "{blue-submarine: [ambush]}")
    g.play("order ambush red-destroyer")  # nobody may answer it: it resolves at once
    assert (g.decision, g.to_move) == (Decision.MAIN, "blue-submarine")
    assert g.ship("red-destroyer").repairs == 1
    g.play("torpedo red-destroyer")  # a maneuver is still answered
    assert (g.decision, g.to_move) == (Decision.RESPOND, "red-destroyer")
    assert "respond torpedo blue-submarine" in g.legal_moves()


# ------------------------------------------------------------ the card property


@pytest.mark.parametrize("edition", EDITIONS)
def test_veto_cancels_the_order_it_answers_on_every_edition(edition):
    g = game([ANSWERS_ORDERS], "{blue-submarine: [ambush], red-destroyer: [veto]}", edition)
    g.play("order ambush red-destroyer")
    assert "order veto blue-submarine" in g.legal_moves()
    g.play("order veto blue-submarine")
    g.play("pass")
    assert g.ship("red-destroyer").repairs == 3
    assert g.hand("red-destroyer") == []
    assert (g.decision, g.to_move) == (Decision.MAIN, "blue-submarine")
    assert logged(g, ("order", "cancel", "cancelled"), "kind", "card") == [
        ("order", "ambush"), ("order", "veto"), ("cancel", "ambush"), ("cancelled", "ambush")]


def test_veto_answers_no_maneuver():
    g = game([ANSWERS_ORDERS], "{red-destroyer: [veto]}")
    g.play("torpedo red-destroyer")
    assert g.decision == Decision.RESPOND
    assert [m for m in g.legal_moves() if m.startswith("order")] == []
    assert "respond shield blue-submarine" in g.legal_moves()


def test_a_response_order_that_answers_maneuvers_only(tmp_path):
    house = card_file(tmp_path, """
        rules { orders_respondable yes  deck_size 32 }
        order belay {
            copies 2
            response  answers maneuvers
            target source
            effect cancel answered
            name en "Belay" es "Anular" it "Annullare"
        }
    """)
    g = game([house], "{blue-submarine: [ambush], red-destroyer: [belay]}")
    g.play("order ambush red-destroyer")
    assert [m for m in g.legal_moves() if m.startswith("order")] == []
    g.play("pass")
    g.play("torpedo red-destroyer")
    assert "order belay blue-submarine" in g.legal_moves()
    g.play("order belay blue-submarine")
    g.play("pass")
    assert g.ship("red-destroyer").repairs == 1  # the ambush hit, the torpedo did not
    assert logged(g, "cancelled", "card") == ["torpedo"]


def test_answers_takes_its_kinds_in_any_order(tmp_path):
    both = ["order orders maneuvers", "order maneuvers orders", "order any"]
    for i, words in enumerate(both):
        text = f"""
            order veto2 {{
                copies 2  response  answers {words.split(' ', 1)[1]}
                target source  effect cancel answered
            }}
            rules {{ deck_size 32 }}
        """
        rules = rc.load_ruleset("en", [str(card_file(tmp_path, text, f"f{i}.rc"))])
        assert rules.orders["veto2"].answers == ANSWER_KINDS["any"]


@pytest.mark.parametrize("text, reason", [
    ("order v { copies 2 answers orders effect draw 1 }",
     "order 'v' says what it answers but is not a 'response': add 'response' (R5.2)"),
    ("order v { copies 2 response answers order effect draw 1 }",
     "order 'v': a response answers maneuvers, orders or any, not 'order'"),
    ("order v { copies 2 response answers orders orders effect draw 1 }",
     "order 'v': 'orders' is said twice in what it answers"),
    ("order v { copies 2 response answers any maneuvers effect draw 1 }",
     "order 'v': 'maneuvers' is said twice in what it answers"),
    ("rules { responses_answer both }",
     "responses_answer must be one of any, maneuvers, orders"),
    ("rules { orders_respondable true }",
     "orders_respondable must be one of no, yes"),
])
def test_answering_mistakes_are_named(text, reason):
    with pytest.raises(rc.DslError) as info:
        rc.load_source("rules { deck_size 32 }\n" + text, "house.rc")
    errors = str(info.value)
    assert reason in errors
    assert "house.rc:2:" in errors


def test_a_patch_changes_what_a_response_answers(tmp_path):
    house = card_file(tmp_path, "patch maneuver shield { answers maneuvers }\n")
    rules = rc.load_ruleset("it", [str(house)])
    assert rules.maneuvers["shield"].answers == frozenset({CardKind.MANEUVER})
    assert rules.maneuvers["torpedo"].answers == ANSWER_KINDS["any"]


@pytest.mark.parametrize("lang, said", [
    ("en", "Usable as a response to an order card."),
    ("es", "Se puede usar como respuesta a una carta de órdenes."),
    ("it", "Utilizzabile come risposta a una carta degli ordini."),
])
def test_the_card_text_says_what_a_response_answers(lang, said):
    rules = rc.load_ruleset(lang, [str(ANSWERS_ORDERS)])
    text = card_text(rules, "veto", lang)
    assert text.endswith(said)
    # a response answering both kinds says no more than it did
    assert card_text(rules, "torpedo", lang).endswith(
        {"en": "Usable as a response.", "es": "Se puede usar como respuesta.",
         "it": "Utilizzabile come risposta."}[lang])


# ------------------------------------------------------------ why not


@pytest.mark.parametrize("lang, said", [
    ("en", "veto answers order cards only, and torpedo is a maneuver (R5.2)"),
    ("es", "veto solo responde a cartas de órdenes, y torpedo es una maniobra (R5.2)"),
    ("it", "veto risponde solo a carte degli ordini, e torpedo è una manovra (R5.2)"),
])
def test_explain_says_a_response_answers_another_kind(lang, said):
    g = game([ANSWERS_ORDERS], "{red-destroyer: [veto, ambush]}", lang)
    g.play("torpedo red-destroyer")
    assert g.explain("order veto blue-submarine") == said
    assert g.hand("red-destroyer") == ["veto", "ambush"]  # explaining changes nothing


def test_explain_a_maneuver_response_that_answers_maneuvers_only(tmp_path):
    house = card_file(tmp_path, """
        rules { orders_respondable yes }
        patch maneuver shield { answers maneuvers }
    """)
    g = game([house], "{blue-submarine: [ambush]}")
    g.play("order ambush red-destroyer")
    assert g.explain("respond shield blue-submarine") == (
        "shield answers maneuvers only, and ambush is an order card (R5.2)")
    assert g.explain("respond torpedo blue-submarine") is None
    assert "respond shield blue-submarine" not in g.legal_moves()


def test_explain_an_order_that_is_no_response():
    g = game([ANSWERS_ORDERS], "{blue-submarine: [ambush], red-destroyer: [deserter]}")
    g.play("order ambush red-destroyer")
    assert g.explain("order deserter blue-submarine") == (
        "deserter cannot be used as a response (R5.2)")


def test_a_patch_may_turn_off_a_response_that_says_what_it_answers(tmp_path):
    first = card_file(tmp_path, """
        rules { orders_respondable yes  deck_size 32 }
        order patch_kit {
            copies 2  response  answers orders
            effect regain repair 1 to target
            name en "Patch kit" es "Kit de reparación" it "Kit di riparazione"
        }
    """, "first.rc")
    later = card_file(tmp_path, "patch order patch_kit { not response }\n", "later.rc")
    rules = rc.load_ruleset("en", [str(first), str(later)])
    assert rules.orders["patch_kit"].response is False
    g = game([first, later], "{blue-submarine: [ambush], red-destroyer: [patch_kit]}")
    g.play("order ambush red-destroyer")
    assert [m for m in g.legal_moves() if m.startswith("order")] == []


# ------------------------------------------------------------ the differences


def test_differences_say_an_answering_option_once_not_card_by_card():
    rules = rc.load_ruleset("en", [str(ANSWERS_ORDERS)])
    assert differences(rules, "en") == [
        "New order card: Veto.",
        "Order cards in the deck: 32 instead of 30.",
        "Order cards that can be responded to: all, unless the card says otherwise "
        "(instead of: none, unless the card says so)."]


@pytest.mark.parametrize("lang, said", [
    ("en", ["Shield answers order cards only.",
            "What a response answers: maneuvers only (instead of: a maneuver or an order "
            "card)."]),
    ("es", ["Blindaje solo responde a cartas de órdenes.",
            "A qué responde una respuesta: solo maniobras (antes: una maniobra o una carta "
            "de órdenes)."]),
    ("it", ["Scudo risponde solo a carte degli ordini.",
            "A cosa risponde una risposta: solo manovre (prima: una manovra o una carta "
            "degli ordini)."]),
])
def test_differences_say_what_a_card_answers_when_it_is_not_the_option(tmp_path, lang, said):
    house = card_file(tmp_path, """
        rules { responses_answer maneuvers }
        patch maneuver shield { answers orders }
    """)
    assert differences(rc.load_ruleset("en", [str(house)]), lang) == said
