// A Session waits for the broker's ACK; on timeout waitAck() closes the
// channel and throws AckTimeout. The caller that lets the exception
// propagate sends only after a successful wait (correct). The caller that
// catches the timeout, logs it and carries on sends on the closed channel
// (bug).
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>

struct AckTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Session {
public:
  explicit Session(EventChannel &channel) : channel_(channel) {}

  void waitAck(std::chrono::milliseconds timeout) {
    if (!pollAck(timeout)) {
      channel_.close();
      throw AckTimeout("no ACK within " + std::to_string(timeout.count()) + " ms");
    }
  }

  void publish(const std::string &event) {
    waitAck(std::chrono::milliseconds(500));
    channel_.send(event); // OK
  }

  void publishLenient(const std::string &event) {
    try {
      waitAck(std::chrono::milliseconds(500));
    } catch (const AckTimeout &timeout) {
      std::fprintf(stderr, "ack: %s\n", timeout.what());
    }
    channel_.send(event); // BUG: use-after-close
  }

private:
  bool pollAck(std::chrono::milliseconds) { return acked_; }

  EventChannel &channel_;
  bool acked_ = false;
};
