// Device network listener: accepts gate and validator connections, waits for their hello
// frame, registers a DeviceLink for them and forwards the rest of their traffic.
#include "device_acceptor.h"
#include "device_link.h"
#include "diagnostics.h"
#include "link_migrator.h"
#include "link_registry.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <system_error>
#include <utility>

namespace farecol {

DeviceAcceptor::DeviceAcceptor(LinkRegistry &registry, LinkMigrator &migrator, Diagnostics &diag,
                               std::function<std::uint64_t()> denyVersion)
    : registry_(registry), migrator_(migrator), diag_(diag), denyVersion_(std::move(denyVersion)) {}

Status DeviceAcceptor::listen(const std::string &address, std::uint16_t port) {
  SocketFd sock = SocketFd::listenTcp(address, port, true);
  if (!sock)
    return Status::ioError(errno, "device listener " + address + ":" + std::to_string(port));
  listen_ = std::move(sock);
  stopped_ = false;
  return Status::success();
}

void DeviceAcceptor::setSinks(FrameSink frames, LostSink lost) {
  frames_ = std::move(frames);
  lost_ = std::move(lost);
}

void DeviceAcceptor::fillPollSet(std::vector<pollfd> &fds) const {
  if (stopped_ || !listen_)
    return;
  fds.push_back(pollfd{listen_.get(), POLLIN, 0});
  for (const auto &entry : peers_)
    fds.push_back(pollfd{entry.first, POLLIN, 0});
}

void DeviceAcceptor::onReady(const std::vector<pollfd> &fds) {
  if (stopped_)
    return;
  for (const pollfd &p : fds) {
    if (p.revents == 0)
      continue;
    if (p.fd == listen_.get()) {
      acceptPending();
      continue;
    }
    auto it = peers_.find(p.fd);
    if (it == peers_.end())
      continue;
    if (readFrom(it->second))
      continue;
    const std::string deviceId = it->second.deviceId;
    peers_.erase(it);
    if (!deviceId.empty() && lost_)
      lost_(deviceId);
  }
}

void DeviceAcceptor::acceptPending() {
  for (;;) {
    SocketFd client(::accept4(listen_.get(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC));
    if (!client) {
      if (errno == EINTR || errno == ECONNABORTED)
        continue;
      if (errno != EAGAIN && errno != EWOULDBLOCK)
        diag_.warn("device accept failed: %s", std::strerror(errno));
      return;
    }
    const int fd = client.get();
    Peer peer;
    peer.endpoint = SocketFd::peerName(fd);
    peer.sock = std::move(client);
    peers_.emplace(fd, std::move(peer));
  }
}

bool DeviceAcceptor::readFrom(Peer &peer) {
  char buf[4096];
  for (;;) {
    long n = 0;
    try {
      n = peer.sock.recvSome(buf, sizeof buf);
    } catch (const std::system_error &e) {
      diag_.warn("%s: %s", peer.endpoint.c_str(), e.what());
      return false;
    }
    if (n == 0)
      return false;
    if (n < 0)
      return true;
    const std::string bytes(buf, static_cast<std::size_t>(n));
    if (!peer.deviceId.empty()) {
      if (frames_)
        frames_(peer.deviceId, bytes);
      continue;
    }
    peer.decoder.feed(bytes);
    std::optional<wire::Frame> frame = peer.decoder.next();
    if (!frame)
      continue;
    std::optional<wire::Hello> hello = wire::parseHello(*frame);
    if (!hello) {
      diag_.warn("%s: first frame is not a hello, dropping connection", peer.endpoint.c_str());
      return false;
    }
    Status st = onHello(*hello, peer.endpoint);
    if (st.failed()) {
      diag_.warn("%s: %s refused: %s", peer.endpoint.c_str(), hello->deviceId.c_str(), st.describe().c_str());
      return false;
    }
    peer.deviceId = hello->deviceId;
    const std::string rest = peer.decoder.takeBuffered();
    if (!rest.empty() && frames_)
      frames_(peer.deviceId, rest);
  }
}

Status DeviceAcceptor::onHello(const wire::Hello &hello, const std::string &endpoint) {
  auto link = std::make_unique<DeviceLink>(hello.deviceId, hello.operatorId, hello.kind,
                                           net::Connection(hello.deviceId + "@" + endpoint));
  if (hello.viaBackup)
    return migrator_.failover(hello.deviceId, std::move(link));
  if (hello.restoringPrimary)
    return migrator_.restorePrimary(hello.deviceId, std::move(link));
  if (hello.lastAckedSeq != 0)
    return resume(std::move(link), hello.lastAckedSeq);

  DeviceLink *raw = link.get();
  registry_.attach(std::move(link));
  raw->push(wire::encodeWelcome(hello.deviceId, denyVersion_ ? denyVersion_() : 0)); // BUG: use-after-close
  diag_.info("%s %s connected from %s", deviceKindName(hello.kind), hello.deviceId.c_str(), endpoint.c_str());
  return Status::success();
}

Status DeviceAcceptor::resume(std::unique_ptr<DeviceLink> link, std::uint64_t lastAckedSeq) {
  DeviceLink *raw = link.get();
  const std::string id = link->deviceId();
  Status st = registry_.attach(std::move(link));
  if (st.failed())
    return st;
  raw->push(wire::encodeResume(lastAckedSeq)); // OK
  diag_.info("%s resumed after seq %llu", id.c_str(), static_cast<unsigned long long>(lastAckedSeq));
  return st;
}

void DeviceAcceptor::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  listen_.close();
  peers_.clear();
}

} // namespace farecol
