// FilePtr: a std::unique_ptr owning a FILE*, closed with fclose() by its
// deleter.
#pragma once
#include <cstdio>
#include <memory>
#include <string>

namespace telemetry {

struct FileCloser {
  void operator()(std::FILE *fp) const noexcept;
};

using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

/// Null (and a warning logged) when the file cannot be opened.
FilePtr openFile(const std::string &path, const char *mode);

} // namespace telemetry
