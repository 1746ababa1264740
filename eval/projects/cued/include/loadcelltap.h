// A cable load cell on an IIO ADC channel (in_voltageN_raw).
#pragma once
#include <string>

namespace cued {

class LoadCellTap {
public:
  LoadCellTap(const std::string &rawPath, double kgPerCount);
  ~LoadCellTap();
  LoadCellTap(const LoadCellTap &) = delete;
  LoadCellTap &operator=(const LoadCellTap &) = delete;
  LoadCellTap(LoadCellTap &&other) noexcept;
  LoadCellTap &operator=(LoadCellTap &&other) noexcept;

  /// Current load. Throws std::logic_error once closed.
  double kilograms() const;
  void close() noexcept;
  const std::string &path() const { return path_; }

private:
  int fd_ = -1;
  std::string path_;
  double kgPerCount_ = 1.0;
};

} // namespace cued
