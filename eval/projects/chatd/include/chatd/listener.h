// The client-facing TCP listener. Accepts on its own thread and hands each
// configured connection to the accept handler.
#pragma once

#include "chatd/socket.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <thread>

namespace chatd {

class Listener {
public:
  using AcceptHandler = std::function<void(Socket)>;

  Listener(std::uint16_t port, std::size_t maxClients);
  ~Listener();

  Listener(const Listener &) = delete;
  Listener &operator=(const Listener &) = delete;

  bool open();
  void start(AcceptHandler onAccept);
  void stop();

  /// While paused, new connections get a "server full" line and are closed.
  void setPaused(bool paused) { paused_ = paused; }
  void setActiveCount(std::size_t n) { active_ = n; }
  std::size_t rejected() const { return rejected_; }

private:
  void acceptLoop();
  void acceptOne();
  void sendBusyAndClose(int fd);
  bool atCapacity() const { return active_.load() >= maxClients_; }

  std::uint16_t port_;
  std::size_t maxClients_;
  int listenFd_ = -1;
  std::atomic<bool> running_{false};
  std::atomic<bool> paused_{false};
  std::atomic<std::size_t> active_{0};
  std::atomic<std::size_t> rejected_{0};
  std::thread acceptThread_;
  AcceptHandler onAccept_;
};

} // namespace chatd
