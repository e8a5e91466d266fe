import torch


class KnowledgeGraph:
    def __init__(self, df) -> None:
        self.n_rel = int(df["rel"].nunique())
        self.head_idx = torch.tensor(df["from"].values).long()
        self.tail_idx = torch.tensor(df["to"].values).long()
        self.relations = torch.tensor(df["rel"].values).long()
