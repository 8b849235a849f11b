"""The cookbook (cards/examples/cookbook.yaml): every example card played and checked.

Each entry's scenario is loaded, each of its moves must be legal when it
comes, and every expectation must hold exactly (docs/cookbook.py reads them
back from the game in the shape they are written). The same entries make
the docs page (docs/gen_cookbook.py), so the page shows what is tested here.
"""

import re
import runpy
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

cookbook = runpy.run_path(str(ROOT / "docs" / "cookbook.py"))
ENTRIES = cookbook["load_entries"]()
CookbookError = cookbook["CookbookError"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.title for e in ENTRIES])
def test_entry_plays_as_its_expectations_say(entry):
    before, after = cookbook["play"](entry)
    assert before.moves == [] and after.moves == list(entry.moves)
    observed = cookbook["observe"](after, len(before.log), entry.expect, entry.where)
    assert observed == entry.expect


def test_every_example_card_file_has_an_entry():
    """A new cards/examples/*.rc without a cookbook entry fails here: add one
    (how: the top of cards/examples/cookbook.yaml)."""
    files = sorted(p.name for p in (ROOT / "cards" / "examples").glob("*.rc"))
    assert sorted({e.file for e in ENTRIES}) == files


def test_every_entry_declares_something_shown_on_the_page():
    for entry in ENTRIES:
        assert cookbook["declared"](entry), entry.title


def test_the_entries_use_the_cookbook_categories():
    assert [c.value for c in cookbook["Category"]] == [
        "filters", "selectors", "conditions", "statuses", "triggers", "hand and deck",
        "tokens", "amounts", "global effects", "play modes", "ship abilities", "names",
        "choices"]


# ------------------------------------------------------------------ bad entries


def bad_data(tmp_path, entry_changes: dict, expect: dict | None = None,
             drop: str | None = None) -> Path:
    """A data file with one good entry, changed by ``entry_changes``, without
    the field ``drop``."""
    entry = {"title": "Anchor", "file": "anchor.rc", "category": "statuses",
             "shows": "it", "scenario": {"extra": ["cards/examples/anchor.rc"],
                                         "ships": {"blue-submarine": {"at": "c3"},
                                                   "red-destroyer": {"at": "e3"}}},
             "moves": [], "expect": expect or {"to_move": "blue-submarine"}}
    entry.update(entry_changes)
    entry.pop(drop, None)
    path = tmp_path / "cookbook.yaml"
    path.write_text(yaml.safe_dump({"entries": [entry]}), "utf-8")
    return path


@pytest.mark.parametrize("changes, message", [
    ({"categroy": "statuses"}, "cookbook.yaml entry 1 (Anchor).categroy: unknown field"
                               " — did you mean 'category'?"),
    ({"category": "status"}, "cookbook.yaml entry 1 (Anchor).category: 'status' is none of "
                             "filters, selectors, conditions, statuses, triggers, hand and "
                             "deck, tokens, amounts, global effects, play modes, ship "
                             "abilities, names, choices — did you mean 'statuses'?"),
    ({"file": "anchr.rc"}, "cookbook.yaml entry 1 (Anchor).file: no card file "
                           "cards/examples/anchr.rc"),
    ({"file": "battleship.rc"}, "cookbook.yaml entry 1 (Anchor).scenario: must load "
                                "cards/examples/battleship.rc (in `extra:`, or `edition:` "
                                "for a variant)"),
    ({"moves": "end"}, "cookbook.yaml entry 1 (Anchor).moves: must be a list of move strings"),
    ({"expect": {}}, "cookbook.yaml entry 1 (Anchor).expect: must be a mapping with at "
                     "least one expectation (`python docs/cookbook.py suggest TITLE` "
                     "proposes one)"),
])
def test_a_bad_entry_is_named_with_its_field(tmp_path, changes, message):
    with pytest.raises(CookbookError) as err:
        cookbook["load_entries"](bad_data(tmp_path, changes))
    assert str(err.value) == message


def test_a_missing_field_is_named(tmp_path):
    path = bad_data(tmp_path, {}, drop="shows")
    with pytest.raises(CookbookError, match=r"^cookbook.yaml entry 1 \(Anchor\).shows: missing$"):
        cookbook["load_entries"](path)


@pytest.mark.parametrize("expect, message", [
    ({"to_mvoe": "x"}, "cookbook.yaml entry 1 (Anchor).expect.to_mvoe: not an expectation "
                       "nor a Game property — did you mean 'to_move'?"),
    ({"play": "x"}, "cookbook.yaml entry 1 (Anchor).expect.play: not an expectation "
                    "nor a Game property"),
    ({"ships": {"red-destroyer": {"repair": 3}}},
     "cookbook.yaml entry 1 (Anchor).expect.ships.red-destroyer.repair: no such ship "
     "field — did you mean 'repairs'?"),
])
def test_a_bad_expectation_is_named(tmp_path, expect, message):
    entry = cookbook["load_entries"](bad_data(tmp_path, {}, expect))[0]
    game = entry.start()
    with pytest.raises(CookbookError) as err:
        cookbook["observe"](game, 0, entry.expect, entry.where)
    assert str(err.value) == message


def test_an_illegal_move_names_the_entry_and_the_reason(tmp_path):
    entry = cookbook["load_entries"](bad_data(tmp_path, {"moves": ["movement h6"]}))[0]
    with pytest.raises(AssertionError) as err:
        cookbook["play"](entry)
    assert str(err.value).startswith(
        "entry 1 (Anchor): move 'movement h6' is illegal: ")


def test_a_failed_expectation_shows_beside_what_the_game_gives():
    """observe returns the game's values in the expectation's shape: a wrong
    value differs there, and pytest shows both."""
    entry = next(e for e in ENTRIES if e.title == "Anchor")
    _, after = cookbook["play"](entry)
    wrong = {"ships": {"red-destroyer": {"repairs": 3}}, "legal": ["movement e4"],
             "absent": ["end"], "log": ["order"]}
    assert cookbook["observe"](after, 0, wrong) == {
        "ships": {"red-destroyer": {"repairs": 2}}, "legal": [], "absent": [],
        "log": ["order", "resolve", "damage", "status", "turn_end", "turn_start",
                "turn_end", "turn_start"]}


# ------------------------------------------------------------------ the page


def generated_page(tmp_path, monkeypatch) -> tuple[str, set[str]]:
    """Run docs/gen_cookbook.py with a stand-in mkdocs_gen_files: the page and
    the files it wrote."""
    import sys
    import types
    written = set()

    def fake_open(path, mode="r", **kwargs):
        written.add(str(path))
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        return open(tmp_path / path, mode, encoding="utf-8")

    fake = types.ModuleType("mkdocs_gen_files")
    fake.open = fake_open
    monkeypatch.setitem(sys.modules, "mkdocs_gen_files", fake)
    runpy.run_path(str(ROOT / "docs" / "gen_cookbook.py"))
    return (tmp_path / "cookbook.md").read_text("utf-8"), written


def test_the_page_shows_every_entry_from_the_same_data(tmp_path, monkeypatch):
    """The entries first, how to add an example last; per entry its card file,
    the rule text in three languages, the board before and after, the
    narration and the checks."""
    page, written = generated_page(tmp_path, monkeypatch)
    assert page.startswith("# Cookbook\n")
    assert page.index("### ") < page.index("## How to add an example")
    pictures = sorted(p for p in written if p != "cookbook.md")
    assert len(pictures) == 2 * len(ENTRIES)
    assert {(p[len("cookbook/"):][:2], p.rsplit("-", 1)[1]) for p in pictures} == {
        (f"{n:02d}", when) for n in range(1, len(ENTRIES) + 1)
        for when in ("before.svg", "after.svg")}
    for entry in ENTRIES:
        assert f"### {entry.title} {{#" in page
        # each card file once, where its first entry shows it
        assert page.count(f'title="cards/examples/{entry.file}"') == 1
        assert entry.path.read_text("utf-8").rstrip("\n") in page
        assert "The moves: " + ", ".join(f"`{m}`" for m in entry.moves) + "." in page
    # the names of sea_mine.rc in each language, its rule text and flavour
    assert "| es | Mina marina | Copias 2. -1 reparación al objetivo y el objetivo queda " \
           "a la deriva hasta el final de su próximo turno: no puede moverse. Carta de " \
           "órdenes: cualquier barco del tablero; sin respuesta. *Espera bajo el agua.* |" in page
    assert "| it | deriva | Deriva, fino alla fine del suo prossimo turno: non può muoversi. |" \
        in page
    assert "| en | `victory_points` | 3: " in page
    assert "Blue submarine plays Sea mine on red destroyer." in page
    # a second entry of a file links to the first (their numbers: the page's order)
    flag = re.search(r"### Battleship's flag signal \{#(\d+)-battleship-s-flag-signal\}", page)
    broadside = re.search(r"### Battleship's broadside \{#(\d+)-battleship-s-broadside\}", page)
    assert flag and broadside and int(flag[1]) == int(broadside[1]) + 1
    assert f"### Battleship's flag signal {{#{flag[1]}-battleship-s-flag-signal}}\n\n*A ranged " \
           "maneuver that helps a friendly ship in sight get a crew back.*\n\nThe card file " \
           "`cards/examples/battleship.rc` and its rule text: " \
           f"[above](#{broadside[1]}-battleship-s-broadside).\n" in page
    assert "<summary>Español</summary>\n\n```text\nEl submarino azul juega Mina marina " \
           "sobre el destructor rojo.\n" in page
    # the pictures: the sunk red destroyer is off the board after the moves
    shorter_war = [p for p in written if "shorter-war" in p]
    before = (tmp_path / min(shorter_war, key=lambda p: "after" in p)).read_text("utf-8")
    after = (tmp_path / max(shorter_war, key=lambda p: "after" in p)).read_text("utf-8")
    assert 'data-ship="red-destroyer"' in before
    assert 'data-ship="red-destroyer"' not in after


def test_the_pages_sample_entry_is_a_valid_passing_entry(tmp_path):
    """The entry the page shows under "How to add an example" loads, plays and holds."""
    text = (ROOT / "docs" / "gen_cookbook.py").read_text("utf-8")
    sample = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "cookbook.yaml"
    path.write_text("entries:\n" + sample, "utf-8")
    [entry] = cookbook["load_entries"](path)
    before, after = cookbook["play"](entry)
    assert cookbook["observe"](after, len(before.log), entry.expect) == entry.expect


# ------------------------------------------------------------------ suggest


def test_suggest_proposes_what_changed():
    """`python docs/cookbook.py suggest TITLE`: the next player, the changed ship
    fields, crew, hands and score, the events."""
    entries = {e.title: e for e in ENTRIES}
    assert cookbook["suggest"](entries["Anchor"]) == {
        "to_move": "blue-destroyer", "decision": "main",
        "ships": {"red-destroyer": {"repairs": 2, "statuses": ["anchored"]}},
        "hands": {"blue-submarine": []},
        "log": ["order", "resolve", "damage", "status", "turn_end", "turn_start",
                "turn_end", "turn_start"]}
    assert cookbook["suggest"](entries["House rules, a shorter war"]) == {
        "is_over": True, "winner": "blue",
        "ships": {"red-destroyer": {"position": None, "repairs": 0, "sunk": True}},
        "hands": {"blue-submarine": ["ambush", "captain", "mechanic"]},
        "score": {"blue": 3, "red": 0},
        "log": ["order", "resolve", "damage", "sunk", "score", "game_over"]}


@pytest.mark.mass  # every entry played again (the tests above play each once)
def test_every_suggested_draft_holds():
    """suggest's draft of each entry holds by construction."""
    for entry in ENTRIES:
        before, after = cookbook["play"](entry)
        wanted = cookbook["suggest"](entry)
        assert cookbook["observe"](after, len(before.log), wanted) == wanted, entry.title


def test_suggest_on_the_command_line(tmp_path, monkeypatch, capsys):
    """A draft entry (``expect: {}``) loads for suggest only; the answer is YAML to paste."""
    path = bad_data(tmp_path, {"moves": ["order anchor red-destroyer"],
                               "scenario": {"extra": ["cards/examples/anchor.rc"],
                                            "ships": {"blue-submarine": {"at": "c3"},
                                                      "red-destroyer": {"at": "e3"}},
                                            "hands": {"blue-submarine": ["anchor"]},
                                            "phase": "maneuvers"}}, {})
    path.write_text(path.read_text("utf-8").replace("expect:\n    to_move: blue-submarine",
                                                    "expect: {}"), "utf-8")
    with pytest.raises(CookbookError, match="proposes one"):
        cookbook["load_entries"](path)
    main = cookbook["main"]
    monkeypatch.setitem(main.__globals__, "DATA", path)
    assert main(["suggest", "Anchor"]) == 0
    assert capsys.readouterr().out == (
        "    expect:\n"
        "      to_move: blue-submarine\n"
        "      decision: main\n"
        "      ships:\n"
        "        red-destroyer:\n"
        "          repairs: 2\n"
        "          statuses: [anchored]\n"
        "      hands:\n"
        "        blue-submarine: []\n"
        "      log: [order, resolve, damage, status]\n")
    assert main(["suggest", "Anchr"]) == 1
    assert capsys.readouterr().err == ("error: cookbook.yaml title: no entry 'Anchr' — "
                                       "did you mean 'Anchor'?\n")
    assert main(["sugest"]) == 2
