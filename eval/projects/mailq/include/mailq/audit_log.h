// AuditLog: append-only audit trail written through a raw POSIX descriptor
// (O_APPEND, one write() per record, so records never interleave).
//
// record() throws std::logic_error once the log is closed and
// std::system_error if the write fails. reopen() switches to a fresh file at
// the same path (after logrotate). close() syncs and closes the descriptor; it
// is idempotent. The destructor closes the descriptor if it is still open.
#pragma once
#include <mutex>
#include <string>

namespace mailq {

class AuditLog {
public:
  explicit AuditLog(std::string path);
  ~AuditLog();
  AuditLog(const AuditLog &) = delete;
  AuditLog &operator=(const AuditLog &) = delete;

  void record(const std::string &messageId, const std::string &what);
  void reopen();
  void close();
  bool isOpen() const;

private:
  const std::string path_;
  mutable std::mutex mu_;
  int fd_ = -1;
};

} // namespace mailq
