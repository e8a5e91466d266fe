# expect: none
# targets: SYN101
# why: diffusers' SkyReels-V2 pipelines: the update masks are built from CPU tensors (`a, b = [], []`, one branch keeps only the first mask) and returned through `-> tuple[Tensor, ...]`; `.item()` per frame reads host memory
import torch


class DiffusionForcingPipeline:
    def generate_timestep_matrix(self, num_blocks: int, step_template: torch.Tensor,
                                 shrink: bool = False,
                                 ) -> tuple[torch.Tensor, torch.Tensor, list[tuple]]:
        step_index, update_mask = [], []
        num_iterations = len(step_template) + 1
        pre_row = torch.zeros(num_blocks, dtype=torch.long)
        while not torch.all(pre_row >= (num_iterations - 1)):
            new_row = torch.zeros(num_blocks, dtype=torch.long)
            new_row = new_row.clamp(0, num_iterations)
            update_mask.append((new_row != pre_row) & (new_row != num_iterations))
            step_index.append(new_row)
            pre_row = new_row
        if shrink:
            update_mask = update_mask[0]
        intervals = [(0, num_blocks) for _ in update_mask]
        step_update_mask = torch.stack(update_mask, dim=0)
        step_index = torch.stack(step_index, dim=0)
        return step_index, step_update_mask, intervals

    def __call__(self, latents: torch.Tensor, timesteps: torch.Tensor, num_blocks: int):
        step_index, step_update_mask, intervals = self.generate_timestep_matrix(
            num_blocks, timesteps)
        for i, interval in enumerate(intervals):
            update_mask_i = step_update_mask[i]
            for idx in range(num_blocks):
                if update_mask_i[idx].item():
                    latents[:, idx] = latents[:, idx] * 0.5
        return latents
