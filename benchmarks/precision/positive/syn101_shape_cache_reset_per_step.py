# expect: SYN101=1
# why: the schedule resets `ft_shapes` to None on every step and passes it on to `recv_obj_meta` per microbatch; the `is None` branch's `.item()` runs on the first microbatch of each step, so the training loop syncs once per step (colossalai's legacy pipeline schedule, fresh14 M4)
import torch


def recv_obj_meta(obj_shape=None):
    if obj_shape is None:
        recv_obj_nums = torch.empty((), dtype=torch.long, device="cuda")
        if recv_obj_nums.item() == 1:
            obj_shape = torch.Size([1])
        else:
            obj_shape = [torch.Size([1, 2])]
    return obj_shape


class PipelineSchedule:
    def forward_backward_step(self, num_microbatches: int) -> None:
        ft_shapes = None
        for _ in range(num_microbatches):
            ft_shapes = recv_obj_meta(ft_shapes)


def train(schedule: PipelineSchedule, steps: int) -> None:
    for _ in range(steps):
        schedule.forward_backward_step(4)
