// FileHandle / FdHandle: RAII owners. Every close path clears the stored
// handle before closing it, so the owner never closes the same stream or
// descriptor twice (destructor after close(), move-assignment, reset()).
#include "file_handle.h"

#include <unistd.h>

#include <utility>

#include "fd_util.h"

namespace liftops {

FileHandle::~FileHandle() {
  close(); // OK: no-op once the handle was closed or released
}

FileHandle::FileHandle(FileHandle &&other) noexcept : fp_(other.release()) {}

FileHandle &FileHandle::operator=(FileHandle &&other) noexcept {
  if (this != &other) {
    close();
    fp_ = other.release();
  }
  return *this;
}

FileHandle FileHandle::open(const std::string &path, const char *mode) {
  return FileHandle(std::fopen(path.c_str(), mode));
}

std::FILE *FileHandle::release() { return std::exchange(fp_, nullptr); }

int FileHandle::close() {
  if (!fp_)
    return 0;
  std::FILE *fp = std::exchange(fp_, nullptr);
  return std::fclose(fp);
}

FdHandle::~FdHandle() { reset(); }

FdHandle::FdHandle(FdHandle &&other) noexcept : fd_(other.release()) {}

FdHandle &FdHandle::operator=(FdHandle &&other) noexcept {
  if (this != &other)
    reset(other.release());
  return *this;
}

int FdHandle::release() { return std::exchange(fd_, -1); }

void FdHandle::reset(int fd) {
  int old = std::exchange(fd_, fd);
  if (old >= 0 && old != fd)
    closeRetrying(old); // OK: the old descriptor is no longer stored
}

} // namespace liftops
