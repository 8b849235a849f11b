"""The card language's choices made while a card resolves: ``may [by
source|target] { … } [else { … }]`` (D4.16) and ``modes chosen by
target|source`` (D4.17), read from the parse tree.

A ``may`` is written flat in its effect list (rules/effects.py, ``May``):
a call ``may`` holding the sizes of its blocks, the yes block's calls,
then a call ``else`` and the else block's calls; so every check of an
effect list, which pairs each call with its effect, reads the blocks'
calls as any other. ``Flow`` is what the parser hands the effect list.
"""

from __future__ import annotations

from typing import Any, Mapping

from lark import Transformer, v_args

from ..base.errors import DslError
from ..model.ruleset import TargetKind
from ..rules.effects import Selector

#: The chooser a ``may by …`` names: the player of that ship.
CHOOSERS = {"target": Selector.TARGET, "source": Selector.SOURCE}


class Flow(tuple):
    """A ``may`` block's calls, flat: the effect list takes them in order."""


@v_args(meta=True)
class MayTransformer(Transformer):
    """Mixed into the DSL's transformer (lang/parse.py), which gives
    ``flow_call`` (a call of the flat list) and ``_pos``."""

    def may_by(self, meta, c):
        return CHOOSERS[str(c[1])]

    def may_else(self, meta, c):
        return (self._pos(meta), tuple(c))

    def may_call(self, meta, c):
        chooser, *rest, otherwise = c  # the optional parts are None when left out
        blocks = [rest, list(otherwise[1]) if otherwise else []]
        for call in (*blocks[0], *blocks[1]):
            if isinstance(call, Flow):
                pos = call[0].pos
                raise DslError("a 'may' block holds effects, not another 'may': say the "
                               "inner choice as its own 'may' after the block (D4.16)",
                               file=pos.file, line=pos.line, column=pos.column)
        yes, no = blocks
        head = self.made("call", "may", (len(yes), len(no)), chooser or Selector.SELF,
                         self._pos(meta))
        tail = [self.made("call", "else", (len(no),), Selector.SELF, otherwise[0]), *no] \
            if otherwise else []
        return Flow((head, *yes, *tail))

    def plain(self, name) -> None:
        """A call's name, refused if it is the word that ends a ``may`` block."""
        if str(name) == "else":
            raise DslError("'else' follows a 'may' block: may { … } else { … } (D4.16)",
                           file=self.file, line=name.line,
                           column=name.column)

    def modes_by(self, meta, c):
        """``modes chosen by target|source`` (D4.17): who chooses the mode."""
        return self.made("prop", "modes_by", CHOOSERS[str(c[-1])], self._pos(meta))

    def made(self, record: str, *args: Any) -> Any:
        """A ``Call`` or ``Prop`` (lang/records.py), made by lang/parse.py,
        which gives this method."""
        raise NotImplementedError  # pragma: no cover - lang/parse.py gives it


def flat(calls) -> tuple:
    """An effect list's calls with each ``may`` block's written in order."""
    return tuple(c for call in calls for c in (call if isinstance(call, Flow) else (call,)))


# ---------------------------------------------------------------- modes chosen by another (D4.17)
#: What a mode chosen by another player may say of its own: the rest (its
#: target, cost, range) is the card's, chosen before the mode is.
CHOSEN_MODE_PROPS = ("usable", "effect", "name")  # and its name, said on the card
#: How a card file writes the properties a mode may not say here.
_WRITTEN = {"second": "second target", "over_islands": "over islands"}


def modes_chooser(draft: Any, props: Mapping[str, Any], specs, where: str) -> Selector | None:
    """``modes chosen by target|source`` (D4.17): the ship whose player
    chooses the mode as the card resolves; a card-level target ship (or a
    response, for ``source``), and modes that say only ``usable`` and
    ``effect``. None when the card's player chooses with the card (D4.15)."""
    if "modes_by" not in props:
        return None
    prop = props["modes_by"]
    chooser = prop.value
    target = props["target"].value if "target" in props else None
    if chooser is Selector.TARGET and (target is None or target.kind is not TargetKind.SHIP
                                       or target.counted):
        raise draft.error(prop.pos, f"{where}: its modes are chosen by the target's player, "
                          "so the card names one target ship for every mode: target … ship "
                          "(D4.17)")
    if chooser is Selector.SOURCE and not ("response" in props and props["response"].value):
        raise draft.error(prop.pos, f"{where}: its modes are chosen by the player of the "
                          "answered item's ship, so the card must be a 'response' (R5.2, "
                          "D4.17)")
    if "choose_amount" in props:
        raise draft.error(props["choose_amount"].pos, f"{where}: its mode is chosen by another "
                          "player as it resolves, after its amounts are known: a card whose "
                          "modes another player chooses chooses no amount (D4.17)")
    for spec in specs:
        for own in spec.props:
            if own.name not in CHOSEN_MODE_PROPS:
                raise draft.error(own.pos, f"{where}: mode '{spec.name}' is chosen as the card "
                                  f"resolves, after its '{_WRITTEN.get(own.name, own.name)}' "
                                  "is known: say it at the card, for every mode (D4.17)")
    return chooser
