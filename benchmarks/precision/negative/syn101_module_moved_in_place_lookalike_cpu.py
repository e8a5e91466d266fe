# expect: none
# targets: SYN101
# why: the same player with its factory-built model moved to the CPU (`self.model.to("cpu")`), and a local model moved to the CPU read with float(): no device value is read
import torch


class CpuPlayer:
    def __init__(self, env, network, config: dict):
        self.env = env
        self.model = network.build(config)
        self.model.to("cpu")

    def get_action(self, obs):
        res_dict = self.model({"obs": torch.as_tensor(obs)})
        return res_dict["actions"]

    def env_step(self, actions):
        return self.env.step(actions.cpu().numpy())

    def run(self, n_steps: int) -> None:
        obs = self.env.reset()
        for _ in range(n_steps):
            action = self.get_action(obs)
            obs, reward, done, info = self.env_step(action)


def evaluate(factory, config: dict, batches) -> list:
    model = factory(config)
    model.cpu()
    results = []
    for batch in batches:
        out = model(batch)
        results.append(float(out["score"]))
    return results
