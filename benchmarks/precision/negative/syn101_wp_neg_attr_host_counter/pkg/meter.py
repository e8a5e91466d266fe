class Counter:
    def __init__(self):
        self.n = 0
        self.total = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value

    def mean(self) -> float:
        return self.total / max(self.n, 1)
