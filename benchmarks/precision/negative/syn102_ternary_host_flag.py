# expect: none
# targets: SYN102
# why: ternaries whose test is a host flag, choosing between tensors
import torch


class Head(torch.nn.Module):
    def __init__(self, use_fp16: bool) -> None:
        super().__init__()
        self.use_fp16 = use_fp16
        self.proj = torch.nn.Linear(16, 16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.half() if self.use_fp16 else x.float()
        y = self.proj(x)
        return y if self.training else y.detach()
