# expect: SYN102=1
# why: generation loop tests a device bool tensor in its while condition
import torch


@torch.no_grad()
def greedy_decode(model, input_ids: torch.Tensor, eos_id: int, max_new: int = 64) -> torch.Tensor:
    finished = torch.zeros(input_ids.size(0), dtype=torch.bool, device=input_ids.device)
    steps = 0
    while not finished.all() and steps < max_new:
        logits = model(input_ids)[:, -1]
        next_tok = torch.argmax(logits, dim=-1)
        input_ids = torch.cat([input_ids, next_tok[:, None]], dim=1)
        finished = finished | (next_tok == eos_id)
        steps += 1
    return input_ids
