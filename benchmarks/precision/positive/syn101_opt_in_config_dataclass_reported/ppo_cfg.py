import dataclasses


@dataclasses.dataclass(kw_only=True)
class PPOCfg:
    learning_epochs: int = 8
    mini_batches: int = 2
    kl_threshold: float = 0.0
    entropy_loss_scale: float = 0.0
    time_limit_bootstrap: bool = False
