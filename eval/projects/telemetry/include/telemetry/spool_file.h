// SpoolFile: an append-only spool file (a FILE*) holding metric lines that
// could not be sent upstream.
#pragma once
#include <cstddef>
#include <cstdio>
#include <string>

namespace telemetry {

class SpoolFile {
public:
  /// Opens (creates) the file for appending; throws std::system_error.
  explicit SpoolFile(std::string path);
  /// Closes the file if it is still open; never throws.
  ~SpoolFile();
  SpoolFile(SpoolFile &&other) noexcept;
  SpoolFile &operator=(SpoolFile &&other) noexcept;
  SpoolFile(const SpoolFile &) = delete;
  SpoolFile &operator=(const SpoolFile &) = delete;

  /// Throws std::logic_error once closed; false on an I/O error.
  bool append(const std::string &line);
  /// Throws std::logic_error once closed, std::system_error on I/O errors.
  void flush();
  /// Throws std::logic_error when already closed, and std::system_error
  /// when fclose() fails (the FILE* is released either way).
  void close();

  bool good() const noexcept;
  bool is_open() const noexcept;
  const std::string &path() const noexcept { return path_; }
  std::size_t bytesWritten() const noexcept { return bytes_; }

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
  std::size_t bytes_ = 0;
};

} // namespace telemetry
