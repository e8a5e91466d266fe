# expect: SYN101=1
# why: hidden states offloaded with .to("cpu") once per layer
import torch


def offload_hidden_states(layers, x: torch.Tensor) -> list[torch.Tensor]:
    cached = []
    h = x
    for layer in layers:
        h = torch.tanh(layer(h))
        cached.append(h.detach().to("cpu"))
    return cached
