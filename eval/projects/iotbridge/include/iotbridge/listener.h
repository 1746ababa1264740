// Listener: accepts device connections.
//
// start() opens the listening socket and launches the accept thread, which
// runs each connection's handshake (HELLO -> WELCOME + CONFIG, or ERR) and
// hands authenticated sessions to the IngestLoop. stop() stops accepting and
// joins the accept thread; it is idempotent and the destructor calls it.
#pragma once
#include <atomic>
#include <cstdint>
#include <thread>

#include "iotbridge/config.h"

namespace iotbridge {

class IngestLoop;

class Listener {
 public:
  Listener(const BridgeConfig& config, DeviceDirectory& directory, IngestLoop& loop);
  ~Listener();
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;

  bool start();
  void stop();

  std::uint64_t accepted() const { return accepted_.load(); }
  std::uint64_t rejected() const { return rejected_.load(); }

 private:
  void acceptLoop();
  void handleClient(int fd);

  const BridgeConfig& config_;
  DeviceDirectory& directory_;
  IngestLoop& loop_;
  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::thread acceptThread_;
  std::atomic<std::uint64_t> accepted_{0};
  std::atomic<std::uint64_t> rejected_{0};
  std::atomic<std::uint64_t> badHello_{0};
};

}  // namespace iotbridge
