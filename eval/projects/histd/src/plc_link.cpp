// PlcLink: synchronous Modbus/TCP client for one controller, one request
// in flight at a time, with socket-level send/receive timeouts.
#include "plc_link.h"

#include "defer.h"
#include "log.h"
#include "modbus.h"

#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

namespace histd {

PlcLink::PlcLink(std::string id, Endpoint endpoint, int timeoutMs)
    : id_(std::move(id)), endpoint_(std::move(endpoint)), timeoutMs_(timeoutMs) {}

PlcLink::~PlcLink() {
  close(); // OK
}

void PlcLink::open() {
  if (state_ == State::Connected)
    return;

  addrinfo hints {};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  const std::string port = std::to_string(endpoint_.port);
  const int rc = ::getaddrinfo(endpoint_.host.c_str(), port.c_str(), &hints, &res);
  if (rc != 0)
    throw LinkError(id_ + ": cannot resolve " + endpoint_.host + ": " + ::gai_strerror(rc));
  auto freeRes = defer([res] { ::freeaddrinfo(res); });

  std::string lastError = "no usable address";
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    UniqueFd fd(::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol));
    if (!fd) {
      lastError = std::strerror(errno);
      continue;
    }
    const timeval tv{timeoutMs_ / 1000, (timeoutMs_ % 1000) * 1000};
    ::setsockopt(fd.get(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv); // OK
    ::setsockopt(fd.get(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    const int one = 1;
    ::setsockopt(fd.get(), IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (::connect(fd.get(), ai->ai_addr, ai->ai_addrlen) != 0) { // OK
      lastError = std::strerror(errno);
      continue;
    }
    sock_ = std::move(fd);
    state_ = State::Connected;
    log::info("%s: connected to %s", id_.c_str(), endpoint_.str().c_str());
    return;
  }
  throw LinkError(id_ + ": connect to " + endpoint_.str() + " failed: " + lastError);
}

void PlcLink::requireOpen() const {
  if (state_ != State::Connected)
    throw LinkClosed(id_ + (state_ == State::Idle ? ": link not connected" : ": link closed"));
}

void PlcLink::readExact(uint8_t *buf, std::size_t len) {
  std::size_t got = 0;
  while (got < len) {
    const ssize_t n = ::recv(sock_.get(), buf + got, len - got, 0); // OK
    if (n > 0) {
      got += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      throw LinkTimeout(id_ + ": no response within " + std::to_string(timeoutMs_) + " ms");
    const std::string why = n == 0 ? "connection closed by peer" : std::strerror(errno);
    close();
    throw LinkError(id_ + ": " + why);
  }
}

std::vector<uint8_t> PlcLink::transact(const std::vector<uint8_t> &request, uint16_t txn) {
  requireOpen();
  ++requests_;
  const ssize_t sent = ::send(sock_.get(), request.data(), request.size(), MSG_NOSIGNAL);
  if (sent != static_cast<ssize_t>(request.size())) {
    const std::string why = sent < 0 ? std::strerror(errno) : "short send";
    close();
    throw LinkError(id_ + ": send failed: " + why);
  }

  uint8_t header[modbus::kHeaderBytes];
  readExact(header, sizeof header);
  const modbus::Header h = modbus::parseHeader(header);
  std::vector<uint8_t> pdu(h.length - 1u);
  readExact(pdu.data(), pdu.size()); // OK
  if (h.txn != txn) {
    abort();
    throw ProtocolError(id_ + ": got response " + std::to_string(h.txn) + " while waiting for " +
                        std::to_string(txn));
  }
  return pdu;
}

std::vector<uint16_t> PlcLink::readRegisters(uint16_t start, uint16_t count) {
  const uint16_t txn = nextTxn();
  const std::vector<uint8_t> pdu =
      transact(modbus::readHoldingRequest(txn, endpoint_.unit, start, count), txn);
  return modbus::parseReadHolding(pdu, count);
}

void PlcLink::writeRegisters(uint16_t start, const std::vector<uint16_t> &values) {
  const uint16_t txn = nextTxn();
  const std::vector<uint8_t> pdu =
      transact(modbus::writeRegistersRequest(txn, endpoint_.unit, start, values), txn);
  modbus::checkWriteResponse(pdu, modbus::kWriteRegisters);
}

void PlcLink::writeCoil(uint16_t addr, bool on) {
  const uint16_t txn = nextTxn();
  const std::vector<uint8_t> pdu =
      transact(modbus::writeCoilRequest(txn, endpoint_.unit, addr, on), txn);
  modbus::checkWriteResponse(pdu, modbus::kWriteCoil);
}

PollResult PlcLink::poll(const TagGroup &group) {
  requireOpen();
  PollResult result;
  result.group = group.name;
  result.tsMicros = nowMicros();
  for (const RegisterBlock &block : planBlocks(group)) {
    const std::vector<uint16_t> regs = readRegisters(block.start, block.count); // OK
    for (uint16_t i = 0; i < block.count; ++i)
      result.registers[static_cast<uint16_t>(block.start + i)] = regs[i];
  }
  lastPollMicros_ = result.tsMicros;
  return result;
}

void PlcLink::abort() {
  if (!sock_) {
    state_ = State::Closed;
    return;
  }
  log::warn("%s: resetting connection", id_.c_str());
  const linger lg{1, 0};
  ::setsockopt(sock_.get(), SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
  ::close(sock_.get());
  sock_.reset(); // BUG: double-close #link-abort-reset
  state_ = State::Closed;
}

void PlcLink::close() {
  if (state_ == State::Closed)
    return;
  if (state_ == State::Connected)
    log::info("%s: closing link", id_.c_str());
  sock_.reset();
  state_ = State::Closed;
}

} // namespace histd
