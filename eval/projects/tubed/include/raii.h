// Small RAII wrappers used across the tube system: FileHandle (FILE*), FdHandle (POSIX
// descriptor) and ScopeExit (runs a callable when the scope ends).
#pragma once

#include <cstdio>
#include <utility>

namespace tubed {

// Owns a FILE*. close() is idempotent: it fcloses once and forgets the pointer, so the
// destructor after an explicit close() does nothing.
class FileHandle {
 public:
  FileHandle() = default;
  explicit FileHandle(std::FILE* fp);
  ~FileHandle();
  FileHandle(FileHandle&& other) noexcept;
  FileHandle& operator=(FileHandle&& other) noexcept;
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;

  std::FILE* get() const;
  bool is_open() const;
  int close();  // fclose()'s result, 0 when nothing was open
  std::FILE* release();
  void reset(std::FILE* fp);

 private:
  std::FILE* fp_ = nullptr;
};

// Owns a file descriptor. close() is idempotent; get() returns -1 once closed.
class FdHandle {
 public:
  FdHandle() = default;
  explicit FdHandle(int fd);
  ~FdHandle();
  FdHandle(FdHandle&& other) noexcept;
  FdHandle& operator=(FdHandle&& other) noexcept;
  FdHandle(const FdHandle&) = delete;
  FdHandle& operator=(const FdHandle&) = delete;

  int get() const;
  bool valid() const;
  int close();  // ::close()'s result, 0 when nothing was open
  int release();
  void reset(int fd);

 private:
  int fd_ = -1;
};

template <typename F>
class ScopeExit {
 public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_) fn_();
  }
  void dismiss() { armed_ = false; }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;

 private:
  F fn_;
  bool armed_ = true;
};

}  // namespace tubed
