# expect: none
# targets: SYN109
# why: `tensor_toks` is annotated `-> torch.Tensor` but returns `self._current_tokens`, an int counter the batch keeps on the host ("will not trigger synchronization"): the slice bound is a Python int (deepspeed's RaggedBatchWrapper, fresh15 F4; its real getter returns `to_padded(cur_toks)` or None)
import torch


class RaggedBatch:
    def __init__(self) -> None:
        self._current_tokens = 0
        self._is_padded = True
        self._input_ids = torch.zeros(1024, dtype=torch.int64, device="cuda")

    def insert(self, tokens: torch.Tensor) -> None:
        n = tokens.numel()
        self._input_ids[self._current_tokens:self._current_tokens + n].copy_(tokens)
        self._current_tokens += n

    def clear(self) -> None:
        self._current_tokens = 0

    @property
    def tensor_toks(self) -> torch.Tensor:
        return self._current_tokens

    @property
    def padded_toks(self) -> torch.Tensor:
        if self._is_padded:
            return to_padded(self._current_tokens)
        return None

    def input_ids(self) -> torch.Tensor:
        return self._input_ids[:self.tensor_toks]

    def padded_input_ids(self) -> torch.Tensor:
        return self._input_ids[:self.padded_toks]


def to_padded(original_size: int) -> int:
    return (original_size + 127) // 128 * 128
