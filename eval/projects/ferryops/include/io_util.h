// Small I/O helpers: quiet closes for teardown paths, a full write loop, a
// FILE* deleter for unique_ptr and descriptor passing over a Unix socket.
#pragma once
#include <cstddef>
#include <cstdio>
#include <memory>

#include "status.h"

namespace ferry {

void closeQuietly(int fd) noexcept;
void closeQuietly(std::FILE *f) noexcept;
bool writeAll(int fd, const void *data, std::size_t len);
bool readAll(int fd, void *data, std::size_t len);
Status sendDescriptor(int unixSock, int fd);

struct FileCloser {
  void operator()(std::FILE *f) const noexcept;
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

} // namespace ferry
