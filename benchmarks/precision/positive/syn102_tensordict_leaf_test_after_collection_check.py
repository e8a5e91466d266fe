# expect: SYN102=1
# why: look-alike of the fresh2 torchrl fix: a value that is not a tensor collection is a leaf tensor of the TensorDict; testing it per key syncs
import torch
from tensordict import TensorDictBase, is_tensor_collection


def nan_keys(td: TensorDictBase) -> list[str]:
    bad = []
    for key, value in td.items(True):
        if is_tensor_collection(value):
            continue
        if value.isnan().any():
            bad.append(key)
    return bad
