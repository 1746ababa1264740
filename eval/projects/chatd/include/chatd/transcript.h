// Append-only transcript of a room (or of the server), one line per message,
// written through a C stdio stream.
#pragma once

#include <cstdio>
#include <string>

namespace chatd {

class Transcript {
public:
  /// Opens path for appending; throws std::system_error if it cannot.
  explicit Transcript(std::string path);
  ~Transcript();

  Transcript(const Transcript &) = delete;
  Transcript &operator=(const Transcript &) = delete;

  /// Throws std::runtime_error("transcript closed") after close().
  void append(const std::string &who, const std::string &text);
  void flush();
  /// Closes the stream. Safe to call more than once.
  void close();
  bool isOpen() const { return fp_ != nullptr; }
  const std::string &path() const { return path_; }

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
};

} // namespace chatd
