import torch
from torch import Tensor


class Partitioner:
    def __init__(self, edge_index: Tensor, edge_attr: Tensor, num_parts: int):
        self.edge_index, self.edge_attr, self.num_parts = edge_index, edge_attr, num_parts

    def generate_partition(self, parts: list[tuple[Tensor, Tensor, Tensor]], root: str) -> None:
        for pid, (row, col, edge_id) in enumerate(parts):
            assert torch.equal(self.edge_index[:, edge_id], torch.stack((row, col)))
            assert torch.equal(self.edge_attr[edge_id, :], self.edge_attr[edge_id])
            torch.save({"row": row, "col": col, "edge_id": edge_id}, f"{root}/part_{pid}.pt")
