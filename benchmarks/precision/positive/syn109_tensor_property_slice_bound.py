# expect: SYN109=1
# why: `tensor_toks` returns `self._token_count`, a 0-d tensor on the GPU that `insert` keeps adding to: slicing by it reads the bound on the host, a sync at every `input_ids()` (look-alike of the int counter in syn109_int_property_annotated_tensor)
import torch


class RaggedBatch:
    def __init__(self) -> None:
        self._token_count = torch.zeros((), dtype=torch.int64, device="cuda")
        self._input_ids = torch.zeros(1024, dtype=torch.int64, device="cuda")

    def insert(self, tokens: torch.Tensor) -> None:
        self._token_count += tokens.numel()

    @property
    def tensor_toks(self) -> torch.Tensor:
        return self._token_count

    def input_ids(self) -> torch.Tensor:
        return self._input_ids[:self.tensor_toks]
