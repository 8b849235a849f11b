"""The card language reads like a language, not like a parser: the words of a
list come in any order, a word the grammar also uses names a card, status or
ship type wherever the context says it is a name, a syntax error names the
word actually in error, and no error message shows an internal id."""

import textwrap
from pathlib import Path

import attrs
import pytest

import redcode_rules as rc
from redcode_rules.lang.grammar import NAME_USES, grammar_words, name_clash
from redcode_rules.lang.parse import parse_source
from redcode_rules.model.ruleset import RuleOptions

from conftest import EXAMPLES, ROOT, pass_all, quick_and_mass


STATUS = 'name en "Pinned" es "Inmovilizado" it "Bloccato"'
ORDER = 'name en "Pin" es "Clavar" it "Inchiodare"'


def loads(text: str, edition: str = "en") -> rc.Ruleset:
    return rc.load_source(text, "words.rc", edition)


def error_of(text: str) -> rc.DslError:
    with pytest.raises(rc.DslError) as info:
        loads(text)
    return info.value


# ------------------------------------------------------------------ any order in a list

#: Each list of closed words, written in two orders: (declarations, a getter of
#: what they compiled to, as a set).
LISTS = {
    "forbids": ("status pinned {{ this turn forbids {} {} }}", "orders", "maneuvers",
                lambda r: set(r.statuses["pinned"].forbids)),
    "untargetable by": ("status veiled {{ this turn untargetable by {} {} }}", "orders",
                        "maneuvers", lambda r: set(r.statuses["veiled"].untargetable)),
    "target filter": ("order pin {{ copies 0 target {} {} ship effect draw 1 }}", "damaged",
                      "enemy", lambda r: set(r.orders["pin"].target.filter.words)),
    "each filter": ("order pin {{ copies 0 effect damage 1 to each {} {} ship }}", "damaged",
                    "enemy", lambda r: set(r.orders["pin"].effects[0].selector.filter.words)),
    "is test": ("order pin {{ copies 0 target ship where it is {} {} effect draw 1 }}",
                "damaged", "submarine", lambda r: set(r.orders["pin"].target.filter.where.words)),
    "gender": ('order pin {{ copies 0 effect draw 1 name es "Pines" ({} {}) }}', "f", "pl",
               lambda r: r.words["es"]["pin"].gender),
}


@pytest.mark.parametrize("name", LISTS)
def test_the_words_of_a_list_come_in_any_order(name):
    text, a, b, compiled = LISTS[name]
    one, other = loads(text.format(a, b)), loads(text.format(b, a))
    assert compiled(one) == compiled(other)


def test_forbids_orders_maneuvers_is_the_two_forbids():
    """`maneuvers` is also a ship's property: after a list of names it was read
    as that keyword, and `forbids orders maneuvers` did not parse."""
    rules = loads("status pinned { this turn forbids orders maneuvers }\n"
                  "status veiled { this turn untargetable by orders maneuvers }\n")
    assert [f.value for f in rules.statuses["pinned"].forbids] == ["orders", "maneuvers"]
    assert sorted(k.value for k in rules.statuses["veiled"].untargetable) == \
        ["maneuver", "order"]


def test_a_gender_in_either_order_is_the_same_gender():
    rules = loads('order pin { copies 0 effect draw 1 name es "Pines" (pl m) it "Spilli" '
                  '(m pl) }\n')
    assert (rules.words["es"]["pin"].gender, rules.words["it"]["pin"].gender) == \
        ("m pl", "m pl")


# ------------------------------------------------------------------ keywords as names


def test_how_many_words_of_the_grammar_can_name_things():
    """Of the grammar's words, those every use of a name reads as a name."""
    usable = {kind: sorted(w for w in grammar_words() if name_clash(w, kind) is None)
              for kind in NAME_USES}
    assert {"turn", "where", "sight", "score", "range", "end"} <= set(usable["card"])
    assert {"turn", "where", "sight", "score", "start", "until"} & set(usable["status"]) == \
        {"turn", "where", "sight", "score", "start"}
    assert {"turn", "crew", "status"} <= set(usable["ship"])


def test_a_status_and_cards_named_with_words_of_the_grammar_play():
    """A status `where` and the order cards `score` and `turn`: compiled, given
    and played like any other name."""
    cards = textwrap.dedent(f"""\
        status where {{ this turn forbids maneuvers orders {STATUS} }}
        order score {{
            copies 2
            target damaged enemy ship
            effect status where on target
            {ORDER}
        }}
        order turn {{
            copies 2
            target enemy damaged ship
            effect draw 1
            name en "Twist" es "Giro" (m) it "Giro" (m)
        }}
        patch order ambush {{ copies -4 }}
        """)
    path = Path(__file__).parent / "data" / "_words_named.rc"
    path.write_text(cards)
    try:
        game = rc.Game.from_scenario(textwrap.dedent(f"""\
            edition: es
            extra: [{path}]
            ships:
              blue-submarine: {{at: c3}}
              red-destroyer: {{at: e3, repairs: 2}}
            hands: {{blue-submarine: [score, turn]}}
            deck: [evasion]
            turn: blue-submarine
            phase: maneuvers
            """))
        assert sorted(m for m in game.legal_moves() if m.startswith("order ")) == \
            ["order score red-destroyer", "order turn red-destroyer"]
        game.play("order score red-destroyer")
        pass_all(game)
        assert game.ship("red-destroyer").statuses == ("where",)
    finally:
        path.unlink()


@pytest.mark.parametrize("text, message", [
    ("status permanent { this turn forbids orders }\n",
     "a status cannot be called 'permanent': in a test or a filter ('self is permanent', "
     "'each permanent ship') the word is a word of the card language, as in 'order o { copies "
     "1 usable if target is enemy permanent }', so the status could never be selected"),
    ("order for { copies 0 effect draw 1 }\n",
     "an order cannot be called 'for': it is a word of the card language, as in 'status s { "
     "this turn forbids orders for }'"),
])
def test_a_word_the_grammar_reads_as_its_own_is_refused_with_the_use(text, message):
    assert error_of(text).reason == message


# ------------------------------------------------------------------ the culprit of a syntax error


def test_a_word_glued_to_a_keyword_is_named_whole():
    """`forbid` was read as the keyword `for` then `bid`: the error said
    "unexpected 'bid'; expected a number"."""
    with pytest.raises(rc.DslError) as info:
        parse_source("status s {\n    this turn\n    forbid orders\n}\n", "s.rc")
    err = info.value
    assert (err.line, err.column, err.suggestion) == (3, 5, "forbids")
    assert err.reason.startswith("unexpected 'forbid'; expected 'affects', 'flavour', 'for', 'forbids'")


def syntax_error(text: str) -> rc.DslError:
    with pytest.raises(rc.DslError) as info:
        parse_source(text, "s.rc")
    return info.value


def test_words_run_together_are_refused():
    """`thisturn` parsed as `this turn`: the lexer read the keyword and the rest."""
    err = syntax_error("status s {\n    thisturn\n    forbids orders\n}\n")
    assert (err.line, err.column, err.suggestion) == (2, 5, "this turn")
    assert err.reason == "'thisturn' reads as 'this' then 'turn': keep the words apart"


def test_a_forgotten_closing_brace_is_named_where_the_next_declaration_begins():
    err = syntax_error("order a {\n    copies 2\n    effect draw 1\n\norder b {\n    copies 2\n"
                       "    effect draw 1\n}\n")
    assert (err.line, err.column) == (5, 1)
    assert err.reason == ("'order b' begins inside the declaration before it: a '}' is "
                          "missing before it")


def test_an_effect_without_its_keyword_suggests_it():
    err = syntax_error("order a {\n    copies 2\n    damage 1 to target\n}\n")
    assert (err.line, err.column, err.suggestion) == (3, 5, "effect damage")


def test_a_misspelt_name_before_its_language_is_the_culprit():
    """`nme` was read as one more name of the `forbids` list: the error was at the text."""
    err = syntax_error('status s {\n    this turn\n    forbids orders\n    nme en "Held"\n}\n')
    assert (err.line, err.column, err.suggestion) == (4, 5, "name")
    assert err.reason == ("unexpected 'nme' before a language and its text; expected "
                          "'flavour', 'name' or 'state'")


def test_a_line_left_unfinished_is_named_by_its_last_word():
    err = syntax_error("order a {\n    copies\n    effect draw 1\n}\n")
    assert (err.line, err.column) == (3, 5)
    assert err.reason == "unexpected 'effect'; expected '+', '-' or a number after 'copies'"


def test_a_duration_given_twice_says_what_was_written():
    err = error_of("status s {\n    permanent\n    this turn\n    modify range -1\n}\n")
    assert err.reason == (
        "status 's' says twice how long it lasts ('permanent' at line 2, then 'this turn'); "
        "give one time (until …, this turn or permanent), with 'for N uses' or 'while …' "
        "beside it if it also ends by uses or by a condition")


# ------------------------------------------------------------------ no internal word in an error

#: Property ids the parser gives that a card file never writes.
INTERNAL_IDS = {"abilities", "duration", "ends_on", "keep_size", "over_islands",
                "ignores_running", "sees_over_islands", "entry", "choose_amount", "modes_by"}


def test_the_internal_property_ids_are_known():
    """Every property id of every card file is a word of the grammar, a rule
    option, or one of INTERNAL_IDS (kept out of the messages below)."""
    ids = set()
    for path in ROOT.joinpath("cards").rglob("*.rc"):
        for decl in parse_source(path.read_text("utf-8"), str(path)):
            ids |= {p.name for p in decl.props}
    user_words = grammar_words() | {f.name for f in attrs.fields(RuleOptions)} | {
        "name", "flavour", "state", "respondable", "response"}
    assert ids - user_words == INTERNAL_IDS


def mutations(text: str):
    """The file with each line given twice, and with each line left out, each
    with the line it changed."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() and not line.lstrip().startswith("#"):
            yield line, "\n".join(lines[:i + 1] + [line] + lines[i + 1:])
            yield line, "\n".join(lines[:i] + lines[i + 1:])


def mutated_examples():
    """Every mutation of every example file, in file order, with its line."""
    for path in sorted(EXAMPLES.glob("*.rc")):
        yield from mutations(path.read_text("utf-8"))


# each mutation is a build of the English edition (its files parsed once per
# process): the quick run takes every fourth of the 976 (181 distinct messages
# of the 590), -m mass all of them
@pytest.mark.parametrize("every", quick_and_mass([4, 1], {0}, ids=["sampled", "all"]))
def test_no_error_message_shows_an_internal_word(every):
    """Every example file with each line doubled or dropped: the errors these
    trigger (a property given twice, a missing one, a bad total, a syntax
    error...) speak in the words of the file."""
    messages = set()
    # the sample keeps every change of an ability line, whose message is checked below
    for i, (line, text) in enumerate(mutated_examples()):
        if i % every and not line.lstrip().startswith("ability"):
            continue
        try:
            loads(text)
        except rc.DslError as err:
            messages |= {e.reason for e in (err.errors or [err])}
    assert len(messages) > 150
    assert any("says twice how long it lasts" in m for m in messages)
    assert any(m.startswith("'ability' given twice") for m in messages)
    bad = {m for m in messages
           if any(f"'{w}'" in m for w in INTERNAL_IDS) or "Token(" in m or "Tree(" in m}
    assert bad == set()
