// Switch-position uplink of a monorail depot. SwitchUplink is the depot's own
// link class: send() throws once the link is closed, and the class offers
// is_closed(), isOpen() and an explicit operator bool (true while open).
// Every send in the depot code below is behind a guard on the same link
// (operator bool, a negated query, a while-not-closed loop, a stored query,
// a state check combined with a busy flag), and no close is followed by a
// send on the same path, so nothing here uses a closed link.
#include <cstdio>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>

class SwitchUplink {
public:
  explicit SwitchUplink(std::string yard) : yard_(std::move(yard)) {}

  void send(const std::string &frame) {
    if (closed_)
      throw std::runtime_error("switch uplink closed: " + yard_);
    std::printf("[%s] %s\n", yard_.c_str(), frame.c_str());
    ++sent_;
  }

  void close() { closed_ = true; }
  bool is_closed() const { return closed_; }
  bool isOpen() const { return !closed_; }
  explicit operator bool() const { return !closed_; }
  int sent() const { return sent_; }

private:
  std::string yard_;
  int sent_ = 0;
  bool closed_ = false;
};

struct SwitchEvent {
  int switchId;
  char position; // 'L', 'R' or 'X' for "out of service"
};

class DepotReporter {
public:
  explicit DepotReporter(SwitchUplink &link) : link_(link) {}

  void report(const SwitchEvent &e) {
    if (!link_)
      return;
    link_.send(format(e)); // OK
  }

  void reportUnlessBusy(const SwitchEvent &e) {
    if (link_.is_closed() || interlocking_)
      return;
    link_.send(format(e)); // OK
  }

  void flushQueued() {
    while (!link_.is_closed()) {
      std::optional<SwitchEvent> next = pop();
      if (!next) {
        link_.close();
        continue;
      }
      if (next->position == 'X') {
        link_.send("out of service " + std::to_string(next->switchId)); // OK
        link_.close();
        break;
      }
      link_.send(format(*next)); // OK
    }
  }

  void nightlyClose() {
    const bool open = link_.isOpen();
    if (open) {
      link_.send("depot closing, " + std::to_string(link_.sent()) + " frames"); // OK
      link_.close();
    }
  }

  void queue(const SwitchEvent &e) { pending_.push_back(e); }
  void setInterlocking(bool on) { interlocking_ = on; }

private:
  static std::string format(const SwitchEvent &e) {
    return "switch " + std::to_string(e.switchId) + " " + e.position;
  }

  std::optional<SwitchEvent> pop() {
    if (pending_.empty())
      return std::nullopt;
    SwitchEvent e = pending_.front();
    pending_.pop_front();
    return e;
  }

  SwitchUplink &link_;
  std::deque<SwitchEvent> pending_;
  bool interlocking_ = false;
};

void emergencyStop(SwitchUplink &link, int switchId) {
  if (link.is_closed())
    return;
  link.send("estop " + std::to_string(switchId)); // OK
  link.close();
}
