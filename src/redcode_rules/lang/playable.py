"""What ``redcode check`` warns of in a card set's rules: a response card
that can never be played on the rules it is checked against.

A response may only answer an item of a kind it answers (R5.2), and only an
item that opens a response window: a maneuver that says ``respondable``, an
order card when the rule option ``orders_respondable`` says yes or the card
says ``respondable`` (R5.1, R7.3). A card file that declares ``response
answers orders`` on the printed rules (``orders_respondable no``) compiles,
and its card is never offered: the warning names the rule option to set.
"""

from __future__ import annotations

from ..base.kinds import CardKind
from ..model.ruleset import CardDef, Ruleset
from .loader import load_ruleset
from .records import Decl
from .wording import Notice, parsed_files

#: the kinds of card a response may answer, as a warning says them
KIND_WORDS = {CardKind.MANEUVER: "maneuvers", CardKind.ORDER: "order cards"}


def playable_notices(paths: list[str], edition: str = "en") -> list[Notice]:
    """A warning for each response card that the card files ``paths`` declare
    or patch and that nothing on the rules of the set can open a window for
    (no warning when the set does not build: ``check_files`` reports why)."""
    decls = _card_decls(paths)
    if not decls:
        return []
    variant = any(d.action == "variant" for d in decls.values())
    try:
        rules = load_ruleset(paths[0], paths[1:]) if variant else load_ruleset(edition, paths)
    except Exception:  # an error of its own, reported by check_files
        return []
    out = []
    for card in (*rules.maneuvers.values(), *rules.orders.values()):
        decl = decls.get((str(card.kind), card.id))
        if decl is None or not card.response:
            continue
        answered = sorted(k.value for k in card.answers if not _opens(rules, k))
        if answered and len(answered) == len(card.answers):
            where = next((p.pos for p in decl.props if p.name in ("answers", "response")),
                         decl.pos)
            out.append(Notice(where.file, where.line, where.column,
                              _message(rules, card, [CardKind(k) for k in answered])))
    return out


def _card_decls(paths: list[str]) -> dict[tuple[str, str], Decl]:
    """The maneuvers and order cards the files declare or patch (their last
    place), and a variant header if one comes first."""
    found: dict[tuple[str, str], Decl] = {}
    for path, decls in parsed_files(paths):
        for decl in decls:
            if decl.kind in ("maneuver", "order") and decl.action in ("new", "patch"):
                found[(decl.kind, decl.id)] = decl
            elif decl.action == "variant" and path == paths[0]:
                found[("variant", decl.id)] = decl
    return found


def _opens(rules: Ruleset, kind: CardKind) -> bool:
    """Whether some card of ``kind`` opens a response window (R5.1, R7.3)."""
    cards = rules.maneuvers if kind is CardKind.MANEUVER else rules.orders
    return any(c.respondable or any(m.respondable for m in c.modes) for c in cards.values())


def _message(rules: Ruleset, card: CardDef, kinds: list[CardKind]) -> str:
    """Why the card can never be played, and what would open a window."""
    what = f"{'maneuver' if card.kind == 'maneuver' else 'order card'} '{card.id}'"
    answered = " or ".join(KIND_WORDS[k] for k in kinds)
    fixes = []
    if CardKind.ORDER in kinds:
        fixes.append(f"the rule option orders_respondable is "
                     f"{rules.options.orders_respondable} (rules {{ orders_respondable yes }})")
    if CardKind.MANEUVER in kinds:
        fixes.append("no maneuver says 'respondable'")
    return (f"{what} is a response that answers {answered}, but none can be responded to on "
            f"these rules, so it can never be played: {'; '.join(fixes)}")
