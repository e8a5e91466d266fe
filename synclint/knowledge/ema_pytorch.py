"""ema-pytorch: its users call an EMA's `update()` after every optimiser step (the
package's README: `ema.update()` in the training loop; only `EMA` can register itself as
an optimiser step hook), so `update` of `EMA`, `KarrasEMA`, `PostHocEMA` and `EMAPytree`
runs once per training step (fresh17 M6: their `self.step.item()` and
`self.initted.item()` reads), in a user's subclass and in the package itself, whose
classes of those names are its project classes."""

from __future__ import annotations

from synclint.knowledge.schema import Class, Library, Role

_CLASSES = ("EMA", "KarrasEMA", "PostHocEMA", "EMAPytree")
_REASON = "an EMA's `update` runs after every optimiser step"

LIBRARY = Library(
    name="ema_pytorch",
    roots=("ema_pytorch",),
    classes=tuple(Class(f"ema_pytorch.{name}", module=True) for name in _CLASSES),
    own_names=frozenset(_CLASSES),
    roles=tuple(Role(f"ema_pytorch.{name}", "update", _REASON) for name in _CLASSES),
)
