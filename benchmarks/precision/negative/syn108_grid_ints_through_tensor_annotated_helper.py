# expect: none
# targets: SYN108
# why: transformers' MiniMax-M3 video processor: a helper annotated `-> list[torch.Tensor]` reorders lists of ints too; `min(max_frames, t - start)` compares Python ints
import torch


def reorder_videos(processed: dict[tuple[int, int], "torch.Tensor"],
                   index: dict[int, tuple[tuple[int, int], int]]) -> list["torch.Tensor"]:
    return [processed[index[i][0]][index[i][1]] for i in range(len(index))]


def chunk_grids(shapes: dict[tuple[int, int], tuple[int, int, int, int]],
                index: dict[int, tuple[tuple[int, int], int]], max_frames: int):
    grids = {}
    for shape, (bs, grid_t, grid_h, grid_w) in shapes.items():
        grids[shape] = [[grid_t, grid_h, grid_w]] * bs
    grids = reorder_videos(grids, index)
    video_grid_thw = []
    for t, h, w in grids:
        video_grid_thw.extend([min(max_frames, t - start), h, w] for start in range(0, t, max_frames))
    return torch.tensor(video_grid_thw, dtype=torch.long)
