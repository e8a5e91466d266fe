# expect: none
# targets: SYN101, SYN102
# why: a `torch.LongTensor` parameter moved to the CPU once before the loop: the per-row reads are host reads (the one `.cpu()` outside the loop is the remedy, not a finding)
import torch


def decode_batch(tokenizer, sequences: torch.LongTensor) -> list[str]:
    sequences = sequences.cpu()
    texts = []
    for row in sequences:
        ids = [t for t in row.tolist() if t >= 0]
        texts.append(tokenizer.decode(ids))
    return texts
