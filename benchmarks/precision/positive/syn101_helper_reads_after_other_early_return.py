# expect: SYN101=1
# why: look-alike of negative/syn101_helper_reads_after_tensor_type_return.py: an early return on something other than the argument's type (`if value is None`) leaves the helper's read on every call with a value: the chain at the per-batch call stays a sync
import torch


def reduce_value(value):
    if value is None:
        return 0.0
    value_tensor = value.clone().to("cuda")
    return value_tensor.sum().item()


def run(batches: list[torch.Tensor]) -> float:
    total = 0.0
    for predictions in batches:
        total += reduce_value(predictions.cuda())
    return total
