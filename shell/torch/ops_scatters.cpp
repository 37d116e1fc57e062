// shell/torch/ops_scatters.cpp — registry entries for scatter_reduce, index_reduce, the *_scatter ops
// and fill_diagonal_ (engine/ops/gather_scatter.h, engine/ops/view_scatters.h).
#include "engine/ops/gather_scatter.h"
#include "engine/ops/view_scatters.h"
#include "shell/torch/out_arg.h"
#include "shell/torch/registry.h"

namespace tsh::shell {

void register_scatter_ops(Registry& r) {
  const std::string sr_doc =
      "A copy of self with src's values reduced into the positions index names along dim: reduce is "
      "'sum', 'prod', 'mean', 'amax' or 'amin'; include_self=False leaves self's own values out.";
  r.def("scatter_reduce(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True, "
        "Tensor out=None) -> Tensor",
        kBoth, sr_doc, [](Interpreter&, Bound& a) {
          return out_or_result(a, 6, scatter_reduce(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), a.str(4),
                                                    a.boolean(5)));
        });
  r.def("scatter_reduce_(Tensor self, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True) -> Tensor",
        kMethod, "In-place scatter_reduce().", [](Interpreter&, Bound& a) {
          scatter_reduce_(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), a.str(4), a.boolean(5));
          return a[0];
        });
  const std::string ir_doc =
      "A copy of self with source's slices along dim reduced into self's slices index[i]: reduce is "
      "'prod', 'mean', 'amax' or 'amin'; include_self=False leaves self's own values out.";
  r.def("index_reduce(Tensor self, int dim, Tensor index, Tensor source, str reduce, *, bool include_self=True, "
        "Tensor out=None) -> Tensor",
        kBoth, ir_doc, [](Interpreter&, Bound& a) {
          return out_or_result(a, 6, index_reduce(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), a.str(4),
                                                  a.boolean(5)));
        });
  r.def("index_reduce_(Tensor self, int dim, Tensor index, Tensor source, str reduce, *, bool include_self=True) -> Tensor",
        kMethod, "In-place index_reduce().", [](Interpreter&, Bound& a) {
          index_reduce_(a.tensor(0), a.int64(1), a.tensor(2), a.tensor(3), a.str(4), a.boolean(5));
          return a[0];
        });
  r.def("diagonal_scatter(Tensor self, Tensor src, int offset=0, int dim1=0, int dim2=1, *, Tensor out=None) -> Tensor",
        kBoth, "A copy of self whose diagonal(offset, dim1, dim2) holds src.", [](Interpreter&, Bound& a) {
          return out_or_result(a, 5, diagonal_scatter(a.tensor(0), a.tensor(1), a.int64(2), a.int64(3), a.int64(4)));
        });
  r.def("select_scatter(Tensor self, Tensor src, int dim, SymInt index, *, Tensor out=None) -> Tensor", kBoth,
        "A copy of self whose select(dim, index) holds src.", [](Interpreter&, Bound& a) {
          return out_or_result(a, 4, select_scatter(a.tensor(0), a.tensor(1), a.int64(2), a.int64(3)));
        });
  r.def("slice_scatter(Tensor self, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1, *, "
        "Tensor out=None) -> Tensor",
        kBoth, "A copy of self whose slice start:end:step along dim holds src.", [](Interpreter&, Bound& a) {
          return out_or_result(a, 6, slice_scatter(a.tensor(0), a.tensor(1), a.int64(2), a.opt_int(3), a.opt_int(4),
                                                   a.int64(5)));
        });
  r.def("as_strided_scatter(Tensor self, Tensor src, SymInt[] size, SymInt[] stride, SymInt? storage_offset=None, *, "
        "Tensor out=None) -> Tensor",
        kBoth, "A copy of self whose as_strided(size, stride, storage_offset) view holds src.",
        [](Interpreter&, Bound& a) {
          return out_or_result(a, 5, as_strided_scatter(a.tensor(0), a.tensor(1), a.shape(2), a.shape(3), a.opt_int(4)));
        });
  r.def("fill_diagonal_(Tensor self, Scalar fill_value, bool wrap=False) -> Tensor", kMethod,
        "Sets the main diagonal (all dims equal, or a matrix; wrap=True continues down a tall matrix).",
        [](Interpreter&, Bound& a) {
          fill_diagonal_(a.tensor(0), a.scalar(1), a.boolean(2));
          return a[0];
        });
}

}  // namespace tsh::shell
