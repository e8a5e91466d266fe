# expect: none
# targets: SYN110, SYN101
# why: transformers video_llama_3 video processor: `torch.full(..., device=video_grid_thw.device)` of a grid built on the CPU (`torch.tensor(processed_grids)`) is on the CPU too; its only caller passes both, so the sizes read per video are host values
import torch


class VideoProcessor:
    def _get_compression_mask(self, pixel_values_videos: torch.Tensor, video_grid_thw: torch.LongTensor,
                              video_merge_sizes: torch.LongTensor) -> list[torch.Tensor]:
        masks = []
        for grid_size, merge_size in zip(video_grid_thw, video_merge_sizes):
            t, h, w = grid_size
            masks.append(torch.ones(((h // merge_size) * (w // merge_size),), dtype=torch.bool))
        return masks

    def _preprocess(self, videos: list[torch.Tensor], grids: list[list[int]], merge_size: int):
        pixel_values_videos = torch.cat(videos, dim=0)
        video_grid_thw = torch.tensor(grids)
        video_merge_sizes = torch.full(
            (video_grid_thw.size(0),), merge_size, dtype=video_grid_thw.dtype, device=video_grid_thw.device
        )
        return self._get_compression_mask(
            pixel_values_videos=pixel_values_videos,
            video_grid_thw=video_grid_thw,
            video_merge_sizes=video_merge_sizes,
        )
