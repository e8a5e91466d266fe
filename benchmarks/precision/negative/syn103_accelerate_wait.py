# expect: none
# targets: SYN103
# why: accelerate / xla style barriers named like synchronize but not torch.cuda's
import torch


def save_on_main(accelerator, model: torch.nn.Module, path: str, xm=None) -> None:
    accelerator.wait_for_everyone()
    if xm is not None:
        xm.mark_step()
        xm.wait_device_ops()
    if accelerator.is_main_process:
        torch.save(accelerator.unwrap_model(model).state_dict(), path)
