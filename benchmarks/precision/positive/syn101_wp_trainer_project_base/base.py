from transformers import Trainer


class BaseTrainer(Trainer):
    def log_scalar(self, name: str, value: float) -> None:
        self.state.log_history.append({name: value})
