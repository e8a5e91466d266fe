# expect: SYN202=1
# why: replica outputs, one per device, each moved to the first replica's device before the stack
import torch


def gather_replica_losses(replicas: list[torch.nn.Module], chunks: list[torch.Tensor]) -> torch.Tensor:
    losses = [replica(chunk).mean() for replica, chunk in zip(replicas, chunks)]
    output_device = losses[0].device
    return torch.stack([loss.to(output_device) for loss in losses]).mean()
