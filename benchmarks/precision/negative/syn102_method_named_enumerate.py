# expect: none
# targets: SYN102, SYN101
# why: a method named `enumerate` does not shadow the builtin inside sibling methods
import torch


class TokenLattice:
    def __init__(self, scores: torch.Tensor, words: list[str]) -> None:
        self.scores = scores
        self.words = words

    def enumerate(self, k: int) -> torch.Tensor:
        return self.scores.topk(k).indices

    def render(self) -> str:
        parts = []
        for i, word in enumerate(self.words):
            if i > 0 and i % 10 == 0:
                parts.append("\n")
            parts.append(word)
        return " ".join(parts)
