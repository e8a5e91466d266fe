# expect: SYN101=1
# why: a generation loop calls a stopping helper whose `unfinished & (...)` on one path proves its argument a tensor; `bool(unfinished.any())` syncs on every step
import torch

from stopping import any_unfinished


def greedy(model, input_ids: torch.Tensor, unfinished, eos_token_id: int, max_steps: int):
    for step in range(max_steps):
        logits = model(input_ids)[:, -1]
        next_tokens = logits.argmax(dim=-1)
        input_ids = torch.cat([input_ids, next_tokens[:, None]], dim=-1)
        if not any_unfinished(unfinished, input_ids, eos_token_id, step > 0):
            break
    return input_ids
