"""A generated page: the AI adapters' tables (``python docs/write_generated.py``).

The action vocabulary of each edition and the layout of the observation and
information-state tensors, read from the code (``redcode_rules.ai.actions``,
``redcode_rules.ai.setup``), so a new card, ship or tensor piece appears on
the page without editing the docs. Needs no package of the ``ai`` extra.
"""

from __future__ import annotations

import mkdocs_gen_files

from redcode_rules.ai.actions import ActionSpace
from redcode_rules.ai.setup import AiSetup, TensorLayout
from redcode_rules.lang.loader import builtin_editions

TEAMS = ("1v1", "2v2", "3v3")


def space_and_layout(edition: str, teams: str) -> tuple[ActionSpace, TensorLayout]:
    """The vocabulary and tensor layout of an edition's games of one team size."""
    game = AiSetup(edition=edition, teams=teams).new_game()
    space = ActionSpace.for_game(game)
    return space, TensorLayout.for_game(game, space)


def sizes_table() -> list[str]:
    lines = ["| edition | teams | words | observation tensor | information-state tensor |",
             "| --- | --- | ---: | ---: | ---: |"]
    for edition in builtin_editions():
        for teams in TEAMS:
            space, layout = space_and_layout(edition, teams)
            obs = sum(p.size for p in layout.pieces(False))
            info = sum(p.size for p in layout.pieces(True))
            lines.append(f"| {edition} | {teams} | {space.size} | {obs} | {info} |")
    return lines


def groups_table(space: ActionSpace) -> list[str]:
    lines = ["| group | ids | what |", "| --- | --- | --- |"]
    at = 0
    for group in space.groups:
        n = len(group.words)
        ids = f"{at}–{at + n - 1}" if n else "none in this edition"  # modes: a card file's
        lines.append(f"| {group.name} | {ids} | {group.what} |")
        at += n
    return lines


def words_table(space: ActionSpace) -> list[str]:
    lines = ["| id | word | group |", "| ---: | --- | --- |"]
    lines += [f"| {i} | `{word}` | {group} |" for i, word, group in space.rows()]
    return lines


def layout_table(layout: TensorLayout, information_state: bool) -> list[str]:
    lines = ["| piece | shape | offset | size | what |", "| --- | --- | ---: | ---: | --- |"]
    at = 0
    for piece in layout.pieces(information_state):
        shape = " × ".join(str(d) for d in piece.shape)
        lines.append(f"| `{piece.name}` | {shape} | {at} | {piece.size} | {piece.meaning} |")
        at += piece.size
    return lines


def page() -> str:
    space, _ = space_and_layout("en", "1v1")
    out = [
        "# AI tables",
        "",
        "The fixed action vocabulary and the tensor layouts of the AI adapters",
        "([For AI researchers](ai.md)), generated from the code",
        "(`python docs/write_generated.py`).",
        "",
        "## Sizes",
        "",
        "Words of the vocabulary and entries of each tensor, per edition and team size.",
        "",
        *sizes_table(),
        "",
        "## The vocabulary of the English edition",
        "",
        "Every configuration of the same cards and board has the same vocabulary, for",
        "1v1, 2v2 and 3v3 alike (every ship id of both sides is a word). The words come",
        "in groups, in this order:",
        "",
        *groups_table(space),
        "",
        *words_table(space),
        "",
    ]
    for teams in TEAMS:
        _, layout = space_and_layout("en", teams)
        out += [f"## Observation tensor, English edition, {teams}", "",
                *layout_table(layout, False), "",
                f"## Information-state tensor, English edition, {teams}", "",
                *layout_table(layout, True), ""]
    return "\n".join(out)


with mkdocs_gen_files.open("ai-tables.md", "w") as f:
    f.write(page())
