import torch


def timestep_matrix(num_frames: int, template: torch.Tensor,
                    window: int) -> tuple[torch.Tensor, torch.Tensor, list[tuple]]:
    rows, intervals = [], []
    for i in range(num_frames):
        rows.append(template.roll(i))
        intervals.append((max(i - window, 0), i + 1))
    return torch.stack(rows), torch.stack(rows) > 0, intervals
