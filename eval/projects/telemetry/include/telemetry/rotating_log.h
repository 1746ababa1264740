// RotatingLog: one file of the access log, written through a POSIX descriptor.
#pragma once
#include <cstddef>
#include <string>

namespace telemetry {

class RotatingLog {
public:
  /// Opens (creates) the file for appending; throws std::system_error.
  explicit RotatingLog(std::string path);
  ~RotatingLog();
  RotatingLog(const RotatingLog &) = delete;
  RotatingLog &operator=(const RotatingLog &) = delete;

  /// Throws std::runtime_error once the log is closed.
  void write(const std::string &line);
  /// Idempotent.
  void close() noexcept;
  bool is_open() const noexcept;
  std::size_t size() const noexcept { return size_; }
  const std::string &path() const noexcept { return path_; }

private:
  std::string path_;
  int fd_ = -1;
  std::size_t size_ = 0;
};

} // namespace telemetry
