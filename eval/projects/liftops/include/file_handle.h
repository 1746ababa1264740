// RAII owners for a stdio stream (FileHandle) and a POSIX descriptor
// (FdHandle). Both close what they own in their destructor; close()/reset()
// clear the stored handle first, so closing twice through the owner is safe.
#pragma once
#include <cstdio>
#include <string>

namespace liftops {

class FileHandle {
public:
  FileHandle() = default;
  explicit FileHandle(std::FILE *fp) : fp_(fp) {}
  ~FileHandle();
  FileHandle(const FileHandle &) = delete;
  FileHandle &operator=(const FileHandle &) = delete;
  FileHandle(FileHandle &&other) noexcept;
  FileHandle &operator=(FileHandle &&other) noexcept;

  static FileHandle open(const std::string &path, const char *mode);
  bool isOpen() const { return fp_ != nullptr; }
  std::FILE *get() const { return fp_; }
  std::FILE *release();
  int close();

private:
  std::FILE *fp_ = nullptr;
};

class FdHandle {
public:
  FdHandle() = default;
  explicit FdHandle(int fd) : fd_(fd) {}
  ~FdHandle();
  FdHandle(const FdHandle &) = delete;
  FdHandle &operator=(const FdHandle &) = delete;
  FdHandle(FdHandle &&other) noexcept;
  FdHandle &operator=(FdHandle &&other) noexcept;

  bool valid() const { return fd_ >= 0; }
  int get() const { return fd_; }
  int release();
  void reset(int fd = -1);

private:
  int fd_ = -1;
};

} // namespace liftops
