// shell/python/file.cpp — text files (see file.h).
#include "shell/python/file.h"

#include <cerrno>
#include <cstdio>

#include "shell/interp.h"
#include "shell/python/call_args.h"
#include "shell/python/errors.h"
#include "shell/python/format_spec.h"
#include "shell/python/modules.h"
#include "shell/python/unicode.h"

namespace tsh::shell {

namespace {

[[noreturn]] void unsupported(const std::string& what) { throw PyError("io.UnsupportedOperation", what); }

struct FileObj : InstanceObj {
  std::FILE* fp = nullptr;
  std::string name, mode;
  bool readable = false, writable = false, appending = false;
  // newline=: nullopt is None (universal newlines); otherwise "", "\n", "\r" or "\r\n".
  std::optional<std::string> newline;
  enum class Last { None, Read, Write } last = Last::None;

  ~FileObj() override {
    if (fp) std::fclose(fp);
  }
  std::string class_name() const override { return "TextIOWrapper"; }
  std::string module_name() const override { return "_io"; }
  std::string repr_of(const Value&) const override {
    return "<_io.TextIOWrapper name=" + repr(Value::str(name)) + " mode=" + repr(Value::str(mode)) +
           " encoding='UTF-8'>";
  }
  bool is_iterator() const override { return true; }
  std::vector<std::string> attr_names() const override {
    return {"close", "closed", "encoding", "flush", "mode", "name", "read", "readable", "readline", "readlines",
            "seek", "seekable", "tell", "writable", "write", "writelines"};
  }
  Value attr(Interpreter& in, const Value& self, const std::string& name) override;
  Value iter(Interpreter&, const Value& self) override {
    check_open();
    // It holds only the file, which is not tracked: nothing for the collector to see.
    return iterator_value("_io.TextIOWrapper", [self](Interpreter&, Value& out) {
      auto* f = self.as<FileObj>();
      std::string line = f->read_line(-1);
      if (line.empty()) return false;
      out = Value::str(line);
      return true;
    });
  }

  void check_open() const {
    if (!fp) throw ValueError("I/O operation on closed file.");
  }
  // C streams need a seek between reading and writing.
  void switch_to(Last op) {
    if (last != Last::None && last != op) std::fseek(fp, 0, SEEK_CUR);
    last = op;
  }
  int64_t read_start = 0;  // the byte where the current read began (for decoding errors)
  [[noreturn]] void decode_error(int byte, long at, const char* why) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", byte);
    throw PyError("UnicodeDecodeError", std::string("'utf-8' codec can't decode byte ") + hex + " in position " +
                                            std::to_string(at - read_start) + ": " + why);
  }
  // One character (a UTF-8 sequence) with newline translation; empty at the end.
  std::string next_char() {
    const long at = std::ftell(fp);
    int c = std::fgetc(fp);
    if (c == EOF) return "";
    if (c == '\r' && !newline) {  // universal newlines: \r\n and \r read as \n
      const int d = std::fgetc(fp);
      if (d != '\n' && d != EOF) std::ungetc(d, fp);
      return "\n";
    }
    std::string out(1, static_cast<char>(c));
    const auto lead = static_cast<unsigned char>(c);
    if ((lead >= 0x80 && lead < 0xC2) || lead > 0xF4) decode_error(lead, at, "invalid start byte");
    const int more = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
    for (int k = 0; k < more; ++k) {
      const int d = std::fgetc(fp);
      if (d == EOF) decode_error(lead, at, "unexpected end of data");
      if ((d & 0xC0) != 0x80) decode_error(lead, at, "invalid continuation byte");
      out += static_cast<char>(d);
    }
    return out;
  }
  std::string read_chars(int64_t n) {
    check_open();
    if (!readable) unsupported("not readable");
    switch_to(Last::Read);
    read_start = std::ftell(fp);
    std::string out;
    for (int64_t k = 0; n < 0 || k < n; ++k) {
      if ((k & 0xFFFF) == 0) check_interrupt();
      const std::string c = next_char();
      if (c.empty()) break;
      out += c;
    }
    return out;
  }
  // A line, its terminator included (as newline= defines lines); at most `limit` characters.
  std::string read_line(int64_t limit) {
    check_open();
    if (!readable) unsupported("not readable");
    switch_to(Last::Read);
    read_start = std::ftell(fp);
    std::string out;
    for (int64_t k = 0; limit < 0 || k < limit; ++k) {
      const std::string c = next_char();
      if (c.empty()) break;
      out += c;
      if (!newline || newline->empty() || *newline == "\n") {
        if (c == "\n") break;
        if (newline && newline->empty() && c == "\r") {  // newline='': \r or \r\n ends a line, untranslated
          const int d = std::fgetc(fp);
          if (d == '\n') out += '\n';
          else if (d != EOF) std::ungetc(d, fp);
          break;
        }
      } else if (out.size() >= newline->size() && out.compare(out.size() - newline->size(), newline->size(), *newline) == 0) {
        break;
      }
    }
    return out;
  }
  int64_t write(const std::string& s) {
    check_open();
    if (!writable) unsupported("not writable");
    check_encodable(s);
    switch_to(Last::Write);
    std::string text = s;
    if (newline && (*newline == "\r" || *newline == "\r\n")) {
      text.clear();
      for (char c : s) text += c == '\n' ? *newline : std::string(1, c);
    }
    // A failed write names no file, as Python's: OSError: [Errno 28] No space left on device.
    if (std::fwrite(text.data(), 1, text.size(), fp) != text.size()) os_error(errno);
    return static_cast<int64_t>(utf8_length(s));
  }
  void flush() {
    check_open();
    if (std::fflush(fp) != 0) os_error(errno);
  }
  // Closed even when the last bytes cannot be written, as Python's close(): the error follows.
  void close() {
    if (!fp) return;
    const int failed = std::fclose(fp);
    fp = nullptr;
    if (failed != 0) os_error(errno);
  }
};

Value method(const Value& self, const std::string& name, std::function<Value(FileObj&, Args&, Kwargs&)> fn) {
  return make_builtin(name, "<built-in method " + name + " of _io.TextIOWrapper object at " + hex_addr(self.obj().get()) + ">",
                      [self, fn](Interpreter&, Args& a, Kwargs& kw) { return fn(*self.as<FileObj>(), a, kw); });
}

int64_t size_arg(const Value& v) {
  if (v.is_none()) return -1;
  if (!v.is_intlike()) throw TypeError("argument should be integer or None, not '" + type_name(v) + "'");
  return v.as_int() < 0 ? -1 : static_cast<int64_t>(std::min<Int>(v.as_int(), INT64_MAX));
}

Value FileObj::attr(Interpreter& in, const Value& self, const std::string& attr_name) {
  if (attr_name == "name") return Value::str(name);
  if (attr_name == "mode") return Value::str(mode);
  if (attr_name == "closed") return Value::boolean(fp == nullptr);
  if (attr_name == "encoding") return Value::str("UTF-8");
  if (attr_name == "__enter__")
    return method(self, attr_name, [self](FileObj& f, Args&, Kwargs&) {
      f.check_open();
      return self;
    });
  if (attr_name == "__exit__")
    return method(self, attr_name, [](FileObj& f, Args&, Kwargs&) {
      f.close();
      return Value();
    });
  if (attr_name == "read")
    return method(self, attr_name, [](FileObj& f, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("read", a, kw, {"size"}, 0);
      return Value::str(f.read_chars(size_arg(v[0])));
    });
  if (attr_name == "readline")
    return method(self, attr_name, [](FileObj& f, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("readline", a, kw, {"size"}, 0);
      return Value::str(f.read_line(size_arg(v[0])));
    });
  if (attr_name == "readlines")
    return method(self, attr_name, [](FileObj& f, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("readlines", a, kw, {"hint"}, 0);
      const int64_t hint = size_arg(v[0]);
      std::vector<Value> lines;
      int64_t total = 0;
      for (std::string line = f.read_line(-1); !line.empty(); line = f.read_line(-1)) {
        check_interrupt();
        total += static_cast<int64_t>(utf8_length(line));
        lines.push_back(Value::str(line));
        if (hint > 0 && total >= hint) break;
      }
      return Value::list(std::move(lines));
    });
  if (attr_name == "write")
    return method(self, attr_name, [](FileObj& f, Args& a, Kwargs& kw) {
      if (!kw.empty()) throw TypeError("TextIOWrapper.write() takes no keyword arguments");
      if (a.size() != 1)
        throw TypeError("TextIOWrapper.write() takes exactly one argument (" + std::to_string(a.size()) + " given)");
      if (!a[0].is(Kind::Str)) throw TypeError("write() argument must be str, not " + type_name(a[0]));
      return Value::integer(f.write(a[0].as_str()));
    });
  if (attr_name == "writelines")
    return make_builtin(attr_name, "<built-in method writelines>", [self](Interpreter& in2, Args& a, Kwargs& kw) {
      if (!kw.empty()) throw TypeError("TextIOWrapper.writelines() takes no keyword arguments");
      if (a.size() != 1)
        throw TypeError("TextIOWrapper.writelines() takes exactly one argument (" + std::to_string(a.size()) + " given)");
      auto& f = *self.as<FileObj>();
      f.check_open();
      for (const Value& line : in2.iterate(a[0])) {
        if (!line.is(Kind::Str)) throw TypeError("write() argument must be str, not " + type_name(line));
        f.write(line.as_str());
      }
      return Value();
    });
  if (attr_name == "close")
    return method(self, attr_name, [](FileObj& f, Args&, Kwargs&) {
      f.close();
      return Value();
    });
  if (attr_name == "flush")
    return method(self, attr_name, [](FileObj& f, Args&, Kwargs&) {
      f.flush();
      return Value();
    });
  if (attr_name == "readable" || attr_name == "writable" || attr_name == "seekable")
    return method(self, attr_name, [attr_name](FileObj& f, Args&, Kwargs&) {
      f.check_open();
      return Value::boolean(attr_name == "readable" ? f.readable : attr_name == "writable" ? f.writable : true);
    });
  if (attr_name == "tell")
    return method(self, attr_name, [](FileObj& f, Args&, Kwargs&) {
      f.check_open();
      return Value::integer(std::ftell(f.fp));
    });
  if (attr_name == "seek")
    return method(self, attr_name, [](FileObj& f, Args& a, Kwargs& kw) {
      std::vector<Value> v = bind_params("seek", a, kw, {"cookie", "whence"}, 1);
      f.check_open();
      if (!v[0].is_intlike()) throw TypeError("an integer is required");
      const Int offset = v[0].as_int();
      const Int whence = v[1].is_none() ? 0 : v[1].as_int();
      if (whence == 1 && offset != 0) unsupported("can't do nonzero cur-relative seeks");
      if (whence == 2 && offset != 0) unsupported("can't do nonzero end-relative seeks");
      if (whence < 0 || whence > 2) throw ValueError("invalid whence (" + std::to_string(static_cast<long long>(whence)) + ", should be 0, 1 or 2)");
      if (whence == 0 && offset < 0) throw ValueError("negative seek position " + std::to_string(static_cast<long long>(offset)));
      std::fseek(f.fp, static_cast<long>(offset), whence == 0 ? SEEK_SET : whence == 1 ? SEEK_CUR : SEEK_END);
      f.last = Last::None;
      return Value::integer(std::ftell(f.fp));
    });
  (void)in;
  throw AttributeError("'_io.TextIOWrapper' object has no attribute '" + attr_name + "'");
}

}  // namespace

bool is_file(const Value& v) { return v.is(Kind::Instance) && dynamic_cast<FileObj*>(v.as<InstanceObj>()); }

Value open_builtin(Interpreter&, Args& a, Kwargs& kw) {
  std::vector<Value> v = bind_params("open", a, kw,
                                     {"file", "mode", "buffering", "encoding", "errors", "newline", "closefd", "opener"}, 1);
  if (!v[0].is(Kind::Str)) throw TypeError("expected str, bytes or os.PathLike object, not " + type_name(v[0]));
  const std::string path = v[0].as_str();
  std::string mode = "r";
  if (!v[1].is_none()) {
    if (!v[1].is(Kind::Str)) throw TypeError("open() argument 'mode' must be str, not " + type_name(v[1]));
    mode = v[1].as_str();
  }
  int creating = 0, reading = 0, writing = 0, appending = 0, updating = 0, text = 0, binary = 0;
  for (char c : mode) {
    int* flag = c == 'x' ? &creating : c == 'r' ? &reading : c == 'w' ? &writing : c == 'a' ? &appending
              : c == '+' ? &updating : c == 't' ? &text : c == 'b' ? &binary : nullptr;
    if (!flag || *flag) throw ValueError("invalid mode: " + repr(Value::str(mode)));
    *flag = 1;
  }
  if (text && binary) throw ValueError("can't have text and binary mode at once");
  if (creating + reading + writing + appending != 1)
    throw ValueError("must have exactly one of create/read/write/append mode");
  if (binary)
    throw PyError("NotImplementedError", "open(..., " + repr(Value::str(mode)) +
                                             "): binary files are not supported by tsh yet");
  if (!v[3].is_none()) {
    if (!v[3].is(Kind::Str)) throw TypeError("open() argument 'encoding' must be str or None, not " + type_name(v[3]));
    std::string enc;
    for (char c : v[3].as_str()) enc += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (enc != "utf-8" && enc != "utf8" && enc != "utf_8")
      throw PyError("NotImplementedError", "open(encoding=" + repr(v[3]) + "): tsh reads and writes UTF-8 only");
  }
  for (int i : {2, 4, 7})
    if (!v[static_cast<size_t>(i)].is_none() && !(i == 2 && v[2].is_intlike() && v[2].as_int() == -1))
      throw PyError("NotImplementedError", std::string("open(") + (i == 2 ? "buffering" : i == 4 ? "errors" : "opener") +
                                               "=...) is not supported by tsh");
  if (!v[6].is_none() && !truthy(v[6])) throw PyError("NotImplementedError", "open(closefd=False) is not supported by tsh");
  std::optional<std::string> newline;
  if (!v[5].is_none()) {
    if (!v[5].is(Kind::Str)) throw TypeError("open() argument 'newline' must be str or None, not " + type_name(v[5]));
    const std::string& n = v[5].as_str();
    if (n != "" && n != "\n" && n != "\r" && n != "\r\n") throw ValueError("illegal newline value: " + n);
    newline = n;
  }
  std::string cmode = creating ? "wx" : reading ? "r" : writing ? "w" : "a";
  if (updating) cmode += "+";
  errno = 0;
  std::FILE* fp = std::fopen(path.c_str(), cmode.c_str());
  if (!fp) os_error(errno, path);
  auto f = std::make_shared<FileObj>();
  f->fp = fp;
  f->name = path;
  f->mode = mode;
  f->readable = reading || updating;
  f->writable = !reading || updating;
  f->appending = appending;
  f->newline = newline;
  // Reading a directory fails at the first read in C; Python refuses at open().
  if (reading && std::fgetc(fp) == EOF && errno == EISDIR) {
    f->close();
    os_error(EISDIR, path);
  } else if (reading) {
    std::rewind(fp);
  }
  return Value::object(Kind::Instance, f);
}

}  // namespace tsh::shell
