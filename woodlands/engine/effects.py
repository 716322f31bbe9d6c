"""One registry of effect primitives per game.

Content writes effects as data: ``{ when = "ambush", do = "lose_gold", amount = 2 }``.  Each
primitive is declared once, with the timings it may appear at, a pydantic model of its
parameters (checked when a pack loads) and the function that carries it out (called in the hot
loop with already-validated, plain parameters).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import brief, clip


class NoParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


@dataclass(frozen=True, slots=True)
class Primitive:
    name: str
    params: type[BaseModel]
    whens: frozenset[str]
    run: Callable[..., None] | None
    doc: str


class EffectRegistry:
    def __init__(self, timings: dict[str, str]) -> None:
        self.timings = timings          # timing name -> what it means (documented)
        self.primitives: dict[str, Primitive] = {}

    def primitive(self, name: str, *, params: type[BaseModel] = NoParams,
                  whens: tuple[str, ...] | None = None) -> Callable[[Callable[..., None]], Callable[..., None]]:
        """Declare a primitive; its docstring is its documentation in docs/content-packs.md."""
        def register(fn: Callable[..., None]) -> Callable[..., None]:
            if name in self.primitives:
                raise ValueError(f"primitive {name!r} declared twice")
            allowed = frozenset(whens if whens is not None else self.timings)
            unknown = allowed - set(self.timings)
            if unknown:
                raise ValueError(f"primitive {name!r}: unknown timings {sorted(unknown)}")
            self.primitives[name] = Primitive(name, params, allowed, fn, (fn.__doc__ or "").strip())
            return fn
        return register

    def check(self, raw: dict[str, Any]) -> tuple[dict[str, Any] | None, list[str]]:
        """Validate one effect's ``do`` and parameters; return (params, problems)."""
        do = raw.get("do")
        when = raw.get("when")
        if not isinstance(do, str) or do not in self.primitives:
            known = ", ".join(sorted(self.primitives))
            return None, [f"field 'do': unknown primitive {brief(do)}; known: {known}"]
        prim = self.primitives[do]
        problems = []
        if not isinstance(when, (str, type(None))) or when not in prim.whens:
            problems.append(f"field 'when': {do!r} cannot be used with when={brief(when)}; allowed: {sorted(prim.whens)}")
        params = {k: v for k, v in raw.items() if k not in ("when", "do", "if", "window", "text")}
        try:
            # strict: a whole number is written as one (not ``true`` nor ``2.0``)
            model = prim.params.model_validate(params, strict=True)
        except ValidationError as e:
            for err in e.errors():
                loc = clip(".".join(str(p) for p in err["loc"]) or "(params)", 120)
                problems.append(f"field '{loc}': {clip(err['msg'], 300)}")
            return None, problems
        return model.model_dump(), problems
