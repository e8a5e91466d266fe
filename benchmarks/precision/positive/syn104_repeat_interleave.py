# expect: SYN104=1
# why: repeat_interleave without output_size per graph in the batch loop
import torch


def broadcast_graph_features(graph_feats: list[torch.Tensor],
                             node_counts: list[torch.Tensor]) -> list[torch.Tensor]:
    outs = []
    for feats, counts in zip(graph_feats, node_counts):
        outs.append(feats.repeat_interleave(counts, dim=0))
    return outs
