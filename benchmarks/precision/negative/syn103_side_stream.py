# expect: none
# targets: SYN103
# why: a side stream's own synchronize() and wait_stream
import torch


def prefetch(host_batch: torch.Tensor, device: torch.device) -> torch.Tensor:
    stream = torch.cuda.Stream(device=device)
    with torch.cuda.stream(stream):
        dev_batch = host_batch.pin_memory().to(device, non_blocking=True)
    torch.cuda.current_stream(device).wait_stream(stream)
    stream.synchronize()
    return dev_batch
