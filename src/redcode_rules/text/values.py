"""Rule text of the numbers the card language reads beyond its first
quantities (docs/design.md, "Numbers"): a ship's crew withdrawn and on its
maneuvers, the size of its tracks, its hull, the game's deck and discards,
and the tallies of what happened (ships a side lost or sank, the cards of a
class a ship or side used, over this turn or this game); and classes of
cards, which a tally names as a status does. Every phrase comes whole from
the ``values`` section of each catalog (the ``status_rules.card_class``
one for a class of cards), so each language keeps its own order; a count
of things is "the number of" them, so "N = …" names a number.
"""

from __future__ import annotations

from ..i18n.catalog import Words, catalog, display_name, status_name
from ..i18n.grammar import indefinite, verbs
from ..rules.card_classes import CardClass
from ..rules.exprs import Measure, Quantity, Tally


def class_text(cls: CardClass, lang: str = "en", names: Words | None = None,
               its: bool = False) -> str:
    """A class of cards as a phrase of ``lang``: its cards by the card set's
    names (``Torpedo and Radar``), or its words in the language's order,
    with the article a subject takes there (``enemy damaging cards``, ``las
    cartas enemigas de daño``); ``its``: the class of the ship's own cards
    (``its damaging maneuvers``, ``sus maniobras de daño``)."""
    said = catalog(lang)["status_rules"]["card_class"]
    phrase = _class_phrase(cls, said, lang, names, said["and"])
    return phrase if cls.names else said["its" if its else "words"].format(cards=phrase)


def _class_phrase(cls: CardClass, said: dict, lang: str, names: Words | None,
                  joiner: str) -> str:
    """A class's cards by name (joined by ``joiner``: "and", "or"), or its
    words in the language's order, with the forms of ``said`` (plural, or
    one card's)."""
    if cls.names:
        shown = [display_name(n, lang, names) for n in cls.names]
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + joiner + shown[-1]
    kind = "any" if len(cls.kinds) != 1 else cls.kinds[0].value
    qualities = ([said["enemy"]] if cls.whose.value == "enemy" else []) + \
        [said["traits"][t.value] for t in cls.traits]
    # the describing words before the noun (English) or after it
    phrase = said["shape"].format(qualities=" ".join(qualities), noun=said["kinds"][kind]) \
        if qualities else said["kinds"][kind]
    if cls.cost is not None:
        phrase += " " + said["cost"].format(n=cls.cost)
    return phrase


def one_card_text(cls: CardClass | None, lang: str = "en",
                  names: Words | None = None) -> str:
    """One card of a class as a phrase of ``lang``, with its indefinite
    article (``a damaging maneuver``, ``una carta de órdenes``, ``Torpedo or
    Radar``): the card a trigger's event is about (D9.12, D9.18); None: any
    card."""
    said = catalog(lang)["status_rules"]["card_class"]["one"]
    if cls is None:
        return indefinite(lang, said["gender"], said["kinds"]["any"])
    phrase = _class_phrase(cls, said, lang, names, said["or"])
    return phrase if cls.names else indefinite(lang, said["gender"], phrase)


def played_text(cls: CardClass | None, lang: str = "en", names: Words | None = None) -> str:
    """A card played, as the verb phrase of a ``plays`` trigger (D9.18): a
    maneuver is used, an order card or any card played (``uses a ranged
    maneuver``, ``juega una carta de órdenes``)."""
    kind = "any" if cls is None or len(cls.kinds) != 1 else cls.kinds[0].value
    return catalog(lang)["triggers"]["plays"][kind].format(card=one_card_text(cls, lang, names))


def value_text(m: Measure | Tally, lang: str, subject: str,
               names: Words | None = None, held: bool = False) -> tuple[str, int]:
    """A value of the "Numbers" block as a noun phrase, with its number (1:
    singular, 2: plural); ``subject`` is the key of whom it is about (self,
    target, …, enemy, friendly); ``held``: seen from the ship that has a
    status (a limit's amount, D9.14: "of this ship")."""
    w = _words(lang, held)
    of = w["of"].get(subject, "")
    if isinstance(m, Tally):  # counted: "the number of maneuvers …", the cards without article
        key, cards = _used(m, lang, names)
        text = w[key].format(cards=cards, by=w["used_by"][subject],
                             period=w["period"][m.period.value])
        return text, 1
    q = m.quantity
    if q is Quantity.CREW_ON and m.card:
        entry = w["quantities"]["crew on card"]
        text = entry["text"].format(of=of, card=display_name(m.card, lang, names))
    elif q is Quantity.COUNT:  # a counter (D9.9): the status by its name
        entry = w["quantities"][q.value]
        text = entry["text"].format(of=of, status=status_name(m.card, lang, words=names))
    elif q in (Quantity.SHIPS_LOST, Quantity.SHIPS_SUNK):
        entry = w["quantities"][q.value]
        text = entry["text"].format(side=w["side"][subject],
                                    period=w["period"][m.period.value])  # type: ignore[union-attr]
    else:
        entry = w["quantities"][q.value]
        text = entry["text"].format(of=of)
    return text, 1 if entry["n"] == "one" else 2


def _words(lang: str, held: bool) -> dict:
    """The ``values`` words of ``lang``; ``held``: seen from the ship that has
    a status, the card's for a subject the held view does not say."""
    w = catalog(lang)["values"]
    if held:
        w = {**w, **{k: {**w[k], **v} for k, v in w["held"].items()}}
    return w


def _used(m: Tally, lang: str, names: Words | None) -> tuple[str, str]:
    """A tally's template key (its cards named or described) and its cards,
    counted, so said without an article."""
    said = catalog(lang)["status_rules"]["card_class"]
    return "used_named" if m.cards.names else "used", \
        _class_phrase(m.cards, said, lang, names, said["and"])


def none_text(m: Measure | Tally, lang: str, subject: str, names: Words | None = None,
              held: bool = False, mood_: str = "ind") -> str | None:
    """A count of none (compared with 0) as a clause of ``lang``, its verbs in
    ``mood_``, where the catalog says it as "has no …" and "there is no …"
    are said ("your ship has used no maneuvers this turn", "there are no
    cards in the deck"); None for a value said "… is 0"."""
    w = _words(lang, held)
    if isinstance(m, Tally):
        key, cards = _used(m, lang, names)
        person = "2" if subject == "you" and not held else "3"  # "you have used"
        by = w["used_by_none"][subject].format(**verbs(lang, mood_, person))
        return w["none"][key].format(cards=cards, by=by, period=w["period"][m.period.value])
    crew_on_card = m.quantity is Quantity.CREW_ON and m.card
    template = w["none"].get("crew on card" if crew_on_card else m.quantity.value)
    if template is None:
        return None
    period = w["period"][m.period.value] if m.period is not None else ""
    card = display_name(m.card, lang, names) if m.card else ""
    return template.format(of=w["of"].get(subject, ""), side=w["side"].get(subject, ""),
                           period=period, card=card, **verbs(lang, mood_))


def times_text(factor: int, phrase: str, lang: str) -> str:
    """``N * QUANTITY`` as a phrase: "3 times the breakdown cubes of the target"."""
    return catalog(lang)["values"]["times"].format(n=factor, x=phrase)
