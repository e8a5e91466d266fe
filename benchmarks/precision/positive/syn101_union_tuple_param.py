# expect: SYN101=2
# why: subscripts of a Union[Tensor, Tuple[Tensor, Tensor]] / Optional[Tuple[...]] parameter are tensors
from typing import Optional, Tuple, Union

import torch


def per_class_scores(
    outputs: Union[torch.Tensor, Tuple[torch.Tensor, torch.Tensor]],
    class_names: list[str],
    aux: Optional[Tuple[torch.Tensor, ...]] = None,
) -> dict[str, float]:
    logits = outputs[0]
    scores = {name: float(logits[:, i].max()) for i, name in enumerate(class_names)}
    if aux is not None:
        for i, name in enumerate(class_names):
            scores[name + "_aux"] = float(aux[0][:, i].mean())
    return scores
