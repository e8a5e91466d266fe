# expect: SYN101=2, SYN104=1
# why: outside its sampler, distributed and loader packages torch_geometric's functions run on the model's tensors (a pooling helper's per-cluster count, one sync per iteration); a sampler-package function that draws its candidates on the GPU itself keeps its finding too
import torch
from torch import Tensor


def cluster_sizes(cluster: Tensor, num_clusters: int) -> list[int]:
    sizes = []
    for c in range(num_clusters):
        sizes.append(int((cluster == c).sum()))
    return sizes
