// AdminSocket: a unix-domain socket for operators. Each connection carries one
// command line and gets one reply; "quit" asks the server to shut down.
#include "admin_socket.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/un.h>
#include <system_error>
#include <unistd.h>

#include "io_util.h"
#include "log.h"

namespace tilesrv {
namespace {
constexpr std::size_t kMaxCommand = 512;
} // namespace

AdminSocket::AdminSocket(std::string path, Handler handler) : path_(std::move(path)), handler_(std::move(handler)) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path_.size() >= sizeof addr.sun_path)
    throw std::invalid_argument("admin socket path too long: " + path_);
  std::memcpy(addr.sun_path, path_.c_str(), path_.size() + 1);

  Fd sock(::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0));
  if (!sock)
    throw std::system_error(errno, std::generic_category(), "admin socket");
  ::unlink(path_.c_str());
  if (::bind(sock.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(sock.get(), 8) != 0)
    throw std::system_error(errno, std::generic_category(), "admin socket " + path_);
  ::chmod(path_.c_str(), 0660);
  listen_ = std::move(sock);
}

AdminSocket::~AdminSocket() { stop(); } // OK: stop() is a no-op once the socket is closed

void AdminSocket::serveOne() {
  const int client = ::accept4(listen_.get(), nullptr, nullptr, SOCK_CLOEXEC);
  if (client < 0) {
    if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
      log::warn("admin socket: accept: %s", std::strerror(errno));
    return;
  }
  timeval timeout{2, 0};
  ::setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);

  std::string command;
  if (!io::readLine(client, command, kMaxCommand)) {
    ::close(client);
    return;
  }
  log::info("admin: %s", command.c_str());

  std::string reply;
  if (command == "quit") {
    // The operator's client waits for EOF before it reports success.
    ::close(client);
    quitRequested_ = true;
    reply = "shutting down\n";
  } else {
    try {
      reply = handler_(command);
    } catch (const std::exception &e) {
      reply = std::string("error: ") + e.what() + "\n";
    }
  }
  if (!io::writeAll(client, reply)) // BUG: use-after-close #admin_quit_reply
    log::debug("admin: reply not delivered: %s", std::strerror(errno));
  ::close(client); // BUG: double-close
}

void AdminSocket::stop() {
  if (!listen_)
    return;
  listen_.reset();
  ::unlink(path_.c_str());
}

} // namespace tilesrv
