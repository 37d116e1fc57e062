// shell/help.cpp — what tsh says about an object: help(x), `x?` / `x??` in
// IPython's layout, and dir(x). One description (describe()) feeds help()
// and `x?`; ops take their signatures and docs from the op registry.
#include "shell/help.h"
#include "shell/python/classes.h"

#include <algorithm>
#include <set>

#include "engine/core/accelerator.h"
#include "shell/interp.h"
#include "shell/magics/magics_impl.h"
#include "shell/magics/magics_whos.h"
#include "shell/python/dict.h"
#include "shell/python/methods.h"
#include "shell/python/modules.h"
#include "shell/python/set.h"
#include "shell/torch/registry.h"
#include "shell/torch/tensor_attrs.h"

namespace tsh::shell {

namespace {

// Python's builtins, in tsh's words: signature and doc.
struct BuiltinDoc {
  const char* name;
  const char* signature;
  const char* doc;
};
const BuiltinDoc kBuiltinDocs[] = {
    {"abs", "abs(x, /)", "The absolute value of a number, or of each element of a tensor."},
    {"dir", "dir([object])", "The names of an object's attributes, or of the session's variables."},
    {"enumerate", "enumerate(iterable, start=0)", "Pairs (index, item) over an iterable, counting from start."},
    {"exit", "exit()", "End the session."},
    {"help", "help(object)", "Describe an object: signatures and docs of functions and methods."},
    {"hex", "hex(number, /)", "The hexadecimal text of an integer: hex(255) is '0xff'."},
    {"id", "id(obj, /)", "The identity of an object; a tensor keeps its id through in-place ops."},
    {"isinstance", "isinstance(obj, class_or_tuple, /)", "Whether obj is an instance of the class (or of one of the classes)."},
    {"iter", "iter(iterable)", "An iterator over the items of an iterable."},
    {"len", "len(obj, /)", "The number of items of a container; for a tensor, its size along dim 0."},
    {"max", "max(iterable, *[, key]) / max(a, b, *args)", "The largest item of an iterable, or of the arguments."},
    {"min", "min(iterable, *[, key]) / min(a, b, *args)", "The smallest item of an iterable, or of the arguments."},
    {"next", "next(iterator[, default])", "The next item of an iterator (default, if given, once it is exhausted)."},
    {"print", "print(*args, sep=' ', end='\\n')", "Print the str() of each value, separated by sep and followed by end."},
    {"repr", "repr(obj, /)", "The text that the REPL shows for a value."},
    {"round", "round(number, ndigits=None)", "A number rounded to ndigits decimals (half to even), an int when ndigits is None."},
    {"sorted", "sorted(iterable, /, *, key=None, reverse=False)", "A new list of the items in ascending order."},
    {"sum", "sum(iterable, /, start=0)", "start plus the sum of the items, added left to right one by one."},
    {"zip", "zip(*iterables)", "Tuples of the i-th items of each iterable, as long as the shortest."},
};

// The doc of a value's type (what IPython shows as an instance's Docstring).
struct TypeDoc {
  const char* type;
  const char* doc;
};
const TypeDoc kTypeDocs[] = {
    {"Tensor",
     "A tensor: a view (sizes, strides, storage offset, dtype) onto a storage of elements.\n"
     "Views share their storage. `%storage t` draws which storage cells t covers."},
    {"Size", "torch.Size: the sizes of a tensor, a tuple of ints."},
    {"dtype", "torch.dtype: the element type of a tensor (torch.float32, torch.int64, ...)."},
    {"device", "torch.device: where a tensor's storage lives (cpu, cuda:0)."},
    {"TypedStorage", "A storage seen as elements of a dtype, as t.storage() returns it."},
    {"UntypedStorage", "A storage seen as bytes, as t.untyped_storage() returns it."},
    {"int", "An integer, exact at any size (Python's unbounded ints)."},
    {"float", "A double-precision floating point number."},
    {"complex", "A complex number with double-precision parts."},
    {"bool", "True or False (an int subclass: True == 1)."},
    {"str", "A text string."},
    {"list", "A mutable sequence."},
    {"tuple", "An immutable sequence."},
    {"dict", "A mapping from keys to values, in insertion order."},
    {"range", "An immutable sequence of integers: range(stop), range(start, stop[, step])."},
    {"slice", "slice(start, stop, step), as written a:b:c in a subscript."},
    {"NoneType", "The type of None."},
    {"function", "A function defined with def or lambda."},
    {"module", "A module: a namespace of functions and values."},
};

const TypeDoc kModuleDocs[] = {
    {"torch", "The tensor library: tensor creation, math, reductions, indexing, linear algebra and\nrandom sampling, with PyTorch's names, signatures and printing."},
    {"torch.linalg", "Linear algebra, as PyTorch's torch.linalg; dir(torch.linalg) lists what tsh has."},
    {"torch.cuda", "CUDA devices: is_available(), device_count(), the device(i) and stream(s) contexts,\nthe legacy tensor types (torch.cuda.FloatTensor, ...)."},
};

// torch.cuda in a build with the CUDA backend (kModuleDocs has the other build's).
const char* const kCudaBuildDoc =
    "CUDA devices, as PyTorch's torch.cuda: is_available(), device_count(), current_device(), set_device(),\n"
    "get_device_properties(), synchronize(), the device(i) and stream(s) contexts, Stream and Event,\n"
    "the memory figures (memory_allocated(), memory_stats(), ...), the seeds, and the legacy tensor types.";

template <class T, size_t N>
const T* find_doc(const T (&table)[N], const std::string& key) {
  for (const T& d : table)
    if (key == d.type) return &d;
  return nullptr;
}

// The registry overloads behind a builtin, when it is a torch op: torch.X
// (bound as "<built-in method X of type object>") or torch.linalg.X.
const std::vector<const OpEntry*>* op_overloads(const BuiltinObj& b) {
  const bool torch_op = b.qualname.rfind("<built-in method", 0) == 0 || b.name.rfind("linalg_", 0) == 0;
  return torch_op ? registry().functions(b.name) : nullptr;
}

// An op's schema as its Python spelling: "torch.linalg.solve(...)", "Tensor.view(...)".
std::string op_signature(const OpEntry& e, bool method) {
  std::string text = e.sig.text;
  if (method) return "Tensor." + text;
  if (text.rfind("linalg_", 0) == 0) return "torch.linalg." + text.substr(7);
  return "torch." + text;
}

// The listed overloads of an op: their signatures, and their docs (each
// different doc once, in overload order).
void describe_op(const std::vector<const OpEntry*>& ops, bool method, ObjectInfo& info) {
  std::vector<std::string> docs;
  for (const OpEntry* e : ops) {
    if (e->sig.hidden) continue;
    info.signatures.push_back(op_signature(*e, method));
    if (!e->doc.empty() && std::find(docs.begin(), docs.end(), e->doc) == docs.end()) docs.push_back(e->doc);
  }
  for (const std::string& d : docs) info.doc += (info.doc.empty() ? "" : "\n") + d;
}

// As inspect.signature prints it: f(a, /, b=1, *args, c, d=2, **kw).
std::string function_signature(const FunctionObj& f) {
  std::vector<std::string> parts;
  const size_t first_default = f.argcount - f.defaults.size();
  for (size_t i = 0; i < f.argcount; ++i) {
    parts.push_back(f.params[i] + (i >= first_default ? "=" + repr(f.defaults[i - first_default]) : ""));
    if (i + 1 == f.posonly) parts.push_back("/");
  }
  if (!f.varargs.empty())
    parts.push_back("*" + f.varargs);
  else if (f.params.size() > f.argcount)
    parts.push_back("*");
  for (size_t i = f.argcount; i < f.params.size(); ++i) {
    const auto& d = f.kwdefaults[i - f.argcount];
    parts.push_back(f.params[i] + (d ? "=" + repr(*d) : ""));
  }
  if (!f.varkw.empty()) parts.push_back("**" + f.varkw);
  std::string out = f.name + "(";
  for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
  return out + ")";
}

// A def's docstring: a string literal as the first statement of its body.
std::string function_doc(const FunctionObj& f) {
  if (!f.body || f.body->empty()) return "";
  const grammar::Stmt& first = *f.body->front();
  if (first.kind != grammar::StmtKind::Expr || first.value->kind != grammar::ExprKind::Str) return "";
  return first.value->text;
}

namespace {

// inspect.cleandoc: the first line as is, the rest without their common indentation.
std::vector<std::string> doc_lines(const std::string& doc) {
  std::vector<std::string> lines;
  size_t start = 0;
  for (size_t nl; (nl = doc.find('\n', start)) != std::string::npos; start = nl + 1) lines.push_back(doc.substr(start, nl - start));
  lines.push_back(doc.substr(start));
  size_t indent = std::string::npos;
  for (size_t i = 1; i < lines.size(); ++i)
    if (lines[i].find_first_not_of(' ') != std::string::npos) indent = std::min(indent, lines[i].find_first_not_of(' '));
  for (size_t i = 1; i < lines.size(); ++i) lines[i] = lines[i].size() > indent ? lines[i].substr(indent) : "";
  lines[0].erase(0, lines[0].find_first_not_of(' '));
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

// How a class written in Python is called: Linear(in_features, out_features, bias=True, ...), its
// __init__'s parameters without self; empty when it has no __init__ of Python's.
std::string constructor_signature(const Value& cls) {
  const Value* init = class_lookup(cls, "__init__");
  if (!init || !init->is(Kind::Function)) return "";
  const std::string sig = function_signature(*init->as<FunctionObj>());
  std::string params = sig.substr(sig.find('(') + 1);  // "self, a, b=1)"
  if (params.rfind("self, ", 0) == 0) params.erase(0, 6);
  else if (params.rfind("self)", 0) == 0) params.erase(0, 4);
  return static_cast<const ClassObj*>(cls.as<TypeObj>())->qualname + "(" + params;
}

std::string class_doc(const ClassObj& c) {
  auto it = c.attrs.find("__doc__");
  return it != c.attrs.end() && it->second.is(Kind::Str) ? it->second.as_str() : "";
}

std::string class_path(const ClassObj& c) {
  return c.module == "builtins" || c.module.empty() ? c.qualname : c.module + "." + c.qualname;
}

// One class's own functions, as pydoc lists them: sorted, with their docstrings indented; those
// in `shown` (defined by a subclass already listed) are left out, and the rest added to it.
std::string methods_of(const ClassObj& c, std::set<std::string>& shown) {
  std::string out;
  for (const auto& [name, value] : c.attrs) {
    if (!value.is(Kind::Function) || !shown.insert(name).second) continue;
    const FunctionObj& f = *value.as<FunctionObj>();
    out += " |  " + function_signature(f) + "\n";
    const std::string doc = function_doc(f);
    if (!doc.empty())
      for (const std::string& l : doc_lines(doc)) out += " |      " + l + "\n";
    out += " |  \n";
  }
  return out;
}

// help(cls) for a class written in Python (a user's, or torch.nn's): pydoc's layout, with its
// docstring, its own methods, then what it inherits class by class.
std::string class_help(const Value& cls) {
  const auto& c = *static_cast<const ClassObj*>(cls.as<TypeObj>());
  std::string bases;
  for (const Value& b : c.bases) {
    const auto* bc = dynamic_cast<const ClassObj*>(b.as<TypeObj>());
    std::string name = bc ? (bc->module == c.module ? bc->qualname : class_path(*bc)) : b.as<TypeObj>()->name;
    if (name == "object") name = "builtins.object";
    bases += (bases.empty() ? "" : ", ") + name;
  }
  std::string out = "Help on class " + c.qualname + " in module " + c.module + ":\n\nclass " + c.qualname + "(" +
                    (bases.empty() ? "builtins.object" : bases) + ")\n";
  if (const std::string sig = constructor_signature(cls); !sig.empty()) out += " |  " + sig + "\n |  \n";
  const std::string doc = class_doc(c);
  if (!doc.empty()) {
    for (const std::string& l : doc_lines(doc)) out += " |  " + l + "\n";
    out += " |  \n";
  }
  std::set<std::string> shown;
  std::string own = methods_of(c, shown);
  if (!own.empty()) out += " |  Methods defined here:\n |  \n" + own;
  for (size_t i = 1; i < c.mro.size(); ++i) {
    const auto* base = dynamic_cast<const ClassObj*>(c.mro[i].as<TypeObj>());
    if (!base) continue;
    std::string inherited = methods_of(*base, shown);
    const std::string name = base->module == c.module ? base->qualname : class_path(*base);
    if (!inherited.empty()) out += " |  " + std::string(70, '-') + "\n |  Methods inherited from " + name + ":\n |  \n" + inherited;
  }
  return out;
}

}  // namespace

// IPython's pinfo layout: "Head:" padded to the longest head, then the body
// on the same line, or on the next lines when it has several.
std::string info_fields(const std::vector<std::pair<std::string, std::string>>& fields) {
  size_t width = 0;
  for (const auto& f : fields) width = std::max(width, f.first.size());
  std::string out;
  for (const auto& [head, body] : fields) {
    std::string b = body;
    while (!b.empty() && b.front() == '\n') b.erase(0, 1);
    while (!b.empty() && b.back() == '\n') b.pop_back();
    out += head + ":" + std::string(width - head.size(), ' ') + (b.find('\n') != std::string::npos ? "\n" : " ") +
           b + "\n";
  }
  return out;
}

// IPython cuts a long "String form" in `x?` (not in `x??`): 97 characters,
// " <...> ", the last 97, each line stripped and indented under the head.
std::string string_form(const std::string& s, int detail) {
  const size_t max = 200, half = 97;
  if (detail > 1 || text_width(s) <= max) return s;
  std::vector<size_t> starts;  // byte offset of each code point
  for (size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
  std::string cut = s.substr(0, starts[half]) + " <...> " + s.substr(starts[starts.size() - half]);
  std::string out;
  size_t pos = 0;
  while (pos <= cut.size()) {
    size_t nl = cut.find('\n', pos);
    if (nl == std::string::npos) nl = cut.size();
    std::string line = cut.substr(pos, nl - pos);
    const size_t b = line.find_first_not_of(" \t"), e = line.find_last_not_of(" \t");
    line = b == std::string::npos ? "" : line.substr(b, e - b + 1);
    out += (pos ? "\n" + std::string(11, ' ') : "") + line;
    pos = nl + 1;
  }
  return out;
}

}  // namespace

ObjectInfo describe(Interpreter& in, const Value& v) {
  ObjectInfo info;
  info.type = short_type_name(v);
  switch (v.kind()) {
    case Kind::Builtin: {
      const auto& b = *v.as<BuiltinObj>();
      info.callable = true;
      if (const auto* ops = op_overloads(b)) {
        describe_op(*ops, false, info);
      } else {
        for (const BuiltinDoc& d : kBuiltinDocs)
          if (b.name == d.name && b.qualname == "<built-in function " + b.name + ">") {
            info.signatures.push_back(d.signature);
            info.doc = d.doc;
          }
      }
      return info;
    }
    case Kind::Method: {
      const auto& m = *v.as<MethodObj>();
      info.callable = true;
      if (m.self.is(Kind::Tensor)) {
        if (const auto* ops = registry().methods(m.name)) {
          describe_op(*ops, true, info);
        }
      } else if (m.func.is(Kind::Function)) {
        info.signatures.push_back(function_signature(*m.func.as<FunctionObj>()));
        info.doc = function_doc(*m.func.as<FunctionObj>());
      }
      return info;
    }
    case Kind::Function: {
      const auto& f = *v.as<FunctionObj>();
      info.callable = true;
      info.signatures.push_back(function_signature(f));
      info.doc = function_doc(f);
      return info;
    }
    case Kind::Type: {
      info.callable = true;
      if (const TypeDoc* d = find_doc(kTypeDocs, v.as<TypeObj>()->name)) info.doc = d->doc;
      if (const auto* c = dynamic_cast<const ClassObj*>(v.as<TypeObj>())) {  // a class written in Python
        info.doc.clear();
        for (const std::string& l : doc_lines(class_doc(*c))) info.doc += (info.doc.empty() ? "" : "\n") + l;
        if (const std::string sig = constructor_signature(v); !sig.empty()) info.signatures.push_back(sig);
      }
      return info;
    }
    case Kind::Module: {
      info.string_form = repr(v);
      if (const TypeDoc* d = find_doc(kModuleDocs, v.as<ModuleObj>()->name)) info.doc = d->doc;
      if (v.as<ModuleObj>()->name == "torch.cuda" && accelerator()) info.doc = kCudaBuildDoc;
      if (const StdModule* sm = find_std_module(v.as<ModuleObj>()->name)) info.doc = sm->doc;
      return info;
    }
    default: break;
  }
  info.string_form = str(v);
  if (const TypeDoc* d = find_doc(kTypeDocs, info.type)) info.doc = d->doc;
  if (auto n = builtin_len(in, v)) info.length = std::to_string(*n);
  return info;
}

std::string pinfo_text(const ObjectInfo& info, int detail) {
  std::vector<std::pair<std::string, std::string>> fields;
  auto joined = [](const std::vector<std::string>& lines) {
    std::string out;
    for (const std::string& l : lines) out += (out.empty() ? "" : "\n") + l;
    return out;
  };
  const std::string doc = info.doc.empty() ? "<no docstring>" : info.doc;
  if (info.callable) {
    if (!info.signatures.empty()) fields.emplace_back("Signature", joined(info.signatures));
    fields.emplace_back("Docstring", doc);
    fields.emplace_back("Type", info.type);
  } else {
    fields.emplace_back("Type", info.type);
    fields.emplace_back("String form", string_form(info.string_form, detail));
    if (info.length) fields.emplace_back("Length", *info.length);
    fields.emplace_back("Docstring", doc);
  }
  return info_fields(fields);
}

void run_help_request(const MagicCall& call) {
  const grammar::Stmt& s = call.stmt;
  if (s.text.empty()) {
    call.print(
        "tsh: a tensor shell that speaks PyTorch.\n"
        "  x? or ?x     describe x (x?? the same, with long values in full)\n"
        "  help(x)      signatures and docs of a function or method\n"
        "  %magic       the magics (%timeit, %whos, %storage, ...); %lsmagic lists them\n");
    return;
  }
  Value v;
  bool found = s.value != nullptr;
  if (found) {
    try {
      v = call.in.eval(*s.value);
    } catch (const tsh::Error&) {
      found = false;
    }
  }
  if (!found) {
    call.print("Object `" + s.text + "` not found.\n");
    return;
  }
  call.print(pinfo_text(describe(call.in, v), s.level));
}

std::string help_text(Interpreter& in, const Value& v) {
  if (v.is(Kind::Type) && is_user_class(v)) return class_help(v);
  if (const Value cls = instance_class(v); cls.is(Kind::Type) && is_user_class(cls)) return class_help(cls);
  const ObjectInfo info = describe(in, v);
  auto sigs_and_doc = [&] {
    std::string out;
    for (const std::string& s : info.signatures) out += s + "\n";
    if (info.doc.empty()) return out;
    out += "\n    ";
    for (char c : info.doc) out += c == '\n' ? std::string("\n    ") : std::string(1, c);
    return out + "\n";
  };
  if (v.is(Kind::Builtin)) {
    const auto& b = *v.as<BuiltinObj>();
    if (op_overloads(b)) return "Help on built-in function " + b.name + " in module torch:\n\n" + sigs_and_doc();
    if (info.signatures.empty()) return "Help on built-in function " + b.name + ":\n\n" + b.name + "(...)\n";
    return "Help on built-in function " + b.name + " in module builtins:\n\n" + sigs_and_doc();
  }
  if (v.is(Kind::Method) && !info.signatures.empty())
    return "Help on built-in method " + v.as<MethodObj>()->name + ":\n\n" + sigs_and_doc();
  if (v.is(Kind::Function)) return "Help on function " + v.as<FunctionObj>()->name + ":\n\n" + sigs_and_doc();
  if (v.is(Kind::Module)) {
    std::string out = "Help on module " + v.as<ModuleObj>()->name + ":\n\n";
    if (!info.doc.empty()) {
      out += "DESCRIPTION\n    ";
      for (char c : info.doc) out += c == '\n' ? std::string("\n    ") : std::string(1, c);
      out += "\n\n";
    }
    // What this module holds and can be called, no more: help(torch.cuda) lists torch.cuda's.
    std::vector<std::string> names = attribute_names(in, v);
    std::sort(names.begin(), names.end());
    names.erase(std::unique(names.begin(), names.end()), names.end());
    out += "FUNCTIONS\n";
    for (const std::string& n : names) {
      Value a;
      try {
        a = in.get_attr(v, n);
      } catch (const tsh::Error&) {
        continue;
      }
      if (a.is(Kind::Builtin) || a.is(Kind::Function)) out += "    " + n + "\n";
    }
    return out;
  }
  std::string out = "Help on " + type_name(v) + " object:\n\n" + repr(v) + "\n";
  if (!info.doc.empty()) out += "\n" + info.doc + "\n";
  return out;
}

std::vector<std::string> attribute_names(Interpreter& in, const Value& v) {
  std::vector<std::string> out;
  if (v.is(Kind::Module)) load_module(in, v);
  switch (v.kind()) {
    case Kind::Tensor:
      out = registry().method_names();
      for (auto& p : tensor_property_names()) out.push_back(p);
      break;
    case Kind::Module:
      for (auto& [n, _] : v.as<ModuleObj>()->attrs) out.push_back(n);
      if (v.as<ModuleObj>()->name == "torch")
        for (auto& n : registry().function_names()) out.push_back(n);
      break;
    case Kind::Str: out = str_method_names(); break;
    case Kind::List:
    case Kind::Tuple:
    case Kind::Size: out = list_method_names(v); break;
    case Kind::Dict: out = dict_attr_names(); break;
    case Kind::Set:
    case Kind::FrozenSet: out = set_method_names(v.is(Kind::FrozenSet)); break;
    case Kind::Instance: out = v.as<InstanceObj>()->attr_names(); break;
    case Kind::DType: out = {"is_complex", "is_floating_point", "is_signed", "itemsize"}; break;
    case Kind::Device: out = {"index", "type"}; break;
    case Kind::Storage:
      out = {"cpu", "data_ptr", "device", "dtype", "element_size", "fill_", "is_cuda", "is_shared", "nbytes", "size",
             "tolist", "type", "untyped"};
      break;
    case Kind::NamedTuple: out = v.as<NamedTupleObj>()->fields; break;
    default: break;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace tsh::shell
