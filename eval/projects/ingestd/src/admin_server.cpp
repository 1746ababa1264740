// AdminServer: one-command-per-connection admin socket on localhost.
#include "ingestd/admin_server.h"
#include "ingestd/io_util.h"
#include "ingestd/log_file.h"
#include "ingestd/shutdown_list.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace ingestd {

AdminServer::AdminServer(int port, LogFile &log) : port_(port), log_(log) {}

AdminServer::~AdminServer() {
  stop(); // OK: stop() is idempotent
}

void AdminServer::addCommand(std::string name, Handler handler) {
  commands_[std::move(name)] = std::move(handler);
}

bool AdminServer::start(ShutdownList &shutdown) {
  UniqueFd sock(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
  if (!sock.valid())
    return false;
  int one = 1;
  ::setsockopt(sock.get(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port_));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::bind(sock.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(sock.get(), 16) != 0) {
    log_.warn("admin: cannot listen on port %d: %s", port_, std::strerror(errno));
    return false;
  }
  listenFd_ = std::move(sock);
  running_.store(true);
  thread_ = std::thread([this] { acceptLoop(); });
  shutdown.add("admin", [this] {
    stop(); // OK: stop() is idempotent, the daemon stops the admin socket in stage 1
  });
  return true;
}

void AdminServer::stop() {
  if (!running_.exchange(false))
    return;
  // The accept loop polls running_ every 200ms and exits on its own.
  listenFd_.close(); // SAME: admin_accept
  if (thread_.joinable())
    thread_.join();
}

void AdminServer::acceptLoop() {
  while (running_.load()) {
    int cfd = ::accept4(listenFd_.get(), nullptr, nullptr, SOCK_CLOEXEC); // BUG: use-after-close #admin_accept
    if (cfd < 0) {
      if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      else if (running_.load())
        log_.warn("admin accept failed: %s", std::strerror(errno));
      continue;
    }
    handleClient(cfd);
  }
}

void AdminServer::handleClient(int cfd) {
  std::string line;
  if (!io::readLine(cfd, line, 256, 2000)) {
    ::close(cfd);
    return;
  }
  const std::string reply = dispatch(line);
  io::writeAll(cfd, reply.data(), reply.size());
  ::close(cfd);
  log_.info("admin: '%s' from %s", line.c_str(), io::peerName(cfd).c_str()); // BUG: use-after-close #admin_peer
}

std::string AdminServer::dispatch(const std::string &line) {
  const auto space = line.find(' ');
  const std::string name = line.substr(0, space);
  const std::string args = space == std::string::npos ? "" : line.substr(space + 1);
  auto it = commands_.find(name);
  if (it == commands_.end())
    return "ERR unknown command " + name + "\n";
  try {
    return it->second(args);
  } catch (const std::exception &e) {
    return std::string("ERR ") + e.what() + "\n";
  }
}

} // namespace ingestd
