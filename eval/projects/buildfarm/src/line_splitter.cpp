#include "buildfarm/line_splitter.h"

namespace buildfarm {

LineSplitter::LineSplitter(std::size_t maxLine) : maxLine_(maxLine) {}

void LineSplitter::feed(const char *data, std::size_t n, const LineFn &onLine) {
  for (std::size_t i = 0; i < n; ++i) {
    const char c = data[i];
    if (c == '\n') {
      if (!partial_.empty() && partial_.back() == '\r')
        partial_.pop_back();
      onLine(partial_);
      ++emitted_;
      partial_.clear();
      continue;
    }
    partial_.push_back(c);
    if (partial_.size() >= maxLine_) {
      onLine(partial_);
      ++emitted_;
      partial_.clear();
    }
  }
}

void LineSplitter::finish(const LineFn &onLine) {
  if (partial_.empty())
    return;
  onLine(partial_);
  ++emitted_;
  partial_.clear();
}

} // namespace buildfarm
