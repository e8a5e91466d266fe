import dataclasses


class KLAdaptiveLR:
    def __init__(self, optimizer: object) -> None:
        self.optimizer = optimizer

    def step(self, kl: float | None = None) -> None:
        pass


@dataclasses.dataclass(kw_only=True)
class AgentCfg:
    learning_rate_scheduler: type | tuple[type | None, type | None] | None = KLAdaptiveLR
    time_limit_bootstrap: bool | dict[str, bool] = True
    write_mode: str | dict[str, str] = "x"

    def expand(self, agents: list[str]) -> None:
        if not isinstance(self.learning_rate_scheduler, (tuple, list)):
            self.learning_rate_scheduler = (self.learning_rate_scheduler,
                                            self.learning_rate_scheduler)
        for name in ("time_limit_bootstrap", "write_mode"):
            value = getattr(self, name)
            if not isinstance(value, dict):
                setattr(self, name, {uid: value for uid in agents})
