# expect: none
# targets: SYN101
# why: saving, exporting and printing run once per save or per print: the host copy is what they produce (Lightning to_yaml, diffusers export_to_ply)
import torch
from torch import nn


class ModelCheckpoint:
    def __init__(self):
        self.best_k_models: dict[str, torch.Tensor] = {}

    def to_yaml(self, filepath: str) -> None:
        best_k = {k: v.item() for k, v in self.best_k_models.items()}
        with open(filepath, "w") as fp:
            fp.write(str(best_k))

    def save_pretrained(self, directory: str, model: nn.Module) -> None:
        cpu_state = {k: v.detach().cpu() for k, v in model.state_dict().items()}
        torch.save(cpu_state, f"{directory}/model.bin")


def export_to_ply(mesh, path: str) -> None:
    coords = mesh.verts.detach().cpu().numpy()
    with open(path, "w") as f:
        for vertex in coords.tolist():
            f.write(" ".join(str(x) for x in vertex) + "\n")
        for channel in mesh.channels:
            f.write(f"{channel.max().item()}\n")

