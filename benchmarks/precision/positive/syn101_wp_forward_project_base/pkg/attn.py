# expect: SYN101=1
# why: Attention derives from a project Block(nn.Module); .tolist() in forward syncs per call
import torch

from pkg.base import Block


class Attention(Block):
    def __init__(self, dim):
        super().__init__()
        self.qkv = torch.nn.Linear(dim, 3 * dim)

    def forward(self, x, lengths: torch.Tensor):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        lens = lengths.tolist()
        out = [torch.softmax(q[i, :n] @ k[i, :n].T, -1) @ v[i, :n] for i, n in enumerate(lens)]
        return torch.nn.utils.rnn.pad_sequence(out, batch_first=True)
