// Deleter for std::unique_ptr<FILE>. A FilePtr owns its stream: nobody else may
// fclose() it unless it was release()d first.
#pragma once
#include <cstdio>
#include <memory>

namespace kvlog {

struct FileCloser {
  void operator()(std::FILE *fp) const noexcept;
};

using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

} // namespace kvlog
