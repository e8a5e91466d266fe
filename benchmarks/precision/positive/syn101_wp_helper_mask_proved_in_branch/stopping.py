import torch


def any_unfinished(unfinished, input_ids: torch.Tensor, eos_token_id: int, check_eos: bool):
    if check_eos:
        unfinished = unfinished & (input_ids[:, -1] != eos_token_id)
    return bool(unfinished.any())
