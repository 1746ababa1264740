// An owning FILE* handle: std::unique_ptr with a deleter that calls fclose.
#pragma once
#include <cstdio>
#include <memory>

namespace ledger {

struct FileCloser {
  void operator()(std::FILE *file) const noexcept {
    if (file)
      std::fclose(file);
  }
};

using FileHandle = std::unique_ptr<std::FILE, FileCloser>;

inline FileHandle openFile(const char *path, const char *mode) {
  return FileHandle(std::fopen(path, mode));
}

} // namespace ledger
