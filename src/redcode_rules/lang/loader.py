"""Finding card files and building a Ruleset from an edition or variant name.

An edition is a file ``cards/editions/<name>.rc`` that starts with
``variant <name> extends <parent>``; ``base`` is every file in
``cards/base/``. A user's variant is the same thing in a file of their own
(``load_ruleset("path/to/house.rc")``); its parent may be an edition name or
a path relative to the file. Extra files are applied last, in order.
"""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..base.errors import DslError, quote
from ..base.files import read_text
from ..model.ruleset import Ruleset, RulesSpec
from .compiler import Decl, Draft, parse_source, strip_bom
from .limits import MAX_FILE_BYTES

BASE = "base"


def _cards_root():
    return resources.files("redcode_rules.cards")


def builtin_editions() -> list[str]:
    """Names of the editions shipped with the package (``en``, ``es``, ``it``)."""
    root = _cards_root().joinpath("editions")
    return sorted(p.name[:-3] for p in root.iterdir() if p.name.endswith(".rc"))


def _base_sources() -> list[tuple[str, str]]:
    root = _cards_root().joinpath("base")
    files = sorted((p for p in root.iterdir() if p.name.endswith(".rc")), key=lambda p: p.name)
    return [(f"cards/base/{p.name}", p.read_text("utf-8")) for p in files]


def _parse_builtin(text: str, file: str) -> list[Decl]:
    """The declarations of a built-in card file (``cards/base/``, an edition).

    Every build starts from these files and parsing is most of a build's
    time, so each is parsed once per process (``_parsed``, keyed by its name
    and text); a build gets a list of its own of the same frozen declarations.
    """
    return list(_parsed(file, text))


@lru_cache(maxsize=16)  # the base files and the editions
def _parsed(file: str, text: str) -> tuple[Decl, ...]:
    return tuple(parse_source(text, file))


def _read_variant(ref: str) -> tuple[str, str, Path | None]:
    """(display file name, text, directory) of an edition name or a path."""
    editions = builtin_editions()
    if ref in editions:
        text = _cards_root().joinpath("editions", f"{ref}.rc").read_text("utf-8")
        return f"cards/editions/{ref}.rc", text, None
    path = Path(ref)
    if not (ref.endswith(".rc") or os.sep in ref or "/" in ref):
        raise DslError(f"unknown edition '{ref}'; the editions are {', '.join(editions)}",
                       file=str(ref))
    return str(path), read_card_file(path), path.parent


def read_card_file(path: str | Path) -> str:
    """A card file's text (without a byte order mark); a file that cannot be
    read, or is larger than a card file may be (``MAX_FILE_BYTES``, read no
    further), is a DslError naming it."""
    return strip_bom(read_text(path, lambda why: DslError(f"cannot read card file: {why}",
                                                          file=str(path)), MAX_FILE_BYTES))


def _parent_ref(parent: str, folder: Path | None, header, file: str, text: str) -> str:
    """An edition name, or the path of a parent file beside the child (``extends house.rc``).

    Only a plain file name is looked up, in the child's folder, and a link
    there is followed only to a file of that folder: a card file cannot make
    the loader read a file elsewhere (``../x.rc``, an absolute path, a link
    out), nor quote one in an error (docs/security.md)."""
    if parent == BASE or parent in builtin_editions():
        return parent
    lines = text.splitlines()
    if folder is not None and (Path(parent).name != parent or parent in (".", "..")
                               or "\\" in parent):
        raise DslError(f"variant '{header.id}' extends {quote(parent)}: a parent is an "
                       f"edition ({', '.join(builtin_editions())}) or a card file beside "
                       f"{Path(file).name}, named without a folder", file=file,
                       line=header.pos.line, column=header.pos.column,
                       source_line=lines[header.pos.line - 1] if lines else None)
    if folder is not None:
        path = folder / parent
        for candidate in (path, path.with_name(path.name + ".rc")):
            if candidate.is_symlink() and not _inside(candidate, folder):
                raise DslError(f"variant '{header.id}' extends {candidate.name}, a link to a "
                               f"file outside the folder of {Path(file).name}: a parent is a "
                               "card file beside it, and a link out of its folder is not "
                               "followed", file=file, line=header.pos.line,
                               column=header.pos.column,
                               source_line=lines[header.pos.line - 1] if lines else None)
            if candidate.is_file():
                return str(candidate)
    where = "" if folder is None else f", and no file {parent} beside {file}"
    raise DslError(f"variant '{header.id}' extends unknown edition '{parent}' (the editions "
                   f"are {', '.join(builtin_editions())}{where})", file=file,
                   line=header.pos.line, column=header.pos.column,
                   source_line=lines[header.pos.line - 1] if lines else None)


def _inside(link: Path, folder: Path) -> bool:
    """Whether a link (followed to its end) is a file of ``folder`` itself."""
    try:
        return link.resolve(strict=True).parent == folder.resolve(strict=True)
    except (OSError, RuntimeError):  # a dangling link, a loop
        return False


def build_ruleset(ref: str, extra: tuple[str, ...],
                  texts: tuple[tuple[str, str], ...] = (),
                  variants: tuple[tuple[str, str], ...] | None = None) -> Ruleset:
    """Compile edition or variant ``ref``, its extra card files, then ``texts``.

    ``variants`` (file name, text), child first, stands in for the variant
    files of a saved game: none is read, and the last one's parent must be a
    built-in edition. The ruleset's ``spec`` keeps every text read from a
    file, so a save or replay can carry them (``saves.ruleset_ref``).
    """
    draft = Draft()
    chain: list[tuple[str, str, list, str]] = []  # (name, file, decls, text) child first
    read: list[tuple[str, str]] = []  # variant files read (or given), child first
    seen: list[str] = []
    given = list(variants or ())
    root = None  # the built-in edition (or base) the variant files rest on
    current = ref
    while given or current != BASE:  # a carried variant of base has texts to apply too
        embedded = bool(given)
        if embedded:
            (file, text), folder = given.pop(0), None
        else:
            file, text, folder = _read_variant(current)
        key = str(Path(file).resolve()) if folder is not None else file
        if key in seen:
            raise DslError("variant cycle: " + " extends ".join(seen + [key]), file=file)
        seen.append(key)
        if embedded or current not in builtin_editions():
            read.append((file, text))
        elif root is None:
            root = current
        decls = (parse_source if embedded or folder is not None else _parse_builtin)(text, file)
        header = [d for d in decls if d.action == "variant"]
        if not header:
            raise DslError("a variant file starts with 'variant NAME extends PARENT'",
                           file=file, line=1, column=1)
        if len(header) > 1:
            d = header[1]
            raise DslError("only one 'variant' line per file", file=file, line=d.pos.line,
                           column=d.pos.column)
        name = header[0].id
        chain.append((name, file, decls, text))
        if given:  # the next embedded file is the parent, whatever path it was named by
            current = given[0][0]
        else:
            current = _parent_ref(header[0].parent or BASE, folder, header[0], file, text)
    for file, text in _base_sources():
        draft.apply(draft.add_source(text, file, _parse_builtin))
    draft.lineage.append(BASE)
    for name, file, decls, text in reversed(chain):
        draft.sources[file] = text
        draft.files.append(file)
        draft.apply(decls)
        draft.lineage.append(name)
    extra_texts = []
    for path in extra:  # a file that does not parse is reported; the others still checked
        text = draft.attempt(read_card_file, path)
        if text is None:
            continue
        extra_texts.append((Path(path).name, text))
        draft.apply(draft.attempt(draft.add_source, text, str(path)) or [])
    for file, text in texts:
        draft.apply(draft.attempt(draft.add_source, text, file) or [])
    name = chain[0][0] if chain else BASE
    return draft.compile(name, RulesSpec(ref, extra, texts, tuple(read), tuple(extra_texts),
                                         root or BASE))


@lru_cache(maxsize=32)
def _cached(ref: str, extra: tuple[str, ...], texts: tuple[tuple[str, str], ...] = (),
            variants: tuple[tuple[str, str], ...] | None = None) -> Ruleset:
    """The rules compiled once per process for the same sources (a Ruleset is
    immutable): the built-in editions, and the card texts a save carries."""
    return build_ruleset(ref, extra, texts, variants)


def ruleset_of_texts(edition: str, texts: tuple[tuple[str, str], ...],
                     variants: tuple[tuple[str, str], ...]) -> Ruleset:
    """A built-in edition with card files given as text (and variant files
    standing in for its parent chain), compiled once for the saves that carry
    the same texts; nothing is read from a file."""
    return _cached(edition, (), texts, variants)


def load_ruleset(edition: str = "en", extra: list[str] | tuple[str, ...] | None = None) -> Ruleset:
    """Build the rules of an edition (``"en"``, ``"es"``, ``"it"``) or a variant file.

    ``extra`` card files are applied on top, in order. Built-in editions are
    compiled once per process and shared (a Ruleset is immutable).
    """
    extra_t = tuple(str(e) for e in (extra or ()))
    if edition not in builtin_editions() and edition != BASE:
        return build_ruleset(str(edition), extra_t)
    if extra_t:
        try:
            texts = tuple(read_card_file(path) for path in extra_t)
        except DslError:  # the build reports it with the other files' errors
            return build_ruleset(str(edition), extra_t)
        return _with_files(edition, extra_t, texts)
    return _cached(edition, extra_t)


@lru_cache(maxsize=64)
def _with_files(edition: str, extra: tuple[str, ...], texts: tuple[str, ...]) -> Ruleset:
    """A built-in edition with card files, compiled once per process for the
    same paths *and the same texts* (the key holds what each file says, so a
    file edited on disk is compiled again): scenarios and tools that name the
    same files share one immutable Ruleset."""
    del texts  # part of the key only: build_ruleset reads the files itself
    return build_ruleset(edition, extra)


def load_source(text: str, name: str = "<string>", edition: str = "en") -> Ruleset:
    """Build an edition plus one card file given as text (tests, tools, notebooks)."""
    return build_ruleset(edition, (), ((name, text),))


def check_files(paths: list[str], edition: str = "en", separately: bool = False
                ) -> list[DslError]:
    """Every error of card files (``redcode check``), in file and line order.

    The files are one card set, applied in order on top of ``edition`` (a
    later file may patch or use a card of an earlier one); a variant file
    may come first, and the set is built on its parent instead. With
    ``separately`` each file is checked alone, on top of ``edition`` or, a
    variant, on its own parent.
    """
    if separately or len(paths) <= 1:
        return [e for path in paths for e in _check_set([path], edition)]
    return _check_set(list(paths), edition)


def _check_set(paths: list[str], edition: str) -> list[DslError]:
    """The errors of one card set: ``paths`` applied in order."""
    variants = []
    for i, path in enumerate(paths):
        try:
            decls = parse_source(read_card_file(path), path)
        except DslError:
            continue  # reported when the set is built
        header = next((d for d in decls if d.action == "variant"), None)
        if header is not None:
            variants.append((i, path, header))
    late = [(path, h) for i, path, h in variants if i > 0]
    if late:
        path, header = late[0]
        text = read_card_file(path).splitlines()
        return [DslError(f"a variant file comes first in a card set; check {Path(path).name} "
                         "alone (--separately) or put it first", file=path,
                         line=header.pos.line, column=header.pos.column,
                         source_line=text[header.pos.line - 1] if text else None)]
    base, extra = (paths[0], tuple(paths[1:])) if variants else (edition, tuple(paths))
    try:
        build_ruleset(base, extra)
    except DslError as err:
        return list(err.errors)
    return []
