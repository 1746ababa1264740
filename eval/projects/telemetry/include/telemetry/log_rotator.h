// LogRotator: the service's access log, rotated by size (base, base.1 ...
// base.N) and reopened on request after an external logrotate.
#pragma once
#include "telemetry/rotating_log.h"

#include <cstddef>
#include <memory>
#include <string>

namespace telemetry {

class LogRotator {
public:
  LogRotator(std::string basePath, std::size_t maxBytes, int keep);

  /// Drops the line when the log is closed.
  void append(const std::string &line);
  void rotate();
  void reopen();
  void close();
  bool isOpen() const;

private:
  std::string archivePath(int index) const;

  std::string basePath_;
  std::size_t maxBytes_;
  int keep_;
  std::unique_ptr<RotatingLog> active_;
};

} // namespace telemetry
