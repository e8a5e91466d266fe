"""Host objects that look like tensors to the linter (they have `.item()`), shared by the
safety cases' sources and their inputs."""

from __future__ import annotations


class Meter:
    """A running value with `.item()`, like a metrics library's meter; never a tensor."""

    def __init__(self, value: object) -> None:
        self.value = value

    def item(self) -> object:
        return self.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Meter) and other.value == self.value

    def __hash__(self) -> int:
        return hash(self.value)
