"""The cookbook's data (cards/examples/cookbook.yaml): its entries, played and observed.

One data source for two readers: tests/test_cookbook.py plays every entry
and asserts its expectations, docs/gen_cookbook.py writes the cookbook page
from the same entries, so the page shows what the tests check. Loaded by
path (``runpy.run_path``), as docs/gen_pictures.py is: docs/ is not a package.

An entry's ``expect`` is a mapping whose shape ``observe`` reads back from
the game, so a test compares the two with ``==`` and a failure shows the
difference. Its keys:

- ``ships``: ship id → ShipView fields (``repairs``, ``position``,
  ``statuses``, a declared status by name, ...) and ``crew_on`` (maneuver →
  crew);
- ``hands``: ship id → the cards in its player's hand;
- ``legal`` / ``absent``: moves that are / are not among the legal moves;
- ``explain``: move → why it is illegal (``game.explain``, in the edition's language);
- ``log``: the kinds of the events the moves logged, in order;
- any other key: the Game property of that name (``to_move``, ``decision``,
  ``score``, ``turn_number``, ``winner``, ``deck``, ``discards``, ...).

``python docs/cookbook.py suggest TITLE`` prints expectations for a new
entry, read from its game, to check by hand and paste.
"""

from __future__ import annotations

import difflib
import enum
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs
import yaml

import redcode_rules as rc

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "cards" / "examples"
DATA = EXAMPLES / "cookbook.yaml"


class Category(enum.Enum):
    """The categories of what a card must be able to say, the page's sections."""

    FILTERS = "filters"
    SELECTORS = "selectors"
    CONDITIONS = "conditions"
    STATUSES = "statuses"
    TRIGGERS = "triggers"
    HAND_AND_DECK = "hand and deck"
    TOKENS = "tokens"
    AMOUNTS = "amounts"
    GLOBAL_EFFECTS = "global effects"
    PLAY_MODES = "play modes"
    SHIP_ABILITIES = "ship abilities"
    NAMES = "names"
    CHOICES = "choices"


ENTRY_FIELDS = ("title", "file", "category", "shows", "scenario", "moves", "expect")
#: expectation keys read otherwise than as a Game property
SPECIAL_KEYS = ("ships", "hands", "legal", "absent", "explain", "log")


class CookbookError(ValueError):
    """A malformed cookbook entry, named with the field at fault."""


def _fail(where: str, message: str, known: tuple[str, ...] | list[str] = (),
          word: str | None = None) -> CookbookError:
    """An error naming the entry and field, with a did-you-mean of ``word`` (by
    default the field's own name) among ``known``."""
    word = where.rsplit(".", 1)[-1] if word is None else word
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    hint = f" — did you mean {close[0]!r}?" if close else ""
    return CookbookError(f"cookbook.yaml {where}: {message}{hint}")


def _repo_path(path: str) -> str:
    """A card file path of a scenario, relative to the repository root, made absolute
    (so the tests and the docs build run from any directory)."""
    return str(ROOT / path) if path.endswith(".rc") and not Path(path).is_absolute() else path


@attrs.frozen
class Entry:
    """One example card shown and tested: a scenario, the moves, what they give."""

    title: str
    file: str                       # the card file, relative to cards/examples/
    category: Category
    shows: str                      # one line: what the card shows
    scenario: dict[str, Any]        # docs/scenarios.md, card paths from the repository root
    moves: tuple[str, ...]
    expect: dict[str, Any]
    where: str                      # "entry 3 (Anchor)": for messages

    @property
    def path(self) -> Path:
        """The card file on disk."""
        return EXAMPLES / self.file

    def start(self) -> rc.Game:
        """The scenario's position, before the moves."""
        data = dict(self.scenario)
        if "edition" in data:
            data["edition"] = _repo_path(data["edition"])
        if "extra" in data:
            data["extra"] = [_repo_path(p) for p in data["extra"]]
        return rc.Game.from_scenario(data)


def _entry(number: int, raw: Any, drafts: bool = False) -> Entry:
    """One entry of the data file, checked field by field; ``drafts``: an
    empty ``expect`` is let through (for ``suggest``)."""
    if not isinstance(raw, dict):
        raise _fail(f"entry {number}", "must be a mapping of " + ", ".join(ENTRY_FIELDS))
    where = f"entry {number} ({raw.get('title', '?')})"
    for key in raw:
        if key not in ENTRY_FIELDS:
            raise _fail(f"{where}.{key}", "unknown field", ENTRY_FIELDS)
    for key in ENTRY_FIELDS:
        if key not in raw:
            raise _fail(f"{where}.{key}", "missing")
    categories = [c.value for c in Category]
    if raw["category"] not in categories:
        raise _fail(f"{where}.category", f"{raw['category']!r} is none of "
                    + ", ".join(categories), categories, str(raw["category"]))
    if not (EXAMPLES / raw["file"]).is_file():
        raise _fail(f"{where}.file", f"no card file cards/examples/{raw['file']}")
    scenario = raw["scenario"]
    card = f"cards/examples/{raw['file']}"
    if not isinstance(scenario, dict) or \
            card not in [scenario.get("edition"), *scenario.get("extra", [])]:
        raise _fail(f"{where}.scenario", f"must load {card} (in `extra:`, or `edition:` "
                    "for a variant)")
    moves = raw["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise _fail(f"{where}.moves", "must be a list of move strings")
    if not isinstance(raw["expect"], dict) or not (raw["expect"] or drafts):
        raise _fail(f"{where}.expect", "must be a mapping with at least one expectation "
                    "(`python docs/cookbook.py suggest TITLE` proposes one)")
    return Entry(raw["title"], raw["file"], Category(raw["category"]), raw["shows"],
                 scenario, tuple(moves), raw["expect"], where)


def load_entries(path: Path | None = None, drafts: bool = False) -> list[Entry]:
    """Every entry of the cookbook's data file (by default ``DATA``), in the
    order of the file (``drafts``: entries still without expectations are let through)."""
    data = yaml.safe_load((path or DATA).read_text("utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("entries"), list):
        raise CookbookError("cookbook.yaml: must hold `entries:`, a list")
    return [_entry(n, raw, drafts) for n, raw in enumerate(data["entries"], 1)]


def play(entry: Entry) -> tuple[rc.Game, rc.Game]:
    """The position before and after the entry's moves (each must be legal)."""
    before = entry.start()
    after = before.clone()
    for move in entry.moves:
        if not after.is_legal(move):
            raise AssertionError(f"{entry.where}: move {move!r} is illegal: "
                                 f"{after.explain(move)}")
        after.play(move)
    return before, after


def _plain(value: Any) -> Any:
    """A value as YAML writes it: tuples as lists and enum members as their
    values (``Decision.MAIN`` → ``"main"``), inside lists and mappings too."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    return value.value if isinstance(value, enum.Enum) else value


def _ship_fields(game: rc.Game, ship_id: str, fields: dict[str, Any], where: str) -> dict:
    """The fields ``fields`` names, read from the ship's view."""
    view = game.ship(ship_id)
    out: dict[str, Any] = {}
    for name, wanted in fields.items():
        if name == "crew_on":
            out[name] = {m: view.crew_on(m) for m in wanted}
            continue
        try:
            out[name] = _plain(getattr(view, name))
        except AttributeError:
            known = [f.name for f in attrs.fields(type(view))] + list(view.declared)
            raise _fail(f"{where}.expect.ships.{ship_id}.{name}", "no such ship field",
                        known) from None
    return out


def observe(game: rc.Game, after_moves: int, expect: dict[str, Any], where: str = "") -> dict:
    """What the game shows for each expectation of ``expect``, in its shape:
    the entry's expectations hold when this equals ``expect``. ``after_moves``:
    the log's length before the moves, so ``log`` is the moves' events only."""
    out: dict[str, Any] = {}
    legal = game.legal_moves()
    for key, wanted in expect.items():
        if key == "ships":
            out[key] = {s: _ship_fields(game, s, f, where) for s, f in wanted.items()}
        elif key == "hands":
            out[key] = {s: game.hand(s) for s in wanted}
        elif key == "legal":
            out[key] = [m for m in wanted if m in legal]
        elif key == "absent":
            out[key] = [m for m in wanted if m not in legal]
        elif key == "explain":
            out[key] = {m: game.explain(m) for m in wanted}
        elif key == "log":
            out[key] = [e.kind for e in game.log[after_moves:]]
        elif key.startswith("_") or not hasattr(type(game), key) or \
                callable(getattr(type(game), key)):
            known = [k for k in dir(type(game)) if not k.startswith("_")
                     and not callable(getattr(type(game), k))]
            raise _fail(f"{where}.expect.{key}", "not an expectation nor a Game property",
                        [*SPECIAL_KEYS, *known])
        else:
            out[key] = _plain(getattr(game, key))
    return out


def declared(entry: Entry) -> list:
    """What the entry's card file declares, in file order (``dsl.Decl``): its
    new cards, ship types and statuses, the printed ones it patches, its rule
    options; a variant's header left out."""
    from redcode_rules.lang.compiler import parse_source  # the file's own declarations
    decls = parse_source(entry.path.read_text("utf-8"), entry.file)
    return [d for d in decls if d.action in ("new", "patch", "rules")]


#: the ship fields ``suggest`` compares before and after the moves
SHIP_FIELDS = ("position", "repairs", "breakdowns", "reserve", "withdrawn", "sunk",
               "statuses", "eliminated")


def suggest(entry: Entry) -> dict[str, Any]:
    """Expectations for an entry, read from its game: who moves next, what changed
    (ship fields, crew, hands, score) and the events logged. A draft to read and
    trim, not a proof: it holds by construction, so check each value by hand."""
    before, after = play(entry)
    out: dict[str, Any] = {"is_over": True, "winner": _plain(after.winner)} \
        if after.is_over else {"to_move": after.to_move, "decision": _plain(after.decision)}
    ships = {}
    for ship in after.ships:
        old, new = before.ship(ship), after.ship(ship)
        fields = {f: _plain(getattr(new, f)) for f in SHIP_FIELDS
                  if getattr(new, f) != getattr(old, f)}
        crew = {m: n for m, n in new.crew.items() if old.crew[m] != n}
        if crew:
            fields["crew_on"] = crew
        if fields:
            ships[ship] = fields
    if ships:
        out["ships"] = ships
    hands = {s: after.hand(s) for s in after.ships if after.hand(s) != before.hand(s)}
    if hands:
        out["hands"] = hands
    if after.score != before.score:
        out["score"] = after.score
    out["log"] = [e.kind for e in after.log[len(before.log):]]
    return out


def main(argv: list[str]) -> int:
    """``python docs/cookbook.py suggest TITLE``: print expectations for the entry
    of that title (its ``expect`` may still be ``{}``), as YAML to paste."""
    if len(argv) != 2 or argv[0] != "suggest":
        print("usage: python docs/cookbook.py suggest TITLE", file=sys.stderr)
        return 2
    try:
        entries = {e.title: e for e in load_entries(drafts=True)}
        if argv[1] not in entries:
            raise _fail("title", f"no entry {argv[1]!r}", list(entries), argv[1])
        expect = suggest(entries[argv[1]])
    except (CookbookError, AssertionError, rc.RedCodeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    text = yaml.safe_dump({"expect": expect}, sort_keys=False, default_flow_style=None,
                          width=100, allow_unicode=True)
    print(textwrap.indent(text, "    "), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
