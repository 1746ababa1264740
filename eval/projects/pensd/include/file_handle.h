// FileHandle: owning wrapper around a stdio FILE*.
#pragma once

#include <cstdio>
#include <string>

class FileHandle {
 public:
  FileHandle() noexcept;
  FileHandle(const std::string& path, const char* mode);
  explicit FileHandle(std::FILE* adopt) noexcept;
  ~FileHandle();

  FileHandle(FileHandle&& other) noexcept;
  FileHandle& operator=(FileHandle&& other) noexcept;  // closes the stream it held
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;

  bool is_open() const noexcept;
  std::FILE* get() const noexcept;
  std::FILE* release() noexcept;  // gives the stream up without closing it
  int close() noexcept;           // idempotent: 0 when nothing is open

 private:
  std::FILE* fp_;
};
