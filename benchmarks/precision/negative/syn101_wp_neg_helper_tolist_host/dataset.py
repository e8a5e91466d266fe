import numpy as np
import torch

from convert import to_host, to_ids


def build_index(shards: list[np.ndarray]):
    ids, tensors = [], []
    for shard in shards:
        ids.extend(to_ids(shard.argmax(axis=-1)))
        tensors.append(to_host(torch.from_numpy(shard)))
    return ids, torch.cat(tensors)
