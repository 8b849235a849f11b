"""SVG pictures (redcode_rules.render.svg): the board with islands, running water,
ships and the visual field (R2.1, R2.2, R4.3), and the control card (R4.1,
R3.1, R1.3). Every picture is parsed as XML and checked by exact values."""

import textwrap
import xml.etree.ElementTree as ET

import pytest

import redcode_rules as rc
from conftest import fixed_game
from redcode_rules.render import svg

NS = "{http://www.w3.org/2000/svg}"


def make(*parts: str) -> rc.Game:
    """A scenario from YAML pieces, each dedented on its own."""
    return rc.Game.from_scenario("".join(textwrap.dedent(p) for p in parts))


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def by_class(root: ET.Element, css: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == css]


def box_xy(box: str, size: float) -> tuple[float, float]:
    """Top-left corner of a box: a margin of size/2, a1 at the top left (R2.1)."""
    col = ord(box[0]) - ord("a")
    row = int(box[1:]) - 1
    return size / 2 + col * size, size / 2 + row * size


def xy(el: ET.Element) -> tuple[float, float]:
    return float(el.get("x")), float(el.get("y"))


def field_boxes(root: ET.Element) -> list[str]:
    return sorted(e.get("data-box") for e in by_class(root, "field"))


# A map with islands at c2, f3, b4 and running water at d3, e3, a6, h6.
MAP = """
    edition: en
    board: |
      ........
      ..#.....
      ...~~#..
      .#......
      ........
      ~......~
"""

# The rulebook's visual-field example (3.2 of the English edition): the red
# destroyer at d4 can target the blue submarine at e3 but not the blue
# aircraft carrier at f2, which is behind the submarine on the same diagonal,
# nor the blue destroyer at a4, which is behind the island at b4.
FIELD_EXAMPLE = textwrap.dedent(MAP) + textwrap.dedent("""
    ships:
      blue-submarine: {at: e3}
      red-destroyer: {at: d4}
      blue-aircraft_carrier: {at: f2}
      blue-destroyer: {at: a4}
      red-submarine: {sunk: true}         # D2.9: equal sides
      red-aircraft_carrier: {sunk: true}
    turn: red-destroyer
    phase: maneuvers
""")

# d4's 8 lines within 3 boxes, cut at the island b4 and after the enemy e3.
EXAMPLE_FIELD = sorted(["d3", "d2", "d1",          # north
                        "d5", "d6",                # south
                        "c4",                      # west: b4 is an island
                        "e4", "f4", "g4",          # east
                        "c3", "b2", "a1",          # north-west
                        "e3",                      # north-east: the submarine stops it
                        "c5", "b6",                # south-west
                        "e5", "f6"])               # south-east


# --------------------------------------------------------------- the board


@pytest.mark.parametrize("size", [40, 25])
def test_ships_islands_and_currents_at_their_boxes(size):
    game = make(MAP, """
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: g5}
          blue-aircraft_carrier: {at: d3}
          red-submarine: {sunk: true}  # D2.9: equal sides
    """)
    root = parse(svg.board(game, size=size))
    ships = by_class(root, "ship")
    assert sorted((e.get("data-ship"), e.get("data-box")) for e in ships) == [
        ("blue-aircraft_carrier", "d3"), ("blue-submarine", "b2"), ("red-destroyer", "g5")]
    for e in ships:
        assert xy(e) == box_xy(e.get("data-box"), size)
        assert (float(e.get("width")), float(e.get("height"))) == (size, size)
    islands = by_class(root, "island")
    assert sorted(e.get("data-box") for e in islands) == ["b4", "c2", "f3"]
    for e in islands:
        assert xy(e) == box_xy(e.get("data-box"), size)
    currents = by_class(root, "current")
    assert sorted(e.get("data-box") for e in currents) == ["a6", "d3", "e3", "h6"]
    for e in currents:
        assert xy(e) == box_xy(e.get("data-box"), size)
    assert by_class(root, "field") == []


def test_exact_coordinates_and_size():
    game = make(MAP, """
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
    """)
    root = parse(svg.board(game, size=40))
    assert (root.get("width"), root.get("height")) == ("360", "280")  # 8x6 boxes + 2 margins
    ships = {e.get("data-ship"): e for e in by_class(root, "ship")}
    assert xy(ships["blue-submarine"]) == (20.0, 20.0)
    assert xy(ships["red-destroyer"]) == (300.0, 220.0)
    (c2,) = [e for e in by_class(root, "island") if e.get("data-box") == "c2"]
    assert xy(c2) == (100.0, 60.0)
    coords = [e.text for e in by_class(root, "coord")]
    assert coords == list("abcdefgh") + list("123456")
    assert root.find(NS + "title") is not None and root.find(NS + "title").text


def test_start_cards_letters_and_title():
    game = make(MAP, """
        start_cards: {blue: a1, red: g5}
        ships:
          blue-submarine: {at: a1}
          red-destroyer: {at: h6}
          red-aircraft_carrier: {at: g6}
          red-submarine: {at: g5}
          blue-destroyer: {sunk: true}  # D2.9: equal sides
          blue-aircraft_carrier: {sunk: true}  # D2.9: equal sides
    """)
    root = parse(svg.board(game))
    cards = {e.get("data-side"): e for e in by_class(root, "start-card")}
    assert sorted(cards) == ["blue", "red"]
    assert cards["blue"].get("data-box") == "a1" and cards["red"].get("data-box") == "g5"
    letters = {e.get("data-ship"): [t.text for t in e.iter(NS + "text")] for e in
               by_class(root, "ship")}
    assert letters == {"blue-submarine": ["S"], "red-destroyer": ["D"],
                       "red-aircraft_carrier": ["C"], "red-submarine": ["S"]}
    sides = {e.get("data-ship"): e.get("data-side") for e in by_class(root, "ship")}
    assert sides["blue-submarine"] == "blue" and sides["red-destroyer"] == "red"


def test_sunk_ships_are_not_drawn():
    game = make(MAP, """
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: g5}
          blue-destroyer: {sunk: true}
          red-submarine: {sunk: true}  # D2.9: equal sides
    """)
    root = parse(game.svg())
    assert [e.get("data-ship") for e in by_class(root, "ship")] == ["blue-submarine",
                                                                    "red-destroyer"]
    with pytest.raises(ValueError):
        svg.board(game, field_of="blue-destroyer")


# --------------------------------------------------------------- visual field


def test_rulebook_visual_field_example():
    """R4.3: lines stop at islands and after an enemy ship; the red destroyer
    (largest range 3: shield) sees the submarine, not the carrier behind it
    nor the destroyer behind the island."""
    game = make(FIELD_EXAMPLE)
    root = parse(game.svg(field_of="red-destroyer"))
    assert field_boxes(root) == EXAMPLE_FIELD
    assert "e3" in field_boxes(root) and "f2" not in field_boxes(root)
    assert "b4" not in field_boxes(root) and "a4" not in field_boxes(root)
    assert "d4" not in field_boxes(root)          # its own box is not on the lines
    assert svg.visual_field(game, "red-destroyer") == sorted(
        EXAMPLE_FIELD, key=lambda b: (int(b[1:]), b[0]))
    for e in by_class(root, "field"):
        assert xy(e) == box_xy(e.get("data-box"), 40)
    # The engine agrees: the missile (range 2) reaches the submarine only.
    assert sorted(m for m in game.legal_moves() if m.startswith("missile")) == [
        "missile blue-submarine", "missile red-destroyer"]


def test_reach_limits_the_field():
    game = make(FIELD_EXAMPLE)
    root = parse(svg.board(game, field_of="red-destroyer", reach=1))
    assert field_boxes(root) == ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    root = parse(svg.board(game, field_of="red-destroyer", reach=0))
    assert field_boxes(root) == []
    with pytest.raises(ValueError):
        svg.board(game, reach=2)


def test_friendly_ship_does_not_block():
    """R4.3: a red ship on the east line leaves f4 and g4 in the field; a blue
    one on the same box cuts the line after itself."""
    friendly = make(FIELD_EXAMPLE.replace("red-submarine: {sunk: true}", "red-submarine: {at: e4}"))
    boxes = field_boxes(parse(friendly.svg(field_of="red-destroyer")))
    assert boxes == EXAMPLE_FIELD
    assert {"e4", "f4", "g4"} <= set(boxes)

    enemy = make(FIELD_EXAMPLE.replace("blue-destroyer: {at: a4}", "blue-destroyer: {at: e4}"))
    boxes = field_boxes(parse(enemy.svg(field_of="red-destroyer")))
    assert boxes == sorted(set(EXAMPLE_FIELD) - {"f4", "g4"})


def test_field_of_a_blue_ship_sees_the_first_enemy_only():
    game = make(MAP, """
        ships:
          blue-submarine: {at: a5}
          red-destroyer: {at: b5}
          red-submarine: {at: c5}
          blue-destroyer: {sunk: true}  # D2.9: equal sides
    """)
    boxes = field_boxes(parse(game.svg(field_of="blue-submarine", reach=3)))
    # north a4 a3 a2; south a6 (running water does not block); east stops
    # after the enemy b5 (c5 hidden); north-east is the island b4; south-east b6
    assert boxes == ["a2", "a3", "a4", "a6", "b5", "b6"]


# --------------------------------------------------------------- control card

CARD = textwrap.dedent(MAP) + textwrap.dedent("""
    ships:
      blue-submarine: {at: b2, repairs: 1, breakdowns: 2, crew_on: {torpedo: 2, movement: 1},
                       withdrawn: 1}
      red-destroyer: {at: g5, repairs: 3, breakdowns: 0, crew_on: {shield: 1}}
""")


def maneuvers(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-maneuver"): g for g in by_class(root, "maneuver")}


def test_control_card_maneuvers_and_crew():
    game = make(CARD)
    ship = game.ship("blue-submarine")
    root = parse(svg.control_card(game, "blue-submarine"))
    groups = maneuvers(root)
    assert len(by_class(root, "maneuver")) == 8
    assert list(groups) == list(game.rules.ships["submarine"].maneuvers)
    for name, g in groups.items():
        crew = [e for e in g.iter() if e.get("class") == "crew"]
        boxes = [e for e in g.iter() if e.get("class") == "cost-box"]
        assert len(crew) == ship.crew_on(name)
        assert len(boxes) == game.rules.maneuvers[name].cost
    assert len([e for e in groups["torpedo"].iter() if e.get("class") == "crew"]) == 2
    assert len([e for e in groups["heavy_torpedo"].iter() if e.get("class") == "cost-box"]) == 3
    assert groups["torpedo"].get("data-available") == "false"
    assert groups["repair"].get("data-available") == "true"
    texts = {name: [t.text for t in g.iter(NS + "text")][0] for name, g in groups.items()}
    assert texts["heavy_torpedo"] == "Heavy torpedo"
    # respondable / response marks follow the rules data (R4.5)
    for name, g in groups.items():
        card = game.rules.maneuvers[name]
        assert bool([e for e in g.iter() if e.get("class") == "respondable-mark"]) \
            == card.respondable
        assert bool([e for e in g.iter() if e.get("class") == "response-mark"]) == card.response


def test_control_card_tracks():
    game = make(CARD)
    root = parse(svg.control_card(game, "blue-submarine"))
    repairs = by_class(root, "repair")
    breakdowns = by_class(root, "breakdown")
    assert len(repairs) == game.rules.ships["submarine"].repairs == 3
    assert [e.get("data-filled") for e in repairs] == ["true", "false", "false"]
    assert [e.get("data-filled") for e in breakdowns] == ["true", "true", "false"]
    assert len(by_class(root, "reserve")) == game.ship("blue-submarine").reserve == 2
    assert len(by_class(root, "withdrawn")) == 1

    root = parse(svg.control_card(game, "red-destroyer"))
    assert len(maneuvers(root)) == 8
    assert sum(e.get("data-filled") == "true" for e in by_class(root, "repair")) == 3
    assert sum(e.get("data-filled") == "true" for e in by_class(root, "breakdown")) == 0
    assert len([e for e in maneuvers(root)["shield"].iter() if e.get("class") == "crew"]) == 1


def test_control_card_every_type_and_language():
    game = rc.new_game(rc.load_ruleset("es"), mode="arena",
                       teams=[["submarine", "destroyer", "aircraft_carrier"],
                              ["submarine", "destroyer", "aircraft_carrier"]], seed=3)
    for ship_id in game.ships:
        ship = game.ship(ship_id)
        root = parse(svg.control_card(game, ship_id, lang="es"))
        assert list(maneuvers(root)) == list(game.rules.ships[ship.type].maneuvers)
        filled = [e for e in by_class(root, "repair") if e.get("data-filled") == "true"]
        assert len(filled) == ship.repairs
    root = parse(svg.control_card(game, "blue-aircraft_carrier", lang="es"))
    names = [next(g.iter(NS + "text")).text for g in by_class(root, "maneuver")]
    assert "Apoyo aéreo" in names
    assert "Portaaviones" in root.find(NS + "title").text or \
        "portaaviones" in root.find(NS + "title").text


# --------------------------------------------------------------- output


def test_output_is_deterministic_and_escaped():
    game = fixed_game(rc.load_ruleset("en"), seed=7)
    assert game.svg() == game.svg()
    assert game.svg(field_of="blue-submarine") == fixed_game(
        rc.load_ruleset("en"), seed=7).svg(field_of="blue-submarine")
    assert svg.control_card(game, "red-destroyer") == svg.control_card(game, "red-destroyer")

    # scenarios refuse such ids (they are written in moves); the SVG must
    # still escape whatever a state holds
    with pytest.raises(rc.ScenarioError, match="ships.blue-<&"):
        make(MAP, """
            ships:
              "blue-<&\\"x>": {side: blue, type: submarine, at: b2}
              red-destroyer: {at: g5}
        """)
    odd = make(MAP, """
        ships:
          blue-submarine: {at: b2}
          red-destroyer: {at: g5}
    """)
    odd.state.ships[0].id = 'blue-<&"x>'
    root = parse(odd.svg(field_of='blue-<&"x>'))
    assert [e.get("data-ship") for e in by_class(root, "ship")] == ['blue-<&"x>',
                                                                    "red-destroyer"]
    parse(svg.control_card(odd, 'blue-<&"x>'))


def test_game_svg_is_the_board():
    game = fixed_game(rc.load_ruleset("en"), seed=7)
    assert game.svg(size=30) == svg.board(game, size=30)
    root = parse(game.svg())
    assert sorted(e.get("data-box") for e in by_class(root, "ship")) == sorted(
        game.ship(s).position for s in game.ships)
    text_rows = game.board.rows()
    islands = sorted(f"{'abcdefgh'[c]}{r + 1}" for r, row in enumerate(text_rows)
                     for c, ch in enumerate(row) if ch == "#")
    assert sorted(e.get("data-box") for e in by_class(root, "island")) == islands
