# expect: none
# targets: SYN110
# why: `torch.hip` (ROCm's name in code that probes for it with `hasattr`) is an accelerator module like `torch.cuda`: its `device_count()` is a Python int, so `range()` reads no tensor (axolotl's telemetry `_get_allocated_memory`, fresh16 F4)
import torch


def allocated_memory() -> dict:
    memory = {}
    if hasattr(torch, "hip") and torch.hip.is_available():
        for i in range(torch.hip.device_count()):
            memory[i] = torch.hip.memory_allocated(i)
    for i in range(torch.cuda.device_count()):
        memory[i] = torch.cuda.memory_allocated(i)
    return memory
