# expect: SYN102=1
# why: a parameter annotated `torch.cuda.LongTensor` is a GPU tensor: testing a token against EOS per row of a decoding loop syncs each time
import torch


def finished_rows(tokens: torch.cuda.LongTensor, eos_id: int) -> list[int]:
    done = []
    for i in range(tokens.shape[0]):
        if tokens[i, -1] == eos_id:
            done.append(i)
    return done
