from collections import OrderedDict
from dataclasses import dataclass

import torch


class ModelOutput(OrderedDict):
    def to_tuple(self) -> tuple:
        return tuple(self[k] for k in self.keys())


@dataclass
class BaseModelOutput(ModelOutput):
    last_hidden_state: torch.FloatTensor | None = None
