// shell/magics/storage_picture.h — the picture %storage draws: one storage as
// bands of cells, the views over it marked under the cells they read, the
// element grid of each view, and notes in words. Laid out once for a width,
// then rendered as text (a terminal, with or without colour) or as SVG.
//
//   t.t(): size (3, 2), stride (1, 3), offset 0, not contiguous
//   storage: 6 cells of float32 (24 bytes) on cpu, 6 of them in the view
//   element [i, j] is storage[0 + 1*i + 3*j]
//
//      0     1     2     3     4     5
//   ┌─────┬─────┬─────┬─────┬─────┬─────┐
//   │  0. │  1. │  2. │  3. │  4. │  5. │
//   └─────┴─────┴─────┴─────┴─────┴─────┘
//      ▲     ▲     ▲     ▲     ▲     ▲
//     0,0   1,0   2,0   0,1   1,1   2,1
//
//   storage index of each element:
//     [[0, 3],
//      [1, 4],
//      [2, 5]]
//   t.t() is not contiguous: stepping dim 0 moves 1 cell, where a contiguous (3, 2) tensor moves 2
//
// Above each cell its storage index, inside its value (as the tensor prints
// it), below a mark when a view reads it and the view's index there — or ×n
// when n elements read that one cell (stride 0, overlapping as_strided).
// Several views get marks of their own (▲ △ ◆ ◇ ● ○), a pair of rows each.
//
// What fits: a storage is drawn whole when that takes at most two bands (or no
// more than its read cells need); else the cells the views read come first —
// all of them when a view reads at most 64 cells, its first and last 8
// otherwise — then the storage's two ends and the cells around those, as many
// as the same number of bands holds. `…` marks cells left out. Every line of
// the picture fits the width (a single cell wider than it is the exception).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/core/storage.h"
#include "engine/core/tensor.h"

namespace tsh::shell {

// One view over the storage: geometry in cells of the storage's dtype.
struct StorageView {
  std::string label;  // as the user wrote it
  Shape sizes, strides;
  int64_t offset = 0;
  std::string remark;  // a note of the caller's about this view ("" for none)
};

struct StoragePicture {
  struct Mark {
    int64_t count = 0;           // elements reading the cell
    std::vector<int64_t> index;  // the first element's index
  };
  struct ViewMarks {
    std::string glyph;  // ▲ △ ...
    bool index_labels = false;  // the index under a cell read once (else only ×n)
    std::map<int64_t, Mark> at;  // for the cells drawn
  };
  struct Band {
    std::vector<int64_t> cells;  // in storage order
    bool gap_before = false, gap_after = false;  // … before the first cell / after the last
  };
  std::vector<std::string> header;  // lines above the cells
  size_t cell_width = 1;            // characters inside every box
  std::vector<Band> bands;
  std::map<int64_t, std::string> values;  // the text of each cell drawn
  std::vector<ViewMarks> views;
  std::vector<std::string> after;  // lines under the cells: element grids, notes
  std::vector<size_t> after_view;  // for each line of `after`, the view it is about (SIZE_MAX: none)
};

// The picture of `views` (possibly none: the storage alone, called `label`)
// over one storage read as `dtype`, for a terminal `width` columns wide.
StoragePicture layout_storage(const Storage& storage, DType dtype, const std::vector<StorageView>& views,
                              const std::string& label, size_t width);

// As text; colour (ANSI escapes) when `colour`.
std::string render_text(const StoragePicture& p, bool colour);
// As one SVG document with the same content, pictures one under another
// (shell/magics/storage_svg.cpp).
std::string render_svg(const std::vector<StoragePicture>& pictures);

// Where each cell of a band sits in its text line: the column of the box's
// left border, and of each gap mark. Shared by both renderers.
struct BandColumns {
  std::vector<size_t> box;  // per cell: the column of its left border
  std::vector<size_t> gaps;  // the columns where a … is centred
  size_t width = 0;          // the band's width in columns
};
BandColumns band_columns(const StoragePicture::Band& band, size_t cell_width);

}  // namespace tsh::shell
