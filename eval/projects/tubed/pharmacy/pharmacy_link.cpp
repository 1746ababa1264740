// PharmacyLink: line protocol to the pharmacy's dispensing robot ("DISPENSE <order> <ward>"
// answered by "TICKET <n>", then "ACK <order>"). The socket lives in the pimpl; Impl::close()
// is idempotent (the descriptor is reset to -1), so disconnect(), connect() and the
// destructor may all run it. Negative file.
#include "pharmacy_link.h"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <netdb.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace tubed {

namespace {
std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace

struct PharmacyLink::Impl {
  std::string host;
  int port = 0;
  int sock = -1;
  std::atomic<bool> up{false};
  std::atomic<std::int64_t> last_reply_ns{0};
  std::string rx;

  void close() {
    up = false;
    if (sock < 0) return;
    ::close(sock);
    sock = -1;
  }

  Status send_line(const std::string& line) {
    if (sock < 0) return Status::error(Code::Closed, "pharmacy link closed");
    const std::string wire = line + "\n";
    std::size_t off = 0;
    while (off < wire.size()) {
      const ssize_t n = ::send(sock, wire.data() + off, wire.size() - off, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return Status::error(Code::IoError, std::string("pharmacy send: ") + std::strerror(errno));
      off += static_cast<std::size_t>(n);
    }
    return Status::ok();
  }

  Result<std::string> recv_line() {
    if (sock < 0) return Status::error(Code::Closed, "pharmacy link closed");
    for (;;) {
      const auto nl = rx.find('\n');
      if (nl != std::string::npos) {
        std::string line = rx.substr(0, nl);
        rx.erase(0, nl + 1);
        last_reply_ns = now_ns();
        return line;
      }
      char buf[256];
      const ssize_t n = ::recv(sock, buf, sizeof buf, 0);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return Status::error(Code::IoError, "pharmacy robot hung up");
      rx.append(buf, static_cast<std::size_t>(n));
    }
  }
};

PharmacyLink::PharmacyLink(std::string host, int port) : impl_(std::make_unique<Impl>()) {
  impl_->host = std::move(host);
  impl_->port = port;
}

PharmacyLink::~PharmacyLink() {
  impl_->close(); // OK: Impl::close() is idempotent; disconnect() may have run it already
}

Status PharmacyLink::connect() {
  impl_->close(); // OK: drops a half-open socket before dialing again
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* res = nullptr;
  const std::string port = std::to_string(impl_->port);
  if (::getaddrinfo(impl_->host.c_str(), port.c_str(), &hints, &res) != 0 || res == nullptr) {
    return Status::error(Code::IoError, "cannot resolve " + impl_->host);
  }
  const int fd = ::socket(res->ai_family, res->ai_socktype | SOCK_CLOEXEC, res->ai_protocol);
  if (fd < 0 || ::connect(fd, res->ai_addr, res->ai_addrlen) != 0) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    ::freeaddrinfo(res);
    return Status::error(Code::IoError, "pharmacy robot: " + std::string(std::strerror(err)));
  }
  ::freeaddrinfo(res);
  impl_->sock = fd;
  impl_->rx.clear();
  impl_->last_reply_ns = now_ns();
  impl_->up = true;
  return Status::ok();
}

void PharmacyLink::disconnect() { impl_->close(); }

bool PharmacyLink::connected() const { return impl_->up.load(); }

std::chrono::milliseconds PharmacyLink::silent_for() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::nanoseconds(now_ns() - impl_->last_reply_ns.load()));
}

Result<int> PharmacyLink::request_dispense(const std::string& order_id, const std::string& ward) {
  if (!impl_->up.load()) return Status::error(Code::Closed, "pharmacy link closed");
  Status s = impl_->send_line("DISPENSE " + order_id + " " + ward);
  if (!s.is_ok()) return s;
  Result<std::string> reply = impl_->recv_line();
  if (!reply.ok()) return reply.status();
  const std::string& line = reply.value();
  if (line.compare(0, 7, "TICKET ") != 0) return Status::error(Code::Invalid, "robot refused: " + line);
  return std::atoi(line.c_str() + 7);
}

void PharmacyLink::ack(const std::string& order_id) {
  if (!impl_->up.load()) throw std::runtime_error("pharmacy link closed");
  Status s = impl_->send_line("ACK " + order_id);
  if (!s.is_ok()) throw std::runtime_error("pharmacy ack failed: " + s.to_string());
}

}  // namespace tubed
