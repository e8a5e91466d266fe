# expect: none
# targets: SYN101, SYN104
# why: a torch_geometric transform's forward runs on a Data object on the host (dataset pre-processing, before any loader moves a batch); nothing here moves a value to a device
import torch
from torch import Tensor
from torch_geometric.transforms import BaseTransform


class AddVirtualNode(BaseTransform):
    def forward(self, data):
        n_id = torch.cat([data.edge_index[0], data.edge_index[1]]).unique()
        for key, value in data.items():
            if key == "batch" and isinstance(value, Tensor):
                data.fill = int(value[0])
        for store in data.node_stores:
            c = torch.full((store.num_nodes, 1), 1.0)
            store.x = torch.cat([store.x, c.to(store.x.device, store.x.dtype)], dim=-1)
        data.n_id = n_id
        return data
