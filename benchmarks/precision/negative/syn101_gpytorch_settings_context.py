# expect: none
# targets: SYN101, SYN102
# why: gpytorch's settings are context managers that read nothing; a project class named like a gpytorch one (`Noise`) that is no module runs only when called, and tests host numbers
from gpytorch import settings


class Noise:
    def __init__(self, level: float):
        self.level = level

    def forward(self, level: float) -> float:
        if level > self.level:
            return level
        return self.level


def fit(noise: Noise, levels: list[float]) -> float:
    total = 0.0
    with settings.cholesky_jitter(1e-6):
        for level in levels:
            if level > 0.5:
                total += noise.forward(level)
    return total
