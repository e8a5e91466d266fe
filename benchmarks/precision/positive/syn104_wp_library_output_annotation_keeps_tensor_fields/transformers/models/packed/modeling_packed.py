# expect: SYN104=1
# why: inside transformers itself, `-> BaseModelOutput` and `encoder_outputs: BaseModelOutput` name the library's model output (fields hold device tensors), not a project class whose fields no method assigns: the packed path's boolean mask syncs per step when lengths are passed
import torch
from torch import nn

from ...modeling_outputs import BaseModelOutput


class PackedEncoder(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, hidden_states: torch.Tensor) -> BaseModelOutput:
        return BaseModelOutput(last_hidden_state=self.proj(hidden_states))


class PackedModel(nn.Module):
    def __init__(self, dim: int) -> None:
        super().__init__()
        self.encoder = PackedEncoder(dim)

    def forward(self, pixel_values: torch.Tensor, lengths: torch.Tensor | None = None) -> torch.Tensor:
        if lengths is not None:
            return self._forward_packed(pixel_values, lengths)
        return self.encoder(pixel_values).last_hidden_state

    def _forward_packed(self, pixel_values: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        encoder_outputs: BaseModelOutput = self.encoder(pixel_values)
        last_hidden_state = encoder_outputs.last_hidden_state[0]
        positions = torch.arange(last_hidden_state.shape[0], device=last_hidden_state.device)
        return last_hidden_state[positions < lengths.sum()]
