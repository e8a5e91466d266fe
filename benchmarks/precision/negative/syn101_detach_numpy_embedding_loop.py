# expect: none
# targets: SYN101
# why: .detach().numpy() without .cpu() raises on a CUDA tensor: the embeddings are on the host, nothing syncs
import numpy as np  # a torch embedding of a flair token


def visualize_word_embeddings(sentences) -> np.ndarray:
    rows = []
    for sentence in sentences:
        for token in sentence:
            rows.append(token.embedding.detach().numpy()[None, :])
    return np.concatenate(rows, 0)
