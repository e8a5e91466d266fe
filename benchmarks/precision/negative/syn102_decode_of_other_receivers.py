# expect: none
# targets: SYN102, SYN104
# why: in an mmdet file, decode of a tokenizer gives text, and a label coder's decode gives names: only a bbox_coder's result is a tensor
import torch
from mmdet.registry import TASK_UTILS


class CaptionHead:
    def __init__(self, tokenizer: dict, label_coder: dict) -> None:
        self.tokenizer = TASK_UTILS.build(tokenizer)
        self.label_coder = TASK_UTILS.build(label_coder)

    def captions(self, token_ids: list, label_ids: list) -> list:
        out = []
        for ids, labels in zip(token_ids, label_ids):
            text = self.tokenizer.decode(ids)
            names = self.label_coder.decode(labels)
            if not text:
                continue
            out.append((text, names[labels > 0] if names else [], torch.tensor(ids)))
        return out
