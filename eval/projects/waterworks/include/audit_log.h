// AuditLog: append-only operator audit trail (O_APPEND descriptor).
#pragma once

#include <mutex>
#include <string>

#include "fd_handle.h"
#include "status.h"

namespace ww {

class AuditLog {
 public:
  explicit AuditLog(std::string path);

  Status open();
  // Throws std::runtime_error("audit log closed") when not open.
  void append(const std::string& who, const std::string& what);
  // Closes the file, archives it and opens a fresh one. On failure the log is
  // left closed and the error is returned.
  Status rotate();
  // Idempotent.
  void close();
  bool is_open() const;

 private:
  std::string path_;
  FdHandle fd_;
  mutable std::mutex mu_;
};

}  // namespace ww
