# expect: none
# targets: SYN102, SYN101
# why: every method of a torch_geometric dataset builds or loads its graphs on the host (process, get, and the helpers they call): motifs made without a device are CPU tensors
import torch
from torch import Tensor
from torch_geometric.data import Data, InMemoryDataset


class MotifDataset(InMemoryDataset):
    def __init__(self, motif_generator, num_motifs: int):
        super().__init__(None)
        self.motif_generator = motif_generator
        self.data, self.slices = self.collate([self.get_graph(num_motifs)])

    def get_graph(self, num_motifs: int) -> Data:
        ys = []
        for _ in range(num_motifs):
            motif = self.motif_generator()
            if isinstance(motif.y, Tensor) and motif.y.min() == 0:
                ys.append(motif.y + 1)
            else:
                ys.append(torch.ones(motif.num_nodes, dtype=torch.long))
        return Data(y=torch.cat(ys))

    def process(self):
        graphs = [self.get_graph(4) for _ in range(10)]
        sizes = [int(g.y.numel()) for g in graphs if isinstance(g.y, Tensor) and g.y.max() > 1]
        torch.save(self.collate(graphs), self.processed_paths[0])
        return sizes
