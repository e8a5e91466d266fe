# expect: SYN101=1
# why: a frombuffer tensor moved to the GPU is read back element by element in the loop
import torch


def decode_scores(content: bytes, device: torch.device) -> list[float]:
    scores = torch.frombuffer(bytearray(content), dtype=torch.float32).to(device)
    scores = scores.softmax(0)
    return [score.item() for score in scores]
