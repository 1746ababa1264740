// A connection to one upstream resolver (UDP, with TCP fallback).
#include "dnscache/upstream_connection.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <random>
#include <sys/ioctl.h>
#include <unistd.h>

#include "dnscache/dns_message.h"
#include "dnscache/fd_util.h"
#include "dnscache/logging.h"
#include "dnscache/socket_options.h"

namespace dnscache {

namespace {

std::string lengthPrefixed(const std::string &msg) {
  std::string out;
  out.reserve(msg.size() + 2);
  out.push_back(static_cast<char>(msg.size() >> 8));
  out.push_back(static_cast<char>(msg.size() & 0xff));
  out += msg;
  return out;
}

uint16_t randomId() {
  thread_local std::mt19937 rng{std::random_device{}()};
  return static_cast<uint16_t>(rng());
}

} // namespace

std::shared_ptr<UpstreamConnection> UpstreamConnection::open(uint64_t id, std::size_t upstreamIndex,
                                                             const std::string &address) {
  sockaddr_storage peer{};
  socklen_t len = 0;
  if (!parseAddress(address, peer, len)) {
    logError("upstream: bad address %s", address.c_str());
    return nullptr;
  }
  const int fd = ::socket(peer.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return nullptr;
  if (!connectOrClose(fd, peer, len)) {
    logWarn("upstream %s: connect: %s", address.c_str(), std::strerror(errno));
    return nullptr;
  }
  return std::make_shared<UpstreamConnection>(id, upstreamIndex, address, fd, peer, len);
}

UpstreamConnection::UpstreamConnection(uint64_t id, std::size_t upstreamIndex, std::string address,
                                       int udpFd, const sockaddr_storage &peer, socklen_t peerLen)
    : id_(id), upstreamIndex_(upstreamIndex), address_(std::move(address)), peer_(peer),
      peerLen_(peerLen), udpFd_(udpFd) {}

UpstreamConnection::~UpstreamConnection() {
  std::lock_guard<std::mutex> lk(mu_);
  if (!closed_)
    closeSocketsLocked(); // OK: runs only when close() never did
}

void UpstreamConnection::requireOpenLocked(const char *what) const {
  if (closed_)
    throw std::logic_error("upstream " + address_ + ": " + what + "() after close()");
}

std::string UpstreamConnection::exchange(const std::string &query, std::chrono::milliseconds timeout) {
  if (query.size() < 12)
    throw UpstreamError("short query");
  const uint16_t qid = DnsMessage::readId(query);
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("exchange");
  std::string reply = exchangeUdpLocked(query, qid, timeout);
  auto msg = DnsMessage::parse(reply);
  if (msg && msg->truncated())
    return exchangeTcpLocked(query, qid, timeout);
  return reply;
}

bool UpstreamConnection::probe(std::chrono::milliseconds timeout) {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("probe");
  const uint16_t qid = randomId();
  const std::string query = DnsMessage::makeQuery(qid, "", kTypeNS);
  try {
    exchangeUdpLocked(query, qid, timeout);
    return true;
  } catch (const UpstreamError &) {
    return false;
  }
}

int UpstreamConnection::rxQueueBytes() const {
  std::lock_guard<std::mutex> lk(mu_);
  requireOpenLocked("rxQueueBytes");
  int n = 0;
  if (::ioctl(udpFd_, FIONREAD, &n) != 0)
    return 0;
  return n;
}

void UpstreamConnection::close() {
  std::lock_guard<std::mutex> lk(mu_);
  if (closed_)
    throw std::logic_error("upstream connection to " + address_ + " closed twice");
  closed_ = true;
  closeSocketsLocked();
}

bool UpstreamConnection::isClosed() const {
  std::lock_guard<std::mutex> lk(mu_);
  return closed_;
}

void UpstreamConnection::closeSocketsLocked() {
  closeAndReset(udpFd_);
  if (tcpFd_ >= 0)
    ::close(tcpFd_); // BUG: double-close — exchangeTcpLocked()'s send-failure path already closed tcpFd_ with closeQuietly() but left the number in tcpFd_; by now it may be another thread's descriptor
  tcpFd_ = -1;
}

std::string UpstreamConnection::exchangeUdpLocked(const std::string &query, uint16_t qid,
                                                  std::chrono::milliseconds timeout) {
  if (::send(udpFd_, query.data(), query.size(), 0) < 0)
    throw UpstreamError("upstream " + address_ + ": send: " + std::strerror(errno));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::string buf(65535, '\0');
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0)
      throw UpstreamTimeout("upstream " + address_ + " timed out");
    pollfd p{udpFd_, POLLIN, 0};
    const int rc = ::poll(&p, 1, static_cast<int>(left.count()));
    if (rc < 0) {
      if (errno == EINTR)
        continue;
      throw UpstreamError("upstream " + address_ + ": poll: " + std::strerror(errno));
    }
    if (rc == 0)
      continue;
    const ssize_t n = ::recv(udpFd_, &buf[0], buf.size(), 0);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN)
        continue;
      throw UpstreamError("upstream " + address_ + ": recv: " + std::strerror(errno));
    }
    if (n < 12)
      continue;
    buf.resize(static_cast<std::size_t>(n));
    if (DnsMessage::readId(buf) != qid) {
      buf.resize(65535);
      continue; // a late answer to a query that already timed out
    }
    return buf;
  }
}

bool UpstreamConnection::connectTcpLocked() {
  const int fd = ::socket(peer_.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return false;
  setSendTimeout(fd, 2000);
  if (!connectOrClose(fd, peer_, peerLen_))
    return false;
  tcpFd_ = fd;
  return true;
}

bool UpstreamConnection::readTcpReplyLocked(std::string &reply, std::chrono::milliseconds timeout) {
  setRecvTimeout(tcpFd_, static_cast<int>(timeout.count()));
  unsigned char lenBuf[2];
  if (!recvAll(tcpFd_, lenBuf, sizeof lenBuf))
    return false;
  reply.resize((static_cast<std::size_t>(lenBuf[0]) << 8) | lenBuf[1]);
  return reply.empty() || recvAll(tcpFd_, &reply[0], reply.size());
}

std::string UpstreamConnection::exchangeTcpLocked(const std::string &query, uint16_t qid,
                                                  std::chrono::milliseconds timeout) {
  if (tcpFd_ < 0 && !connectTcpLocked())
    throw UpstreamError("upstream " + address_ + ": tcp connect failed");
  const std::string framed = lengthPrefixed(query);
  if (!sendAll(tcpFd_, framed.data(), framed.size())) {
    // The upstream dropped the idle stream; the resolver retires this
    // connection on UpstreamError.
    closeQuietly(tcpFd_);
    throw UpstreamError("upstream " + address_ + ": tcp send failed");
  }
  std::string reply;
  if (!readTcpReplyLocked(reply, timeout)) {
    closeAndReset(tcpFd_);
    throw UpstreamTimeout("upstream " + address_ + ": tcp read failed");
  }
  if (reply.size() < 12 || DnsMessage::readId(reply) != qid) {
    // An answer to an earlier, abandoned query: the stream is out of step.
    // Start a fresh stream and ask again.
    drainAndClose(tcpFd_);
    tcpFd_ = -1;
    if (!connectTcpLocked())
      throw UpstreamError("upstream " + address_ + ": tcp reconnect failed");
    if (!sendAll(tcpFd_, framed.data(), framed.size()) || !readTcpReplyLocked(reply, timeout)) { // OK: tcpFd_ is the stream connectTcpLocked() just opened, not the drained one
      closeAndReset(tcpFd_);
      throw UpstreamError("upstream " + address_ + ": tcp retry failed");
    }
  }
  return reply;
}

} // namespace dnscache
