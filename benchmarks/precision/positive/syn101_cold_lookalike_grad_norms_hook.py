# expect: SYN101=1
# why: on_before_optimizer_step runs every optimisation step; one .item() per parameter there is the per-step cost cold setup code does not have
import lightning.pytorch as pl
import torch


class Tracked(pl.LightningModule):
    def __init__(self, net: torch.nn.Module):
        super().__init__()
        self.net = net
        self.init_norms = {n: p.norm().item() for n, p in net.named_parameters()}

    def on_before_optimizer_step(self, optimizer):
        norms = {}
        for name, p in self.named_parameters():
            if p.grad is not None:
                norms[name] = p.grad.norm().item()
        self.grad_norms = norms

    def load_state_dict(self, state_dict, strict: bool = True):
        for k, v in state_dict.items():
            print(k, v.abs().max().item())
        return super().load_state_dict(state_dict, strict)
