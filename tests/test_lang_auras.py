"""Auras (``affects SELECTOR`` in a status or an ability, D9.7): what a
status changes acts on the ships its set names, read whenever a rule asks.
cards/examples/auras_flagship.rc is played here: the destroyer's flag
signals give every friendly ship within 2 of it +1 range, its escort screen
keeps enemy cards off every other friendly ship next to it."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.lang.loader import load_ruleset
from redcode_rules.text.cards import ship_rule_text

from conftest import EXAMPLES, OPEN_BOARD, pass_all, refused

EXAMPLE = str(EXAMPLES / "auras_flagship.rc")


def game(ships: str, turn: str = "blue-submarine", hands: str = "{}",
         extra: tuple[str, ...] = (EXAMPLE,), lang: str = "en") -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: {lang}\nmode: war\nextra: [{', '.join(extra)}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\nturn: {turn}\n"
        "phase: maneuvers\ndeck: []\n")


def torpedoes(g: rc.Game) -> list[str]:
    return sorted(m for m in g.legal_moves() if m.split(" ")[0].endswith("torpedo"))


def test_a_friendly_ship_within_the_aura_reaches_one_box_farther():
    """The submarine at c3 with the destroyer at c5 (2 boxes): its torpedo
    (range 2, R4.2) reaches red's destroyer at f3, 3 boxes away."""
    g = game("blue-submarine: {at: c3}\nblue-destroyer: {at: c5}\n"
             "red-destroyer: {at: f3}\nred-submarine: {at: h3}")
    assert torpedoes(g) == ["heavy_torpedo blue-destroyer", "heavy_torpedo blue-submarine",
                            "heavy_torpedo red-destroyer", "torpedo blue-destroyer",
                            "torpedo blue-submarine", "torpedo red-destroyer"]


def test_a_ship_out_of_the_aura_reaches_as_printed():
    """The destroyer 3 boxes away (a6): the torpedo reaches 2 boxes again (R4.2)."""
    g = game("blue-submarine: {at: c3}\nblue-destroyer: {at: a6}\n"
             "red-destroyer: {at: f3}\nred-submarine: {at: h3}")
    assert torpedoes(g) == ["heavy_torpedo blue-submarine", "heavy_torpedo red-destroyer",
                            "torpedo blue-submarine"]
    assert g.explain("torpedo red-destroyer") == \
        "red-destroyer is not in the visual field of blue-submarine within range 2 (R4.3)"


def test_a_ship_that_sails_into_the_aura_has_it_and_one_that_leaves_loses_it():
    """The set is read when a rule asks, never stored: the destroyer sails
    from a6 to a5, 2 boxes from the submarine, and at the submarine's turn
    its torpedo reaches red's destroyer 3 boxes away; the destroyer sails
    back to a6 and the torpedo reaches 2 boxes again."""
    g = game("blue-submarine: {at: c3}\nblue-destroyer: {at: a6}\n"
             "red-destroyer: {at: f3}\nred-submarine: {at: h3}", turn="blue-destroyer")
    g.play("movement a5")
    pass_all(g)
    for _ in range(2):  # the destroyer's turn, then red's submarine's
        g.play("end")
        pass_all(g)
    assert g.to_move == "blue-submarine"
    assert g.ship("blue-submarine").statuses == ()
    assert "torpedo red-destroyer" in g.legal_moves()
    for _ in range(2):  # blue's submarine, red's destroyer
        g.play("end")
        pass_all(g)
    g.play("recover movement")
    g.play("movement a6")
    pass_all(g)
    for _ in range(2):
        g.play("end")
        pass_all(g)
    assert g.to_move == "blue-submarine"
    assert "torpedo red-destroyer" not in g.legal_moves()


def test_the_aura_reaches_the_holders_side_only():
    """Red's destroyer has the ability too: red's submarine at h3, 2 boxes
    from it, reaches blue's submarine 3 boxes away; with red's destroyer far
    away, and blue's next to it (its flag reaches no red ship), it does not."""
    g = game("blue-submarine: {at: e3}\nblue-destroyer: {at: a6}\n"
             "red-destroyer: {at: f5}\nred-submarine: {at: h3}", turn="red-submarine")
    # red's submarine is 2 boxes from red's destroyer: range 2 + 1 reaches e3 (3 boxes)
    assert "torpedo blue-submarine" in g.legal_moves()
    far = game("blue-submarine: {at: e3}\nblue-destroyer: {at: g4}\n"
               "red-destroyer: {at: a1}\nred-submarine: {at: h3}", turn="red-submarine")
    assert "torpedo blue-submarine" not in far.legal_moves()


def test_the_escort_screen_keeps_enemy_cards_off_the_ship_next_to_it():
    """Red's torpedo may not target the submarine next to blue's destroyer
    (D9.7), and the refusal names the aura and its holder; the destroyer
    itself is no other friendly ship of its own screen."""
    g = game("blue-submarine: {at: c3}\nblue-destroyer: {at: d3}\n"
             "red-destroyer: {at: e3}\nred-submarine: {at: h3}", turn="red-destroyer")
    assert torpedoes(g) == ["torpedo blue-destroyer", "torpedo red-destroyer",
                            "torpedo red-submarine"]
    assert refused(g, "torpedo blue-submarine") == (
        "blue-submarine is within the aura of blue-destroyer's status 'escort screen': enemy "
        "cards cannot target it (D9.7)")


@pytest.mark.parametrize("lang, why", [
    ("es", "blue-submarine está dentro del aura del estado 'pantalla de escolta' de "
           "blue-destroyer: las cartas enemigas no pueden tomarlo como objetivo (D9.7)"),
    ("it", "blue-submarine è nell'aura dello stato 'schermo di scorta' di blue-destroyer: le "
           "carte nemiche non possono prendere di mira quella nave (D9.7)"),
])
def test_the_aura_refusal_in_spanish_and_italian(lang, why):
    g = game("blue-submarine: {at: c3}\nblue-destroyer: {at: d3}\n"
             "red-destroyer: {at: e3}\nred-submarine: {at: h3}", turn="red-destroyer",
             lang=lang)
    assert g.explain("torpedo blue-submarine") == why


def test_a_sunk_holder_reaches_nobody():
    """The destroyer off the board (sunk, waiting, R9.2, D9.3): the submarine
    next to where it was may be torpedoed again."""
    g = game("blue-submarine: {at: c3}\nblue-destroyer: {at: null, sunk: true}\n"
             "red-destroyer: {at: e3}\nred-submarine: {at: h3}", turn="red-destroyer")
    assert "torpedo blue-submarine" in g.legal_moves()
    g.play("torpedo blue-submarine")
    pass_all(g)
    assert g.ship("blue-submarine").repairs == 2


HELD = """\
status rallied {
    until end of its next turn
    affects each friendly ship within 1 of self
    modify cost -1
    name en "rallied" es "enardecido" (m) it "incitamento" (m)
}
order rally {
    copies 1
    name en "Rally" es "Arenga" (f) it "Adunata" (f)
    effect status rallied on self
}
patch order ambush { copies -1 }
"""


def test_a_status_given_by_a_card_is_an_aura_while_it_lasts(tmp_path):
    """Rally: the submarine's status makes the repair of the destroyer next
    to it cost 1 crew (2 - 1, R4.1); the destroyer's own torpedo too."""
    path = tmp_path / "rally.rc"
    path.write_text(HELD)
    g = game("blue-submarine: {at: c3}\nblue-destroyer: {at: c4}\n"
             "red-destroyer: {at: h3}\nred-submarine: {at: h1}",
             hands="{blue-submarine: [rally]}", extra=(str(path),))
    g.play("order rally")
    pass_all(g)
    assert g.ship("blue-submarine").statuses == ("rallied",)
    for _ in range(2):  # the submarine's turn, then red's destroyer's
        g.play("end")
        pass_all(g)
    assert g.to_move == "blue-destroyer"
    reserve = g.ship("blue-destroyer").reserve
    g.play("repair")
    pass_all(g)
    assert g.ship("blue-destroyer").reserve == reserve - 1


def test_the_flagship_text_in_three_languages():
    rules = load_ruleset("en", [EXAMPLE])
    texts = [ship_rule_text(rules.ships["destroyer"], lang, rules.statuses, rules.words)
             for lang in ("en", "es", "it")]
    assert texts == [
        "Flag signals: for every friendly ship within 2 boxes of this ship, its maneuvers' "
        "range is 1 more. Escort screen: for every other friendly ship within 1 box of this "
        "ship, enemy cards cannot target it.",
        "Señales de mando: para cada barco aliado a distancia 2 como máximo de este barco, "
        "sus maniobras llegan 1 casilla más lejos. Pantalla de escolta: para cada uno de los "
        "demás barcos aliados a distancia 1 como máximo de este barco, las cartas enemigas "
        "no pueden tomarlo como objetivo.",
        "Segnali di comando: per ogni nave alleata a distanza 2 al massimo da questa nave, "
        "le sue manovre arrivano 1 casella più lontano. Schermo di scorta: per ogni altra "
        "nave alleata a distanza 1 al massimo da questa nave, le carte nemiche non possono "
        "prendere di mira quella nave."]


SCREEN = """
status screen {
    until start of your next turn
    affects each friendly other ship
    untargetable by enemy damaging cards
    name en "screened" es "protegido" it "protetta" (f)
    state es "protegido" it "protetta"
}
order decoy_flag { copies 1  effect status screen on self }
deck { keep size }
"""


def test_an_aura_keeping_cards_off_other_ships_speaks_of_the_ship_it_reaches(tmp_path):
    """Each ship the aura reaches is the one the cards cannot target: Italian
    says "quella nave", as English "it" and Spanish "tomarlo", never "questa
    nave" (the card's own ship)."""
    path = tmp_path / "screen.rc"
    path.write_text(SCREEN)
    rules = load_ruleset("en", [str(path)])
    assert [rules.text("decoy_flag", lang) for lang in ("en", "es", "it")] == [
        "Your ship is screened until your next turn: for every other friendly ship, enemy "
        "damaging cards cannot target it. Order card: cannot be responded to.",
        "Tu barco queda protegido hasta tu próximo turno: para cada uno de los demás barcos "
        "aliados, las cartas enemigas de daño no pueden tomarlo como objetivo. Carta de "
        "órdenes: sin respuesta.",
        "La tua nave viene protetta fino al tuo prossimo turno: per ogni altra nave alleata, "
        "le carte nemiche dannose non possono prendere di mira quella nave. Carta degli "
        "ordini: senza risposta."]


@pytest.mark.parametrize("lines, message", [
    ("affects target\n    modify range +1", "unexpected 'target'; expected 'each'"),
    ("affects each ship within 1 of target\n    modify range +1",
     "unexpected 'target'; expected 'self'"),
    ("affects each ship where target is enemy\n    modify range +1",
     "'affects' is seen from the ship that has the status, so it cannot read 'target'"),
    ("affects each friendly ship\n    forbids orders",
     "affects other ships, so it cannot say 'forbids'"),
    ("affects each friendly ship\n    modify damage -1\n    for 2 uses",
     "affects other ships, so it cannot say 'uses'"),
    ("affects each friendly ship\n    modify damage -1\n    redirect damage to giver",
     "affects other ships, so it cannot say 'redirect'"),
    ("affects each friendly ship\n    when damaged { effect draw 1 }",
     "affects other ships, so it cannot say 'when'"),
    ("affects each frendly ship\n    modify range +1", "'frendly' does not describe a ship"),
])
def test_bad_auras_are_refused_with_their_place(tmp_path, lines, message):
    path = tmp_path / "bad.rc"
    path.write_text(f"status s {{\n    permanent\n    {lines}\n}}\n")
    with pytest.raises(rc.DslError) as info:
        load_ruleset("en", [str(path)])
    err = info.value
    assert err.file.endswith("bad.rc") and err.line in (3, 4, 5)
    assert message in err.reason


def test_an_aura_changes_the_hash_and_a_ruleset_without_one_keeps_it():
    """The printed cards keep their hash; the aura is part of its status's."""
    plain = load_ruleset("en")
    assert load_ruleset("en", [EXAMPLE]).statuses["flag_signals"].extra() == [
        ["modify", [["range", 1]]], ["affects", "each friendly ship within 2 of self"]]
    assert all(s.affects is None for s in plain.statuses.values())
