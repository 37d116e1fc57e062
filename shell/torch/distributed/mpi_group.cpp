// shell/torch/distributed/mpi_group.cpp — the collectives on Open MPI. Types and operations MPI has
// (float, double, the integers; SUM, PROD, MIN, MAX and the bitwise ones) go to MPI as they are;
// float16, bfloat16 and bool reduce through user-defined operations built from reduce_kernels.h, so
// that they combine as Gloo combines them.
#include "shell/torch/distributed/mpi_group.h"

#include <stdexcept>
#include <string>

#ifdef TSH_WITH_MPI

#include <mpi.h>

#include <climits>
#include <cstdlib>
#include <map>
#include <utility>

#include "shell/torch/distributed/reduce_kernels.h"

namespace tsh::dist {

namespace {

void check(int rc, const char* what) {
  if (rc == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int len = 0;
  MPI_Error_string(rc, text, &len);
  throw std::runtime_error(std::string(what) + " failed: " + std::string(text, static_cast<size_t>(len)));
}

bool finalized() {
  int flag = 0;
  MPI_Finalized(&flag);
  return flag != 0;
}

// MPI_Init_thread once, as ProcessGroupMPI does it, with MPI_Finalize at exit.
void ensure_initialized() {
  static const bool ready = [] {
    int flag = 0;
    MPI_Initialized(&flag);
    if (!flag) {
      int provided = 0;
      check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided), "MPI_Init_thread");
      if (provided < MPI_THREAD_SERIALIZED)
        throw std::runtime_error("Used MPI implementation doesn't have the minimum level of threading support: " +
                                 std::to_string(provided) + ". This is required by c10d package.");
      std::atexit([] {
        if (!finalized()) MPI_Finalize();
      });
    }
    // Errors come back as codes (turned into RuntimeError), not as an abort of the whole job.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    return true;
  }();
  (void)ready;
}

// The MPI type that moves a dtype's elements (16-bit floats move as 16-bit integers).
MPI_Datatype carrier(DType d) {
  switch (d) {
    case DType::Float32: return MPI_FLOAT;
    case DType::Float64: return MPI_DOUBLE;
    case DType::Float16:
    case DType::BFloat16: return MPI_UINT16_T;
    case DType::Int8: return MPI_INT8_T;
    case DType::UInt8:
    case DType::Bool: return MPI_UINT8_T;
    case DType::Int32: return MPI_INT32_T;
    case DType::Int64: return MPI_INT64_T;
    default: throw std::runtime_error("Invalid scalar type");
  }
}

// MPI's user functions compute inout := in op inout, element by element.
template <typename T, typename Op> void user_function(void* in, void* inout, int* len, MPI_Datatype*) {
  combine<T, Op>(inout, in, inout, static_cast<size_t>(*len));
}

template <typename T> MPI_User_function* user_function_for(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum:
    case ReduceOp::Avg: return &user_function<T, Add>;
    case ReduceOp::Product: return &user_function<T, Mul>;
    case ReduceOp::Min: return &user_function<T, Min>;
    case ReduceOp::Max: return &user_function<T, Max>;
    case ReduceOp::Band: return &user_function<T, And>;
    case ReduceOp::Bor: return &user_function<T, Or>;
    case ReduceOp::Bxor: return &user_function<T, Xor>;
    case ReduceOp::PremulSum: break;
  }
  throw std::runtime_error("unsupported reduce op");
}

// The MPI operation for op on dtype d: MPI's own where it has one, else a user-defined one made once.
MPI_Op mpi_op(DType d, ReduceOp op) {
  if (d != DType::Float16 && d != DType::BFloat16 && d != DType::Bool) {
    switch (op) {
      case ReduceOp::Sum:
      case ReduceOp::Avg: return MPI_SUM;
      case ReduceOp::Product: return MPI_PROD;
      case ReduceOp::Min: return MPI_MIN;
      case ReduceOp::Max: return MPI_MAX;
      case ReduceOp::Band: return MPI_BAND;
      case ReduceOp::Bor: return MPI_BOR;
      case ReduceOp::Bxor: return MPI_BXOR;
      case ReduceOp::PremulSum: break;
    }
    throw std::runtime_error("unsupported reduce op");
  }
  static std::map<std::pair<DType, ReduceOp>, MPI_Op> made;
  auto [it, fresh] = made.try_emplace({d, op}, MPI_OP_NULL);
  if (fresh) {
    MPI_User_function* fn = d == DType::Float16    ? user_function_for<Half>(op)
                            : d == DType::BFloat16 ? user_function_for<BFloat16>(op)
                                                   : user_function_for<bool>(op);
    check(MPI_Op_create(fn, 1, &it->second), "MPI_Op_create");
  }
  return it->second;
}

int count(const Tensor& t) {
  if (t.numel() > INT_MAX) throw std::runtime_error("MPI: a tensor of more than 2^31 - 1 elements is too large for one message");
  return static_cast<int>(t.numel());
}

class MpiPending : public Pending {
 public:
  explicit MpiPending(MPI_Request request) : request_(request) {}
  int finish(std::chrono::milliseconds) override {  // MPI has no timeouts: mpirun reports a lost rank
    MPI_Status status;
    check(MPI_Wait(&request_, &status), "MPI_Wait");
    return status.MPI_SOURCE;
  }

 private:
  MPI_Request request_;
};

class MpiGroup : public Backend {
 public:
  MpiGroup(MPI_Comm comm, bool owned) : comm_(comm), owned_(owned) {
    check(MPI_Comm_rank(comm_, &rank_), "MPI_Comm_rank");
    check(MPI_Comm_size(comm_, &size_), "MPI_Comm_size");
  }
  ~MpiGroup() override {
    if (owned_ && !finalized()) MPI_Comm_free(&comm_);
  }
  const char* name() const override { return "mpi"; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void all_reduce(const Tensor& t, ReduceOp op) override {
    check(MPI_Allreduce(MPI_IN_PLACE, t.data_ptr(), count(t), carrier(t.dtype()), mpi_op(t.dtype(), op), comm_),
          "MPI_Allreduce");
  }
  void broadcast(const Tensor& t, int root) override {
    check(MPI_Bcast(t.data_ptr(), count(t), carrier(t.dtype()), root, comm_), "MPI_Bcast");
  }
  void reduce(const Tensor& t, int root, ReduceOp op) override {
    const MPI_Op o = mpi_op(t.dtype(), op);
    if (rank_ == root) check(MPI_Reduce(MPI_IN_PLACE, t.data_ptr(), count(t), carrier(t.dtype()), o, root, comm_), "MPI_Reduce");
    else check(MPI_Reduce(t.data_ptr(), nullptr, count(t), carrier(t.dtype()), o, root, comm_), "MPI_Reduce");
  }
  void all_gather(const Tensor& out, const Tensor& in) override {
    const MPI_Datatype type = carrier(in.dtype());
    check(MPI_Allgather(in.data_ptr(), count(in), type, out.data_ptr(), count(in), type, comm_), "MPI_Allgather");
  }
  void gather(const Tensor& out, const Tensor& in, int root) override {
    const MPI_Datatype type = carrier(in.dtype());
    check(MPI_Gather(in.data_ptr(), count(in), type, rank_ == root ? out.data_ptr() : nullptr, count(in), type, root, comm_),
          "MPI_Gather");
  }
  void scatter(const Tensor& out, const Tensor& in, int root) override {
    const MPI_Datatype type = carrier(out.dtype());
    check(MPI_Scatter(rank_ == root ? in.data_ptr() : nullptr, count(out), type, out.data_ptr(), count(out), type, root, comm_),
          "MPI_Scatter");
  }
  void all_to_all(const Tensor& out, const Tensor& in) override {
    const MPI_Datatype type = carrier(in.dtype());
    const int chunk = count(in) / size_;
    check(MPI_Alltoall(in.data_ptr(), chunk, type, out.data_ptr(), chunk, type, comm_), "MPI_Alltoall");
  }
  void barrier() override { check(MPI_Barrier(comm_), "MPI_Barrier"); }
  std::unique_ptr<Pending> post(const Tensor& t, int peer, int tag, bool send) override {
    MPI_Request request;
    if (send) check(MPI_Isend(t.data_ptr(), count(t), carrier(t.dtype()), peer, tag, comm_, &request), "MPI_Isend");
    else check(MPI_Irecv(t.data_ptr(), count(t), carrier(t.dtype()), peer < 0 ? MPI_ANY_SOURCE : peer, tag, comm_, &request),
               "MPI_Irecv");
    return std::make_unique<MpiPending>(request);
  }

 private:
  MPI_Comm comm_;
  bool owned_;
  int rank_ = 0, size_ = 1;
};

}  // namespace

bool mpi_available() { return true; }

std::shared_ptr<Backend> make_mpi_group(const std::vector<int>& world_ranks, int tag) {
  ensure_initialized();
  if (world_ranks.empty()) return std::make_shared<MpiGroup>(MPI_COMM_WORLD, false);
  MPI_Group world, members;
  check(MPI_Comm_group(MPI_COMM_WORLD, &world), "MPI_Comm_group");
  check(MPI_Group_incl(world, static_cast<int>(world_ranks.size()), world_ranks.data(), &members), "MPI_Group_incl");
  MPI_Comm comm;
  const int rc = MPI_Comm_create_group(MPI_COMM_WORLD, members, tag, &comm);
  MPI_Group_free(&members);
  MPI_Group_free(&world);
  check(rc, "MPI_Comm_create_group");
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN);
  return std::make_shared<MpiGroup>(comm, true);
}

}  // namespace tsh::dist

#else  // no MPI in this build

namespace tsh::dist {

bool mpi_available() { return false; }

std::shared_ptr<Backend> make_mpi_group(const std::vector<int>&, int) {
  throw std::runtime_error(
      "Distributed package doesn't have MPI built in. MPI is only included if you build PyTorch from source on a host "
      "that has MPI installed.");
}

}  // namespace tsh::dist

#endif
