import torch


class Block(torch.nn.Module):
    def extra_repr(self) -> str:
        return "block"
