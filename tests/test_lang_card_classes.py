"""Classes of cards where a status names cards (rules/card_classes.py):
``untargetable by enemy damaging cards``, ``modify range +1 on ranged
maneuvers``, ``modify cost -1 on torpedo, heavy_torpedo``. The example
cards/examples/classes_of_cards.rc is played here; a class covers the cards
of every file, read once as the ruleset is compiled."""

from __future__ import annotations

import textwrap

import pytest

import redcode_rules as rc
from redcode_rules.rules.card_classes import CardClass, Trait, Whose
from redcode_rules.base.kinds import CardKind
from redcode_rules.lang.loader import load_ruleset

from conftest import EXAMPLES, OPEN_BOARD, pass_all, refused

EXAMPLE = str(EXAMPLES / "classes_of_cards.rc")


def game(ships: str, turn: str = "blue-submarine", hands: str = "{}",
         extra: tuple[str, ...] = (EXAMPLE,), mode: str = "war") -> rc.Game:
    board = textwrap.indent(OPEN_BOARD, "  ")
    return rc.Game.from_scenario(
        f"edition: en\nmode: {mode}\nextra: [{', '.join(extra)}]\nboard: |\n{board}\n"
        f"ships:\n{textwrap.indent(ships, '  ')}\nhands: {hands}\nturn: {turn}\n"
        "phase: maneuvers\ndeck: []\n")


def test_the_classes_are_read_from_the_card_definitions():
    rules = load_ruleset("en", [EXAMPLE])
    hidden = rules.statuses["smoke_cover"].untargetable_by
    assert hidden == CardClass(traits=(Trait.DAMAGING,), whose=Whose.ENEMY)
    assert sorted(hidden.members) == [
        "air_support", "ambush", "assault", "atomic_bomb", "captain", "countermeasure",
        "depth_charge", "floating_mine", "heavy_torpedo", "intercept", "kamikaze", "missile",
        "radar", "torpedo"]
    (_, _, ranged), (_, _, listed) = [m for m in rules.statuses["gun_crews"].modifiers]
    assert ranged == CardClass(kinds=(CardKind.MANEUVER,), traits=(Trait.RANGED,))
    assert "repair" not in ranged.members and "radio_support" in ranged.members
    assert sorted(listed.members) == ["heavy_torpedo", "torpedo"]


def test_a_class_covers_a_card_of_another_file(tmp_path):
    """A damaging maneuver declared in a later file is in the class too."""
    later = tmp_path / "later.rc"
    later.write_text('maneuver harpoon {\n    cost 1  range 1\n    target ship\n'
                     '    name en "Harpoon" es "Arpón" (m) it "Arpione" (m)\n'
                     '    effect damage 1 to target\n}\n')
    rules = load_ruleset("en", [EXAMPLE, str(later)])
    assert "harpoon" in rules.statuses["smoke_cover"].untargetable_by.members
    assert "harpoon" in rules.statuses["gun_crews"].modifiers[0][2].members


def test_smoke_cover_keeps_enemy_damaging_cards_off_the_ship():
    """Red's torpedo may not target the covered submarine (its own explain
    says why); a card that deals no damage still may, and a card of the
    ship's own side still may."""
    g = game("blue-submarine: {at: c3, smoke_cover: true}\nred-destroyer: {at: e3}",
             turn="red-destroyer")
    assert [m for m in g.legal_moves() if m.endswith("blue-submarine")] == []
    assert refused(g, "torpedo blue-submarine") == (
        "blue-submarine is under smoke cover: enemy damaging cards cannot target it "
        "until its next turn (R9)")
    g.lang = "es"
    assert g.explain("torpedo blue-submarine") == (
        "blue-submarine está al abrigo del humo: las cartas enemigas de daño no pueden "
        "tomarlo como objetivo hasta su próximo turno (R9)")


def test_only_enemy_cards_are_kept_off():
    """2v2: the covered blue submarine may be targeted by its teammate's
    damaging cards, not by an enemy's."""
    g = game("blue-submarine: {at: c3, smoke_cover: true}\nblue-destroyer: {at: c4}\n"
             "red-destroyer: {at: e3}\nred-submarine: {at: h6}", turn="blue-destroyer",
             mode="arena")
    assert "torpedo blue-submarine" in g.legal_moves()
    ask = g.engine.queries
    torpedo = g.rules.maneuvers["torpedo"]
    seats = {s.id: i for i, s in enumerate(g.state.ships)}
    assert ask.targetable(seats["blue-destroyer"], seats["blue-submarine"], torpedo)
    assert not ask.targetable(seats["red-destroyer"], seats["blue-submarine"], torpedo)


def test_gun_crews_lengthen_ranged_maneuvers_and_cheapen_torpedoes():
    """Torpedo: range 2 → 3, cost 2 → 1; heavy torpedo cost 3 → 2; repair unchanged."""
    g = game("blue-submarine: {at: a1, gun_crews: true}\nred-destroyer: {at: d1}")
    ask = g.engine.queries
    rules = g.rules
    assert [ask.reach(0, rules.maneuvers[c]) for c in ("torpedo", "heavy_torpedo")] == [3, 4]
    assert [ask.cost(0, rules.maneuvers[c]) for c in ("torpedo", "heavy_torpedo", "repair")] \
        == [1, 2, 2]
    assert "torpedo red-destroyer" in g.legal_moves()  # 3 boxes away
    g.play("torpedo red-destroyer")
    pass_all(g)
    assert g.ship("blue-submarine").crew["torpedo"] == 1
    assert g.ship("red-destroyer").repairs == 2


def test_the_cards_are_played_from_the_hand():
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: e3}",
             hands="{blue-submarine: [lay_smoke]}")
    g.play("order lay_smoke")
    pass_all(g)
    assert g.ship("blue-submarine").statuses == ("smoke_cover",)


@pytest.mark.parametrize("lang, text", [
    ("en", "Your ship is under smoke cover until its next turn: enemy damaging cards cannot "
           "target it."),
    ("es", "Tu barco queda al abrigo del humo hasta su próximo turno: las cartas enemigas de "
           "daño no pueden tomarlo como objetivo."),
    ("it", "La tua nave viene coperta dal fumo fino al suo prossimo turno: le carte nemiche "
           "dannose non possono prendere di mira questa nave."),
])
def test_untargetable_text_in_three_languages(lang, text):
    rules = load_ruleset("en", [EXAMPLE])
    assert rules.text("lay_smoke", lang).startswith(text)


@pytest.mark.parametrize("lang, text", [
    ("en", "Your ship is ready to fire this turn: the range of its ranged maneuvers is 1 more; "
           "Torpedo and Heavy torpedo cost 1 crew less (at least 1)."),
    ("es", "Tu barco queda listo para disparar este turno: sus maniobras a distancia llegan "
           "1 casilla más lejos; Torpedo y Torpedo pesado cuestan 1 tripulante menos (al menos 1)."),
    ("it", "La tua nave è pronta al fuoco per questo turno: le sue manovre a distanza arrivano "
           "1 casella più lontano; Siluro e Siluro pesante costano 1 membro dell'equipaggio "
           "in meno (almeno 1)."),
])
def test_modify_on_a_class_text_in_three_languages(lang, text):
    rules = load_ruleset("en", [EXAMPLE])
    assert rules.text("man_the_guns", lang).startswith(text)


def _load(tmp_path, body: str):
    path = tmp_path / "bad.rc"
    path.write_text(body)
    return load_ruleset("en", [str(path)])


@pytest.mark.parametrize("line, message, suggestion", [
    ("modify range +1 on rangd maneuvers", "'modify range on': 'rangd' does not describe "
     "cards; a class's words are ranged, damaging, moving, own_ship", "ranged"),
    ("modify range +1 on ranged orders", "'modify range on': order cards have no range or "
     "cost (R7.3); name maneuvers", None),
    ("modify cost -1 on torpedo, torpedo", "'modify cost on' names 'torpedo' twice", None),
    ("modify cost -1 on torpedo, zap", "'modify cost on' names unknown maneuver 'zap'", None),
    ("untargetable by damaging", "a class of cards ends with cards, maneuvers or orders",
     "damaging cards"),
    ("modify range +1 on enemy maneuvers", "'enemy' does not describe cards", None),
    ("untargetable by ranged ranged maneuvers", "says 'ranged' twice", None),
])
def test_bad_classes_are_refused_with_their_place(tmp_path, line, message, suggestion):
    with pytest.raises(rc.DslError) as info:
        _load(tmp_path, f"status s {{\n    this turn\n    {line}\n}}\n")
    err = info.value
    assert (err.file.endswith("bad.rc"), err.line) == (True, 3)
    assert message in err.reason
    assert err.suggestion == suggestion


JAMMED = """\
status jammed_guns {
    this turn
    forbids damaging cards
    name en "jammed" es "encasquillado" (m) it "inceppato" (m)
}
status no_radar {
    this turn
    forbids radar, torpedo
    name en "blinded" es "cegado" (m) it "accecato" (m)
}
"""


def test_a_status_forbids_a_class_of_cards(tmp_path):
    """Jammed: no damaging maneuver nor order card of the hand is listed;
    the others are; explain names the status."""
    path = tmp_path / "jammed.rc"
    path.write_text(JAMMED)
    g = game("blue-submarine: {at: c3, jammed_guns: true}\nred-destroyer: {at: e3}",
             hands="{blue-submarine: [ambush, mechanic]}", extra=(str(path),))
    heads = sorted({m.split(" ")[0] if not m.startswith("order ") else m.split(" ")[1]
                    for m in g.legal_moves()})
    assert heads == ["end", "immersion", "mechanic", "movement", "orders", "repair"]
    assert refused(g, "torpedo red-destroyer") == \
        "blue-submarine is jammed and cannot use torpedo this turn (R9)"
    assert refused(g, "order ambush red-destroyer") == \
        "blue-submarine is jammed and cannot use ambush this turn (R9)"


def test_a_status_forbids_a_list_of_cards(tmp_path):
    path = tmp_path / "jammed.rc"
    path.write_text(JAMMED)
    g = game("blue-submarine: {at: c3, no_radar: true}\nred-destroyer: {at: e3}",
             extra=(str(path),))
    assert not [m for m in g.legal_moves() if m.startswith("torpedo")]
    assert "heavy_torpedo red-destroyer" in g.legal_moves()
    rules = load_ruleset("en", [str(path)])
    assert [rules.statuses[s].forbids_cards for s in ("jammed_guns", "no_radar")] == [
        CardClass(traits=(Trait.DAMAGING,)), CardClass(names=("radar", "torpedo"))]


GUNS_SILENT = """\
status guns_silent {
    this turn
    forbids ranged maneuvers
    name en "silenced" es "silenciado" (m) it "silenziato" (m)
}
status no_shooting {
    this turn
    forbids damaging maneuvers
    name en "disarmed" es "desarmado" (m) it "disarmato" (m)
}
"""


@pytest.mark.parametrize("status, gone, kept", [
    ("guns_silent", ["torpedo red-destroyer", "heavy_torpedo red-destroyer"],
     ["repair", "order ambush red-destroyer"]),
    ("no_shooting", ["torpedo red-destroyer", "heavy_torpedo red-destroyer"],
     ["repair", "order ambush red-destroyer"]),
])
def test_a_status_forbids_a_class_of_maneuvers(tmp_path, status, gone, kept):
    """`forbids ranged maneuvers` and `forbids damaging maneuvers` are classes
    (R9), as docs/dsl.md writes them: the maneuvers of the class are not
    listed, the ship's other maneuvers and its player's order cards are."""
    path = tmp_path / "silent.rc"
    path.write_text(GUNS_SILENT)
    g = game(f"blue-submarine: {{at: c3, {status}: true}}\nred-destroyer: {{at: e3}}",
             hands="{blue-submarine: [ambush]}", extra=(str(path),))
    legal = g.legal_moves()
    assert [m for m in gone if m in legal] == []
    assert [m for m in kept if m in legal] == kept
    rules = load_ruleset("en", [str(path)])
    assert rules.statuses[status].forbids_cards.kinds == (CardKind.MANEUVER,)
    assert rules.statuses[status].forbids == ()


@pytest.mark.parametrize("lang, text", [
    ("en", "The target is jammed this turn: its player cannot use damaging cards."),
    ("es", "El objetivo queda encasquillado este turno: su jugador no puede usar las cartas "
           "de daño."),
    ("it", "Il bersaglio viene inceppato per questo turno: il suo giocatore non può usare "
           "le carte dannose."),
])
def test_forbids_a_class_text_in_three_languages(tmp_path, lang, text):
    path = tmp_path / "jammed.rc"
    path.write_text(JAMMED + 'order jam {\n    copies 1\n    name en "Jam" es "Atasco" (m) '
                    'it "Inceppamento" (m)\n    effect status jammed_guns on target\n}\n'
                    'patch order ambush { copies 3 }\n')
    rules = load_ruleset("en", [str(path)])
    assert rules.text("jam", lang).startswith(text)


DEFLECT = """\
order deflect {
    copies 1
    response
    target source
    usable if answered is damaging
    effect cancel answered
    name en "Deflect" es "Desviar" (m) it "Deviare" (m)
}
patch order ambush { copies 3 }
"""


@pytest.mark.parametrize("maneuver, answerable", [("torpedo", True), ("repair", False)])
def test_a_condition_about_the_answered_item_names_a_class(tmp_path, maneuver, answerable):
    """`answered is damaging`: the deflection answers red's torpedo, not its repair."""
    path = tmp_path / "deflect.rc"
    path.write_text(DEFLECT)
    g = game("blue-submarine: {at: c3}\nred-destroyer: {at: e3}", turn="red-destroyer",
             hands="{blue-submarine: [deflect]}", extra=(str(path),))
    g.play(f"{maneuver} blue-submarine" if maneuver == "torpedo" else maneuver)
    assert ("order deflect red-destroyer" in g.legal_moves()) is answerable


@pytest.mark.parametrize("lang, text", [
    ("en", "Usable only if it answers a damaging card."),
    ("es", "Solo se puede usar si responde a una carta de daño."),
    ("it", "Utilizzabile solo se risponde a una carta dannosa."),
])
def test_the_answered_class_text_in_three_languages(tmp_path, lang, text):
    path = tmp_path / "deflect.rc"
    path.write_text(DEFLECT)
    rules = load_ruleset("en", [str(path)])
    assert text in rules.text("deflect", lang)


ALERT = """\
status alert {
    permanent
    when targeted by enemy damaging cards { effect damage 1 to source }
    name en "on alert" es "en alerta" (m) it "in allerta" (f)
}
"""


@pytest.mark.parametrize("move, red_repairs", [
    ("torpedo blue-submarine", 2),        # damaging: the trigger answers it
    ("radio_support blue-submarine", 3),  # no damage: nothing
])
def test_a_trigger_watches_a_class_of_cards_that_targets(tmp_path, move, red_repairs):
    path = tmp_path / "alert.rc"
    path.write_text(ALERT)
    g = game("blue-submarine: {at: c3, alert: true}\nred-aircraft_carrier: {at: e3}",
             turn="red-aircraft_carrier", extra=(str(path),))
    g.play(move)
    assert g.ship("red-aircraft_carrier").repairs == red_repairs


def test_a_class_in_by_is_for_an_event_with_a_card_only(tmp_path):
    path = tmp_path / "bad.rc"
    path.write_text("status s {\n    permanent\n    when sunk by damaging cards "
                    "{ effect draw 1 }\n}\n")
    with pytest.raises(rc.DslError) as info:
        load_ruleset("en", [str(path)])
    assert info.value.line == 3
    assert "'by' names a class of cards only for 'targeted'" in info.value.reason


@pytest.mark.parametrize("lang, text", [
    ("en", "when an enemy ship targets this ship with a damaging card, 1 repair damage "
           "to the ship that caused it"),
    ("es", "con una carta de daño,"),
    ("it", "con una carta dannosa,"),
])
def test_the_trigger_text_names_the_class(tmp_path, lang, text):
    path = tmp_path / "alert.rc"
    path.write_text(ALERT)
    rules = load_ruleset("en", [str(path)])
    from redcode_rules.text.cards import status_rule_parts
    assert text in status_rule_parts(rules.statuses["alert"], lang, rules.words)["forbids"]


def test_a_player_whose_only_answer_may_not_be_used_is_not_asked(tmp_path):
    """D5.4: red's repair is no damaging card, so blue's deflection may not
    answer it, and blue (its response maneuvers hold crew) is not asked: the
    repair resolves at once."""
    path = tmp_path / "deflect.rc"
    path.write_text(DEFLECT)
    g = game("blue-aircraft_carrier: {at: c3, reserve: 2, crew_on: {torpedo: 2, "
             "air_support: 2}}\nred-destroyer: {at: e3, repairs: 2}",
             turn="red-destroyer", hands="{blue-aircraft_carrier: [deflect]}",
             extra=(str(path),))
    g.play("repair")
    assert (g.to_move, g.decision) == ("red-destroyer", "main")
    assert g.ship("red-destroyer").repairs == 3


@pytest.mark.parametrize("written, members", [
    ("moving cards", ["evasion", "immersion", "movement"]),
    ("own_ship maneuvers", ["immersion", "movement", "orders", "repair"]),
    ("maneuvers costing 3", ["assault", "floating_mine", "heavy_torpedo", "medical_equipment",
                             "radar"]),
    ("damaging orders", ["ambush", "atomic_bomb", "captain", "intercept", "kamikaze"]),
])
def test_each_word_of_a_class_reads_the_printed_cards(tmp_path, written, members):
    """Moving, own-ship, a cost, a kind: the printed cards each class holds."""
    path = tmp_path / "c.rc"
    path.write_text(f"status s {{\n    permanent\n    untargetable by {written}\n}}\n")
    hidden = load_ruleset("en", [str(path)]).statuses["s"].untargetable_by
    assert (str(hidden), sorted(hidden.members)) == (written, members)
