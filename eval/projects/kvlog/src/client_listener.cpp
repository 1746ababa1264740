// ClientListener: accepts client connections and dispatches their requests to
// the handler pool (see client_listener.h).
#include "kvlog/client_listener.h"
#include "kvlog/fd_util.h"
#include "kvlog/log.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <exception>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace kvlog {

ClientListener::ClientListener(std::string address, int port, unsigned handlerThreads,
                               Handler handler)
    : address_(std::move(address)), port_(port), handlerThreads_(handlerThreads),
      handler_(std::move(handler)), handlers_("client-handlers") {}

ClientListener::~ClientListener() {
  stop(); // OK: stop() is idempotent
}

bool ClientListener::start() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    logError("listener: socket failed: %s", std::strerror(errno));
    return false;
  }
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port_));
  if (::inet_pton(AF_INET, address_.c_str(), &addr.sin_addr) != 1 ||
      ::bind(fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0 || ::listen(fd, 128) != 0) {
    logError("listener: cannot listen on %s:%d: %s", address_.c_str(), port_, std::strerror(errno));
    ::close(fd);
    return false;
  }
  listenFd_ = fd;
  handlers_.start(handlerThreads_);
  acceptThread_ = std::thread([this] { acceptLoop(); });
  logInfo("listener: serving on %s:%d", address_.c_str(), port_);
  return true;
}

void ClientListener::acceptLoop() {
  while (!stopping_.load()) {
    const int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC); // OK: stop() shuts the socket down and joins this thread before closing it
    if (fd < 0) {
      if (errno == EINTR)
        continue;
      if (stopping_.load())
        break;
      logWarn("listener: accept failed: %s", std::strerror(errno));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    std::lock_guard<std::mutex> lock(mu_);
    auto session = std::make_shared<ClientSession>(fd, nextId_++);
    sessions_.emplace(session->id(), session);
    readers_.emplace_back([this, session] { readLoop(session); });
  }
}

void ClientListener::readLoop(std::shared_ptr<ClientSession> session) {
  std::string line;
  while (session->readRequest(line)) {
    handlers_.submit([this, session, line] { handleRequest(session, line); }); // OK: stop() joins the readers before it shuts the handler pool down
  }
  endSession(session, "disconnected");
}

void ClientListener::handleRequest(const std::shared_ptr<ClientSession> &session,
                                   const std::string &line) {
  if (line == "QUIT") {
    endSession(session, "client quit");
    session->reply("+BYE"); // BUG: use-after-close
    return;
  }
  std::string response;
  try {
    response = handler_(line);
  } catch (const std::exception &e) {
    response = std::string("-ERR ") + e.what();
  }
  session->reply(response); // BUG: use-after-close #handler_race
}

void ClientListener::endSession(const std::shared_ptr<ClientSession> &session, const char *why) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    sessions_.erase(session->id());
  }
  session->close(); // SAME: handler_race
  logInfo("listener: session %llu ended (%s)", static_cast<unsigned long long>(session->id()), why);
}

void ClientListener::stop() {
  if (stopping_.exchange(true))
    return;
  if (listenFd_ >= 0)
    ::shutdown(listenFd_, SHUT_RDWR);
  if (acceptThread_.joinable())
    acceptThread_.join();
  closeQuietly(listenFd_); // OK: the accept thread has been joined
  listenFd_ = -1;

  std::vector<std::shared_ptr<ClientSession>> open;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto &kv : sessions_)
      open.push_back(kv.second);
  }
  for (const auto &session : open)
    endSession(session, "server stopping");
  for (std::thread &reader : readers_) {
    if (reader.joinable())
      reader.join();
  }
  readers_.clear();
  handlers_.shutdown();
}

std::size_t ClientListener::sessionCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sessions_.size();
}

} // namespace kvlog
