# expect: none
# targets: SYN101
# why: allennlp's `dist_reduce` (fresh18, exposed by the Metric role): after `if isinstance(value, torch.Tensor): return value_tensor` the helper reads `.item()` only of a number it wrapped, so a metric that passes a device tensor per batch gets the tensor back and no read happens in the helper; the chain at its calls is not a sync (the caller's own `.item()` on the result is reported separately, not here)
import torch
import torch.distributed as dist


def dist_reduce(value, reduce_op):
    if not (dist.is_available() and dist.is_initialized()):
        return value
    if isinstance(value, torch.Tensor):
        value_tensor = value.clone().to("cuda")
    else:
        value_tensor = torch.tensor(value, device="cuda")
    dist.all_reduce(value_tensor, op=reduce_op)
    if isinstance(value, torch.Tensor):
        return value_tensor
    return value_tensor.item()


class FBeta:
    def __init__(self) -> None:
        self.true_positive_sum = None

    def forward(self, batches: list[torch.Tensor]) -> None:
        for predictions in batches:
            positives = predictions.cuda().sum(dim=0)
            self.true_positive_sum = dist_reduce(positives, dist.ReduceOp.SUM)
