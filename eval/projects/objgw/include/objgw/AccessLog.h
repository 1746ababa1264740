// Access log over std::ofstream, with rotation.
//
// Semantics: write() appends one timestamped line; it throws std::runtime_error
// ("access log closed") once close() has been called. close() is idempotent and
// the destructor calls it. rotate() renames the current file to <path>.<n> and
// continues in a fresh file; it does nothing once the log is closed. If the
// fresh file cannot be opened, entries go to stderr. Thread-safe.
#pragma once
#include <fstream>
#include <mutex>
#include <string>

namespace objgw {

class AccessLog {
public:
  explicit AccessLog(std::string path);
  ~AccessLog();
  AccessLog(const AccessLog &) = delete;
  AccessLog &operator=(const AccessLog &) = delete;

  void write(const std::string &line);
  void rotate();
  void close();
  bool isOpen() const;

private:
  static std::string stamp();

  std::string path_;
  mutable std::mutex mu_;
  std::ofstream out_;
  bool closed_ = false;
  unsigned rotations_ = 0;
};

} // namespace objgw
