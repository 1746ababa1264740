// StatusServer: the farmctl control socket (see status_server.h).
#include "printfarm/status_server.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>
#include <utility>

#include "printfarm/scope_exit.h"

namespace printfarm {
namespace {

bool sendAll(int fd, const std::string &data) {
  std::size_t off = 0;
  while (off < data.size()) {
    const ssize_t n = ::send(fd, data.data() + off, data.size() - off, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

// Reads one request line; SO_RCVTIMEO bounds the wait for a silent client.
std::string readRequest(int fd) {
  std::string line;
  char c;
  while (line.size() < 512) {
    const ssize_t n = ::recv(fd, &c, 1, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0 || c == '\n')
      break;
    if (c != '\r')
      line += c;
  }
  return line;
}

} // namespace

StatusServer::StatusServer(std::string socketPath, Handler handler)
    : path_(std::move(socketPath)), handler_(std::move(handler)) {}

StatusServer::~StatusServer() {
  stop(); // OK: stop() returns at once when the server is not running
}

bool StatusServer::start() {
  if (running_.load())
    return true;
  listen_.reset(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!listen_)
    return false;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  if (path_.size() >= sizeof addr.sun_path) {
    listen_.reset();
    return false;
  }
  std::memcpy(addr.sun_path, path_.c_str(), path_.size() + 1);
  ::unlink(path_.c_str());
  if (::bind(listen_.get(), reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 ||
      ::listen(listen_.get(), 8) != 0) {
    listen_.reset();
    return false;
  }
  running_ = true;
  thread_ = std::thread(&StatusServer::run, this);
  return true;
}

void StatusServer::stop() {
  if (!running_.exchange(false))
    return;
  if (thread_.joinable()) // the server thread sees running_ within one poll timeout
    thread_.join();
  listen_.reset(); // OK: the accept thread was joined above
  ::unlink(path_.c_str());
}

void StatusServer::run() {
  while (running_.load()) {
    pollfd p{listen_.get(), POLLIN, 0};
    if (::poll(&p, 1, 500) <= 0)
      continue;
    const int client = ::accept4(listen_.get(), nullptr, nullptr, SOCK_CLOEXEC); // OK: listen_ is closed only after this thread has been joined
    if (client < 0) {
      if (errno == EINTR)
        continue;
      if (!running_.load())
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    timeval tv{5, 0};
    ::setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    try {
      serveClient(client);
    } catch (const std::exception &e) {
      std::fprintf(stderr, "control: request failed: %s\n", e.what());
    }
  }
}

void StatusServer::serveClient(int client) {
  ScopeExit closeClient([client] { ::close(client); }); // SAME: client_twice
  const std::string request = readRequest(client);
  if (request.empty())
    return;
  if (request == "tail") {
    const std::vector<std::string> lines = handler_(request);
    closeClient.dismiss(); // streamLines() takes the descriptor over
    streamLines(client, lines);
    return;
  }
  const std::vector<std::string> reply = handler_(request);
  for (const std::string &line : reply)
    if (!sendAll(client, line + "\n"))
      break;
  if (request == "quit") {
    // Hang up right away so that farmctl returns before the daemon is done stopping.
    ::close(client);
    quit_ = true;
  }
} // BUG: double-close #client_twice

// Takes ownership of fd: sends the lines and closes the descriptor after the last one.
void StatusServer::streamLines(int fd, const std::vector<std::string> &lines) {
  if (lines.empty()) {
    ::close(fd);
    return;
  }
  for (std::size_t i = 0; i < lines.size(); ++i) {
    sendAll(fd, lines[i] + "\n"); // OK: fd is closed only after the last line has been sent
    if (i + 1 == lines.size())
      ::close(fd);
  }
}

} // namespace printfarm
