// FileHandle: RAII owner of a stdio stream (historian files, config files).
#pragma once

#include <cstdio>
#include <string>

#include "status.h"

namespace ww {

class FileHandle {
 public:
  FileHandle() = default;
  FileHandle(const std::string& path, const char* mode);
  ~FileHandle();

  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;
  FileHandle(FileHandle&& other) noexcept;
  FileHandle& operator=(FileHandle&& other) noexcept;

  // Closes the stream currently held (if any) and opens path; false if fopen failed.
  bool open(const std::string& path, const char* mode);
  // Idempotent: closing a closed handle does nothing.
  void close();
  bool is_open() const;
  std::FILE* get() const;
  std::FILE* release();

  Status write_line(const std::string& line);  // kClosed once closed
  Status flush();                              // kClosed once closed

 private:
  std::FILE* fp_ = nullptr;
};

}  // namespace ww
