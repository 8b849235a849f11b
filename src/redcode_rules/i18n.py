"""Texts a player reads, per language, from ``lang/<lang>.yaml``."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Any

import yaml


@lru_cache(maxsize=8)
def catalog(lang: str = "en") -> dict[str, Any]:
    """The text catalog of a language (safe YAML)."""
    path = resources.files("redcode_rules").joinpath("lang", f"{lang}.yaml")
    if lang not in _languages():
        check_language(lang)
    return yaml.safe_load(path.read_text("utf-8"))


@lru_cache(maxsize=1)
def _languages() -> tuple[str, ...]:
    root = resources.files("redcode_rules").joinpath("lang")
    return tuple(sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml")))


def languages() -> list[str]:
    """The languages with texts: one ``lang/<code>.yaml`` each (en, es, it)."""
    return list(_languages())


def check_language(lang: str) -> str:
    """``lang`` if it has texts, else a ValueError naming the languages that do."""
    if lang not in _languages():
        raise ValueError(f"no texts for language {lang!r}; the languages are "
                         f"{', '.join(_languages())}")
    return lang


def pick(template: Any, amount: int | None = None) -> str:
    """A template string, choosing its `one`/`other` form by ``amount``."""
    if isinstance(template, dict):
        return template["one"] if amount == 1 else template["other"]
    return str(template)


def text(lang: str, section: str, key: str, amount: int | None = None, **values: Any) -> str:
    """A filled-in template: ``text("en", "illegal", "unavailable", card=..., count=2)``."""
    return pick(catalog(lang)[section][key], amount).format(amount=amount, **values)


def display_name(ident: str, lang: str = "en") -> str:
    """A card or ship type's printed name; unknown ids (user cards) read as words."""
    names = catalog(lang)["names"]
    return names.get(ident) or ident.replace("_", " ").capitalize()


def ship_display(ship_id: str, lang: str = "en") -> str:
    """`blue-submarine` → "blue Submarine" / "Submarino azul"; other ids as they are."""
    cat = catalog(lang)
    side, _, kind = ship_id.partition("-")
    if side in ("blue", "red") and kind:
        sides = cat["sides_feminine"] if kind in cat["feminine"] else cat["sides"]
        return cat["ship_name"].format(side=sides[side],
                                       type=display_name(kind, lang).lower()).strip()
    return ship_id
