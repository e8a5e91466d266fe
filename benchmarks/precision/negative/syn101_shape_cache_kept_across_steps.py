# expect: none
# targets: SYN101
# why: the schedule keeps the received shapes on itself: `recv_obj_meta` takes its `is None` branch on the very first microbatch of the run only, once
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
    def __init__(self) -> None:
        self.ft_shapes = None

    def forward_backward_step(self, num_microbatches: int) -> None:
        for _ in range(num_microbatches):
            self.ft_shapes = recv_obj_meta(self.ft_shapes)


def train(schedule: PipelineSchedule, steps: int) -> None:
    for _ in range(steps):
        schedule.forward_backward_step(4)
