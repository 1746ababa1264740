// Fieldbus: the sorter's shared fieldbus, reached through a UDP gateway.
// One Fieldbus is shared by the sorter, every diverter controller, the
// degraded-mode controller and the bus watchdog.
#pragma once
#include "link_base.h"
#include "status.h"
#include <atomic>
#include <mutex>
#include <string>
#include <vector>

struct Frame {
  int node;
  std::string payload;
};

class Fieldbus : public LinkBase<Fieldbus> {
 public:
  Fieldbus(std::string gateway, int port);
  ~Fieldbus();
  Fieldbus(const Fieldbus&) = delete;
  Fieldbus& operator=(const Fieldbus&) = delete;

  Status open();                                            // (re)opens the socket
  void close();                                             // throws std::logic_error when already closed
  bool isOpen() const;
  void writeFrame(int node, const std::string& payload);    // throws std::runtime_error when closed
  std::vector<Frame> poll(int timeoutMs);                   // throws std::runtime_error when closed
  Status sendRaw(const std::string& payload);               // LinkBase hook: broadcast frame
  std::string linkName() const;

 private:
  std::string gateway_;
  int port_;
  mutable std::mutex mu_;
  int fd_ = -1;
  std::atomic<bool> open_{false};
};
