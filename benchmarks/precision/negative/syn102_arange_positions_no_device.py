# expect: none
# targets: SYN102, SYN101
# why: position ids built with torch.arange (no device=) and Python ints live on the CPU: comparing them syncs nothing
import torch


def interleave_positions(audio_len: int, video_len: int, start: int) -> list[torch.Tensor]:
    audio_pos = torch.arange(audio_len).view(1, -1).expand(3, -1) + start
    video_pos = torch.linspace(0, audio_len, video_len).long().view(1, -1).expand(3, -1) + start
    out = []
    a, v = 0, 0
    while a < audio_pos.shape[-1] and v < video_pos.shape[-1]:
        if video_pos[0][v] <= audio_pos[0][a]:
            out.append(video_pos[:, v : v + 1])
            v += 1
        else:
            out.append(audio_pos[:, a : a + 1])
            a += 1
    counts = torch.zeros(3, dtype=torch.long)
    for i in range(3):
        if counts[i] == 0:
            counts[i] = audio_pos[i].max().item()
    return out
