# expect: SYN101=2
# why: a model built by a factory (`network.build(config)`) and then moved in place with `self.model.to(self.device)` is an nn.Module (a tensor's .to() returns a copy, so a discarded result only moves a module); its outputs live on that device, so the player's `.cpu()` of the action every env step syncs (fresh9 M2, rl_games BasePlayer.env_step); the same holds for a local model moved with `.cuda()`
import torch


class Player:
    def __init__(self, env, network, config: dict):
        self.env = env
        self.device = torch.device("cuda:0")
        self.model = network.build(config)
        self.model.to(self.device)

    def get_action(self, obs, is_deterministic: bool = False):
        res_dict = self.model({"obs": torch.as_tensor(obs, device=self.device)})
        return res_dict["mus"] if is_deterministic else res_dict["actions"]

    def env_step(self, actions):
        return self.env.step(actions.cpu().numpy())

    def run(self, n_steps: int) -> None:
        obs = self.env.reset()
        for _ in range(n_steps):
            action = self.get_action(obs, True)
            obs, reward, done, info = self.env_step(action)


def evaluate(factory, config: dict, batches) -> list:
    model = factory(config)
    model.cuda()
    results = []
    for batch in batches:
        out = model(batch)
        results.append(float(out["score"]))
    return results
