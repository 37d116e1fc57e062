// shell/magics/storage_svg.cpp — %storage's picture as SVG, for slides: the
// same lines, cells and marks as the text, on the same grid of columns (one
// column is 0.6 of the font size wide, the advance of a monospace font), with
// the boxes drawn as rectangles and the cells a view reads tinted in its
// colour.
#include <cstdio>

#include "shell/magics/storage_picture.h"
#include "shell/terminal.h"

namespace tsh::shell {

namespace {

constexpr double kFont = 16, kColumn = 9.6, kLine = 22, kMargin = 16;
const char* const kInk[] = {"#0077aa", "#aa3377", "#aa7700", "#228833", "#4455cc", "#cc3311"};
const char* const kTint[] = {"#d8eef7", "#f5dce9", "#f7ecd0", "#dcefdc", "#dfe3f7", "#f7dcd6"};

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '&') out += "&amp;";
    else if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

struct Svg {
  std::string body;
  size_t columns = 0;
  double y = kMargin;  // the top of the next line
  // Text starting at `col` on the current line; anchor "start", "middle" or "end".
  void text(double col, const std::string& s, const char* fill = "#000", const char* anchor = "start",
            const char* weight = "normal") {
    if (s.empty()) return;
    body += "<text x=\"" + num(kMargin + col * kColumn) + "\" y=\"" + num(y + kLine * 0.72) + "\" fill=\"" + fill +
            "\" text-anchor=\"" + anchor + "\" font-weight=\"" + weight + "\">" + escape(s) + "</text>\n";
  }
  void line(const std::string& s, const char* fill = "#000") {
    text(0, s, fill);
    columns = std::max(columns, text_width(s));
    y += kLine;
  }
};

void draw(Svg& svg, const StoragePicture& p) {
  const size_t nviews = p.views.size();
  for (const std::string& h : p.header) svg.line(h);
  const size_t w = p.cell_width;
  for (const StoragePicture::Band& band : p.bands) {
    svg.y += kLine;  // the blank line before a band
    const BandColumns cols = band_columns(band, w);
    svg.columns = std::max(svg.columns, cols.width);
    const double top = svg.y;
    for (size_t i = 0; i < band.cells.size(); ++i) {
      const int64_t cell = band.cells[i];
      const double x = static_cast<double>(cols.box[i]) + 0.5;
      size_t reader = SIZE_MAX;
      for (size_t k = 0; k < nviews && reader == SIZE_MAX; ++k)
        if (auto it = p.views[k].at.find(cell); it != p.views[k].at.end() && it->second.count > 0) reader = k;
      svg.y = top;
      svg.text(x + (static_cast<double>(w) + 3) / 2, std::to_string(cell), "#777", "middle");
      // The box spans the three text lines of its borders and value.
      svg.body += "<rect x=\"" + num(kMargin + x * kColumn) + "\" y=\"" + num(top + kLine * 1.5) + "\" width=\"" +
                  num((static_cast<double>(w) + 3) * kColumn) + "\" height=\"" + num(kLine * 2) + "\" fill=\"" +
                  (reader == SIZE_MAX ? "#ffffff" : kTint[reader % std::size(kTint)]) +
                  "\" stroke=\"#333\" stroke-width=\"1.5\"/>\n";
      svg.y = top + kLine * 2;
      svg.text(x + static_cast<double>(w) + 2, p.values.at(cell), reader == SIZE_MAX ? "#000" : kInk[reader % std::size(kInk)],
               "end", reader == SIZE_MAX ? "normal" : "bold");
      for (size_t k = 0; k < nviews; ++k) {
        const auto& m = p.views[k];
        auto it = m.at.find(cell);
        if (it == m.at.end() || it->second.count == 0) continue;
        std::string label;
        if (it->second.count > 1) label = "\xC3\x97" + std::to_string(it->second.count);
        else if (m.index_labels) {
          for (size_t d = 0; d < it->second.index.size(); ++d) label += (d ? "," : "") + std::to_string(it->second.index[d]);
          if (it->second.index.empty()) label = "()";
        }
        svg.y = top + kLine * (4 + 2 * static_cast<double>(k));
        svg.text(x + (static_cast<double>(w) + 3) / 2, m.glyph, kInk[k % std::size(kInk)], "middle");
        svg.y += kLine;
        svg.text(x + (static_cast<double>(w) + 3) / 2, label, kInk[k % std::size(kInk)], "middle");
      }
    }
    svg.y = top + kLine;
    for (size_t g : cols.gaps) {
      svg.y = top + kLine * 2;
      svg.text(static_cast<double>(g) + 0.5, "\xE2\x80\xA6", "#777", "middle");
    }
    svg.y = top + kLine * (4 + 2 * static_cast<double>(nviews));
  }
  if (!p.after.empty()) svg.y += kLine;
  for (size_t i = 0; i < p.after.size(); ++i) {
    const size_t k = p.after_view[i];
    svg.line(p.after[i], k != SIZE_MAX && nviews > 1 ? kInk[k % std::size(kInk)] : "#000");
  }
}

}  // namespace

std::string render_svg(const std::vector<StoragePicture>& pictures) {
  Svg svg;
  for (size_t i = 0; i < pictures.size(); ++i) {
    if (i) svg.y += kLine;
    draw(svg, pictures[i]);
  }
  const double width = 2 * kMargin + static_cast<double>(svg.columns) * kColumn;
  const double height = svg.y + kMargin;
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width) + "\" height=\"" + num(height) +
         "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\">\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" +
         "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" font-size=\"" + num(kFont) +
         "\" xml:space=\"preserve\">\n" + svg.body + "</g>\n</svg>\n";
}

}  // namespace tsh::shell
