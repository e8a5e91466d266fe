import typing

import torch

DT = typing.TypeVar("DT")


class Model(torch.nn.Module, typing.Generic[DT]):
    def forward_labels_and_loss(self, batch: list) -> tuple[torch.Tensor, torch.Tensor]:
        raise NotImplementedError
