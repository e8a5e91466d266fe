# expect: SYN105=1
# why: frames stacked on the host in the loop, then a blocking .to(device)
import numpy as np
import torch


def encode_clips(encoder, clips, device):
    feats = []
    for clip in clips:
        frames = np.stack([f.astype(np.float32) / 255.0 for f in clip])
        batch = torch.from_numpy(frames).to(device)
        feats.append(encoder(batch))
    return feats
