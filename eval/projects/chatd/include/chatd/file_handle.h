// RAII owner of a C stdio stream.
#pragma once

#include <cstdio>
#include <string>

namespace chatd {

class FileHandle {
public:
  FileHandle() = default;
  FileHandle(const std::string &path, const char *mode);
  ~FileHandle();

  FileHandle(const FileHandle &) = delete;
  FileHandle &operator=(const FileHandle &) = delete;
  FileHandle(FileHandle &&other) noexcept;
  FileHandle &operator=(FileHandle &&other) noexcept;

  /// Closes the current stream (if any) and opens path.
  bool open(const std::string &path, const char *mode);
  /// Closes the stream. Safe to call more than once.
  void close();

  bool isOpen() const { return fp_ != nullptr; }
  explicit operator bool() const { return isOpen(); }

  /// The underlying stream; still owned by the handle.
  std::FILE *get() const { return fp_; }

  bool writeLine(const std::string &line);
  bool readLine(std::string &out);

private:
  std::FILE *fp_ = nullptr;
};

} // namespace chatd
