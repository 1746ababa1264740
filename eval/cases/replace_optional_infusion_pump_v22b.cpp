// Ward gateway for infusion pumps. Each pump is reached through a serial link
// (a POSIX descriptor wrapped in PumpLink). When a pump misses heartbeats the
// controller closes its link and re-creates it in place with
// std::optional::emplace; parking a pump resets the optional and waking it
// emplaces a fresh link. Defects: retire() writes an audit line over the link
// it has just closed, and emergencyStop() calls setRate() after closing.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

// PumpLink owns one descriptor. send() throws std::runtime_error once the link
// is closed; close() a second time throws (the descriptor number may already
// belong to another pump). The destructor closes only if close() was not called.
class PumpLink {
public:
  explicit PumpLink(const std::string &dev) : dev_(dev) {
    fd_ = ::open(dev.c_str(), O_RDWR | O_NOCTTY);
    if (fd_ < 0)
      throw std::runtime_error("cannot open pump port " + dev);
  }
  PumpLink(const PumpLink &) = delete;
  PumpLink &operator=(const PumpLink &) = delete;
  ~PumpLink() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::runtime_error("pump link closed: " + dev_);
    std::string line = cmd + "\r\n";
    if (::write(fd_, line.data(), line.size()) < 0)
      throw std::runtime_error("write failed on " + dev_);
  }

  void close() {
    if (fd_ < 0)
      throw std::runtime_error("pump link closed twice: " + dev_);
    ::close(fd_);
    fd_ = -1;
  }

  bool isOpen() const { return fd_ >= 0; }

private:
  std::string dev_;
  int fd_ = -1;
};

class PumpController {
public:
  explicit PumpController(std::string dev) : dev_(std::move(dev)) {
    link_.emplace(dev_);
  }

  void setRate(double mlPerHour) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "RATE %.2f", mlPerHour);
    link_->send(buf); // SAME: estop_rate
    rate_ = mlPerHour;
  }

  // Watchdog path: the pump stopped answering, reopen the port.
  void reconnect() {
    link_->close();
    link_.emplace(dev_);
    link_->send("RESUME"); // OK: emplace opened a fresh link
    setRate(rate_);        // OK: uses the re-created link
  }

  // Night mode: release the port entirely, reopen on demand.
  void park() {
    link_->send("HOLD");
    link_->close();
    link_.reset();
  }

  void wake() {
    if (!link_)
      link_.emplace(dev_);
    link_->send("WAKE"); // OK: either still open or just emplaced
  }

  // Pump leaves service: stop it, release the port, record the final rate.
  void retire() {
    link_->send("STOP");
    link_->close();
    char audit[64];
    std::snprintf(audit, sizeof audit, "AUDIT LAST_RATE %.2f", rate_);
    link_->send(audit); // BUG: use-after-close
  }

  // Nurse pressed the red button: cut the line first, then zero the rate.
  void emergencyStop() {
    link_->close();
    setRate(0.0); // BUG: use-after-close #estop_rate
  }

  bool online() const { return link_ && link_->isOpen(); }

private:
  std::string dev_;
  std::optional<PumpLink> link_;
  double rate_ = 0.0;
};

int runWard(const std::vector<std::string> &ports, bool night, bool alarm) {
  std::vector<std::unique_ptr<PumpController>> pumps;
  for (const std::string &p : ports)
    pumps.push_back(std::make_unique<PumpController>(p));

  for (auto &pc : pumps) {
    pc->setRate(25.0);
    pc->reconnect();
    if (night) {
      pc->park();
      pc->wake();
    }
  }
  if (alarm && !pumps.empty())
    pumps.front()->emergencyStop();
  for (auto &pc : pumps)
    if (pc->online())
      pc->retire();
  return 0;
}
