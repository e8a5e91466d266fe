# expect: SYN101=1
# why: embeddings pulled to NumPy per batch (.cpu() syncs; .numpy() of the host copy does not)
import numpy as np
import torch
import torch.nn.functional as F


@torch.no_grad()
def embed_corpus(encoder, loader, device) -> np.ndarray:
    chunks = []
    for tokens in loader:
        emb = F.normalize(encoder(tokens.to(device)), dim=-1)
        chunks.append(emb.detach().cpu().numpy())
    return np.concatenate(chunks)
