# expect: none
# targets: SYN105
# why: torch.zeros / arange / full(device=...) allocate on the device, no host data
import torch


def init_rnn_states(layers: int, batch: int, hidden: int, device: torch.device, steps: int):
    states = []
    for _ in range(steps):
        h = torch.zeros(layers, batch, hidden, device=device)
        pos = torch.arange(batch, device=device)
        bias = torch.full((batch,), 0.5, device=device)
        states.append((h, pos, bias))
    return states
