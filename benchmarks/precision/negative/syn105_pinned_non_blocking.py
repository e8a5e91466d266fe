# expect: none
# targets: SYN105
# why: pinned host buffers copied with non_blocking=True do not block the host
import numpy as np
import torch


def stream_frames(encoder, clips, device):
    feats = []
    for clip in clips:
        frames = np.stack(clip).astype(np.float32)
        host = torch.from_numpy(frames).pin_memory()
        feats.append(encoder(host.to(device, non_blocking=True)))
    return feats
