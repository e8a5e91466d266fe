# expect: none
# targets: SYN101
# why: inside an outer loop, `row_list = row.tolist()` right before the inner loop that reads it is the batched fix's own form (one transfer per inner loop); batching the outer loop is left to the user
import torch


def decode_rows(tokens: torch.Tensor, vocab: list[str]) -> list[str]:
    texts = []
    for row in tokens:
        row_list = row.tolist()
        words = []
        for token_id in row_list:
            words.append(vocab[token_id])
        texts.append(" ".join(words))
    return texts
