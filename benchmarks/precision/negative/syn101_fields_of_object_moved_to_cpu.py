# expect: none
# targets: SYN101
# why: added after the fresh2 draw (ultralytics Results.summary): `data = data.cpu()` moves a results object (boxes with `.cls`, `.conf` fields) to the host once; the per-row `.item()` of its fields reads CPU memory
import torch


class Results:
    def summary(self, decimals: int = 5) -> list[dict]:
        rows = []
        data = self.obb if self.obb is not None else self.boxes
        data = data.cpu()  # one host transfer avoids per-row GPU syncs in the loop below
        for row in data:
            rows.append({"class": int(row.cls.item()), "confidence": round(row.conf.item(), decimals)})
        return rows
