"""Compile numba functions once per set of compile-time constants, each set cached on disk.

numba freezes a function's globals into its code when it compiles it: a global flag tested
in a loop costs nothing, its dead branch is gone. :func:`specialise` uses that to make one
compiled copy of a group of *template* functions (plain Python functions of one module) per
binding of some of their globals to constants, the others (and their calls to one another)
left as their modules have them, each copy compiled eagerly for its signature and cached by
numba (``cache=True``).

Why not closures from a factory: numba keys a cached closure by a pickle of its captured
values, and a captured compiled function pickles with a fresh random id each process — the
cache would never be read back. Here every copy is a plain function with its own globals
and its own name (``template__<tag>``, the tag a hash of the constants and of ``salt``),
so numba stores each copy in its own cache file; the tag changes when a constant does,
and numba itself re-reads a copy whose template file changed. What numba does not see is
a change of a global the templates read from *another* module: the caller passes such
values in ``salt``.
"""

from __future__ import annotations

import hashlib
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["merged_globals", "specialise", "tag_of"]


def tag_of(constants: Mapping[str, object], salt: object = ()) -> str:
    """The cache tag of a binding: 12 hex digits of a hash of the constants and ``salt``.

    >>> tag_of({"A": 1, "B": 2}) == tag_of({"B": 2, "A": 1}) != tag_of({"A": 1, "B": 3})
    True
    """
    text = repr((sorted(constants.items()), salt))
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def merged_globals(functions: Sequence[Callable[..., Any]]) -> dict[str, Any]:
    """The globals of the modules of ``functions`` in one new namespace (the dunder names,
    such as ``__name__``, of the first module). A name two modules bind to different
    objects is refused: a template would otherwise read another module's value in silence.

    >>> a, b, c = {"__name__": "a"}, {"__name__": "b"}, {"__name__": "c"}
    >>> exec("X = 1; f = lambda: X", a); exec("g = lambda: f()", b)
    >>> exec("X = 2; h = lambda: X", c)
    >>> b["f"] = a["f"]
    >>> g = merged_globals([a["f"], b["g"]])
    >>> g["__name__"], g["X"], g["f"] is a["f"], "g" in g
    ('a', 1, True, True)
    >>> merged_globals([a["f"], c["h"]])
    Traceback (most recent call last):
    ...
    ValueError: X is bound differently in a and c
    """
    merged: dict[str, Any] = {}
    origin: dict[str, str] = {}  # the module each name was first bound in
    seen: list[dict[str, Any]] = []
    for fn in functions:
        module = fn.__globals__
        if any(module is m for m in seen):
            continue
        seen.append(module)
        for name, value in module.items():
            if name not in merged:
                merged[name] = value
                origin[name] = module["__name__"]
            elif merged[name] is not value and not (name.startswith("__")
                                                    and name.endswith("__")):
                raise ValueError(f"{name} is bound differently in {origin[name]} "
                                 f"and {module['__name__']}")
    return merged


def specialise(templates: Sequence[tuple[Callable[..., Any], str]],
               constants: Mapping[str, object], salt: object = (),
               nrt: bool = True) -> dict[str, Any]:
    """Compile ``templates`` (pairs of a function and its numba signature, of one module or
    several, each after the ones it calls) with the globals ``constants`` rebound; the
    compiled copies by template name. The copies share one namespace, the templates'
    modules' globals merged (:func:`merged_globals`): within the copies a call to another
    template calls its copy, whichever module it comes from.
    ``nrt=False`` compiles them without numba's reference counting (templates that
    allocate no array: each call of one compiled function from another otherwise counts
    every array it passes up and down with atomic instructions).

    The names in ``constants`` must be globals of the templates' modules (a misspelt name
    would otherwise compile the module's own value in silence).
    """
    from numba import njit

    g = merged_globals([fn for fn, _ in templates])
    for name in constants:
        if name not in g:
            modules = sorted({fn.__globals__["__name__"] for fn, _ in templates})
            raise ValueError(f"{name} is not a global of {', '.join(modules)}")
    tag = tag_of(constants, salt if nrt else (salt, "no nrt"))
    options: dict[str, Any] = {"_nrt": nrt}  # numba's flag (not in its type stubs)
    g.update(constants)
    out: dict[str, Any] = {}
    for fn, signature in templates:
        copy = types.FunctionType(fn.__code__, g, fn.__name__, fn.__defaults__,
                                  fn.__closure__)
        copy.__qualname__ = f"{fn.__qualname__}__{tag}"
        copy.__doc__ = fn.__doc__
        compiled = njit(signature, cache=True, nogil=True, **options)(copy)
        g[fn.__name__] = compiled
        out[fn.__name__] = compiled
    return out
