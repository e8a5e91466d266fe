# expect: SYN101=1
# why: look-alike of negative/syn101_helper_reads_after_tensor_type_return.py (diffusers' VaeImageProcessor.postprocess): `if not isinstance(image, torch.Tensor): raise ValueError(...)` leaves the rest to tensors, the path every call with a tensor takes, so the helper's `.cpu()` is a read at each call in the loop
import torch


def postprocess(image, output_type: str = "np"):
    if not isinstance(image, torch.Tensor):
        raise ValueError(f"Input for postprocessing is in incorrect format: {type(image)}")
    if output_type == "pt":
        return image
    return image.cpu().permute(0, 2, 3, 1).float().numpy()


def postprocess_video(video: torch.Tensor) -> list:
    outputs = []
    for batch_idx in range(video.shape[0]):
        outputs.append(postprocess(video[batch_idx].cuda()))
    return outputs
