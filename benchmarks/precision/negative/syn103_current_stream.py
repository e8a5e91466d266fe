# expect: none
# targets: SYN103
# why: the suggested alternative: wait on the current stream only
import torch


def execute_rollback(model, last_good_state, device):
    state = {k: v.to(device, non_blocking=True) for k, v in last_good_state.items()}
    if device.type == "cuda":
        torch.cuda.current_stream(device).synchronize()
    model.load_state_dict(state)
