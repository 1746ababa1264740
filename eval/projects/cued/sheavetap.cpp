// A sheave encoder's pulse counter in the kernel counter subsystem, read
// with pread() from offset 0 on every sample.
#include "sheavetap.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

namespace cued {

SheaveTap::SheaveTap(const std::string &counterPath) : path(counterPath) {
  fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path);
}

SheaveTap::~SheaveTap() {
  if (fd >= 0)
    ::close(fd);
}

long SheaveTap::readCount() const {
  char buf[32] = {};
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0); // SAME: sheavecopy
  if (n < 0)
    throw std::system_error(errno, std::generic_category(), "read " + path);
  return std::strtol(buf, nullptr, 10);
}

} // namespace cued
