# expect: none
# targets: SYN101, SYN102
# why: a checkpoint conversion function runs once, offline; reading each weight on the host to rename and check it is the job (transformers convert_* scripts, diffusers lora conversion)
import torch


def convert_original_checkpoint(checkpoint_path: str, output_path: str) -> None:
    state_dict = torch.load(checkpoint_path, map_location="cuda")
    new_state_dict = {}
    for key, value in state_dict.items():
        if value.abs().max().item() == 0:
            print(f"{key} is all zeros")
        new_state_dict[key.replace("blocks.", "layers.")] = value.cpu()
    torch.save(new_state_dict, output_path)


def _convert_non_diffusers_lora_to_diffusers(state_dict: dict[str, torch.Tensor]):
    converted = {}
    for key in list(state_dict):
        alpha = state_dict.pop(key + ".alpha").item()
        if alpha:
            converted[key] = state_dict[key] * alpha
    return converted


def state_dict_all_zero(state_dict: dict[str, torch.Tensor]) -> bool:
    return all(torch.all(param == 0).item() for param in state_dict.values())
