// Listener: accept thread and device handshake (contract in listener.h).
#include "iotbridge/listener.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include "iotbridge/device_session.h"
#include "iotbridge/ingest_loop.h"
#include "iotbridge/log.h"
#include "iotbridge/socket_util.h"

namespace iotbridge {

Listener::Listener(const BridgeConfig& config, DeviceDirectory& directory, IngestLoop& loop)
    : config_(config), directory_(directory), loop_(loop) {}

Listener::~Listener() {
  stop();  // OK: stop() returns at once when running_ is already false
}

bool Listener::start() {
  if (running_) return true;
  listenFd_ = net::openListenSocket(config_.listenHost, config_.listenPort,
                                    config_.listenBacklog);
  if (listenFd_ < 0) return false;
  running_ = true;
  acceptThread_ = std::thread([this] { acceptLoop(); });
  IOTB_LOG(Info, "listener", "accepting devices on " << config_.listenHost << ":"
                                                     << config_.listenPort);
  return true;
}

void Listener::stop() {
  if (!running_.exchange(false)) return;
  // Closing the listening socket makes a blocked accept() return.
  ::close(listenFd_);  // SAME: acceptrace
  if (acceptThread_.joinable()) acceptThread_.join();
  IOTB_LOG(Info, "listener", "stopped; accepted " << accepted_.load() << ", rejected "
                                                  << rejected_.load());
}

void Listener::acceptLoop() {
  while (running_) {
    int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);  // BUG: use-after-close #acceptrace
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      if (!running_) break;
      IOTB_LOG(Warn, "listener", "accept: " << std::strerror(errno));
      continue;
    }
    accepted_.fetch_add(1);
    try {
      handleClient(fd);
    } catch (const std::exception& e) {
      IOTB_LOG(Warn, "listener", "handshake aborted: " << e.what());
    }
  }
}

void Listener::handleClient(int fd) {
  auto session = std::make_shared<DeviceSession>(net::peerName(fd), fd);

  net::Hello hello;
  if (!net::readHello(*session, hello, config_.handshakeTimeoutMs)) {
    badHello_.fetch_add(1);
    return;
  }
  if (!directory_.verify(hello.deviceId, hello.token)) {
    rejected_.fetch_add(1);
    net::rejectDevice(*session, "unauthorized");
    session->close();  // BUG: double-close
    return;
  }
  session->bindDevice(hello.deviceId);

  if (!net::sendWelcome(*session, config_.heartbeatSeconds)) {  // OK: the paths that closed the session returned
    IOTB_LOG(Warn, "listener", hello.deviceId << ": WELCOME not delivered");
  }
  session->send(directory_.configFrameFor(hello.deviceId));  // BUG: use-after-close
  IOTB_LOG(Info, "listener", hello.deviceId << " connected from " << session->peer()
                                            << " firmware " << hello.firmware);
  loop_.adopt(std::move(session));
}

}  // namespace iotbridge
