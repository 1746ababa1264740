// Journal: the agent's local append-only journal, written through a FILE*.
//
// Semantics:
//   - append() throws std::logic_error("journal closed") once closed;
//   - reopen() (log rotation) opens the path again FIRST and swaps only when
//     that worked: on failure it returns false and keeps writing to the
//     current file, so the journal never ends up closed by a reopen;
//   - close() is idempotent; the destructor closes the file if still open.
// Thread-safe (mu_).
#pragma once
#include <cstdio>
#include <mutex>
#include <string>

namespace backupd {

class Journal {
public:
  explicit Journal(std::string path);
  ~Journal();
  Journal(const Journal &) = delete;
  Journal &operator=(const Journal &) = delete;

  void append(const std::string &line);
  bool reopen();
  void close();
  explicit operator bool() const;

private:
  std::string path_;
  mutable std::mutex mu_;
  std::FILE *fp_ = nullptr;
};

} // namespace backupd
