"""The card language's layering: declarations applied layer by layer (base
cards, then each variant, then the user's files) as new entries, ``patch``,
``remove`` and ``rules``; the one namespace of card ids; and the errors
collected on the way, so a card set reports every error at once.

A variant only states what differs from its parent.
"""

from __future__ import annotations

import difflib
import re
from typing import Any, Callable, Iterable, TypeVar

import attrs

from ..base.errors import DslError
from ..i18n.catalog import GENDERS, Wording, bare_name, catalog, languages
from ..model.ruleset import RuleOptions
from .grammar import ADJECTIVES, name_clash
from .parse import parse_source, strip_bom
from .records import CopiesChange, Decl, ManeuversChange, Pos, Prop, Words

T = TypeVar("T")


def _suggest(name: str, known: Iterable[str]) -> str | None:
    match = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return match[0] if match else None


#: The kinds a file may patch (``patch KIND ID { … }``); the others it may remove.
PATCHED = ("maneuver", "order", "ship", "status")


class _Errors:
    """Formats semantic errors with the source line of the declaration; each
    file is split into lines once (``lines``: file → (text, its lines)), however
    many errors it has."""

    def __init__(self, sources: dict[str, str],
                 lines: dict[str, tuple[str, list[str]]] | None = None):
        self.sources = sources
        self.lines = {} if lines is None else lines

    def __call__(self, pos: Pos, message: str, suggestion: str | None = None) -> DslError:
        text = self.sources.get(pos.file, "")
        cached = self.lines.get(pos.file)
        if cached is None or cached[0] is not text:
            cached = self.lines[pos.file] = (text, text.splitlines())
        lines = cached[1]
        src = lines[pos.line - 1] if 0 < pos.line <= len(lines) else None
        return DslError(message, file=pos.file, line=pos.line or None,
                        column=pos.column or None, source_line=src, suggestion=suggestion)


@attrs.define
class _Entry:
    kind: str
    id: str
    props: dict[str, Prop]
    pos: Pos


CARD_PROPS = {"cost", "range", "respondable", "response", "copies", "target", "effect",
              "usable", "once", "answers", "over_islands", "mode",
              "choose_amount"}  # chosen amounts (D4.19)
SHIP_PROPS = ("repairs", "breakdowns", "crew", "maneuvers", "letter", "silhouette", "abilities")

#: A declaration's words per language (``name``, ``flavour``, ``state``): a
#: patch adds to them, language by language, rather than replacing them.
WORDING_PROPS = ("name", "flavour", "state")

#: The most errors a card set lists: past them they are only counted (a
#: broken file of a million lines must not cost a million messages).
MAX_ERRORS = 200

#: The longest name, state and flavour text a card file may give (characters).
MAX_WORDING = {"name": 40, "state": 40, "flavour": 300}


#: The kinds of declaration whose ids share one namespace: a card's id, as
#: move strings and ``Ruleset.text`` name it, is a maneuver, an order card or
#: a status, never two of them.
CARD_NAMESPACE = ("maneuver", "order", "status")



@attrs.define
class Layers:
    """Declarations applied so far, layer by layer, and the errors found in
    them; ``compiler.Draft`` compiles them (each kind of declaration by its
    own module: lang/cards.py, lang/statuses.py, lang/ships.py)."""

    sources: dict[str, str] = attrs.Factory(dict)
    entries: dict[str, dict[str, _Entry]] = attrs.Factory(
        lambda: {"maneuver": {}, "order": {}, "status": {}, "ship": {}, "map": {}, "token": {}})
    options: dict[str, Prop] = attrs.Factory(dict)
    catchups: dict[tuple[int, int], Prop] = attrs.Factory(dict)
    files: list[str] = attrs.Factory(list)
    lineage: list[str] = attrs.Factory(list)
    problems: list[DslError] = attrs.Factory(list)
    """Errors found so far (the first ``MAX_ERRORS``): a declaration or a file
    with one is set aside and the rest still checked, so ``compile`` can
    report every error at once."""
    found: int = 0
    """Every error found, listed in ``problems`` or past ``MAX_ERRORS``."""
    lines: dict[str, tuple[str, list[str]]] = attrs.Factory(dict)

    def error(self, pos: Pos, message: str, suggestion: str | None = None) -> DslError:
        """A DslError at ``pos``, quoting the line of the source it comes from."""
        return _Errors(self.sources, self.lines)(pos, message, suggestion)

    def report(self, err: DslError) -> None:
        """Keep an error for ``raise_problems`` (the first ``MAX_ERRORS``, counted all)."""
        self.found += 1
        if len(self.problems) < MAX_ERRORS:
            self.problems.append(err)

    def attempt(self, work: Callable[..., T], *args: Any) -> T | None:
        """``work(*args)``, or None with its DslError kept in ``problems``: one
        bad declaration does not hide the errors of the others."""
        try:
            return work(*args)
        except DslError as err:
            self.report(err)
            return None

    def raise_problems(self) -> None:
        """One DslError for every problem kept (``DslError.of``), in file and line order."""
        if self.problems:
            order = {f: i for i, f in enumerate(self.files)}
            ranked = sorted(self.problems, key=lambda e: (order.get(e.file, len(order)),
                                                          e.line or 0, e.column or 0))
            if self.found > len(ranked):
                ranked.append(DslError(f"{self.found - len(ranked)} more errors not listed "
                                       f"(the first {MAX_ERRORS} are)", file=ranked[-1].file))
            raise DslError.of(ranked)

    def add_source(self, text: str, file: str,
                   parse: Callable[[str, str], list[Decl]] = parse_source) -> list[Decl]:
        """Parse one card file, keeping its text for the error messages
        (``parse``: the loader's, which parses a built-in file once)."""
        self.sources[file] = strip_bom(text)
        self.files.append(file)
        return parse(text, file)

    def apply(self, decls: list[Decl]) -> None:
        """Add, patch and remove entries and set options, declaration by declaration;
        a declaration in error is kept out (``problems``) and the others applied."""
        for decl in decls:
            self.attempt(self._apply_one, decl)
        for decl in decls:
            for prop in decl.props if decl.action == "deck" else ():
                if prop.name == "keep_size":
                    self.attempt(self._keep_deck_size, decls, prop)

    def _keep_deck_size(self, decls: list[Decl], keep: Prop) -> None:
        """``deck { keep size }``: the order cards whose copies this file does not
        set make up the difference to the deck size, in proportion to their
        copies (largest remainders, ties in deck order), on whatever edition
        the file is loaded."""
        own = {d.id for d in decls if d.kind == "order" and d.action in ("new", "patch")
               and any(p.name == "copies" for p in d.props)}
        counts = {i: e.props["copies"].value for i, e in self.entries["order"].items()
                  if "copies" in e.props}
        if not all(type(n) is int for n in counts.values()):
            return  # a card in error: reported with it
        size = self.options["deck_size"].value if "deck_size" in self.options else \
            attrs.fields(RuleOptions).deck_size.default
        if type(size) is not int:
            return  # reported with the rule options
        others = {i: n for i, n in counts.items() if i not in own}
        have = sum(others.values())
        room = size - sum(n for i, n in counts.items() if i in own)
        if room < 0 or (room > 0 and not have):
            set_here = sum(counts.values()) - have
            raise self.error(keep.pos, f"the deck cannot keep its size of {size} cards: the "
                             f"order cards this file sets have {set_here} copies, and the "
                             f"other order cards {have}")
        for ident, n in share_out(others, room).items():
            if n != counts[ident]:
                self.entries["order"][ident].props["copies"] = Prop("copies", n, keep.pos)

    def _apply_one(self, decl: Decl) -> None:
        if decl.action in ("variant", "deck"):
            return
        if decl.action == "rules":
            for prop in decl.props:
                if prop.name == "catchup":
                    team, reduced, _ = prop.value
                    self.catchups[(team, reduced)] = prop
                else:
                    self.options[prop.name] = prop
            return
        table = self.entries[decl.kind]
        if decl.action == "new":
            if decl.id in table:
                old = table[decl.id].pos
                fix = f"use 'patch {decl.kind} {decl.id}' to change it" \
                    if decl.kind in PATCHED else f"give this {decl.kind} another id, or " \
                    f"'remove {decl.kind} {decl.id}' first to declare it anew"
                raise self.error(decl.pos, f"duplicate {decl.kind} '{decl.id}' (first declared "
                                 f"at {old.file}:{old.line}); {fix}")
            self._check_namespace(decl)
            props = self._props(decl)
            if isinstance(getattr(props.get("copies"), "value", None), CopiesChange):
                change = props["copies"]
                raise self.error(change.pos, f"'copies {change.value}' changes the copies of a "
                                 f"card of the files below, in a patch; a new "
                                 f"{'order card' if decl.kind == 'order' else decl.kind} "
                                 f"gives its number of copies, such as 'copies 2'")
            if isinstance(getattr(props.get("maneuvers"), "value", None), ManeuversChange):
                change = props["maneuvers"]
                raise self.error(change.pos, f"'maneuvers {change.value}' changes the control "
                                 "card of a ship type of the files below, in a patch; a new "
                                 "ship type lists its maneuvers ('maneuvers movement repair "
                                 "torpedo orders …')")
            table[decl.id] = _Entry(decl.kind, decl.id, props, decl.pos)
        elif decl.action == "patch":
            if decl.id not in table:
                raise self.error(decl.pos, f"cannot patch unknown {decl.kind} "
                                 f"'{decl.id}'{self._other_kind(decl)}",
                                 _suggest(decl.id, table))
            props = table[decl.id].props
            patched = self._props(decl)
            if "duration" in patched or "uses" in patched:  # a duration is replaced whole
                props.pop("duration", None)
                props.pop("uses", None)
            for key, prop in patched.items():
                if isinstance(prop.value, CopiesChange):
                    prop = self._changed_copies(decl, props.get("copies"), prop)
                if isinstance(prop.value, ManeuversChange):
                    prop = self._changed_maneuvers(decl, props.get("maneuvers"), prop)
                if key in WORDING_PROPS and key in props:  # a patch adds languages
                    prop = Prop(key, props[key].value + prop.value, prop.pos)
                props[key] = prop  # effects and triggers replaced whole: within MAX_EFFECTS
        elif decl.action == "remove":
            if decl.id not in table:
                raise self.error(decl.pos, f"cannot remove unknown {decl.kind} "
                                 f"'{decl.id}'{self._other_kind(decl)}",
                                 _suggest(decl.id, table))
            del table[decl.id]

    def _changed_maneuvers(self, decl: Decl, old: Prop | None, change: Prop) -> Prop:
        """``maneuvers + NAME…`` / ``- NAME…``: the control card of the files
        below with those maneuvers added (each new to it) or taken off (each on it)."""
        have = list(old.value) if old is not None and isinstance(old.value, tuple) else []
        names = [n for n, _ in have]
        diff: ManeuversChange = change.value
        for name, pos in diff.names:
            if diff.adds and name in names:
                raise self.error(pos, f"ship '{decl.id}' has maneuver '{name}' already")
            if not diff.adds and name not in names:
                raise self.error(pos, f"ship '{decl.id}' has no maneuver '{name}' to take off; "
                                 f"it has {', '.join(names)}", _suggest(name, names))
            if diff.adds:
                have.append((name, pos))
                names.append(name)
            else:
                del have[names.index(name)]
                names.remove(name)
        return Prop("maneuvers", tuple(have), change.pos)

    def _changed_copies(self, decl: Decl, old: Prop | None, change: Prop) -> Prop:
        """``copies +N`` / ``copies -N``: the copies of the files below, changed."""
        if decl.kind == "maneuver":
            raise self.error(change.pos, "maneuvers have no 'copies': they are on control cards")
        if old is None or type(old.value) is not int:
            raise self.error(change.pos, f"{decl.kind} '{decl.id}' has no copies to change "
                             f"by {change.value}")
        copies = old.value + change.value.by
        if copies < 0:
            raise self.error(change.pos, f"{decl.kind} '{decl.id}' has {old.value} copies: "
                             f"{change.value} would leave {copies}; remove it with "
                             f"'remove {decl.kind} {decl.id}'")
        return Prop("copies", copies, change.pos)

    def _first(self, decl: Decl) -> _Entry | None:
        """The entry of another kind of the card namespace that already has ``decl``'s id."""
        if decl.kind not in CARD_NAMESPACE:
            return None
        for kind in CARD_NAMESPACE:
            if kind != decl.kind and decl.id in self.entries[kind]:
                return self.entries[kind][decl.id]
        return None

    def _check_namespace(self, decl: Decl) -> None:
        """Maneuvers, orders and statuses share one namespace: a card's id names
        one thing wherever it is looked up (moves, text, bots, reference)."""
        first = self._first(decl)
        if first is not None:
            old = first.pos
            raise self.error(decl.pos, f"'{decl.id}' is already the {first.kind} declared at "
                             f"{old.file}:{old.line}:{old.column}; maneuvers, orders and "
                             f"statuses share one namespace, so the {decl.kind} needs "
                             "another name")

    def _other_kind(self, decl: Decl) -> str:
        """`` (it is a maneuver)`` when a patch or remove names an id of another kind."""
        first = self._first(decl)
        if first is None:
            return ""
        return f" (it is {'an' if first.kind[0] in 'aeiou' else 'a'} {first.kind})"

    def _props(self, decl: Decl) -> dict[str, Prop]:
        props: dict[str, Prop] = {}
        for prop in decl.props:
            if prop.name in WORDING_PROPS:
                self._check_languages(decl, prop)
            if prop.name in ("modify", "limit") and prop.name in props:  # one per number
                prop = Prop(prop.name, props[prop.name].value + prop.value,
                            props[prop.name].pos)
            elif prop.name in ("when", "mode") and prop.name in props:  # triggers, modes add up
                prop = attrs.evolve(prop, value=props[prop.name].value + prop.value)
            elif prop.name in props and prop.name not in ("layout",):
                self.report(self.error(prop.pos, self._given_twice(decl, props[prop.name], prop)))
                continue
            props[prop.name] = prop
        return props

    def _given_twice(self, decl: Decl, first: Prop, again: Prop) -> str:
        """The message for a property given twice, in the words the file wrote."""
        where = f"{decl.kind} '{decl.id}'" if decl.kind != "deck" else "the deck"
        if again.name == "duration":
            return (f"{where} says twice how long it lasts ('{said_duration(first)}' at line "
                    f"{first.pos.line}, then '{said_duration(again)}'); give one time (until …, "
                    "this turn or permanent), with 'for N uses' or 'while …' beside it if "
                    "it also ends by uses or by a condition")
        return f"'{said_as(again.name)}' given twice in {where}"

    def _check_languages(self, decl: Decl, prop: Prop) -> None:
        """One entry per language in a ``name``, ``flavour`` or ``state``."""
        seen: set[str] = set()
        for words in prop.value:
            if words.lang in seen:
                self.report(self.error(
                    words.pos, f"{decl.kind} '{decl.id}' gives its {prop.name} in "
                    f"'{words.lang}' twice"))
            seen.add(words.lang)

    def each(self, kind: str, build: Callable[..., T], *args: Any) -> dict[str, T]:
        """Every entry of ``kind`` built by ``build(draft, entry, *args)``, those in
        error left out (kept in ``problems``)."""
        built = {}
        for key, entry in self.entries[kind].items():
            value = self.attempt(build, self, entry, *args)
            if value is not None:
                built[key] = value
        return built

    def written(self, pos: Pos) -> tuple[int, int, int]:
        """Where ``pos`` comes in the files as they were applied: what sorts last
        was written last."""
        return (self.files.index(pos.file) if pos.file in self.files else -1,
                pos.line, pos.column)

    def anywhere(self) -> Pos:
        """The place of an error of the whole set: its last file."""
        return Pos(self.files[-1] if self.files else "<rules>", 0, 0)

    def filter_meaning(self, word: str, ships: bool = True) -> str | None:
        """What ``word`` already means where a filter or a test names a ship
        type or a status (an adjective, a word of the language, a ship type
        when ``ships``), or None: a name must not be one of them."""
        if word in ADJECTIVES:
            return f"the adjective '{word}'"
        clash = name_clash(word, "status" if ships else "ship")
        if clash is not None:
            return f"a word of the card language, as in '{clash}'"
        if ships and word in self.entries["ship"]:
            return f"the ship type '{word}'"
        return None

    def words(self) -> dict[str, dict[str, Wording]]:
        """The card set's own names, genders, flavour texts and states, by
        language then id (``Ruleset.words``); errors kept in ``problems``."""
        words: dict[str, dict[str, dict[str, Any]]] = {}
        for kind in ("maneuver", "order", "status", "ship", "token"):
            for entry in self.entries[kind].values():
                for key in WORDING_PROPS:
                    if key == "state" and key in entry.props and entry.kind != "status":
                        self.report(self.error(
                            entry.props[key].pos, f"{entry.kind} '{entry.id}' has no 'state': "
                            "a state is what a status is called as said of a ship"))
                    elif key in entry.props:
                        for said in entry.props[key].value:
                            if self.attempt(self._check_words, entry, key, said):
                                fields = words.setdefault(said.lang, {}).setdefault(entry.id, {})
                                fields[key] = said.text
                                if said.gender is not None:
                                    fields["gender"] = gender_of(said.gender)
                self._mode_names(entry, words)
        compiled = {lang: {ident: Wording(**fields) for ident, fields in table.items()}
                    for lang, table in words.items()}
        self._one_name_each(compiled)
        return compiled

    def _mode_names(self, entry: _Entry, words: dict[str, dict[str, dict[str, Any]]]) -> None:
        """The names of a card's modes (``mode NAME { name en "…" }``, D4.15),
        kept as ``CARD.MODE`` (no id has a dot); two modes of a card named
        alike in a language are refused, as two cards are."""
        if "mode" not in entry.props:
            return
        seen: dict[tuple[str, str], str] = {}
        for spec in entry.props["mode"].value:
            for prop in spec.props:
                if prop.name != "name":
                    continue
                for said in prop.value:
                    mode = _Entry(f"mode '{spec.name}' of {entry.kind}", entry.id, {}, spec.pos)
                    if not self.attempt(self._check_words, mode, "name", said):
                        continue
                    first = seen.setdefault((said.lang, _alike(said.text, said.lang)), spec.name)
                    if first != spec.name:
                        self.report(self.error(said.pos, f"{entry.kind} '{entry.id}': modes "
                                               f"'{first}' and '{spec.name}' are both named "
                                               f"'{said.text}' in '{said.lang}'; a player "
                                               "could not tell them apart (D4.15)"))
                        continue
                    words.setdefault(said.lang, {}).setdefault(
                        f"{entry.id}.{spec.name}", {})["name"] = said.text

    def _one_name_each(self, words: dict[str, dict[str, Wording]]) -> None:
        """Two cards, statuses, ship types or tokens of one card set named alike
        in a language (case, spaces and an article aside) are refused: a player
        could not tell them apart ("Blindaje" for a maneuver and an ability)."""
        for lang in languages():
            seen: dict[str, tuple[str, _Entry]] = {}
            for kind in ("maneuver", "order", "status", "ship", "token"):
                for entry in self.entries[kind].values():
                    name = _name_of(entry.id, lang, words)
                    if not name:
                        continue
                    key = _alike(name, lang)
                    first = seen.setdefault(key, (name, entry))[1]
                    if first is not entry:
                        self.report(self.error(
                            _name_pos(entry, lang), f"{entry.kind} '{entry.id}' is named "
                            f"'{name}' in '{lang}', as the {first.kind} '{first.id}' is: two "
                            "cards, statuses, ship types or tokens of one card set need two "
                            "names in every language, or a player cannot tell them apart"))

    def _check_words(self, entry: _Entry, key: str, said: Words) -> bool:
        """A known language, a text that is not empty, a gender only on a name."""
        where = f"{entry.kind} '{entry.id}'"
        if said.lang not in languages():
            raise self.error(said.pos, f"{where}: no language '{said.lang}'; the languages "
                             f"are {', '.join(languages())} (lang/*.yaml)",
                             _suggest(said.lang, languages()))
        if not said.text.strip():
            raise self.error(said.pos, f"{where}: the {key} in '{said.lang}' is empty")
        if len(said.text) > MAX_WORDING[key]:
            raise self.error(said.pos, f"{where}: the {key} in '{said.lang}' is longer than "
                             f"{MAX_WORDING[key]} characters")
        if said.gender is not None:
            gender = gender_of(said.gender)
            if key != "name":
                raise self.error(said.gender_pos, f"{where}: only a name has a gender, not "
                                 f"the {key}")
            if gender not in GENDERS:
                raise self.error(said.gender_pos, f"{where}: no gender '({gender})'; a gender "
                                 f"is one of {', '.join(f'({g})' for g in GENDERS)}",
                                 _suggest(gender, GENDERS))
        return True


def _name_of(ident: str, lang: str, words: dict[str, dict[str, Wording]]) -> str | None:
    """An id's name in ``lang``: its card file's, else the catalog's (printed cards)."""
    own = words.get(lang, {}).get(ident)
    if own is not None and own.name:
        return own.name
    cat = catalog(lang)
    return cat["names"].get(ident) or cat["statuses"].get(ident)


def _alike(name: str, lang: str) -> str:
    """A name as two names are compared: its words (letters and digits: "Mine 1"
    and "Mine 2" are two names), lower case, without an article."""
    bare = bare_name(name.strip(), lang)[0]
    return " ".join(re.findall(r"[^\W_]+", bare.casefold()))


def _name_pos(entry: _Entry, lang: str) -> Pos:
    """Where an entry gives its name in ``lang`` (else where it is declared)."""
    prop = entry.props.get("name")
    said = [w for w in (prop.value if prop is not None else ()) if w.lang == lang]
    return said[-1].pos if said else entry.pos


#: The words a file writes for a property whose id is not one of them.
SAID_AS = {"abilities": "ability", "keep_size": "keep size", "when": "when",
           "start": "start", "duration": "a duration", "ends_on": "until it uses",
           "over_islands": "over islands", "ignores_running": "ignores running water",
           "sees_over_islands": "sees over islands",
           "entry": "forbids entering", "choose_amount": "choose amount",
           "terrain": "terrain", "modes_by": "modes chosen by"}


def said_as(prop_name: str) -> str:
    """The words a card file writes for the property ``prop_name`` (an error
    names what the designer wrote, never an internal id)."""
    return SAID_AS.get(prop_name, prop_name)


def gender_of(words: tuple[str, ...]) -> str:
    """A gender as ``GENDERS`` spell it, whatever the order of its words
    (``(pl f)`` is ``f pl``); the words as written when none matches."""
    return next((g for g in GENDERS if sorted(g.split()) == sorted(words)), " ".join(words))


def said_duration(prop: Prop) -> str:
    """A ``duration`` property as the file wrote it: ``for 2 uses``, ``while …``."""
    text, detail, *turns = prop.value
    if turns:  # ``for N [of your] turns`` (D9.17)
        n, whose = turns[0][0], " of your" if " your " in text else ""
        return f"for {n}{whose} turn{'' if n == 1 else 's'}"
    if text == "for N uses":
        uses = detail[0]
        return f"for {uses} use{'' if uses == 1 else 's'}"
    if text == "while":
        return "while …"
    return text


def share_out(copies: dict[str, int], total: int) -> dict[str, int]:
    """``total`` copies shared among the cards in proportion to their ``copies``:
    each its whole share, then one more each to the largest remainders (ties
    in the order given)."""
    have = sum(copies.values())
    if not have:
        return dict(copies)
    shares = {i: n * total // have for i, n in copies.items()}
    left = total - sum(shares.values())
    by_remainder = sorted(copies, key=lambda i: -(copies[i] * total % have))
    for ident in by_remainder[:left]:
        shares[ident] += 1
    return shares
