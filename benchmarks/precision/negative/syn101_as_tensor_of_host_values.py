# expect: none
# targets: SYN101
# why: torch.as_tensor of a list, and torch.tensor of a CPU tensor, stay on the CPU: .item() reads host memory
import torch


def summarize(steps):
    total = 0.0
    for values in steps:
        cpu = torch.as_tensor(values, dtype=torch.float32)
        copy = torch.tensor(cpu.mean())
        total += copy.item()
    return total
