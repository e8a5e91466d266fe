# expect: SYN101=1
# why: fastai's Recorder calls a Metric's accumulate after every validation batch; the .cpu() of the batch's predictions there is one sync per batch
import torch
from fastai.learner import Metric


class TokenCount(Metric):
    def __init__(self, axis: int = -1) -> None:
        self.axis = axis
        self.pred_len = 0
        self.weights = torch.ones(1)

    def reset(self) -> None:
        self.pred_len = 0

    def accumulate(self, learn) -> None:
        if learn.training:
            return None
        last_output = learn.pred.argmax(dim=self.axis)
        for pred in last_output.cpu().numpy():
            self.pred_len += len(pred)

    @property
    def value(self) -> int:
        return self.pred_len
