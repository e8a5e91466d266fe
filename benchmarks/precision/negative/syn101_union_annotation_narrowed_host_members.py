# expect: none
# targets: SYN101
# why: `y` is annotated `list[int] | dict[str, list[int]]`: neither member holds a tensor, so where `isinstance(y, dict)` holds its item is a list of ints, and `int(max(y))` reads host values
from torch import nn


class Head(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x, y: list[int] | dict[str, list[int]]):
        if isinstance(y, dict):
            y = y["main"]
        highest_target = int(max(y))
        return self.proj(x)[:, :highest_target]
