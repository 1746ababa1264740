// Unix-domain admin socket.
#include "dnscache/control_socket.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "dnscache/admin_commands.h"
#include "dnscache/fd_util.h"
#include "dnscache/logging.h"
#include "dnscache/socket_options.h"

namespace dnscache {

namespace {
constexpr std::size_t kMaxLine = 4096;
constexpr int kClientTimeoutMs = 5000;
} // namespace

ControlSocket::ControlSocket(std::string path, AdminCommands &commands)
    : path_(std::move(path)), commands_(commands) {}

ControlSocket::~ControlSocket() {
  stop();
  closeAndReset(listenFd_); // OK: stop() already reset it to -1, or start() never got that far and this is the only close
}

bool ControlSocket::start() {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path_.size() >= sizeof addr.sun_path) {
    logError("control: socket path too long: %s", path_.c_str());
    return false;
  }
  std::memcpy(addr.sun_path, path_.c_str(), path_.size() + 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0)
    return false;
  ::unlink(path_.c_str()); // stale socket from a previous run
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 8) != 0) {
    logError("control: cannot listen on %s: %s", path_.c_str(), std::strerror(errno));
    closeQuietly(fd);
    return false;
  }
  ::chmod(path_.c_str(), 0600);
  int pipeFds[2];
  if (::pipe2(pipeFds, O_CLOEXEC | O_NONBLOCK) != 0) {
    closeQuietly(fd);
    ::unlink(path_.c_str());
    return false;
  }
  listenFd_ = fd;
  wakeRead_ = pipeFds[0];
  wakeWrite_ = pipeFds[1];
  running_ = true;
  thread_ = std::thread([this] { acceptLoop(); });
  return true;
}

void ControlSocket::stop() {
  if (!running_.exchange(false))
    return;
  const char b = 1;
  const ssize_t rc = ::write(wakeWrite_, &b, 1);
  (void)rc;
  if (thread_.joinable())
    thread_.join();
  closeAndReset(listenFd_); // OK: the control thread, the only user of listenFd_, has been joined
  closeAndReset(wakeRead_);
  closeAndReset(wakeWrite_);
  ::unlink(path_.c_str());
}

void ControlSocket::acceptLoop() {
  pollfd fds[2] = {{listenFd_, POLLIN, 0}, {wakeRead_, POLLIN, 0}};
  while (running_.load()) {
    const int rc = ::poll(fds, 2, -1);
    if (rc < 0) {
      if (errno == EINTR)
        continue;
      logError("control: poll: %s", std::strerror(errno));
      break;
    }
    if (fds[1].revents)
      break; // stop()
    if (!(fds[0].revents & POLLIN))
      continue;
    const int cfd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC); // OK: stop() closes listenFd_ only after joining this thread
    if (cfd < 0)
      continue;
    setRecvTimeout(cfd, kClientTimeoutMs);
    setSendTimeout(cfd, kClientTimeoutMs);
    serveClient(cfd);
  }
}

ControlSocket::ReadResult ControlSocket::readLine(int cfd, std::string &line) {
  line.clear();
  char c = 0;
  for (;;) {
    const ssize_t n = ::recv(cfd, &c, 1, 0);
    if (n == 0)
      return ReadResult::Eof;
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return ReadResult::Eof; // error or idle client timed out
    }
    if (c == '\n') {
      if (!line.empty() && line.back() == '\r')
        line.pop_back();
      return ReadResult::Line;
    }
    if (line.size() >= kMaxLine)
      return ReadResult::TooLong;
    line.push_back(c);
  }
}

void ControlSocket::serveClient(int cfd) {
  std::string line;
  for (;;) {
    const ReadResult r = readLine(cfd, line);
    if (r == ReadResult::Eof)
      break;
    if (r == ReadResult::TooLong) {
      // Don't answer garbage. Drop the client without leaving unread bytes
      // behind (the kernel would answer them with a RST).
      logWarn("control: command line too long, dropping client");
      drainAndClose(cfd);
      break;
    }
    if (line.empty())
      continue;
    if (line == "quit")
      break;
    const std::string reply = commands_.execute(line) + "\n.\n";
    if (!sendAll(cfd, reply.data(), reply.size()))
      break;
  }
  closeQuietly(cfd); // BUG: double-close #ctldrain — after the TooLong path drainAndClose() has already closed cfd
}

} // namespace dnscache
