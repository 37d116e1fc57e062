#!/usr/bin/python3
"""Checks the geometry tests/golden/teaching_views_*.txt show against PyTorch: prints the
metadata lines %meta must show and each %storage subject's header line, for comparison with the
golden (see README.md, teaching_views)."""
import torch
t = torch.arange(12.).view(3, 4)
e = torch.tensor([10., 20., 30.]).expand(4, 3)
u = t.unsqueeze(1)
o = torch.arange(6.).as_strided((3, 3), (1, 1))
c = torch.arange(24).view(2, 3, 4)
m = torch.arange(100.).view(10, 10)
def tup(s): return "(" + ", ".join(map(str, s)) + ("," if len(s) == 1 else "") + ")"
for x in [t, t.t(), t[:, ::2], e, u, o, torch.zeros(0, 3), t[2, 3], c.permute(2, 0, 1)]:
    print(f"# {x.dtype}, cpu, size {tup(x.size())}, stride {tup(x.stride())}, offset {x.storage_offset()}, {'contiguous' if x.is_contiguous() else 'not contiguous'}")
# the geometry of every %storage / %explain subject
for name, x in [("t", t), ("t.t()", t.t()), ("t[:, ::2]", t[:, ::2]), ("t[1:, 1]", t[1:, 1]), ("e", e), ("u", u), ("o", o),
                ("torch.zeros(0, 3)", torch.zeros(0, 3)), ("t[2, 3]", t[2, 3]), ("c.permute(2, 0, 1)", c.permute(2, 0, 1)),
                ("c.permute(2, 0, 1).view(4, 6)", c.permute(2, 0, 1).view(4, 6)), ("m[2:5, 3:6]", m[2:5, 3:6]),
                ("t[:, 1]", t[:, 1]), ("(torch.ones(3, 1) + torch.arange(4.))", torch.ones(3, 1) + torch.arange(4.))]:
    print(f"{name}: size {tup(x.size())}, stride {tup(x.stride())}, offset {x.storage_offset()}, {'contiguous' if x.is_contiguous() else 'not contiguous'}")
# the unfold (window view) subjects: x.unfold, and the window views %explain F.unfold describes
import torch.nn.functional as F
x = torch.arange(16.).view(1, 1, 4, 4)
for name, r in [("x.unfold(2, 3, 1)", x.unfold(2, 3, 1)), ("F.unfold(x, 3)", F.unfold(x, 3)),
                ("x.unfold(2, 3, 1).unfold(3, 3, 1)", x.unfold(2, 3, 1).unfold(3, 3, 1)),
                ("F.unfold(x, 2, padding=1, stride=2)", F.unfold(x, 2, padding=1, stride=2)),
                ("padded.unfold(2, 2, 2).unfold(3, 2, 2)", F.pad(x, (1, 1, 1, 1)).unfold(2, 2, 2).unfold(3, 2, 2)),
                ("x.unfold(3, 2, 1)", x.unfold(3, 2, 1))]:
    print(f"{name}: size {tup(r.size())}, stride {tup(r.stride())}")
