# expect: SYN103=1
# why: torch.cuda imported under an alias
import torch.cuda as tcuda


def checkpoint_barrier(model, path, save):
    tcuda.synchronize()
    save(model.state_dict(), path)
