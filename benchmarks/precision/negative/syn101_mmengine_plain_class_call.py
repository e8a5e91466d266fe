# expect: none
# targets: SYN101
# why: the same graph builder called from a plain class's method (not a module's `forward`, no loop) runs when the caller asks: once, not per step (look-alike of syn101_mmengine_base_module_forward)
import torch
from mmengine.registry import Registry


class ProposalLocalGraphs:
    def __call__(self, preds: torch.Tensor) -> list:
        return list(torch.sigmoid(preds[0]).cpu().numpy())


class GraphExporter:
    registry = Registry("exporters")

    def __init__(self) -> None:
        self.graph_test = ProposalLocalGraphs()

    def export(self, maps: torch.Tensor) -> list:
        return self.graph_test(maps)
