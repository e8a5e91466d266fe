# expect: none
# targets: SYN101
# why: offloading a state dict to disk runs once at dispatch; each weight must reach the host to be written (accelerate offload.py)
import os

import numpy as np
import torch


def offload_weight(weight: torch.Tensor, weight_name: str, offload_folder: str, index=None):
    array = weight.cpu().numpy()
    tensor_file = os.path.join(offload_folder, f"{weight_name}.dat")
    if index is not None:
        index[weight_name] = {"dtype": str(array.dtype), "shape": list(array.shape)}
    file_array = np.memmap(tensor_file, dtype=array.dtype, mode="w+", shape=array.shape)
    file_array[:] = array[:]
    file_array.flush()
    return index


def offload_state_dict(save_dir: str, state_dict: dict[str, torch.Tensor]):
    os.makedirs(save_dir, exist_ok=True)
    index = {}
    for name, parameter in state_dict.items():
        index = offload_weight(parameter, name, save_dir, index=index)
    return index


def get_state_dict_offloaded_model(model: torch.nn.Module):
    state_dict = {}
    for name, module in model.named_modules():
        for key, params in module.state_dict().items():
            state_dict[name + f".{key}"] = params.to("cpu")  # move buffers to cpu
    return state_dict
