// BillingSession: one line-oriented TCP session to the billing gateway.
// Sessions are single-use: once closed (by close(), or by authenticate()
// when the gateway rejects the token) every call throws std::logic_error,
// including a second close(). Correct: the destructor closes only a session
// that is still open.
#include "billing.h"

#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#include <utility>

namespace toll {

BillingSession::BillingSession(std::string endpoint) : endpoint_(std::move(endpoint)) {}

BillingSession::~BillingSession() {
  if (state_ == State::Open)
    close(); // OK: only a session that is still open is closed here
}

bool BillingSession::isOpen() const { return state_ == State::Open; }

void BillingSession::requireOpen(const char *what) const {
  if (state_ == State::Closed)
    throw std::logic_error(std::string("billing session closed: ") + what);
  if (state_ != State::Open)
    throw std::logic_error(std::string("billing session not open: ") + what);
}

Result BillingSession::open() {
  if (state_ == State::Closed)
    throw std::logic_error("billing session closed: open");
  const std::size_t colon = endpoint_.rfind(':');
  if (colon == std::string::npos)
    return Result::failure("billing: bad endpoint " + endpoint_);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(std::stoi(endpoint_.substr(colon + 1))));
  if (::inet_pton(AF_INET, endpoint_.substr(0, colon).c_str(), &addr.sin_addr) != 1)
    return Result::failure("billing: bad address " + endpoint_);
  Fd sock(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!sock.valid())
    return Result::fromErrno("billing: socket");
  if (::connect(sock.get(), reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0)
    return Result::fromErrno("billing: connect " + endpoint_);
  sock_ = std::move(sock);
  state_ = State::Open;
  return Result::success();
}

Result BillingSession::authenticate(const std::string &token) {
  requireOpen("authenticate");
  std::string reply;
  Result r = roundTrip("AUTH " + token, reply);
  if (!r.ok() || reply != "OK") {
    close();
    return Result::failure("billing: gateway rejected the plaza token" + (r.ok() ? "" : " (" + r.error() + ")"));
  }
  return Result::success();
}

Result BillingSession::ping() {
  requireOpen("ping");
  std::string reply;
  Result r = roundTrip("PING", reply);
  if (!r.ok())
    return r;
  return reply == "PONG" ? Result::success() : Result::failure("billing: unexpected ping reply " + reply);
}

Result BillingSession::charge(const std::string &account, std::int64_t cents) {
  requireOpen("charge");
  std::string reply;
  Result r = roundTrip("CHARGE " + account + " " + std::to_string(cents), reply);
  if (!r.ok())
    return r;
  if (reply.rfind("OK", 0) == 0)
    return Result::success();
  return Result::failure("declined: " + reply);
}

void BillingSession::settle(const ShiftTotals &totals) {
  requireOpen("settle");
  std::int64_t cents = 0;
  for (const auto &lane : totals.lanes)
    cents += lane.second.cents;
  std::string reply;
  Result r = roundTrip("SETTLE " + totals.shiftId + " " + std::to_string(cents), reply);
  if (!r.ok())
    throw BillingError(r.error());
  if (reply != "OK")
    throw BillingError("gateway refused settlement: " + reply);
}

void BillingSession::close() {
  if (state_ == State::Closed)
    throw std::logic_error("billing session closed twice");
  state_ = State::Closed;
  (void)sock_.close();
}

Result BillingSession::roundTrip(const std::string &request, std::string &reply) {
  const std::string line = request + "\n";
  std::size_t sent = 0;
  while (sent < line.size()) {
    const ssize_t n = ::send(sock_.get(), line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return Result::fromErrno("billing: send");
    sent += static_cast<std::size_t>(n);
  }
  reply.clear();
  char c = 0;
  for (;;) {
    const ssize_t n = ::recv(sock_.get(), &c, 1, 0);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return Result::fromErrno("billing: recv");
    if (c == '\n')
      break;
    reply.push_back(c);
  }
  return Result::success();
}

} // namespace toll
