import dataclasses


class KLAdaptiveLR:
    def __init__(self, optimizer: object) -> None:
        self.optimizer = optimizer

    def step(self, kl: float | None = None) -> None:
        pass


@dataclasses.dataclass(kw_only=True)
class AgentCfg:
    learning_epochs: int | dict[str, int] = 8
    learning_rate_scheduler: type | tuple[type | None, type | None] | None = None
    kl_threshold: float | dict[str, float] = 0.0
    entropy_loss_scale: float | dict[str, float] = 0.0
    time_limit_bootstrap: bool | dict[str, bool] = False

    def expand(self, agents: list[str]) -> None:
        # one value per network: a class's own default kept element by element
        if self.learning_rate_scheduler is None:
            self.learning_rate_scheduler = (None, None)
        elif not isinstance(self.learning_rate_scheduler, (tuple, list)):
            self.learning_rate_scheduler = (self.learning_rate_scheduler,
                                            self.learning_rate_scheduler)
        # one value per agent
        for name in ("learning_epochs", "kl_threshold", "entropy_loss_scale",
                     "time_limit_bootstrap"):
            value = getattr(self, name)
            if not isinstance(value, dict):
                setattr(self, name, {uid: value for uid in agents})
