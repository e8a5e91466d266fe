# expect: none
# targets: SYN101
# why: the stopping helper rebuilds `unfinished` as a list of Python bools on the other path: nothing proves the value it was given a tensor, so its `.any()` is only maybe a sync
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
