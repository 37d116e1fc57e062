// engine/kernels/kernels.cpp — the kernel slots, empty until the backends start.
//
// Each name is what an error says when a device has no kernel: PyTorch's
// aten operator where the kernel is one, else the op that uses it.
#include "engine/kernels/conv.h"
#include "engine/kernels/copy.h"
#include "engine/kernels/creation.h"
#include "engine/kernels/elementwise.h"
#include "engine/kernels/index.h"
#include "engine/kernels/linalg.h"
#include "engine/kernels/random.h"
#include "engine/kernels/reduce.h"
#include "engine/kernels/scan.h"
#include "engine/kernels/sort.h"
#include "engine/kernels/rnn.h"
#include "engine/kernels/window.h"

namespace tsh::kernels {

Kernel<BinaryFn> binary{"aten::add"};
Kernel<TernaryFn> ternary{"aten::where"};
Kernel<UnaryFn> unary{"aten::neg"};
Kernel<CompareFn> compare{"aten::eq"};
Kernel<TruthFn> any_nonzero{"aten::is_nonzero"};
Kernel<TruthFn> all_nonzero{"aten::is_nonzero"};
Kernel<EqualFn> equal{"aten::equal"};

Kernel<CopyFn> copy{"aten::copy_"};
Kernel<FillFn> fill{"aten::fill_"};

Kernel<ArangeFn> arange{"aten::arange"};
Kernel<LinspaceFn> linspace{"aten::linspace"};
Kernel<LogspaceFn> logspace{"aten::logspace"};

Kernel<SumFn> sum{"aten::sum"};
Kernel<ReduceFn> prod{"aten::prod"};
Kernel<DivideByCountFn> divide_by_count{"aten::mean"};
Kernel<DivideByCountsFn> divide_by_counts{"aten::nanmean"};
Kernel<VarFn> var{"aten::var"};
Kernel<VarAllFn> var_all{"aten::var"};
Kernel<CombineVarFn> combine_var_parts{"aten::var"};
Kernel<ReduceFn> amax{"aten::amax"};
Kernel<ReduceFn> amin{"aten::amin"};
Kernel<PairReduceFn> max_dim{"aten::max.dim"};
Kernel<PairReduceFn> min_dim{"aten::min.dim"};
Kernel<ReduceFn> argmax{"aten::argmax"};
Kernel<ReduceFn> argmin{"aten::argmin"};
Kernel<ReduceFn> all{"aten::all"};
Kernel<ReduceFn> any{"aten::any"};
Kernel<CountFn> count{"aten::nanmean"};
Kernel<NormFn> norm{"aten::norm"};

Kernel<CumFn> cumsum{"aten::cumsum"};
Kernel<CumFn> cumprod{"aten::cumprod"};
Kernel<CumExtremeFn> cummax{"aten::cummax"};

Kernel<SortFn> sort{"aten::sort"};
Kernel<TopkFn> topk{"aten::topk"};
Kernel<KthFn> kthvalue{"aten::kthvalue"};
Kernel<MedianFn> median{"aten::median.dim"};
Kernel<MedianAllFn> median_all{"aten::median"};
Kernel<ModeFn> mode{"aten::mode"};
Kernel<UniqueFn> unique{"aten::_unique2"};
Kernel<UniqueRowsFn> unique_rows{"aten::unique_dim"};

Kernel<GatherFn> gather{"aten::index"};
Kernel<ScatterFn> scatter{"aten::index_put_"};
Kernel<MaskedFillFn> masked_fill{"aten::masked_fill_"};
Kernel<CountNonzeroFn> count_nonzero{"aten::nonzero"};
Kernel<NonzeroFn> nonzero{"aten::nonzero"};
Kernel<FlipFn> flip{"aten::flip"};
Kernel<TriangleFn> triangle{"aten::tril"};

Kernel<UniformFn> uniform{"aten::uniform_"};
Kernel<NormalFn> normal{"aten::normal_"};
Kernel<AffineFn> normal_affine{"aten::normal"};
Kernel<FromToFn> random_from_to{"aten::random_.from"};
Kernel<SelfFn> random_full_range{"aten::random_.from"};
Kernel<SelfFn> random{"aten::random_"};
Kernel<ScalarParamFn> bernoulli_scalar{"aten::bernoulli_.float"};
Kernel<TensorParamFn> bernoulli_tensor{"aten::bernoulli_.Tensor"};
Kernel<ScalarParamFn> exponential{"aten::exponential_"};
Kernel<ScalarParamFn> geometric{"aten::geometric_"};
Kernel<UniformFn> cauchy{"aten::cauchy_"};
Kernel<NormalFn> log_normal{"aten::log_normal_"};
Kernel<TensorParamFn> poisson{"aten::poisson"};
Kernel<PermFn> randperm{"aten::randperm"};
Kernel<MultinomialFn> multinomial_with_replacement{"aten::multinomial"};
Kernel<MultinomialFn> multinomial_without_replacement{"aten::multinomial"};

Kernel<ProductFn> mm{"aten::mm"};
Kernel<AddmmFn> addmm{"aten::addmm"};
Kernel<ProductFn> bmm{"aten::bmm"};
Kernel<ProductFn> mv{"aten::mv"};
Kernel<DotFn> dot{"aten::dot"};
Kernel<SolveFn> solve{"aten::linalg_solve"};
Kernel<LuFactorFn> lu_factor{"aten::linalg_lu_factor_ex"};
Kernel<LuDetFn> lu_det{"aten::linalg_det"};
Kernel<LuSolveFn> lu_solve{"aten::linalg_lu_solve"};
Kernel<TriangularSolveFn> triangular_solve{"aten::triangular_solve"};
Kernel<CholeskySolveFn> cholesky_solve{"aten::cholesky_solve"};
Kernel<CholeskyInverseFn> cholesky_inverse{"aten::cholesky_inverse"};
Kernel<SvdFn> svd{"aten::_linalg_svd"};
Kernel<GeqrfFn> geqrf{"aten::geqrf"};
Kernel<OrgqrFn> orgqr{"aten::linalg_householder_product"};
Kernel<OrmqrFn> ormqr{"aten::ormqr"};
Kernel<CholeskyFn> cholesky{"aten::linalg_cholesky_ex"};
Kernel<EighFn> eigh{"aten::_linalg_eigh"};
Kernel<EigFn> eig{"aten::linalg_eig"};
Kernel<LstsqFn> lstsq{"aten::linalg_lstsq"};
Kernel<LdlFactorFn> ldl_factor{"aten::linalg_ldl_factor_ex"};
Kernel<LdlSolveFn> ldl_solve{"aten::linalg_ldl_solve"};

Kernel<Conv2dTakesFn> conv2d_takes{"aten::mkldnn_convolution"};
Kernel<Conv2dForwardFn> conv2d_forward{"aten::mkldnn_convolution"};
Kernel<Conv2dBackwardDataFn> conv2d_backward_data{"aten::mkldnn_convolution_backward_input"};
Kernel<Conv2dBackwardWeightsFn> conv2d_backward_weights{"aten::mkldnn_convolution_backward_weights"};
Kernel<LstmCellFn> lstm_cell{"aten::_thnn_fused_lstm_cell"};
Kernel<LstmLayerFn> lstm_layer{"aten::lstm"};
Kernel<Im2colFn> im2col{"aten::im2col"};
Kernel<Col2imFn> col2im{"aten::col2im"};
Kernel<MaxPool2dFn> max_pool2d{"aten::max_pool2d_with_indices"};
Kernel<MaxPool2dBackwardFn> max_pool2d_backward{"aten::max_pool2d_with_indices_backward"};

}  // namespace tsh::kernels
