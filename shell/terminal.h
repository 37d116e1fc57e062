// shell/terminal.h — what the shell asks of the terminal it writes to: its
// width, whether colour is wanted, and text folded to fit.
#pragma once

#include <string>
#include <vector>

namespace tsh::shell {

// The terminal's width as shutil.get_terminal_size() reads it: $COLUMNS, else
// the width of the terminal on stdout (when `query` allows asking it), else 80.
int terminal_columns(bool query = true);

// Whether output to a terminal may be coloured: not when NO_COLOR is set
// (https://no-color.org) or TERM is "dumb".
bool colour_allowed();

// Joins `items` into lines of at most `width` columns: items are separated by
// `separator` within a line; a line that ends before the next item ends with
// the separator stripped of trailing spaces (", " → ","). Each line starts
// with `prefix` (the first) or `continuation` (the others). An item too long
// for a line gets a line of its own.
std::vector<std::string> fold_items(const std::vector<std::string>& items, size_t width,
                                    const std::string& separator, const std::string& prefix,
                                    const std::string& continuation);

// Words of `text` folded to `width` columns, continuation lines indented by
// `indent` spaces; a tuple of numbers such as (4, 3) is never broken, nor a
// number from the word before it ("stride 0"); a word longer than a line
// stays whole.
std::vector<std::string> fold_words(const std::string& text, size_t width, size_t indent = 0);

// The number of characters (code points) of UTF-8 text: its width in a
// terminal for the text tsh prints (no wide or combining characters), escape
// sequences for colour not counted.
size_t text_width(const std::string& s);

}  // namespace tsh::shell
