// Journal: an append-only record file written through C stdio.
// append()/readRecord()/flush() on a closed journal throw std::logic_error.
// close() is not idempotent (a second close throws std::logic_error).
// rotate() closes the current file and opens nextPath; if that open fails
// it throws IoError and the journal is left closed.
#pragma once
#include <cstdio>
#include <optional>
#include <string>

namespace matchd {

class Journal {
public:
  Journal(std::string path, std::string mode);
  ~Journal();
  Journal(const Journal &) = delete;
  Journal &operator=(const Journal &) = delete;

  bool isOpen() const noexcept { return fp_ != nullptr; }
  bool good() const noexcept;
  const std::string &path() const noexcept { return path_; }

  void append(const std::string &record);
  std::optional<std::string> readRecord();
  void flush();
  void rotate(const std::string &nextPath);
  void close();

private:
  std::string path_;
  std::string mode_;
  std::FILE *fp_ = nullptr;
};

} // namespace matchd
