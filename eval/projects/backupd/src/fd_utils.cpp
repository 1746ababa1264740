// POSIX file helpers; see fd_utils.h.
#include "backupd/fd_utils.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <fcntl.h>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace backupd {

bool writeAll(int fd, const void *data, std::size_t size) {
  const char *p = static_cast<const char *>(data);
  while (size > 0) {
    const ssize_t n = ::write(fd, p, size);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool writeAndClose(int fd, const std::string &data) {
  bool good = ::ftruncate(fd, 0) == 0 && ::lseek(fd, 0, SEEK_SET) == 0;
  good = good && writeAll(fd, data.data(), data.size());
  good = good && ::fsync(fd) == 0;
  if (::close(fd) != 0)
    good = false;
  return good;
}

bool copyFile(const std::string &src, const std::string &dst) {
  const int in = ::open(src.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0)
    return false;
  const int out = ::open(dst.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (out < 0) {
    ::close(in); // OK: a different descriptor than out, and we return right after
    return false;
  }
  bool good = true;
  char buf[64 * 1024];
  for (;;) {
    const ssize_t n = ::read(in, buf, sizeof buf);
    if (n == 0)
      break;
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 || !writeAll(out, buf, static_cast<std::size_t>(n))) {
      ::close(out);
      ::unlink(dst.c_str());
      good = false;
      break;
    }
  }
  ::close(in);
  ::close(out); // BUG: double-close
  return good;
}

std::string readWholeFile(const std::string &path) {
  std::FILE *f = std::fopen(path.c_str(), "rb");
  if (f == nullptr)
    throw std::system_error(errno, std::generic_category(), "open " + path);
  std::string data;
  char buf[64 * 1024];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    data.append(buf, n);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed)
    throw std::system_error(EIO, std::generic_category(), "read " + path);
  return data;
}

std::string fileDigest(const std::string &path) {
  const std::string data = readWholeFile(path);
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : data) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

} // namespace backupd
