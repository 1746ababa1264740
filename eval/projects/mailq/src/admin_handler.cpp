// AdminHandler: operator commands over a UNIX-domain socket (see admin_handler.h).
#include "mailq/admin_handler.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <system_error>
#include <utility>

#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "mailq/log.h"

namespace mailq {

namespace {

std::string trim(const char *s) {
  std::string out(s);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r' ||
                          out.back() == ' ' || out.back() == '\t'))
    out.pop_back();
  std::size_t b = 0;
  while (b < out.size() && (out[b] == ' ' || out[b] == '\t'))
    ++b;
  return out.substr(b);
}

bool writeAll(int fd, const std::string &data) {
  const char *p = data.data();
  std::size_t left = data.size();
  while (left > 0) {
    const ssize_t n = ::send(fd, p, left, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return false; // the operator went away
    }
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

} // namespace

AdminHandler::AdminHandler(std::string socketPath, AdminDeps deps)
    : socketPath_(std::move(socketPath)), deps_(std::move(deps)) {}

AdminHandler::~AdminHandler() {
  stop();
}

void AdminHandler::start() {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "admin socket");
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (socketPath_.size() >= sizeof addr.sun_path) {
    ::close(fd);
    throw std::invalid_argument("admin socket path too long: " + socketPath_);
  }
  std::memcpy(addr.sun_path, socketPath_.c_str(), socketPath_.size() + 1);
  ::unlink(socketPath_.c_str());
  if (::bind(fd, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(fd, 8) != 0) {
    const int err = errno;
    ::close(fd);
    throw std::system_error(err, std::generic_category(), "admin socket " + socketPath_);
  }
  listenFd_ = fd;
  thread_ = std::thread([this, fd] { run(fd); });
}

void AdminHandler::stop() {
  if (listenFd_ < 0 || stopping_.exchange(true))
    return;
  ::shutdown(listenFd_, SHUT_RDWR); // wakes the blocked accept()
  if (thread_.joinable())
    thread_.join();
  ::close(listenFd_); // OK: the accept thread was joined above, nothing else uses the socket
  listenFd_ = -1;
  ::unlink(socketPath_.c_str());
}

void AdminHandler::run(int listenFd) {
  while (!stopping_) {
    const int cfd = ::accept(listenFd, nullptr, nullptr);
    if (cfd < 0) {
      if (stopping_ || errno == EINVAL || errno == EBADF)
        break;
      continue;
    }
    timeval tv{};
    tv.tv_sec = 30; // an idle operator must not keep stop() waiting forever
    ::setsockopt(cfd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    handleClient(cfd);
    ::close(cfd); // BUG: double-close
  }
}

void AdminHandler::handleClient(int fd) {
  std::FILE *in = ::fdopen(fd, "r");
  if (!in) {
    logWarn("admin: fdopen failed");
    return;
  }
  char buf[1024];
  while (!stopping_ && std::fgets(buf, sizeof buf, in)) {
    const std::string line = trim(buf);
    if (line.empty())
      continue;
    if (line == "quit")
      break;
    std::string reply;
    try {
      reply = execute(line);
    } catch (const std::exception &e) {
      reply = std::string("error: ") + e.what();
    }
    if (!writeAll(fd, reply + "\n"))
      break;
  }
  std::fclose(in);
}

std::string AdminHandler::execute(const std::string &line) {
  std::istringstream in(line);
  std::string verb;
  in >> verb;
  if (bus_)
    bus_->emit(Event{"admin.command", "", "", line, false});

  if (verb == "drain") {
    deps_.spool->sealCurrent();
    deps_.spool->sync(); // BUG: use-after-close #drain_sync
    return "drained";
  }
  if (verb == "rotate") {
    deps_.spool->rotate();
    return "rotated";
  }
  if (verb == "kick") {
    std::string host;
    in >> host;
    if (host.empty())
      return "error: usage: kick HOST";
    deps_.pool->closeHost(host);
    return "kicked " + host;
  }
  if (verb == "reopen-logs") {
    deps_.metrics->reopen();
    deps_.audit->reopen();
    return "reopened";
  }
  if (verb == "bounces") {
    std::string arg;
    in >> arg;
    if (arg != "off")
      return "error: usage: bounces off";
    deps_.bounces->close();
    return "bounces off";
  }
  if (verb == "stats") {
    deps_.metrics->dumpNow();
    std::ostringstream os;
    os << "idle_connections=" << deps_.pool->idleCount()
       << " pending_retries=" << deps_.retry->pending()
       << " bounced=" << deps_.bounces->bounced()
       << " bounces=" << (deps_.bounces->isOpen() ? "on" : "off")
       << " sealed_files=" << deps_.spool->sealedFiles().size();
    return os.str();
  }
  if (verb == "export") {
    std::string path;
    in >> path;
    if (path.empty())
      return "error: usage: export PATH";
    const std::size_t n = deps_.spool->exportTo(path);
    return "exported " + std::to_string(n) + " messages to " + path;
  }
  return "error: unknown command " + verb;
}

} // namespace mailq
