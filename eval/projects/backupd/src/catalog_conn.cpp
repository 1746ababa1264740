// CatalogConn: see catalog_conn.h (close() idempotent; calls throw
// CatalogError once closed; beginRun() closes and throws on rejection).
// Request/reply are single text lines; replies start with ACCEPT or REJECT.
#include "backupd/catalog_conn.h"

#include <cerrno>
#include <cstring>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

namespace backupd {

CatalogConn::CatalogConn(std::string host, std::uint16_t port)
    : host_(std::move(host)), port_(port) {
  fd_ = connectTo(host_, port_);
  if (fd_ < 0)
    throw CatalogError("cannot connect to catalog " + host_ + ":" + std::to_string(port_));
}

CatalogConn::~CatalogConn() {
  close(); // OK: close() is idempotent (fd_ reset to -1 under mu_)
}

int CatalogConn::connectTo(const std::string &host, std::uint16_t port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *res = nullptr;
  if (::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &res) != 0)
    return -1;
  int fd = -1;
  for (addrinfo *ai = res; ai != nullptr; ai = ai->ai_next) {
    fd = ::socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0)
      continue;
    if (::connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
      break;
    ::close(fd); // OK: this candidate failed; fd is reset right below
    fd = -1;
  }
  ::freeaddrinfo(res);
  return fd;
}

std::string CatalogConn::requestLocked(const std::string &line) {
  if (fd_ < 0)
    throw CatalogError("catalog connection closed");
  const std::string frame = line + "\n";
  std::size_t off = 0;
  while (off < frame.size()) {
    const ssize_t n = ::send(fd_, frame.data() + off, frame.size() - off, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw CatalogError(std::string("catalog send failed: ") + std::strerror(errno));
    }
    off += static_cast<std::size_t>(n);
  }
  std::string reply;
  char c = 0;
  for (;;) {
    const ssize_t n = ::recv(fd_, &c, 1, 0);
    if (n == 0)
      throw CatalogError("catalog closed the session");
    if (n < 0) {
      if (errno == EINTR)
        continue;
      throw CatalogError(std::string("catalog recv failed: ") + std::strerror(errno));
    }
    if (c == '\n')
      break;
    reply.push_back(c);
  }
  return reply;
}

void CatalogConn::closeLocked() {
  if (fd_ >= 0) {
    ::close(fd_); // OK: reset right after; every caller holds mu_
    fd_ = -1;
  }
}

void CatalogConn::beginRun(const std::string &runId) {
  std::lock_guard<std::mutex> lock(mu_);
  const std::string reply = requestLocked("BEGIN " + runId);
  if (reply.rfind("ACCEPT", 0) != 0) {
    closeLocked(); // OK: rejection path; the error is thrown right after
    throw CatalogError("catalog rejected run " + runId + ": " + reply);
  }
}

void CatalogConn::record(const std::string &runId, const std::string &key,
                         const std::string &value) {
  std::lock_guard<std::mutex> lock(mu_);
  requestLocked("SET " + runId + " " + key + " " + value);
}

void CatalogConn::recordChunk(const std::string &runId, const std::string &chunkId,
                              std::uint64_t bytes) {
  std::lock_guard<std::mutex> lock(mu_);
  requestLocked("CHUNK " + runId + " " + chunkId + " " + std::to_string(bytes));
}

void CatalogConn::recordStats(const std::string &runId, const std::string &line) {
  std::lock_guard<std::mutex> lock(mu_);
  requestLocked("STATS " + runId + " " + line);
}

void CatalogConn::endRun(const std::string &runId, const std::string &summary) {
  std::lock_guard<std::mutex> lock(mu_);
  requestLocked("END " + runId + " " + summary);
}

bool CatalogConn::reopen() {
  std::lock_guard<std::mutex> lock(mu_);
  if (fd_ >= 0)
    return true;
  fd_ = connectTo(host_, port_);
  return fd_ >= 0;
}

void CatalogConn::close() {
  std::lock_guard<std::mutex> lock(mu_);
  closeLocked();
}

CatalogConn::State CatalogConn::state() const {
  std::lock_guard<std::mutex> lock(mu_);
  return fd_ >= 0 ? State::Open : State::Closed;
}

} // namespace backupd
