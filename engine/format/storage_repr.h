// engine/format/storage_repr.h — repr of t.storage() (TypedStorage) and t.untyped_storage().
//
// One line per element, each a space and Python's str() of the element, then
// a footer line; an empty storage prints a line holding one space, then the
// footer. PyTorch 2.x also warns that TypedStorage is deprecated; tsh does not.
#pragma once

#include <cstdint>
#include <string>

#include "engine/core/dtype.h"
#include "engine/core/storage.h"

namespace tsh::format {

// The first size_in_elements elements of the storage read as dtype:
//  0.10000000149011612
//  0.25
// [torch.storage.TypedStorage(dtype=torch.float32, device=cpu) of size 2]
std::string storage_repr(const Storage& storage, DType dtype, int64_t size_in_elements);

// Every byte as an int 0-255, footer [torch.storage.UntypedStorage(device=cpu) of size N].
std::string untyped_storage_repr(const Storage& storage);

}  // namespace tsh::format
