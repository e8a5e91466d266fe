# expect: none
# targets: SYN101
# why: loading a full state dict into a sharded model runs once; moving each shard to the CPU for CPU offload is the intent (accelerate fsdp_utils)
import torch
import torch.distributed as dist
from torch.distributed.tensor import distribute_tensor


def fsdp2_load_full_state_dict(model, full_sd: dict, cpu_offload: bool = False):
    meta_sharded_sd = model.state_dict()
    sharded_sd = {}
    for (param_name, full_param), sharded_param in zip(full_sd.items(), meta_sharded_sd.values()):
        device_mesh = sharded_param.device_mesh
        full_param = full_param.detach().cuda()
        dist.broadcast(full_param, src=0)
        sharded_tensor = distribute_tensor(full_param, device_mesh, sharded_param.placements)
        if cpu_offload:
            sharded_tensor = sharded_tensor.to("cpu")
        sharded_sd[param_name] = torch.nn.Parameter(sharded_tensor)
    model.load_state_dict(sharded_sd, assign=True)
    return model
