# expect: none
# targets: SYN108
# why: diffusers' DPMSolverSDE step: t and t_next come from `self.sigmas`, kept on the CPU (`.to("cpu")`), so `min(...)` compares host tensors
import numpy as np
import torch


class DPMSolverSDEScheduler:
    def set_timesteps(self, num_inference_steps: int, device: str | torch.device | None = None):
        sigmas = np.linspace(14.6, 0.03, num_inference_steps)
        sigmas = torch.from_numpy(np.concatenate([sigmas, [0.0]])).to(device=device)
        self.sigmas = torch.cat([sigmas[:1], sigmas[1:-1].repeat_interleave(2), sigmas[-1:]])
        self.sigmas = self.sigmas.to("cpu")  # avoid a CPU/GPU round trip per step

    def step(self, model_output: torch.Tensor, step_index: int, sample: torch.Tensor):
        def sigma_fn(_t: torch.Tensor) -> torch.Tensor:
            return _t.neg().exp()

        def t_fn(_sigma: torch.Tensor) -> torch.Tensor:
            return _sigma.log().neg()

        t = t_fn(self.sigmas[step_index])
        t_next = t_fn(self.sigmas[step_index + 1])
        sigma_from = sigma_fn(t)
        sigma_to = sigma_fn(t_next)
        sigma_up = min(
            sigma_to,
            (sigma_to**2 * (sigma_from**2 - sigma_to**2) / sigma_from**2) ** 0.5,
        )
        sigma_down = (sigma_to**2 - sigma_up**2) ** 0.5
        return sample + model_output * (sigma_down - sigma_from)
