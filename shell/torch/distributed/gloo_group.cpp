// shell/torch/distributed/gloo_group.cpp — Gloo's collectives on tsh's CPU tensors.
#include "shell/torch/distributed/gloo_group.h"

#include <gloo/allgather.h>
#include <gloo/allreduce.h>
#include <gloo/alltoall.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/gather.h>
#include <gloo/reduce.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/store.h>
#include <gloo/scatter.h>
#include <gloo/transport/tcp/device.h>
#include <gloo/transport/unbound_buffer.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "shell/torch/distributed/reduce_kernels.h"

namespace tsh::dist {

namespace {

// gloo's view of the TCPStore, under the group's prefix.
class StoreAdapter : public gloo::rendezvous::Store {
 public:
  StoreAdapter(tsh::dist::Store& store, std::string prefix) : store_(store), prefix_(std::move(prefix)) {}
  void set(const std::string& key, const std::vector<char>& data) override {
    store_.set(prefix_ + key, Bytes(data.begin(), data.end()));
  }
  std::vector<char> get(const std::string& key) override {
    const Bytes b = store_.get(prefix_ + key);
    return std::vector<char>(b.begin(), b.end());
  }
  void wait(const std::vector<std::string>& keys) override { wait(keys, store_.timeout()); }
  void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) override {
    std::vector<std::string> full;
    for (const auto& k : keys) full.push_back(prefix_ + k);
    store_.wait(full, timeout);
  }

 private:
  tsh::dist::Store& store_;
  std::string prefix_;
};

// The device to connect from: GLOO_SOCKET_IFNAME's interface, else this host's name, else (with
// PyTorch's warning) the loopback address.
std::shared_ptr<gloo::transport::Device> make_device() {
  gloo::transport::tcp::attr attr;
  if (const char* iface = std::getenv("GLOO_SOCKET_IFNAME"); iface && *iface) {
    attr.iface = iface;
    return gloo::transport::tcp::CreateDevice(attr);
  }
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) == 0) {
    try {
      attr.hostname = host;
      return gloo::transport::tcp::CreateDevice(attr);
    } catch (const std::exception&) {
    }
  }
  std::fprintf(stderr,
               "[W] Unable to resolve hostname to a (local) address. Using the loopback address as fallback. "
               "Manually set the network interface to bind to with GLOO_SOCKET_IFNAME.\n");
  attr = gloo::transport::tcp::attr("127.0.0.1");
  return gloo::transport::tcp::CreateDevice(attr);
}

}  // namespace

const char* reduce_op_name(ReduceOp op) {
  static const char* const names[] = {"SUM", "AVG", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR", "PREMUL_SUM"};
  return names[static_cast<int>(op)];
}

GlooGroup::GlooGroup(std::shared_ptr<Store> store, const std::string& prefix, int rank, int size,
                     std::chrono::milliseconds timeout)
    : rank_(rank), size_(size), timeout_(timeout), store_(std::move(store)) {
  auto device = make_device();
  auto context = std::make_shared<gloo::rendezvous::Context>(rank, size);
  context->setTimeout(timeout);
  StoreAdapter adapter(*store_, prefix);
  try {
    context->connectFullMesh(adapter, device);
  } catch (const StoreTimeout&) {
    throw;
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string("Gloo connectFullMesh failed with ") + e.what());
  }
  context_ = context;
  wait_until_all_connected(prefix);
}

// connectFullMesh returns on the accepting side of a pair as soon as the connection is accepted,
// while the connecting side still waits for its event loop to see the connection complete. A rank
// that went on and closed the group at once (a script that makes a group and then destroys it)
// could close the socket first, and the other rank's connectFullMesh failed with "Connection
// closed by peer" (1 run in 20 of a 2-d DeviceMesh). So no member returns until every member has.
void GlooGroup::wait_until_all_connected(const std::string& prefix) {
  if (size_ == 1) return;
  const std::string done = prefix + "tsh_all_connected";
  if (store_->add(prefix + "tsh_connected", 1) == size_) store_->set(done, Bytes{'1'});
  store_->wait({done}, timeout_);
}

GlooGroup::~GlooGroup() = default;

void GlooGroup::all_reduce(const Tensor& t, ReduceOp op) {
  with_type(t.dtype(), [&]<typename T>() {
    gloo::AllreduceOptions o(context_);
    o.setOutput(t.data<T>(), static_cast<size_t>(t.numel()));
    o.setReduceFunction(reduce_fn<T>(op));
    o.setTag(next_tag());
    o.setTimeout(timeout_);
    gloo::allreduce(o);
  });
}

void GlooGroup::broadcast(const Tensor& t, int root) {
  with_type(t.dtype(), [&]<typename T>() {
    gloo::BroadcastOptions o(context_);
    o.setOutput(t.data<T>(), static_cast<size_t>(t.numel()));
    o.setRoot(root);
    o.setTag(next_tag());
    o.setTimeout(timeout_);
    gloo::broadcast(o);
  });
}

void GlooGroup::reduce(const Tensor& t, int root, ReduceOp op) {
  with_type(t.dtype(), [&]<typename T>() {
    gloo::ReduceOptions o(context_);
    o.setOutput(t.data<T>(), static_cast<size_t>(t.numel()));
    o.setRoot(root);
    o.setReduceFunction(reduce_fn<T>(op));
    o.setTag(next_tag());
    o.setTimeout(timeout_);
    gloo::reduce(o);
  });
}

void GlooGroup::all_gather(const Tensor& out, const Tensor& in) {
  with_type(in.dtype(), [&]<typename T>() {
    gloo::AllgatherOptions o(context_);
    o.setInput(in.data<T>(), static_cast<size_t>(in.numel()));
    o.setOutput(out.data<T>(), static_cast<size_t>(out.numel()));
    o.setTag(next_tag());
    o.setTimeout(timeout_);
    gloo::allgather(o);
  });
}

void GlooGroup::gather(const Tensor& out, const Tensor& in, int root) {
  with_type(in.dtype(), [&]<typename T>() {
    gloo::GatherOptions o(context_);
    o.setInput(in.data<T>(), static_cast<size_t>(in.numel()));
    if (rank_ == root) o.setOutput(out.data<T>(), static_cast<size_t>(out.numel()));
    o.setRoot(root);
    o.setTag(next_tag());
    o.setTimeout(timeout_);
    gloo::gather(o);
  });
}

void GlooGroup::scatter(const Tensor& out, const Tensor& in, int root) {
  with_type(out.dtype(), [&]<typename T>() {
    gloo::ScatterOptions o(context_);
    const size_t n = static_cast<size_t>(out.numel());
    std::vector<T*> parts;
    if (rank_ == root)
      for (int r = 0; r < size_; ++r) parts.push_back(in.data<T>() + static_cast<size_t>(r) * n);
    if (rank_ == root) o.setInputs(parts, n);
    o.setOutput(out.data<T>(), n);
    o.setRoot(root);
    o.setTag(next_tag());
    o.setTimeout(timeout_);
    gloo::scatter(o);
  });
}

void GlooGroup::all_to_all(const Tensor& out, const Tensor& in) {
  with_type(in.dtype(), [&]<typename T>() {
    gloo::AlltoallOptions o(context_);
    o.setInput(in.data<T>(), static_cast<size_t>(in.numel()));
    o.setOutput(out.data<T>(), static_cast<size_t>(out.numel()));
    o.setTag(next_tag());
    o.setTimeout(timeout_);
    gloo::alltoall(o);
  });
}

void GlooGroup::barrier() {
  gloo::BarrierOptions o(context_);
  o.setTag(next_tag());
  o.setTimeout(timeout_);
  gloo::barrier(o);
}

namespace {

// An isend or irecv on one of Gloo's unbound buffers.
class GlooPending : public Pending {
 public:
  GlooPending(std::unique_ptr<gloo::transport::UnboundBuffer> buffer, bool send, int peer, std::chrono::milliseconds timeout)
      : buffer_(std::move(buffer)), send_(send), peer_(peer), timeout_(timeout) {}
  int finish(std::chrono::milliseconds timeout) override {
    int from = peer_;
    if (timeout.count() <= 0) timeout = timeout_;
    if (send_) buffer_->waitSend(timeout);
    else buffer_->waitRecv(&from, timeout);
    return from;
  }

 private:
  std::unique_ptr<gloo::transport::UnboundBuffer> buffer_;
  bool send_;
  int peer_;
  std::chrono::milliseconds timeout_;
};

}  // namespace

std::unique_ptr<Pending> GlooGroup::post(const Tensor& t, int peer, int tag, bool send) {
  auto buf = context_->createUnboundBuffer(t.data_ptr(), static_cast<size_t>(t.numel() * t.itemsize()));
  if (send) {
    buf->send(peer, static_cast<uint64_t>(tag));
  } else if (peer >= 0) {
    buf->recv(peer, static_cast<uint64_t>(tag));
  } else {
    std::vector<int> all;
    for (int r = 0; r < size_; ++r)
      if (r != rank_) all.push_back(r);
    buf->recv(all, static_cast<uint64_t>(tag));
  }
  return std::make_unique<GlooPending>(std::move(buf), send, peer, timeout_);
}

}  // namespace tsh::dist
