// tests/unit/shell/test_storage_svg.cpp — %storage's picture for slides, rendered
// by a real renderer (librsvg's rsvg-convert, through --png): the PNG has the
// SVG's size, and it is a drawing, not a blank page.
#include <zlib.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <unistd.h>

#include "tests/unit/shell/session_run.h"

namespace {

std::string transcript(const std::vector<std::string>& lines) {
  return tsh::shell::testing::session_output(lines, false);
}

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

uint32_t be32(const std::string& s, size_t at) {
  return (uint32_t(uint8_t(s[at])) << 24) | (uint32_t(uint8_t(s[at + 1])) << 16) | (uint32_t(uint8_t(s[at + 2])) << 8) |
         uint32_t(uint8_t(s[at + 3]));
}

// A decoded 8-bit RGB or RGBA PNG (not interlaced), as rsvg-convert writes it.
struct Image {
  uint32_t width = 0, height = 0, channels = 0;
  std::vector<uint8_t> pixels;  // rows of width * channels bytes
};

Image decode_png(const std::string& png) {
  Image img;
  REQUIRE(png.size() > 33);
  REQUIRE(png.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  std::string idat;
  for (size_t at = 8; at + 8 <= png.size();) {
    const uint32_t len = be32(png, at);
    const std::string type = png.substr(at + 4, 4);
    if (type == "IHDR") {
      img.width = be32(png, at + 8), img.height = be32(png, at + 12);
      REQUIRE(uint8_t(png[at + 16]) == 8);   // bit depth
      REQUIRE(uint8_t(png[at + 20]) == 0);   // interlace: none
      const uint8_t colour = uint8_t(png[at + 17]);
      REQUIRE((colour == 2 || colour == 6));
      img.channels = colour == 6 ? 4 : 3;
    } else if (type == "IDAT") {
      idat += png.substr(at + 8, len);
    }
    at += 12 + len;
  }
  const size_t stride = size_t(img.width) * img.channels;
  std::vector<uint8_t> raw((stride + 1) * img.height);
  uLongf raw_len = raw.size();
  REQUIRE(uncompress(raw.data(), &raw_len, reinterpret_cast<const Bytef*>(idat.data()), idat.size()) == Z_OK);
  REQUIRE(raw_len == raw.size());
  // Undo each row's filter (None, Sub, Up, Average, Paeth).
  img.pixels.assign(stride * img.height, 0);
  const size_t bpp = img.channels;
  for (size_t y = 0; y < img.height; ++y) {
    const uint8_t filter = raw[y * (stride + 1)];
    const uint8_t* in = &raw[y * (stride + 1) + 1];
    uint8_t* out = &img.pixels[y * stride];
    const uint8_t* up = y ? &img.pixels[(y - 1) * stride] : nullptr;
    for (size_t x = 0; x < stride; ++x) {
      const int a = x >= bpp ? out[x - bpp] : 0, b = up ? up[x] : 0, c = up && x >= bpp ? up[x - bpp] : 0;
      int pred = 0;
      switch (filter) {
        case 0: pred = 0; break;
        case 1: pred = a; break;
        case 2: pred = b; break;
        case 3: pred = (a + b) / 2; break;
        case 4: {
          const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
          pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
        default: FAIL("PNG filter " << int(filter));
      }
      out[x] = uint8_t(in[x] + pred);
    }
  }
  return img;
}

}  // namespace

TEST_CASE("%storage --png renders through rsvg-convert: the SVG's size, and a drawing", "[magics][storage][svg]") {
  if (std::system("command -v rsvg-convert >/dev/null 2>&1") != 0) {
    WARN("rsvg-convert (Debian's librsvg2-bin, installed by scripts/setup) is missing: not rendered");
    return;
  }
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("tsh-svg-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const std::string svg = (dir / "t.svg").string(), png = (dir / "t.png").string();
  const std::string out = transcript({"t = torch.arange(12.).view(3, 4)", "%storage t t[:, 1] --svg " + svg + " --png " + png});
  CHECK(out.find("(drawn as SVG in " + svg + ")\n(drawn as PNG in " + png + ")\n") != std::string::npos);

  const std::string doc = read_all(svg);
  std::smatch m;
  REQUIRE(std::regex_search(doc, m, std::regex("<svg [^>]*width=\"([0-9.]+)\" height=\"([0-9.]+)\"")));
  const double w = std::stod(m[1]), h = std::stod(m[2]);
  CHECK(doc.find(">11.</text>") != std::string::npos);  // the values, as the terminal shows them
  CHECK(doc.find("t and t[:, 1] share 3 cells") != std::string::npos);

  const Image img = decode_png(read_all(png));
  CHECK(std::abs(double(img.width) - w) <= 1.0);
  CHECK(std::abs(double(img.height) - h) <= 1.0);
  // Not blank: dark pixels of text and borders, and the tints of the cells the views read.
  size_t dark = 0;
  std::set<uint32_t> colours;
  for (size_t i = 0; i + img.channels <= img.pixels.size(); i += img.channels) {
    const uint8_t r = img.pixels[i], g = img.pixels[i + 1], b = img.pixels[i + 2];
    if (r < 96 && g < 96 && b < 96) ++dark;
    colours.insert(uint32_t(r) << 16 | uint32_t(g) << 8 | b);
  }
  CHECK(dark > 2000);
  CHECK(colours.count(0xd8eef7) == 1);  // a cell the first view reads
  CHECK(colours.size() > 8);
  std::filesystem::remove_all(dir);
}

TEST_CASE("%storage --png without rsvg-convert, and files that cannot be written", "[magics][storage][svg]") {
  const std::string out = transcript({"%storage torch.ones(2) --svg /nonexistent-dir/x.svg"});
  CHECK(out == "FileNotFoundError: [Errno 2] No such file or directory: '/nonexistent-dir/x.svg'\n");
  const char* path = std::getenv("PATH");
  const std::string saved = path ? path : "";
  setenv("PATH", "/nonexistent-dir", 1);
  const std::string no_renderer = transcript({"%storage torch.ones(2) --png /tmp/tsh-never.png"});
  setenv("PATH", saved.c_str(), 1);
  CHECK(no_renderer.rfind("UsageError: %storage --png needs rsvg-convert (Debian's librsvg2-bin)", 0) == 0);
}
