// Splits a byte stream into lines.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

namespace buildfarm {

// feed() calls onLine for every complete line in the data seen so far;
// finish() emits the trailing partial line, if any. Lines longer than the
// limit are cut and emitted in pieces.
class LineSplitter {
public:
  using LineFn = std::function<void(const std::string &)>;

  explicit LineSplitter(std::size_t maxLine = 64 * 1024);
  void feed(const char *data, std::size_t n, const LineFn &onLine);
  void finish(const LineFn &onLine);
  std::size_t linesEmitted() const { return emitted_; }

private:
  std::string partial_;
  std::size_t maxLine_;
  std::size_t emitted_ = 0;
};

} // namespace buildfarm
