"""Cover (docs/rules.md D2.23): a token that `blocks sight` (a smoke screen),
its box and what lies past it out of every ship's sight while it lies there,
its box still water for every other rule; played in scenarios with exact
values, drawn in the observation, said in three languages and checked by
the compiler.
"""

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.info.game_tensor import kept_tensor, tensor_written_afresh

from conftest import OPEN_BOARD, dsl_refusal, starting

CARDS = """\
token smoke { mark "%"  blocks sight  until start of its next turn
    name en "smoke" es "humo" it "fumo" }
order smoke_screen { copies 0  effect place_token smoke on self }
"""


@pytest.fixture(scope="module")
def cards(tmp_path_factory):
    path = tmp_path_factory.mktemp("cover") / "cover.rc"
    path.write_text(CARDS)
    return str(path)


def game(cards: str, smoke: str | None = None, red: str = "e3") -> rc.Game:
    """The blue submarine at c3, the red destroyer at ``red``, smoke on
    ``smoke`` (placed by the red destroyer)."""
    tokens = "" if smoke is None else \
        f"tokens: [{{token: smoke, at: {smoke}, owner: red-destroyer}}]\n"
    return rc.Game.from_scenario(
        f"edition: en\nextra: [{cards}]\nboard: |\n{textwrap.indent(OPEN_BOARD, '  ')}\n"
        f"ships:\n  blue-submarine: {{at: c3}}\n  red-destroyer: {{at: {red}}}\n"
        "hands: {blue-submarine: [smoke_screen]}\ndeck: [boatswain]\n"
        "turn: blue-submarine\nphase: maneuvers\n" + tokens)


def test_cover_between_two_ships_cuts_their_sight_both_ways_D2_23(cards):
    assert starting(game(cards), "torpedo red-destroyer") == ["torpedo red-destroyer"]
    g = game(cards, smoke="d3")
    assert starting(g, "torpedo red-destroyer") == []
    assert "e3" not in g.observation("blue-submarine").sight
    assert "c3" not in g.observation("red-destroyer").sight


def test_a_ship_under_cover_is_seen_by_none_and_sees_out(cards):
    g = game(cards, smoke="e3")
    assert starting(g, "torpedo red-destroyer") == []
    queries = g.engine.queries
    assert [s for _, s in queries.sight(1)] == [0]  # the red destroyer sees the submarine
    assert queries.sight(0) == []


def test_a_covered_box_is_water_for_moves(cards):
    g = game(cards, smoke="d3", red="h6")
    assert "movement d3" in g.legal_moves()
    g.play("movement d3")
    assert g.ship("blue-submarine").position == "d3"


def test_the_kept_tensor_sees_the_cover_come_and_go(cards):
    g = game(cards, red="e4")
    before = list(kept_tensor(g, "blue-submarine"))
    g.play("order smoke_screen")
    after = list(kept_tensor(g, "blue-submarine"))
    assert after == list(tensor_written_afresh(g, "blue-submarine"))
    assert after != before


@pytest.mark.parametrize("lang,text", [
    ("en", "No ship sees this token's box or past it."),
    ("es", "Ningún barco ve la casilla de esta ficha, ni más allá de ella."),
    ("it", "Nessuna nave vede la casella di questo segnalino, né oltre."),
])
def test_the_text_of_cover(cards, lang, text):
    from redcode_rules.text.cards import token_text
    rules = rc.load_ruleset("en", extra=[cards])
    assert token_text(rules.tokens["smoke"], lang, rules.statuses, rules.words).startswith(text)


def test_a_terrain_token_is_no_cover_too():
    err = dsl_refusal('token fog { mark "%"  terrain island  blocks sight }\n'
                      "order x { copies 0  effect place_token fog on self }")
    assert err.reason.startswith("token 'fog' makes its box terrain already")


@pytest.mark.parametrize("lang,text", [
    ("en", "Place a smoke token on the box of your ship. Smoke: no ship sees this token's box "
           "or past it. This token stays until the next turn of the player who placed it."),
    ("es", "Coloca una ficha de humo en la casilla de tu barco. Humo: ningún barco ve la "
           "casilla de esta ficha, ni más allá de ella. Esta ficha se queda hasta el próximo "
           "turno del jugador que la colocó."),
    ("it", "Piazza un segnalino fumo sulla casella della tua nave. Fumo: nessuna nave vede la "
           "casella di questo segnalino, né oltre. Questo segnalino resta fino al prossimo "
           "turno del giocatore che l'ha piazzato."),
])
def test_a_card_that_places_a_token_says_what_the_token_does(cards, lang, text):
    assert rc.load_ruleset("en", extra=[cards]).text("smoke_screen", lang=lang).startswith(text)
