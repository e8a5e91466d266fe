# expect: none
# targets: SYN102
# why: added after the fresh2 draw (torchrl RemoveEmptySpecs): `is_tensor_collection(value)` proves a TensorDict, whose `is_empty()` is host metadata (no leaves), not a tensor test
from tensordict import NonTensorData, TensorDictBase, is_tensor_collection


def drop_empty(next_tensordict: TensorDictBase) -> TensorDictBase:
    for key, value in sorted(next_tensordict.items(True), key=lambda kv: len(kv[0]), reverse=True):
        if is_tensor_collection(value) and not isinstance(value, NonTensorData) and value.is_empty():
            del next_tensordict[key]
    return next_tensordict
