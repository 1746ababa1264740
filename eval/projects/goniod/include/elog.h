// goniod — the station electronic logbook: timestamped lines appended to a
// single file descriptor, shared by every component through elog().
#pragma once
#include <cstdint>
#include <mutex>
#include <string>

namespace goniod {

class Elog {
public:
  Elog() = default;
  ~Elog();
  Elog(const Elog &) = delete;
  Elog &operator=(const Elog &) = delete;

  void open(const std::string &path);
  // Throws std::runtime_error once the logbook has been closed.
  void append(const std::string &entry);
  void sync();
  void close();
  bool is_open() const;
  std::string path() const;

private:
  mutable std::mutex mu_;
  int fd_ = -1;
  std::string path_;
};

// The process-wide station logbook.
Elog &elog();

} // namespace goniod
