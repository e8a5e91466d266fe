# expect: SYN101=2
# why: look-alike of the fresh2 ultralytics fix: the same per-row `.item()` of a results object's fields, but the object was moved to the device, not the host: two reads per row
import torch


class Results:
    def summary(self, device: torch.device, decimals: int = 5) -> list[dict]:
        rows = []
        data = self.obb if self.obb is not None else self.boxes
        data = data.to(device)
        for row in data:
            rows.append({"class": int(row.cls.item()), "confidence": round(row.conf.item(), decimals)})
        return rows
