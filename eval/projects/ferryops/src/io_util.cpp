// I/O helpers: quiet closes for teardown paths (errno preserved), full
// read/write loops that retry on EINTR, the FILE* deleter and descriptor
// passing with SCM_RIGHTS. Each helper closes or uses only what it is given.
#include "io_util.h"

#include <cerrno>
#include <cstring>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace ferry {

void closeQuietly(int fd) noexcept {
  if (fd < 0)
    return;
  const int saved = errno;
  ::close(fd);
  errno = saved;
}

void closeQuietly(std::FILE *f) noexcept {
  if (f == nullptr)
    return;
  const int saved = errno;
  std::fclose(f);
  errno = saved;
}

bool writeAll(int fd, const void *data, std::size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    const ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

bool readAll(int fd, void *data, std::size_t len) {
  char *p = static_cast<char *>(data);
  while (len > 0) {
    const ssize_t n = ::read(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (n == 0) {
      errno = ECONNRESET;
      return false;
    }
    p += n;
    len -= static_cast<std::size_t>(n);
  }
  return true;
}

Status sendDescriptor(int unixSock, int fd) {
  char tag = 'F';
  iovec iov{&tag, 1};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
  std::memset(control, 0, sizeof control);
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  cmsghdr *cm = CMSG_FIRSTHDR(&msg);
  cm->cmsg_level = SOL_SOCKET;
  cm->cmsg_type = SCM_RIGHTS;
  cm->cmsg_len = CMSG_LEN(sizeof(int));
  std::memcpy(CMSG_DATA(cm), &fd, sizeof(int));
  if (::sendmsg(unixSock, &msg, MSG_NOSIGNAL) < 0)
    return Status::IoError(errno, "sendmsg SCM_RIGHTS");
  return Status::Ok();
}

void FileCloser::operator()(std::FILE *f) const noexcept {
  if (f != nullptr)
    std::fclose(f); // SAME: archivedeleter
}

} // namespace ferry
