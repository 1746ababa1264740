// Audit trail of what the head-end did: commands sent, links dropped, files
// rotated, configuration reloads. The target is chosen at startup: "-" is
// stdout, anything else a file opened for append. close() closes the file
// (never stdout) and is idempotent; records after close() are dropped.
// Thread-safe.
#pragma once
#include <cstdio>
#include <mutex>
#include <string>

class AuditLog {
public:
  explicit AuditLog(const std::string &target);
  ~AuditLog();
  AuditLog(const AuditLog &) = delete;
  AuditLog &operator=(const AuditLog &) = delete;

  void record(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  // Switches to another target; on failure the current target is kept.
  bool reopen(const std::string &target);
  void flush();
  void close();
  bool toStdout() const;
  std::string target() const;

private:
  void closeLocked();

  mutable std::mutex mu_;
  std::FILE *fp_ = stdout;
  bool owned_ = false;
  bool closed_ = false;
  std::string target_ = "-";
};
