// shell/magics/magics.cpp — the table of magics, their dispatch and the helpers
// they share (option parsing, code read from the argument text). The magics
// themselves live in magics_timing.cpp, magics_whos.cpp, magics_storage.cpp
// and magics_session.cpp; help requests (`x?`) in shell/help.cpp.
#include "shell/magics/magics.h"

#include "shell/interp.h"
#include "shell/magics/magics_impl.h"
#include "shell/session.h"

namespace tsh::shell {

namespace {

void magic_lsmagic(const MagicCall& call);
void magic_magic(const MagicCall& call);

struct MagicEntry {
  MagicInfo info;
  void (*run)(const MagicCall&);
};

// Sorted by name. The docs are what `%magic` and `%name?` print.
const std::vector<MagicEntry>& table() {
  static const std::vector<MagicEntry> entries = {
      {{"cd", "%cd [dir]",
        "Change the working directory to dir (default: the home directory; `-` goes back to\n"
        "the previous one) and print it. Relative paths in %run, np.load, ... follow it."},
       magic_cd},
      {{"explain", "%explain EXPR",
        "Explain a chain of view ops step by step: how each step (a method such as view,\n"
        "reshape, t, transpose, permute, expand, unsqueeze, narrow, contiguous; indexing;\n"
        "a torch function of the tensor) changes sizes, strides and offset, whether it is\n"
        "a view of the same storage or a copy, and the rule behind it. A failing view\n"
        "says which dims are not one contiguous block. F.unfold(x, k) (im2col) shows the\n"
        "window view over x's storage that its columns are copied from. For `a + b` (any\n"
        "binary operator or comparison): the shapes aligned from the right and the\n"
        "strides each operand is read with.\n"
        "Try: t = torch.arange(12.).view(3, 4);  %explain t.t().view(12)"},
       magic_explain},
      {{"graph", "%graph t",
        "Draw the autograd graph that produced tensor t: its grad_fn at the top, then the\n"
        "nodes gradients flow to (one per input of each op), down to the leaves whose .grad\n"
        "backward() fills (AccumulateGrad), named by their variables. Each node shows the\n"
        "tensors it saved for backward. The output of a torch.nn module's forward is marked with\n"
        "the module (← model.fc1 (Linear)), and a model's parameters are named (model.fc1.weight).\n"
        "Try: x = torch.ones(3, requires_grad=True)\n"
        "    loss = (x * x).sum();  %graph loss"},
       magic_graph},
      {{"history", "%history [-n] [-p] [-l [N]] [range ...]",
        "Print this session's inputs, one entry per statement as it was entered.\n"
        "  -n      number the entries\n"
        "  -p      show them with >>> and ... prompts, ready to paste\n"
        "  -l [N]  only the last N entries before this one (default 10)\n"
        "A range is N, N-M (M included) or N:M (M excluded), as in IPython."},
       magic_history},
      {{"lsmagic", "%lsmagic", "List the magics."}, magic_lsmagic},
      {{"magic", "%magic", "Describe every magic (this text)."}, magic_magic},
      {{"meta", "%meta [on|off]",
        "The metadata mode: after each tensor the shell shows, one comment line with its dtype,\n"
        "device, size, stride, storage offset, contiguity and the variables whose tensors view\n"
        "the same storage. Off by default, so that output stays PyTorch's; `tsh --meta` starts\n"
        "with it on. Without an argument, shows the mode."},
       magic_meta},
      {{"pwd", "%pwd", "Show the working directory (as a str value)."}, magic_pwd},
      {{"reset", "%reset [-f] [-s] [in]",
        "Delete every variable of the session, after asking \"Proceed (y/[n])?\".\n"
        "  -f   do not ask\n"
        "  -s   the same (IPython's soft reset: the input history stays in both)\n"
        "  in   clear the input history (%history) instead"},
       magic_reset},
      {{"run", "%run file.tsh [args]",
        "Run a tsh script in this session's namespace: the variables it sets stay\n"
        "afterwards. An error prints the script's traceback and the session goes on.\n"
        "`file` may leave out its .tsh extension."},
       magic_run},
      {{"save", "%save FILE.md",
        "Write this session so far (each statement with its prompts and all it printed) as a\n"
        "Markdown transcript that `tsh --doctest FILE.md` checks later. (Output that does not\n"
        "end its line, print(x, end=''), joins the next prompt there, as --echo shows it,\n"
        "and the check cannot read that prompt.)"},
       magic_save},
      {{"storage", "%storage t [u ...] [--svg FILE] [--png FILE]",
        "Draw the storage under tensor t as cells (storage index above, value inside) and\n"
        "mark the cells the view reads with the view's index, or ×n where n elements read\n"
        "one cell (stride 0, as expand() makes). Then each element's storage index, and\n"
        "what to notice in words. Several tensors over one storage get marks of their own\n"
        "(▲ △ ◆ ...): %storage t t.t(); a tensor with another storage is drawn apart.\n"
        "The drawing fits the terminal's width ($COLUMNS, else the terminal's, else 80),\n"
        "in several bands when needed; a long storage is drawn in part, every cell a small\n"
        "view reads kept (… marks cells left out). Colour on a terminal unless NO_COLOR.\n"
        "  --svg FILE  also write the picture as SVG (for slides)\n"
        "  --png FILE  also write it as PNG (through rsvg-convert, Debian's librsvg2-bin)\n"
        "Try: t = torch.arange(12.).view(3, 4);  %storage t[:, 1];  %storage t t.t()"},
       magic_storage},
      {{"summary", "%summary model [input]",
        "A torch.nn model's layers as a table: each layer's name and type, its own parameter\n"
        "count and, given an input size (a tensor of zeros of that shape goes through the model in\n"
        "eval mode, without a graph) or an input tensor, the shape each layer returns; then the\n"
        "total, trainable and frozen parameter counts and their memory. PyTorch has no such\n"
        "command. Try: model = nn.Sequential(nn.Linear(784, 64), nn.ReLU(), nn.Linear(64, 10))\n"
        "    %summary model (32, 784)"},
       magic_summary},
      {{"tb", "%tb",
        "Print the whole traceback of the session's last error: a frame per active call,\n"
        "inside your functions too, each with its source line and carets, as Python 3.11\n"
        "prints it (a session shows only the error's last line; see %xmode)."},
       magic_tb},
      {{"time", "%time statement",
        "Run the statement once and print the CPU (user, sys) and wall time it took;\n"
        "the value of an expression is shown afterwards (not with a trailing ;)."},
       magic_time},
      {{"timeit", "%timeit [-n N] [-r R] [-p P] [-q] [-o] [-c] statement",
        "Time a statement (any simple statements; ; separates several): R runs (default 7)\n"
        "of N loops each, then print the mean ± std. dev. of the time per loop.\n"
        "Without -n, N is the first of 1, 10, 100, ... whose run takes at least 0.2 s.\n"
        "  -p P  significant digits (default 3)    -q  print nothing\n"
        "  -o    show the result as IPython's TimeitResult and bind it to _ (_.best,\n"
        "        _.worst, _.average, _.stdev, _.all_runs, _.loops, _.repeat)\n"
        "  -c    measure CPU time instead of wall time\n"
        "Example: %timeit -n 1 -r 3 total(t)"},
       magic_timeit},
      {{"whos", "%whos [type ...]",
        "List the session's variables: name, type and a summary. For tensors: shape,\n"
        "dtype, device, the bytes of the storage under them, and which other variables\n"
        "share that storage (views of one another). Give type names (Tensor, int, ...)\n"
        "to list only those."},
       magic_whos},
      {{"xmode", "%xmode [Plain|Context|Minimal]",
        "How errors print in this session: Minimal (the default) shows the error's last\n"
        "line; Plain and Context the whole traceback in IPython's layouts (Context with\n"
        "the lines around each failing one). No argument takes the next mode."},
       magic_xmode},
  };
  return entries;
}

const MagicEntry* find_magic(const std::string& name) {
  for (const MagicEntry& e : table())
    if (name == e.info.name) return &e;
  return nullptr;
}

void magic_lsmagic(const MagicCall& call) {
  std::string out = "Available line magics:\n";
  for (size_t i = 0; i < table().size(); ++i) out += (i ? "  %" : "%") + std::string(table()[i].info.name);
  out += "\n\nAutomagic is OFF, % prefix IS needed for line magics.\n";
  call.print(out);
}

void magic_magic(const MagicCall& call) {
  std::string out =
      "tsh's magics follow IPython's: a line that starts with % is a magic, the rest of the\n"
      "line its arguments. `x?` (or ?x) describes x; `%name?` describes a magic.\n";
  for (const MagicEntry& e : table()) {
    out += "\n" + std::string(e.info.usage) + "\n";
    std::string doc = e.info.doc;
    size_t pos = 0;
    while (pos <= doc.size()) {
      size_t nl = doc.find('\n', pos);
      if (nl == std::string::npos) nl = doc.size();
      out += "    " + doc.substr(pos, nl - pos) + "\n";
      pos = nl + 1;
    }
  }
  call.print(out);
}

const char kResetQuestion[] = "Once deleted, variables cannot be recovered. Proceed (y/[n])? ";

}  // namespace

const std::vector<MagicInfo>& magic_list() {
  static const std::vector<MagicInfo> list = [] {
    std::vector<MagicInfo> out;
    for (const MagicEntry& e : table()) out.push_back(e.info);
    return out;
  }();
  return list;
}

std::optional<std::string> transcript_answer(const std::string& line) {
  const std::string q = kResetQuestion;
  if (line.compare(0, q.size(), q) == 0) return line.substr(q.size());
  if (line + " " == q) return std::string();  // the question answered with an empty line
  return std::nullopt;
}

const char* reset_question() { return kResetQuestion; }

void MagicCall::print(const std::string& s) const { in.print_out(s); }

std::optional<Value> teaching_hook(Interpreter& in, const Value& v, const char* name, Args args) {
  if (!v.is(Kind::Instance)) return std::nullopt;
  Value method;
  try {
    method = in.get_attr(v, name);
  } catch (const PyError& e) {
    if (std::string(e.kind()) != "AttributeError") throw;
    return std::nullopt;
  }
  Kwargs kw;
  return in.call(method, args, kw);
}

std::optional<int64_t> builtin_len(Interpreter& in, const Value& v) {
  auto it = in.builtins().find("len");
  if (it == in.builtins().end()) return std::nullopt;
  try {
    Args args{v};
    Kwargs kw;
    const Value n = in.call(it->second, args, kw);
    if (n.is_intlike()) return static_cast<int64_t>(n.as_int());
  } catch (const tsh::Error&) {
    // no len()
  }
  return std::nullopt;
}

Options parse_options(const std::string& args, const std::string& spec) {
  Options o;
  size_t i = 0;
  auto skip_blanks = [&] {
    while (i < args.size() && (args[i] == ' ' || args[i] == '\t')) ++i;
  };
  auto word_end = [&](size_t from) {
    while (from < args.size() && args[from] != ' ' && args[from] != '\t') ++from;
    return from;
  };
  auto fail = [&](const std::string& what) {
    throw UsageError(what + " ( allowed: \"" + spec + "\" )");
  };
  for (;;) {
    skip_blanks();
    if (i + 1 >= args.size() || args[i] != '-' || args[i + 1] == ' ' || args[i + 1] == '\t') break;
    size_t end = word_end(i);
    if (end == i + 2 && args[i + 1] == '-') {  // `--` ends the options
      i = end;
      skip_blanks();
      break;
    }
    for (size_t k = i + 1; k < end; ++k) {
      const char c = args[k];
      const size_t at = spec.find(c);
      if (c == ':' || at == std::string::npos) fail(std::string("option -") + c + " not recognized");
      if (at + 1 < spec.size() && spec[at + 1] == ':') {
        if (k + 1 < end) {
          o.given[c] = args.substr(k + 1, end - k - 1);
        } else {
          i = end;
          skip_blanks();
          if (i >= args.size()) fail(std::string("option -") + c + " requires argument");
          end = word_end(i);
          o.given[c] = args.substr(i, end - i);
        }
        break;
      }
      o.given[c] = "";
    }
    i = end;
  }
  o.rest_offset = i;
  o.rest = args.substr(i);
  return o;
}

std::vector<std::string> split_words(const std::string& args) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < args.size()) {
    while (i < args.size() && (args[i] == ' ' || args[i] == '\t')) ++i;
    if (i >= args.size()) break;
    std::string w;
    while (i < args.size() && args[i] != ' ' && args[i] != '\t') {
      if (args[i] == '\'' || args[i] == '"') {
        const char q = args[i++];
        while (i < args.size() && args[i] != q) w += args[i++];
        if (i < args.size()) ++i;
      } else {
        w += args[i++];
      }
    }
    words.push_back(std::move(w));
  }
  return words;
}

const std::vector<grammar::StmtPtr>& parse_argument_code(const MagicCall& call, const std::string& code,
                                                         size_t offset) {
  auto parsed = std::make_shared<grammar::ParseResult>(grammar::parse(code));
  const grammar::Span& at = call.stmt.text_span;
  const int col = at.col + static_cast<int>(offset);
  if (parsed->error) {
    EscapeSyntaxError e;
    e.error = *parsed->error;
    grammar::Span& sp = e.error.span;
    if (sp.col >= 0) sp.col += col;
    sp.end_col += col;
    sp.line = sp.end_line = 1;
    // The magic's line as written: its indentation, `%name`, the arguments.
    e.line = std::string(static_cast<size_t>(call.stmt.span.col), ' ') + "%" + call.stmt.name;
    if (static_cast<int>(e.line.size()) < at.col) e.line.append(static_cast<size_t>(at.col) - e.line.size(), ' ');
    e.line += call.stmt.text;
    e.lineno = at.line;
    throw e;
  }
  grammar::shift_spans(parsed->stmts, at.line - 1, col);
  // Functions defined by the code (`%time f = lambda x: x`) point into it.
  call.in.keep_alive(parsed);
  return parsed->stmts;
}

void exec_statements(Interpreter& in, const std::vector<grammar::StmtPtr>& stmts) {
  for (const auto& s : stmts) in.exec(*s);
}

void run_escape(Session& session, const grammar::Stmt& stmt) {
  MagicCall call{session, session.interp(), stmt};
  if (stmt.kind == grammar::StmtKind::Help) {
    run_help_request(call);
    return;
  }
  std::string name = stmt.name;
  // `%timeit?`: the magic's own help, as IPython gives it.
  if (!name.empty() && name.back() == '?' && stmt.text.empty()) {
    while (!name.empty() && name.back() == '?') name.pop_back();
    const MagicEntry* e = find_magic(name);
    if (!e) {
      call.print("Object `%" + name + "` not found.\n");
      return;
    }
    call.print("Docstring:\n" + std::string(e->info.usage) + "\n\n" + e->info.doc + "\n");
    return;
  }
  const MagicEntry* e = find_magic(name);
  if (!e) throw UsageError("Line magic function `%" + name + "` not found.");
  e->run(call);
}

}  // namespace tsh::shell
