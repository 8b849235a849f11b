"""How a status is said of a ship: its state agreeing with the ship's word,
and the verb phrase that gives it or ends it.

A status's words are its name (a title: "Intercepted", Italian
"Intercettazione") and its state, as said of the language's word for a ship
(Spanish ``interceptado``, Italian ``intercettata``: i18n.status_state). Said
of a subject, the state agrees with the subject's gender (``la portaerei
rossa viene intercettata``, ``il bersaglio viene intercettato``), and the
verb that gives it is the one the language's ``grammar.status_frames`` gives
a state of its shape: Spanish ``queda`` for every state, Italian ``viene``
before a participle, ``ha`` before ``con …``, ``è`` otherwise. A status whose
name is a noun and that has no state in a language is said by the phrase of
its nature (``status_rules.under``: `al amparo del sigilo`), where the
catalog says how each nature stands to the ship.
"""

from __future__ import annotations

import re

from ..i18n.catalog import Words, catalog, status_name, status_state
from ..i18n.grammar import agree, tidy

#: The nature a status has where none is known (an event read alone).
NEUTRAL = "neutral"


def state_of(status: str, lang: str, words: Words | None = None, gender: str | None = None,
             nature: str = NEUTRAL) -> str:
    """The state of ``status`` said of a noun of ``gender`` (None: of the
    language's word for a ship), its nature choosing the phrase of a status
    named only by a noun."""
    state = status_state(status, lang, words, nature)
    return state if gender is None else agree(state, gender, lang)


def _framed(frames: list[list[str]], state: str) -> str:
    """The first frame whose pattern the state matches, filled: ``{state}``
    the whole state, ``{rest}`` what follows the match."""
    for pattern, template in frames:
        match = re.match(pattern, state, re.IGNORECASE)
        if match:
            return tidy(template.format(state=state, rest=state[match.end():]))
    return state


def had(state: str, lang: str) -> str | None:
    """What a state is said to have, where the language tests it with "have"
    (``status_frames.is``: Italian "con il radar disturbato" → "ha il radar
    disturbato" → "il radar disturbato"), else None."""
    has = catalog(lang)["grammar"]["verbs"]["has"]["ind"]["3"] + " "
    framed = _framed(catalog(lang)["grammar"]["status_frames"]["is"], state)
    return framed[len(has):] if framed.startswith(has) else None


def said(frame: str, status: str, lang: str, words: Words | None = None,
         gender: str | None = None, nature: str = NEUTRAL) -> str:
    """A subject of ``gender`` and ``status`` as a verb phrase of ``frame``
    (``grammar.status_frames``): ``gets`` it (Spanish `queda interceptado`,
    Italian `viene intercettato`, `è in fiamme`, `ha il radar disturbato`),
    ``is`` in it (`está en llamas`), ``ends`` it (`deja de estar
    interceptado`, `non è più intercettata`)."""
    state = state_of(status, lang, words, gender, nature)
    return _framed(catalog(lang)["grammar"]["status_frames"][frame], state)


def gets(status: str, lang: str, words: Words | None = None, gender: str | None = None,
         nature: str = NEUTRAL) -> str:
    """The verb phrase a subject of ``gender`` gets ``status`` with (``said``)."""
    return said("gets", status, lang, words, gender, nature)


def title(status: str, lang: str, words: Words | None = None) -> str:
    """A status's name as a title: capitalised, without an article."""
    name = status_name(status, lang, words=words)
    return name[:1].upper() + name[1:]
