// QueryLog: the append-only query log (one line per executed query), written
// through a FILE*, rotated by size or on the admin ROTATE command.
//  - append() throws std::logic_error once close() was called. When a rotation
//    could not open the new file, lines are dropped (counted by dropped())
//    until a later rotate()/reopen() succeeds.
//  - rotate() renames the current file to "<path>.<n>" and starts a new one;
//    returns false if that failed.
//  - reopen(path) switches to another file (config reload); throws
//    std::logic_error once closed, returns false if the new file can't be
//    opened (the old one stays in use).
//  - close() flushes and closes the file. Idempotent.
//  - the destructor closes the file if close() was never called.
// Thread-safe.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

namespace sqlproxy {

class QueryLog {
public:
  QueryLog(std::string path, std::size_t maxBytes); // throws std::runtime_error
  ~QueryLog();
  QueryLog(const QueryLog &) = delete;
  QueryLog &operator=(const QueryLog &) = delete;

  void append(uint64_t session, const std::string &sql, std::chrono::microseconds elapsed);
  bool rotate();
  bool reopen(const std::string &path);
  void close();
  uint64_t dropped() const;
  std::string path() const;

private:
  bool rotateLocked();

  mutable std::mutex mu_;
  std::string path_;
  const std::size_t maxBytes_;
  std::FILE *fp_ = nullptr;
  bool closed_ = false;
  std::size_t bytes_ = 0;
  uint64_t dropped_ = 0;
  unsigned generation_ = 0;
};

} // namespace sqlproxy
