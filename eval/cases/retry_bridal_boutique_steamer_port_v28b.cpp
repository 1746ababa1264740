// Bridal boutique gown steamers. The alteration room's steamers are driven
// over a serial SteamerPort; close() first drains the port's transmit buffer
// and, if the steamer is still busy taking the last commands, returns -EAGAIN
// and leaves the port open so the caller can try again. A close() that
// succeeded releases the port; closing a released port throws. The routines
// below park a steamer at the end of a fitting session.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <deque>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>

class SteamerPort {
public:
  explicit SteamerPort(std::string device) : device_(std::move(device)) {}

  void command(const std::string &cmd) {
    if (released_)
      throw std::runtime_error("steamer port released: " + device_);
    tx_.push_back(cmd);
  }

  int close() {
    if (released_)
      throw std::logic_error("steamer port closed twice: " + device_);
    if (!tx_.empty()) {
      tx_.pop_front();
      if (!tx_.empty())
        return -EAGAIN;
    }
    released_ = true;
    return 0;
  }

  bool released() const { return released_; }

private:
  std::string device_;
  std::deque<std::string> tx_;
  bool released_ = false;
};

int parkSteamer(SteamerPort &port) {
  port.command("steam off");
  port.command("fan 30s");
  int rc = port.close();
  while (rc == -EAGAIN) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    rc = port.close(); // OK
  }
  return rc;
}

int parkWithBudget(SteamerPort &port, int attempts) {
  port.command("steam off");
  int rc = -EAGAIN;
  for (int i = 0; i < attempts && rc == -EAGAIN; ++i) {
    rc = port.close(); // OK
    if (rc == -EAGAIN)
      std::this_thread::sleep_for(std::chrono::milliseconds(20 << i));
  }
  if (rc == -EAGAIN) {
    port.command("abort"); // OK
    std::fprintf(stderr, "steamer still busy after %d attempts\n", attempts);
  }
  return rc;
}

int endFittingSession(SteamerPort &port, const std::string &gown) {
  port.command("gown " + gown + " done");
  port.command("steam off");
  int rc = 0;
  for (int attempt = 0; attempt < 3; ++attempt) {
    rc = port.close(); // BUG: double-close
    if (rc == -EAGAIN) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      continue;
    }
    if (rc != 0)
      std::fprintf(stderr, "steamer close failed: %d\n", rc);
  }
  return rc;
}

void nightShutdown(SteamerPort &a, SteamerPort &b) {
  parkSteamer(a);
  if (!a.released())
    a.close(); // OK
  if (parkWithBudget(b, 4) == 0)
    std::printf("both steamers parked\n");
}
