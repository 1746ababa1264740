// unique_ptr ownership for stdio streams.
#pragma once
#include <cstdio>
#include <memory>

namespace cued {

struct FcloseDeleter {
  void operator()(std::FILE *fp) const noexcept {
    if (fp != nullptr)
      std::fclose(fp); // SAME: reportclose
  }
};

using FilePtr = std::unique_ptr<std::FILE, FcloseDeleter>;

} // namespace cued
