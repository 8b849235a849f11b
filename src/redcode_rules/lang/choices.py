"""The card language's choices made while a card resolves: ``may [by
source|target] { … } [else { … }]`` (D4.16), read from the parse tree.

A ``may`` is written flat in its effect list (rules/effects.py, ``May``):
a call ``may`` holding the sizes of its blocks, the yes block's calls,
then a call ``else`` and the else block's calls; so every check of an
effect list, which pairs each call with its effect, reads the blocks'
calls as any other. ``Flow`` is what the parser hands the effect list.
"""

from __future__ import annotations

from typing import Any

from lark import Transformer, v_args

from ..base.errors import DslError
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
        head = self.flow_call("may", (len(yes), len(no)), chooser or Selector.SELF,
                              self._pos(meta))
        tail = [self.flow_call("else", (len(no),), Selector.SELF, otherwise[0]), *no] \
            if otherwise else []
        return Flow((head, *yes, *tail))

    def plain(self, name) -> None:
        """A call's name, refused if it is the word that ends a ``may`` block."""
        if str(name) == "else":
            raise DslError("'else' follows a 'may' block: may { … } else { … } (D4.16)",
                           file=self.file, line=name.line,
                           column=name.column)

    def flow_call(self, name: str, args: tuple[Any, ...], selector: Selector, pos: Any) -> Any:
        raise NotImplementedError  # pragma: no cover - lang/parse.py gives it


def flat(calls) -> tuple:
    """An effect list's calls with each ``may`` block's written in order."""
    return tuple(c for call in calls for c in (call if isinstance(call, Flow) else (call,)))
