// An append-only journal of ledger entries. Declared here, defined in
// journal.cpp: append() and sync() throw "journal is closed" after close().
#pragma once
#include <cstdio>
#include <string>

namespace ledger {

class Journal {
public:
  explicit Journal(const std::string &path);
  ~Journal();
  Journal(const Journal &) = delete;
  Journal &operator=(const Journal &) = delete;

  void append(const std::string &entry);
  void sync();
  void close();
  bool isClosed() const;

private:
  std::FILE *file_;
  bool closed_ = false;
};

} // namespace ledger
