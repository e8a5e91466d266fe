# expect: SYN103=1
# why: seed B1-PT-02: torch.cuda.synchronize(device) after non_blocking copies
import torch


def execute_rollback(model, last_good_state, device):
    state_on_device = {
        k: v.to(device, non_blocking=True) if isinstance(v, torch.Tensor) else v
        for k, v in last_good_state.items()
    }
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    model.load_state_dict(state_on_device)
