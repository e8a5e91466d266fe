# expect: none
# targets: SYN101, SYN102
# why: the same callable objects given host values (a CPU tensor, a list of CPU rows), and a callable object whose `__call__` reads nothing on the host, do not sync on the GPU
import torch


class Meter:
    def __call__(self, loss):
        return loss.item()


class Starts:
    def __call__(self, answer_tensors):
        out = []
        for answer in answer_tensors:
            if not answer.ne(-100).any():
                out.append(0)
        return out


class Scale:
    def __call__(self, loss):
        return loss * 2


def summarise(rows: list[list[int]]) -> list[float]:
    meter, starts, scale = Meter(), Starts(), Scale()
    out = []
    for row in rows:
        cpu = torch.tensor(row, dtype=torch.float32)
        out.append(meter(cpu.sum()))
        out.append(len(starts([torch.tensor(row)])))
    return out


def train(model: torch.nn.Module, batches: list[torch.Tensor]) -> None:
    scale = Scale()
    for batch in batches:
        scale(model(batch.cuda()).sum()).backward()
