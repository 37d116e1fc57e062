// shell/main.cpp — the tsh command line (LANGUAGE.md, "Command line").
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include <CLI/CLI.hpp>
#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/device.h"
#include "engine/core/dtype.h"
#include "engine/core/interrupt.h"
#include "engine/core/storage.h"
#include "grammar/chars.h"
#include "shell/dist_env.h"
#include "shell/allocator.h"
#include "shell/launch.h"
#include "shell/doctest.h"
#include "shell/python/modules.h"
#include "shell/repl.h"
#include "shell/session.h"

#ifndef TSH_VERSION
#define TSH_VERSION "0.0.0"
#endif

using namespace tsh::shell;

namespace {

Output terminal_output() {
  Output output{
      [](std::string_view s) {
        // In pieces, so that Ctrl-C stops a huge repr on its way out (the
        // interpreter raises KeyboardInterrupt once the write returns).
        for (size_t at = 0; at < s.size() && !tsh::interrupt_pending(); at += 1 << 16)
          std::cout << s.substr(at, 1 << 16);
        // A stdout that cannot take the text (tsh ... > /dev/full) is Python's OSError at the
        // print that wrote it, never output lost in silence.
        if (!std::cout.flush()) {
          const int e = errno;
          std::cout.clear();
          os_error(e != 0 ? e : EIO);
        }
      },
      [](std::string_view s) {
        std::cout.flush();  // keep order under 2>&1
        std::cerr << s;
        std::cerr.flush();
      },
  };
  output.terminal = isatty(STDOUT_FILENO);
  return output;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// A script stopped by Ctrl-C ends as python3's does: its traceback printed,
// the process killed by SIGINT itself, so that the shell sees status 130 and
// a calling script stops too.
int exit_by_interrupt() {
  std::cout.flush();
  std::cerr.flush();
  std::signal(SIGINT, SIG_DFL);
  std::raise(SIGINT);
  return 130;  // SIGINT blocked: the status it would have given
}

// As python's command line: tsh's own options come first; the script's name
// (or -c CODE) ends them, and every later argument belongs to the script
// (sys.argv). Returns how many of argv are tsh's.
int own_arguments(int argc, char** argv) {
  static const char* const kTakesValue[] = {"--device", "--dtype", "--seed", "--threads", "--prefix",
                                            "--nproc-per-node", "--nproc_per_node", "--log-dir", "--dist-env"};
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--doctest") return i + 1;  // every later argument is a transcript (or -v)
    if (a == "-c") return std::min(argc, i + 2);
    if (a == "--") return std::min(argc, i + 2);
    if (a.empty() || a[0] != '-' || a == "-") return i + 1;
    for (const char* opt : kTakesValue)
      if (a == opt) ++i;
  }
  return argc;
}

}  // namespace

// tsh --install-kernel: Jupyter's kernelspec for the tsh-kernel beside this tsh, written without
// Python (jupyter_client's search path: $JUPYTER_DATA_DIR, else $XDG_DATA_HOME/jupyter, else
// ~/.local/share/jupyter; or PREFIX/share/jupyter).
static int write_kernelspec(bool user, const std::string& prefix) {
  namespace fs = std::filesystem;
  if (user && !prefix.empty()) {
    std::cerr << "tsh: --install-kernel takes --user or --prefix, not both\n";
    return 2;
  }
  std::error_code ec;
  const fs::path kernel = fs::read_symlink("/proc/self/exe", ec).parent_path() / "tsh-kernel";
  if (ec || !fs::exists(kernel)) {
    std::cerr << "tsh: no tsh-kernel beside this tsh (it is built when xeus is found: scripts/setup installs xeus-dev)\n";
    return 1;
  }
  fs::path data;
  if (!prefix.empty()) {
    data = fs::path(prefix) / "share" / "jupyter";
  } else if (const char* d = std::getenv("JUPYTER_DATA_DIR"); d && *d) {
    data = d;
  } else if (const char* x = std::getenv("XDG_DATA_HOME"); x && *x) {
    data = fs::path(x) / "jupyter";
  } else {
    const char* home = std::getenv("HOME");
    data = fs::path(home ? home : ".") / ".local" / "share" / "jupyter";
  }
  const fs::path dir = data / "kernels" / "tsh";
  fs::create_directories(dir, ec);
  std::ofstream out(dir / "kernel.json");
  out << "{\n  \"argv\": [\"" << kernel.string() << "\", \"-f\", \"{connection_file}\"],\n"
      << "  \"display_name\": \"tsh\",\n  \"language\": \"python\",\n  \"interrupt_mode\": \"signal\"\n}\n";
  out.close();
  if (!out) {
    std::cerr << "tsh: cannot write " << (dir / "kernel.json").string() << "\n";
    return 1;
  }
  std::cout << "Installed kernelspec tsh in " << dir.string() << "\n";
  return 0;
}

static int run(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  CLI::App app{"tsh — a tensor shell that speaks PyTorch", "tsh"};
  std::string code, device, dtype;
  std::vector<std::string> positional;
  bool interactive = false, echo = false, doctest = false, quiet = false, version = false, meta = false;
  int64_t seed = 0;
  int threads = 0;
  app.add_option("-c", code, "run CODE given on the command line");
  app.add_flag("-i", interactive, "stay interactive after the script (session semantics on piped stdin)");
  app.add_flag("--echo", echo, "print each input line as '>>> line' / '... line' before its output");
  app.add_flag("--doctest", doctest, "check transcripts: FILE... hold '>>> ' inputs and expected output");
  app.add_option("--device", device, "default device for new tensors (cpu, cuda, meta)");
  app.add_option("--dtype", dtype, "default floating dtype (float32, float64)");
  auto* seed_opt = app.add_option("--seed", seed, "manual_seed(N) before anything runs");
  app.add_option("--threads", threads, "CPU threads");
  app.add_flag("-q", quiet, "no banner");
  app.add_flag("--meta", meta, "the metadata mode (%meta on): a comment line of metadata after each tensor shown");
  app.add_flag("--version", version, "print the version and exit");
  app.add_option("args", positional,
                 "script file and its arguments (or transcripts with --doctest); a .tsh script (and -c) shows the "
                 "value of each bare expression as a session does, a .py script runs as python3 runs it");
  bool install_kernel = false, user = false;
  std::string prefix;
  app.add_flag("--install-kernel", install_kernel,
               "write the Jupyter kernelspec of tsh-kernel (--user, the default, or --prefix P) and exit");
  app.add_flag("--user", user, "with --install-kernel: into the user's Jupyter data folder");
  app.add_option("--prefix", prefix, "with --install-kernel: into P/share/jupyter/kernels/tsh");
  tsh::shell::LaunchOptions launch;
  app.add_option("--nproc-per-node,--nproc_per_node", launch.nproc,
                 "run the script as N ranks on this machine, with torchrun's variables (RANK, WORLD_SIZE, "
                 "MASTER_ADDR, ...) for torch.distributed");
  app.add_option("--log-dir", launch.log_dir, "with --nproc-per-node: rank k's output in DIR/rank{k}.txt");
  app.add_flag("--rank-prefix", launch.rank_prefix, "with --nproc-per-node: '[rank{k}]: ' before each line of output");
  std::string dist_env;
  app.add_option("--dist-env", dist_env,
                 "under mpirun or srun (ompi, slurm or auto): set torchrun's RANK, WORLD_SIZE, MASTER_ADDR, ... from "
                 "the launcher's variables, so that init_process_group('gloo') works (a tsh extension)");
  app.allow_extras(false);
  const int own = own_arguments(argc, argv);
  std::vector<std::string> script_args(argv + own, argv + argc);
  try {
    app.parse(own, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (version) {
    std::cout << "tsh " << TSH_VERSION << "\n";
    return 0;
  }
  if (launch.nproc > 0) {  // the ranks get every argument but the launcher's own
    std::vector<std::string> rest;
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (i < own && (a == "--nproc-per-node" || a == "--nproc_per_node" || a == "--log-dir")) {
        ++i;
        continue;
      }
      if (i < own && (a == "--rank-prefix" || a.rfind("--nproc-per-node=", 0) == 0 ||
                      a.rfind("--nproc_per_node=", 0) == 0 || a.rfind("--log-dir=", 0) == 0))
        continue;
      rest.push_back(a);
    }
    return tsh::shell::launch_ranks(launch, rest);
  }
  if (!launch.log_dir.empty() || launch.rank_prefix) {
    std::cerr << "tsh: --log-dir and --rank-prefix go with --nproc-per-node\n";
    return 2;
  }
  if (!dist_env.empty()) {
    if (const std::string why = tsh::shell::apply_dist_env(dist_env); !why.empty()) {
      std::cerr << "tsh: " << why << "\n";
      return 2;
    }
  }
  if (doctest) return run_doctests(script_args);
  if (install_kernel) return write_kernelspec(user, prefix);
  if (user || !prefix.empty()) {
    std::cerr << "tsh: --user and --prefix go with --install-kernel\n";
    return 2;
  }

  if (!dtype.empty()) {
    auto d = tsh::dtype_from_name(dtype.rfind("torch.", 0) == 0 ? dtype.substr(6) : dtype);
    if (!d || !tsh::is_floating(*d)) {
      std::cerr << "tsh: --dtype must be a floating dtype such as float32 or float64, not '" << dtype << "'\n";
      return 2;
    }
    tsh::set_default_dtype(*d);
  }
  if (threads > 0) {
#ifdef _OPENMP
    omp_set_num_threads(std::min(threads, 1024));  // as torch.set_num_threads runs at most (torch/utils/benchmark/benchmark.cpp)
#endif
  }
  if (!device.empty()) {
    // As torch.set_default_device: the name must parse; a device without a
    // backend, a driver or that index fails with PyTorch's message — here at
    // start-up, since every tensor the session made would fail the same way.
    try {
      tsh::Device d = tsh::Device::parse(device);
      // "Torch not compiled with CUDA enabled"; with CUDA, the driver's and the device index's errors.
      tsh::allocator_for(d)->prepare(d);
      tsh::set_default_device(d);
    } catch (const tsh::Error& e) {
      std::cerr << "tsh: --device " << device << ": " << e.what() << "\n";
      return 2;
    }
  }
  (void)seed_opt;

  Session session(terminal_output());
  // sys.argv: [''] for a session, ['-c', args...] for -c, [script, args...] for a script.
  std::vector<std::string> sys_argv{!code.empty() ? "-c" : !positional.empty() ? positional[0] : ""};
  if (!code.empty() && !positional.empty()) sys_argv.insert(sys_argv.end(), positional.begin(), positional.end());
  sys_argv.insert(sys_argv.end(), script_args.begin(), script_args.end());
  session.interp().set_argv(sys_argv);
  session.interp().show_meta = meta;
  if (*seed_opt) {
    std::string seed_code = "_ = torch.manual_seed(" + std::to_string(seed) + ")\n";
    session.run_script(seed_code, "<seed>", /*record_history=*/false);
  }
  install_interrupt_handler();
  int status = 0;
  bool ran_something = false;
  if (!code.empty()) {
    // python3 -c decodes its argument with surrogateescape and fails to encode it again.
    size_t chars = 0;
    for (size_t i = 0; i < code.size(); ++chars) {
      size_t len = 0;
      if (tsh::grammar::decode_utf8(code, i, len) < 0) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "%02x", static_cast<unsigned char>(code[i]));
        std::cerr << "Unable to decode the command from the command line:\nUnicodeEncodeError: 'utf-8' codec can't "
                     "encode character '\\udc"
                  << hex << "' in position " << chars << ": surrogates not allowed\n";
        return 1;
      }
      i += len;
    }
    status = session.run_script(code + "\n", "<string>");
    ran_something = true;
  } else if (!positional.empty()) {
    std::string source;
    if (!read_file(positional[0], source)) {
      std::cerr << "tsh: can't open file '" << positional[0] << "': [Errno 2] No such file or directory\n";
      return 2;
    }
    // __file__: the script's absolute path, as python 3.9+ sets it.
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(positional[0], ec);
    session.interp().builtins()["__file__"] = Value::str(ec ? positional[0] : abs.string());
    status = session.run_script(source, positional[0]);
    ran_something = true;
  }
  if (ran_something && session.interrupted() && !interactive) return exit_by_interrupt();
  if (ran_something && (!interactive || session.exit_status())) return status;

  bool tty = isatty(STDIN_FILENO);
  if (tty && !echo) {
    ReplOptions opts;
    opts.quiet = quiet || ran_something;
    return run_repl(session, opts);
  }
  if (interactive || echo) {
    StreamReader reader(std::cin);
    session.run_lines(reader, echo);
    return session.exit_status().value_or(0);
  }
  // No terminal: stdin is a script.
  std::stringstream ss;
  ss << std::cin.rdbuf();
  status = session.run_script(ss.str(), "<stdin>");
  return session.interrupted() ? exit_by_interrupt() : status;
}

int main(int argc, char** argv) {
  tsh::shell::tune_allocator();
  const int status = run(argc, argv);
  if (tsh::abandoned_work_running() > 0) {
    // A product abandoned by Ctrl-C is still running: end now, flushed, rather
    // than wait for it in the BLAS library's shutdown.
    std::cout.flush();
    std::cerr.flush();
    std::_Exit(status);
  }
  return status;
}
