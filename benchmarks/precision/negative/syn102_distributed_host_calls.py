# expect: none
# targets: SYN102, SYN101
# why: torch.distributed ranks, sizes, work handles and their flags are host values
import torch
import torch.distributed as dist


def allreduce_buckets(buckets: list[torch.Tensor]) -> list[torch.Tensor]:
    if not dist.is_initialized() or dist.get_world_size() == 1:
        return buckets
    works = []
    for bucket in buckets:
        works.append(dist.all_reduce(bucket, op=dist.ReduceOp.SUM, async_op=True))
    for work in works:
        if not work.is_completed():
            work.wait()
    rank = dist.get_rank()
    if rank == 0 and dist.get_backend() == "nccl":
        print(f"reduced {len(buckets)} buckets")
    return [b / dist.get_world_size() for b in buckets]
