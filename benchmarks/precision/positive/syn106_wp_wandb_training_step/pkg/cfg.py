import wandb


def init(project: str):
    wandb.init(project=project)
