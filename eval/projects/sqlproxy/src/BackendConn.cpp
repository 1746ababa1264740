// BackendConn: socket, handshake and message I/O towards one backend.
#include "sqlproxy/BackendConn.h"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace sqlproxy {

namespace {
std::atomic<uint64_t> g_nextConnId{1};
}

BackendQueryError::BackendQueryError(std::string sqlstate, const std::string &message)
    : std::runtime_error(message), sqlstate_(std::move(sqlstate)) {}

const std::string &BackendQueryError::sqlstate() const { return sqlstate_; }

BackendConn::BackendConn(uint64_t id, BackendAddr addr)
    : id_(id), addr_(std::move(addr)), lastUsed_(Clock::now()) {}

BackendConn::~BackendConn() {
  if (state_.load() == State::Open)
    ::close(fd_); // OK: runs only when close() never did; close() moves the state to Closed
}

uint64_t BackendConn::allocateId() { return g_nextConnId.fetch_add(1); }

void BackendConn::throwClosed(const char *operation) const {
  throw std::logic_error(std::string(operation) + ": backend connection " + std::to_string(id_) +
                         " to " + addr_.describe() + " is closed");
}

void BackendConn::open(std::chrono::milliseconds timeout) {
  if (state_.load() != State::Fresh)
    throw std::logic_error("BackendConn::open() called twice for " + addr_.describe());
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) {
    state_ = State::Closed;
    throw BackendIoError("socket(): " + std::string(std::strerror(errno)));
  }
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout.count() / 1000);
  tv.tv_usec = static_cast<suseconds_t>((timeout.count() % 1000) * 1000);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv); // also bounds connect()
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);

  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(addr_.port);
  if (::inet_pton(AF_INET, addr_.host.c_str(), &sa.sin_addr) != 1) {
    ::close(fd);
    state_ = State::Closed;
    throw BackendIoError("bad backend address " + addr_.describe());
  }
  if (::connect(fd, reinterpret_cast<const sockaddr *>(&sa), sizeof sa) != 0) {
    const int err = errno;
    ::close(fd); // OK: the address branch above threw, so fd is closed once on this path
    state_ = State::Closed;
    throw BackendIoError("connect " + addr_.describe() + ": " + std::strerror(err));
  }
  int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); // OK: both failure branches threw right after closing fd
  fd_ = fd;
  state_ = State::Open;
  lastUsed_ = Clock::now();
}

void BackendConn::authenticate(const std::string &user, const std::string &database,
                               const std::string &password) {
  try {
    send(wire::startupMessage(user, database));
    wire::Message m = recvMessage();
    if (m.type == 'R' && wire::authCode(m) == 3) { // AuthenticationCleartextPassword
      send(wire::passwordMessage(password));
      m = recvMessage();
    }
    // AuthenticationOk, ParameterStatus..., BackendKeyData, ReadyForQuery
    while (m.type != 'Z') {
      if (m.type == 'E') {
        close();
        throw BackendAuthError(addr_.describe() + ": " + wire::errorField(m, 'M'));
      }
      if (m.type == 'R' && wire::authCode(m) != 0) {
        close();
        throw BackendAuthError(addr_.describe() + ": unsupported authentication method " +
                               std::to_string(wire::authCode(m)));
      }
      m = recvMessage(); // OK: both branches above closed and threw, so the loop only continues on an open connection
    }
  } catch (const BackendIoError &) {
    // I/O errors come from send()/recvMessage() on an open connection; the
    // auth-error branches throw BackendAuthError, which is not caught here.
    close(); // OK: reached only with the connection still open
    throw;
  }
}

void BackendConn::send(const std::string &frame) {
  if (state_.load() != State::Open)
    throwClosed("send");
  if (!wire::writeAll(fd_, frame))
    throw BackendIoError("write to " + addr_.describe() + ": " + std::strerror(errno));
  lastUsed_ = Clock::now();
}

wire::Message BackendConn::recvMessage() {
  if (state_.load() != State::Open)
    throwClosed("recv");
  std::optional<wire::Message> m = wire::readMessage(fd_);
  if (!m)
    throw BackendIoError("connection to " + addr_.describe() + " lost");
  return std::move(*m);
}

QueryResult BackendConn::readResult() {
  QueryResult result;
  std::optional<std::pair<std::string, std::string>> error;
  for (;;) {
    const wire::Message m = recvMessage();
    switch (m.type) {
    case 'T': { // RowDescription: only the names matter to us
      std::size_t pos = 2;
      while (pos < m.body.size()) {
        const std::string name(m.body.c_str() + pos);
        result.columns.push_back(name);
        pos += name.size() + 1 + 18;
      }
      break;
    }
    case 'D': {
      std::vector<std::string> row;
      std::size_t pos = 2;
      while (pos + 4 <= m.body.size()) {
        uint32_t n;
        std::memcpy(&n, m.body.data() + pos, 4);
        const int32_t len = static_cast<int32_t>(ntohl(n));
        pos += 4;
        if (len < 0) {
          row.emplace_back();
          continue;
        }
        row.emplace_back(m.body.substr(pos, static_cast<std::size_t>(len)));
        pos += static_cast<std::size_t>(len);
      }
      result.rows.push_back(std::move(row));
      break;
    }
    case 'C':
      result.tag = std::string(m.body.c_str());
      break;
    case 'E':
      error.emplace(wire::errorField(m, 'C'), wire::errorField(m, 'M'));
      break;
    case 'Z':
      lastUsed_ = Clock::now();
      if (error)
        throw BackendQueryError(error->first, error->second);
      return result;
    default: // NoticeResponse, ParseComplete, BindComplete, ...
      break;
    }
  }
}

bool BackendConn::drainResult() {
  bool clean = true;
  for (;;) {
    const wire::Message m = recvMessage();
    if (m.type == 'E')
      clean = false;
    if (m.type == 'Z')
      return clean;
  }
}

bool BackendConn::ping() {
  send(wire::simpleQuery("SELECT 1"));
  return drainResult();
}

void BackendConn::close() {
  const State previous = state_.exchange(State::Closed);
  if (previous == State::Closed)
    throw std::logic_error("backend connection " + std::to_string(id_) + " to " +
                           addr_.describe() + " closed twice");
  if (previous == State::Open) {
    wire::writeAll(fd_, wire::terminate()); // polite goodbye; failure does not matter
    ::close(fd_);
    fd_ = -1;
  }
}

} // namespace sqlproxy
