# expect: none
# targets: SYN202
# why: per-element moves whose results are kept individually, never stacked or reduced
import torch


class EmbeddingShards:
    def __init__(self, shards: list[torch.Tensor]) -> None:
        self.shards = shards

    def to(self, device: torch.device) -> "EmbeddingShards":
        self.shards = [s.to(device) for s in self.shards]
        return self

    def lookup(self, shard: int, ids: torch.Tensor) -> torch.Tensor:
        return self.shards[shard][ids]
