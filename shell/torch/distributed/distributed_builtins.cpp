// shell/torch/distributed/distributed_builtins.cpp — what distributed_c10d.py calls in C++: a
// process group's making (for Gloo: the TCPStore server on the master rank, a client everywhere;
// for MPI: a communicator) and its collectives on CPU tensors, on whichever backend the group has.
// Arguments arrive checked, with PyTorch's messages, by the Python.
#include <algorithm>
#include <chrono>
#include <memory>
#include <thread>

#include "engine/ops/copy.h"
#include "shell/error_prefix.h"
#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/embedded.h"
#include "shell/python/errors.h"
#include "shell/python/exceptions.h"
#include "shell/torch/distributed/distributed.h"
#include "shell/torch/registry.h"
#include "shell/python/bytes.h"
#include "shell/torch/distributed/gloo_group.h"
#include "shell/torch/distributed/local_stores.h"
#include "shell/torch/distributed/mpi_group.h"

namespace tsh::shell {

namespace {

// A store's C++ half, held by the Python Store objects (TCPStore, FileStore, HashStore, PrefixStore).
struct StoreObj : InstanceObj {
  std::shared_ptr<dist::TcpStoreServer> server;  // a TCPStore with is_master: the server, in this process
  std::shared_ptr<dist::Store> store;
  std::string class_name() const override { return "_Store"; }
  std::string module_name() const override { return "torch.distributed"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'_Store' object has no attribute '" + name + "'");
  }
};

// A process group's C++ half, held by the Python ProcessGroup object.
struct GroupObj : InstanceObj {
  std::shared_ptr<dist::Backend> group;
  std::string class_name() const override { return "_Backend"; }
  std::string module_name() const override { return "torch.distributed"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'_Backend' object has no attribute '" + name + "'");
  }
};

// An isend or irecv in flight: the backend's handle and the tensor it reads or fills (kept alive
// until then), finished by _p2p_wait.
struct PendingObj : InstanceObj {
  std::shared_ptr<dist::Backend> group;
  std::unique_ptr<dist::Pending> pending;
  Tensor tensor;
  int peer = -1;
  std::string class_name() const override { return "_PendingP2P"; }
  std::string module_name() const override { return "torch.distributed"; }
  Value attr(Interpreter&, const Value&, const std::string& name) override {
    throw AttributeError("'_PendingP2P' object has no attribute '" + name + "'");
  }
};

dist::Backend& group_of(const Value& v) {
  if (!v.is(Kind::Instance) || v.as<InstanceObj>()->class_name() != "_Backend")
    throw TypeError("expected a process group");
  auto* g = static_cast<GroupObj*>(v.as<InstanceObj>());
  if (!g->group) throw RuntimeError("the process group has been destroyed");
  return *g->group;
}

const Tensor& tensor_of(const Value& v) {
  if (!v.is(Kind::Tensor)) throw TypeError("expected a Tensor");
  return v.as_tensor();
}

std::chrono::milliseconds seconds(const Value& v) {
  return std::chrono::milliseconds(static_cast<int64_t>(v.is(Kind::Float) ? v.as_float() * 1000 : double(v.as_int()) * 1000));
}

// Runs a collective, turning the libraries' failures into RuntimeError (DistStoreError for a
// store that timed out), with the interpreter's Ctrl-C still honoured between collectives.
template <typename F> Value guarded(F&& f) {
  try {
    f();
  } catch (const dist::StoreTimeout& e) {
    throw PyError("torch.distributed.DistStoreError", e.what());
  } catch (const tsh::Error&) {
    throw;
  } catch (const std::exception& e) {
    throw RuntimeError(e.what());
  }
  return Value::none();
}

// c10d's TCPStore handshake: every client counts itself in the key "init/"; the serving rank waits
// until all have (checking in whole seconds, as c10d does, so its message gives the seconds waited).
StoreObj& store_of(const Value& v) {
  if (!v.is(Kind::Instance) || v.as<InstanceObj>()->class_name() != "_Store") throw TypeError("expected a store");
  return *static_cast<StoreObj*>(v.as<InstanceObj>());
}

dist::Bytes bytes_arg(const Value& v) {
  if (is_bytes(v)) return dist::Bytes(bytes_data(v).begin(), bytes_data(v).end());
  if (v.is(Kind::Str)) return dist::Bytes(v.as_str().begin(), v.as_str().end());
  throw TypeError("a store's value is a str or bytes, not " + type_name(v));
}

Value bytes_value(const dist::Bytes& b) { return make_bytes(std::string(b.begin(), b.end())); }

std::vector<std::string> keys_arg(const Value& v) {
  std::vector<std::string> keys;
  for (const Value& k : v.items()) keys.push_back(k.as_str());
  return keys;
}

void wait_for_workers(dist::Store& store, int size, bool serving, std::chrono::milliseconds timeout) {
  store.add("init/", 1);
  if (!serving) return;
  const auto start = std::chrono::steady_clock::now();
  while (true) {
    const int64_t joined = store.add("init/", 0);
    if (joined >= size) return;
    const auto waited = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start);
    if (waited > timeout)
      throw PyError("torch.distributed.DistStoreError",
                    "Timed out after " + std::to_string(waited.count()) + " seconds waiting for clients. " +
                        std::to_string(joined) + "/" + std::to_string(size) + " clients joined.");
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace

void install_distributed_builtins(std::map<std::string, Value>& d) {
  // _new_store(kind, ...): 'tcp' (host, port, world_size or None, is_master, timeout, wait_for_workers:
  // the server first where is_master, then a client, then c10d's count of the workers), 'file'
  // (path, world_size, timeout), 'hash' (timeout), 'prefix' (prefix, store).
  d["_new_store"] = make_builtin("_new_store", "<built-in function _new_store>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.empty() || !a[0].is(Kind::Str)) throw TypeError("_new_store(kind, ...)");
    const std::string kind = a[0].as_str();
    auto obj = std::make_shared<StoreObj>();
    guarded([&] {
      if (kind == "tcp" && a.size() == 7) {
        uint16_t port = static_cast<uint16_t>(a[2].as_int());
        const auto timeout = seconds(a[5]);
        if (truthy(a[4])) {
          obj->server = std::make_shared<dist::TcpStoreServer>(port);
          port = obj->server->port();
        }
        obj->store = std::make_shared<dist::TcpStoreClient>(a[1].as_str(), port, timeout);
        if (!a[3].is_none() && truthy(a[6]))
          wait_for_workers(*obj->store, static_cast<int>(a[3].as_int()), truthy(a[4]), timeout);
      } else if (kind == "file" && a.size() == 4) {
        obj->store = std::make_shared<dist::FileStore>(a[1].as_str(), static_cast<int>(a[2].as_int()), seconds(a[3]));
      } else if (kind == "hash" && a.size() == 2) {
        obj->store = std::make_shared<dist::HashStore>(seconds(a[1]));
      } else if (kind == "prefix" && a.size() == 3) {
        obj->store = std::make_shared<dist::PrefixStore>(a[1].as_str(), store_of(a[2]).store);
      } else {
        throw TypeError("_new_store: unknown kind or arguments");
      }
    });
    return Value::object(Kind::Instance, obj);
  });
  // _store(store, op, ...): one of the Store methods.
  d["_store"] = make_builtin("_store", "<built-in function _store>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() < 2 || !a[1].is(Kind::Str)) throw TypeError("_store(store, op, ...)");
    StoreObj& obj = store_of(a[0]);
    dist::Store& st = *obj.store;
    const std::string op = a[1].as_str();
    const auto arg = [&](size_t i) -> const Value& {
      if (a.size() <= i + 2) throw TypeError("_store: " + op + " needs more arguments");
      return a[i + 2];
    };
    Value result = Value::none();
    guarded([&] {
      if (op == "set") st.set(arg(0).as_str(), bytes_arg(arg(1)));
      else if (op == "get") result = bytes_value(st.get(arg(0).as_str()));
      else if (op == "add") result = Value::integer(st.add(arg(0).as_str(), arg(1).as_int()));
      else if (op == "check") result = Value::boolean(st.check(keys_arg(arg(0))));
      else if (op == "wait") st.wait(keys_arg(arg(0)), arg(1).is_none() ? st.timeout() : seconds(arg(1)));
      else if (op == "num_keys") result = Value::integer(st.num_keys());
      else if (op == "delete_key") result = Value::boolean(st.delete_key(arg(0).as_str()));
      else if (op == "compare_set")
        result = bytes_value(st.compare_set(arg(0).as_str(), bytes_arg(arg(1)), bytes_arg(arg(2))));
      else if (op == "set_timeout") st.set_timeout(seconds(arg(0)));
      else if (op == "timeout") result = Value::floating(static_cast<double>(st.timeout().count()) / 1000.0);
      else if (op == "port") result = Value::integer(dynamic_cast<dist::TcpStoreClient&>(st).port());
      else if (op == "host") result = Value::str(dynamic_cast<dist::TcpStoreClient&>(st).host());
      else throw RuntimeError("_store: unknown op " + op);
    });
    return result;
  });
  // _new_gloo_group(store, rank, world_size, timeout_seconds, prefix): Gloo's full mesh, met through the store.
  d["_new_gloo_group"] = make_builtin("_new_gloo_group", "<built-in function _new_gloo_group>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_new_gloo_group", a, kw, {"store", "rank", "world_size", "timeout", "prefix"}, 5);
    auto obj = std::make_shared<GroupObj>();
    std::shared_ptr<dist::Store> store = store_of(v[0]).store;
    guarded([&] {
      obj->group = std::make_shared<dist::GlooGroup>(store, v[4].as_str(), static_cast<int>(v[1].as_int()),
                                                     static_cast<int>(v[2].as_int()), seconds(v[3]));
    });
    return Value::object(Kind::Instance, obj);
  });
  // _object_tensor(obj) / _tensor_object(t): an object as a uint8 tensor of its torch.save bytes, and back.
  d["_object_tensor"] = make_builtin("_object_tensor", "<built-in function _object_tensor>", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("_object_tensor(obj)");
    return object_to_tensor(in, a[0]);
  });
  d["_tensor_object"] = make_builtin("_tensor_object", "<built-in function _tensor_object>", [](Interpreter& in, Args& a, Kwargs&) {
    if (a.size() != 1 || !a[0].is(Kind::Tensor)) throw TypeError("_tensor_object(tensor)");
    return tensor_to_object(in, a[0].as_tensor());
  });
  // _exception_class(name): the builtin exception class of that name (torch.distributed.DistStoreError).
  d["_exception_class"] = make_builtin("_exception_class", "<built-in function _exception_class>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1 || !a[0].is(Kind::Str)) throw TypeError("_exception_class(name)");
    return exception_class(a[0].as_str());
  });
  // _set_error_prefix(text): before each line of an uncaught error's report ("" for none).
  d["_set_error_prefix"] = make_builtin("_set_error_prefix", "<built-in function _set_error_prefix>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1 || !a[0].is(Kind::Str)) throw TypeError("_set_error_prefix(text)");
    uncaught_error_prefix() = a[0].as_str();
    return Value::none();
  });
  // _new_mpi_group(ranks, tag): the MPI world (ranks None) or the group of those world ranks.
  d["_new_mpi_group"] = make_builtin("_new_mpi_group", "<built-in function _new_mpi_group>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_new_mpi_group", a, kw, {"ranks", "tag"}, 2);
    std::vector<int> ranks;
    if (!v[0].is_none())
      for (const Value& r : v[0].items()) ranks.push_back(static_cast<int>(r.as_int()));
    auto obj = std::make_shared<GroupObj>();
    guarded([&] { obj->group = dist::make_mpi_group(ranks, static_cast<int>(v[1].as_int())); });
    return Value::object(Kind::Instance, obj);
  });
  // _group_info(group): (rank, size, backend name).
  d["_group_info"] = make_builtin("_group_info", "<built-in function _group_info>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1) throw TypeError("_group_info(group)");
    dist::Backend& g = group_of(a[0]);
    return Value::tuple({Value::integer(g.rank()), Value::integer(g.size()), Value::str(g.name())});
  });
  d["_mpi_available"] = make_builtin("_mpi_available", "<built-in function _mpi_available>", [](Interpreter&, Args&, Kwargs&) {
    return Value::boolean(dist::mpi_available());
  });
  // _p2p_wait(pending[, timeout_seconds]): finishes an isend or irecv (waiting at most the timeout,
  // else the group's); the peer's rank in its group.
  d["_p2p_wait"] = make_builtin("_p2p_wait", "<built-in function _p2p_wait>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.empty() || a.size() > 2 || !a[0].is(Kind::Instance) || a[0].as<InstanceObj>()->class_name() != "_PendingP2P")
      throw TypeError("_p2p_wait(pending[, timeout])");
    auto* p = static_cast<PendingObj*>(a[0].as<InstanceObj>());
    if (!p->pending) return Value::integer(p->peer);  // finished already
    const auto timeout = a.size() == 2 && !a[1].is_none() ? std::max(seconds(a[1]), std::chrono::milliseconds(1))
                                                           : std::chrono::milliseconds(0);
    int from = p->peer;
    guarded([&] { from = p->pending->finish(timeout); });
    p->pending.reset();
    p->peer = from;
    return Value::integer(from);
  });
  d["_destroy_group"] = make_builtin("_destroy_group", "<built-in function _destroy_group>", [](Interpreter&, Args& a, Kwargs&) {
    if (a.size() != 1 || !a[0].is(Kind::Instance)) throw TypeError("_destroy_group(group)");
    auto* g = static_cast<GroupObj*>(a[0].as<InstanceObj>());
    g->group.reset();
    return Value::none();
  });
  // _collective(group, name, out, input, peer, op): one collective. out and input are contiguous CPU
  // tensors (input may be None); peer is the root, destination or source rank; op is ReduceOp's
  // index, or the tag of an isend/irecv.
  d["_collective"] = make_builtin("_collective", "<built-in function _collective>", [](Interpreter&, Args& a, Kwargs& kw) {
    std::vector<Value> v = bind_params("_collective", a, kw, {"group", "name", "out", "input", "peer", "op"}, 6);
    dist::Backend& g = group_of(v[0]);
    const std::string name = v[1].as_str();
    const int peer = static_cast<int>(v[4].as_int());
    const auto op = static_cast<dist::ReduceOp>(v[5].as_int());
    Value result = Value::none();
    guarded([&] {
      if (name == "barrier") return g.barrier();
      const Tensor& out = tensor_of(v[2]);
      if (name == "all_reduce") return g.all_reduce(out, op);
      if (name == "broadcast") return g.broadcast(out, peer);
      if (name == "reduce") return g.reduce(out, peer, op);
      if (name == "isend" || name == "irecv") {
        auto pending = std::make_shared<PendingObj>();
        pending->group = static_cast<GroupObj*>(v[0].as<InstanceObj>())->group;
        pending->peer = peer;
        pending->tensor = out;
        pending->pending = g.post(out, peer, static_cast<int>(v[5].as_int()), name == "isend");
        result = Value::object(Kind::Instance, pending);
        return;
      }
      const Tensor& in = tensor_of(v[3]);
      if (name == "all_gather") return g.all_gather(out, in);
      if (name == "gather") return g.gather(out, in, peer);
      if (name == "scatter") return g.scatter(out, in, peer);
      if (name == "all_to_all") return g.all_to_all(out, in);
      throw RuntimeError("_collective: unknown collective " + name);
    });
    return result;
  });
}

}  // namespace tsh::shell
