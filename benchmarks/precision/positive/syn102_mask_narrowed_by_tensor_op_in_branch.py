# expect: SYN102=2
# why: diffusers' LLaDA2 pipeline: `final_transfer` is unknown until one branch ANDs it with a device mask, which proves it a tensor; `final_transfer.any()` then syncs every step (and so does `finished.any()`)
import torch


def generate(model, scheduler, block_x: torch.Tensor, steps: int, eos_early_stop: bool,
             eos_token_id: int):
    finished = torch.zeros(block_x.shape[0], dtype=torch.bool, device=block_x.device)
    for step in range(steps):
        logits = model(block_x)
        output = scheduler.step(logits, block_x)
        final_transfer = output.transfer_index | output.editing_transfer_index
        if eos_early_stop and finished.any():
            final_transfer = final_transfer & ~finished[:, None]
        if final_transfer.any():
            block_x = torch.where(final_transfer, output.prev_sample, block_x)
        finished = finished | (block_x == eos_token_id).any(dim=-1)
    return block_x
