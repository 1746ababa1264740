// RAII wrappers used all over the daemon: FdHandle (POSIX descriptor),
// FileHandle (stdio stream) and ScopeExit (run a lambda when a scope ends).
#pragma once
#include <cstdio>
#include <string>
#include <sys/types.h>
#include <utility>

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
  int release();                                 // gives the descriptor away, handle becomes empty
  void close();                                  // idempotent: an empty handle is left alone
  ssize_t write(const void* data, size_t len);   // throws std::runtime_error when closed
  ssize_t read(void* data, size_t len);          // throws std::runtime_error when closed

 private:
  int fd_ = -1;
};

// Factory: opens a device node and hands back the owning, move-only handle
// (an empty handle when open(2) failed).
FdHandle openDeviceFd(const std::string& path, int flags);

class FileHandle {
 public:
  FileHandle() = default;
  FileHandle(const std::string& path, const char* mode);
  ~FileHandle();
  FileHandle(FileHandle&& other) noexcept;
  FileHandle& operator=(FileHandle&& other) noexcept;
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;

  bool isOpen() const;
  void puts(const std::string& line);   // throws std::runtime_error when closed
  bool gets(std::string& line);         // throws std::runtime_error when closed
  void flush();                         // throws std::runtime_error when closed
  void close();                         // idempotent

 private:
  std::FILE* fp_ = nullptr;
};

template <class F>
class ScopeExit {
 public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ScopeExit(ScopeExit&& other) noexcept : fn_(std::move(other.fn_)), active_(other.active_) {
    other.active_ = false;
  }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;
  ~ScopeExit() {
    if (active_) fn_();
  }
  void dismiss() { active_ = false; }

 private:
  F fn_;
  bool active_ = true;
};

template <class F>
ScopeExit<F> makeScopeExit(F fn) {
  return ScopeExit<F>(std::move(fn));
}
