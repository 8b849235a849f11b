"""Copies and flat snapshots of the state's records, generated from their fields.

``copy``, ``save_into`` and ``restore`` are hot (a clone per search node, an
undo checkpoint every 16 moves, one per move once a game has undone), so
they are not generic walks over ``attrs.fields``: their code is generated
once per record class (``derive``, called by model/state.py on its
classes), from the fields and their types, as attrs generates
``__init__`` — straight-line Python, as fast as written by hand, and never
out of step with the fields. A field's type decides how it is copied and
saved: an attrs record (field by field), a list or a dict (a new one, its
items copied the same way), anything else (str, int, bool, None, tuple, an
enum) is immutable and shared; a field whose metadata says ``FIXED`` is
shared too.
"""

from __future__ import annotations

import typing
from typing import Any, Callable

import attrs

#: The metadata key of a container fixed for the whole game (never changed
#: in place): copies and restored snapshots may share it.
FIXED = "fixed"


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and attrs.has(tp)


def _container(tp: Any) -> type | None:
    """``list`` or ``dict`` for a container type, else None (a record, or a
    value shared as it is). Other mutable types are refused: they would be
    shared between copies."""
    origin = typing.get_origin(tp) or tp
    if origin in (list, dict):
        return origin
    if origin in (set, bytearray):
        raise TypeError(f"{tp}: the state's fields are values, records, lists or dicts")
    return None


def _is_value(tp: Any) -> bool:
    """An immutable value (str, int, bool, None, tuple, an enum), shared by copies."""
    return _container(tp) is None and not _is_record(tp)


def _types(cls: type) -> dict[str, Any]:
    """The field types of a record, resolved in its module."""
    return typing.get_type_hints(cls)


class _Source:
    """Lines of generated code, fresh local names and the classes they name."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[str, Any] = {}
        self.count = 0

    def fresh(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def cls(self, cls: type) -> str:
        name = f"_{cls.__name__}"
        self.names[name] = cls
        return name

    def add(self, indent: int, line: str) -> None:
        self.lines.append("    " * indent + line)

    def function(self, name: str) -> Callable:
        namespace = dict(self.names)
        exec(compile("\n".join(self.lines), f"<generated {name}>", "exec"), namespace)
        return namespace[name]


def _copy_expr(tp: Any, expr: str, src: _Source) -> str:
    """An expression for an independent copy of ``expr`` of type ``tp``."""
    if _is_record(tp):
        return f"{expr}.copy()"
    kind = _container(tp)
    if kind is None:
        return expr
    args = typing.get_args(tp)
    if kind is dict:
        if not _is_value(args[1]):
            raise TypeError(f"{tp}: a dict of the state holds values only")
        return f"dict({expr})"
    if _is_value(args[0]):
        return f"list({expr})"
    item = src.fresh("x")
    return f"[{_copy_expr(args[0], item, src)} for {item} in {expr}]"


def _gen_copy(cls: type) -> Callable:
    src = _Source()
    types = _types(cls)
    parts = [f"self.{f.name}" if f.metadata.get(FIXED) else
             _copy_expr(types[f.name], f"self.{f.name}", src) for f in attrs.fields(cls)]
    src.add(0, "def copy(self):")
    src.add(1, f"return {src.cls(cls)}({', '.join(parts)})")
    return src.function("copy")


def _split(cls: type) -> tuple[list[str], list[str]]:
    """A record's shared values and its containers, each in field order."""
    types = _types(cls)
    values = [f.name for f in attrs.fields(cls) if _is_value(types[f.name])]
    return values, [f.name for f in attrs.fields(cls) if f.name not in values]


def _save(tp: Any, expr: str, src: _Source, indent: int) -> None:
    """Code appending ``expr`` to ``out`` as flat plain values: a record's
    values then its containers; a container as its length then its items."""
    if _is_record(tp):
        values, containers = _split(tp)
        if values:
            src.add(indent, f"out += ({''.join(f'{expr}.{n}, ' for n in values)})")
        types = _types(tp)
        for name in containers:
            _save(types[name], f"{expr}.{name}", src, indent)
        return
    kind = _container(tp)
    args = typing.get_args(tp)
    src.add(indent, f"out.append(len({expr}))")
    if kind is dict:
        src.add(indent, f"out += {expr}")
        src.add(indent, f"out += {expr}.values()")
    elif _is_value(args[0]):
        src.add(indent, f"out += {expr}")
    else:
        item = src.fresh("x")
        src.add(indent, f"for {item} in {expr}:")
        _save(args[0], item, src, indent + 1)


def _restore(tp: Any, src: _Source, indent: int) -> str:
    """Code reading a value of type ``tp`` from ``data`` at ``at`` (advancing
    it); returns the local name that holds it."""
    out = src.fresh("v")
    if _is_record(tp):
        values, containers = _split(tp)
        types = _types(tp)
        local = {name: src.fresh("f") for name in values}
        if values:
            head = src.fresh("h")
            src.add(indent, f"{head} = data[at:at + {len(values)}]")
            src.add(indent, f"at += {len(values)}")
            src.add(indent, f"{''.join(local[n] + ', ' for n in values)}= {head}")
        for name in containers:
            local[name] = _restore(types[name], src, indent)
        args = ", ".join(local[f.name] for f in attrs.fields(tp))
        src.add(indent, f"{out} = {src.cls(tp)}({args})")
        return out
    kind = _container(tp)
    args = typing.get_args(tp)
    n = src.fresh("n")
    src.add(indent, f"{n} = data[at]")
    if kind is dict:
        src.add(indent, f"{out} = dict(zip(data[at + 1:at + 1 + {n}], "
                        f"data[at + 1 + {n}:at + 1 + 2 * {n}]))")
        src.add(indent, f"at += 2 * {n} + 1")
    elif _is_value(args[0]):
        src.add(indent, f"{out} = list(data[at + 1:at + 1 + {n}])")
        src.add(indent, f"at += {n} + 1")
    else:
        src.add(indent, "at += 1")
        src.add(indent, f"{out} = []")
        src.add(indent, f"for _ in range({n}):")
        item = _restore(args[0], src, indent + 1)
        src.add(indent + 1, f"{out}.append({item})")
    return out


def _gen_save_into(cls: type) -> Callable:
    src = _Source()
    src.add(0, "def save_into(self, out):")
    _save(cls, "self", src, 1)
    src.add(1, "return out")
    return src.function("save_into")


def _gen_restore(cls: type) -> Callable:
    src = _Source()
    src.add(0, "def restore(data, at=0):")
    src.add(1, f"return {_restore(cls, src, 1)}")
    return src.function("restore")


def derive(cls: type, snapshots: bool = False) -> None:
    """Give a record of the state its generated ``copy`` (and, for the whole
    state, ``save_into`` and ``restore``), from its fields' types: model/state.py
    gives every record of the state them, once, when it is imported."""
    copy = _gen_copy(cls)
    copy.__qualname__ = f"{cls.__name__}.copy"
    copy.__doc__ = "An equal, independent copy (generated from the fields)."
    cls.copy = copy
    if not snapshots:
        return
    save_into = _gen_save_into(cls)
    save_into.__qualname__ = f"{cls.__name__}.save_into"
    save_into.__doc__ = """Append the whole state to ``out`` as flat plain values, for undo.

        A game keeps every move's state in one list (``Game.play``): no
        record, tuple or list is built per move, so the undo history costs
        neither allocations nor garbage collections. A record is written as
        its values then its containers, a container as its length then its
        items (generated from the fields). ``restore`` reads it back."""
    cls.save_into = save_into
    restore = _gen_restore(cls)
    restore.__qualname__ = f"{cls.__name__}.restore"
    restore.__doc__ = """The state saved in ``data`` from index ``at`` (``snapshot``,
        ``save_into``): an equal, independent copy."""
    cls.restore = staticmethod(restore)
