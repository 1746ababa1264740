// Bow-net trap station of an austringer (a goshawk handler) trapping for a ringing
// scheme. Each handle is used only behind the guard its owner writes: TrapLink returns
// when its channel pointer has been reset (`if (!link_) return;`), PerchLog checks closed_
// under its mutex, the Bownet's state() is checked before it is tripped, a stored
// isOpen() answer is taken after the close it describes, the bait queue is read
// `while (!closed())`, TriggerPin sets fd_ = -1 on close and is tested through operator
// bool, and an optional pin is reset and emplaced before use. No path uses a closed
// handle or closes one twice: the file has no bug.
#include "messaging.h"

#include <cstdio>
#include <deque>
#include <fcntl.h>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>

class TrapLink {
public:
  explicit TrapLink(std::unique_ptr<EventChannel> link) : link_(std::move(link)) {}
  void notify(const std::string &msg) {
    if (!link_)
      return;
    link_->send(msg);
  }
  void drop() {
    if (!link_)
      return;
    link_->close();
    link_.reset();
  }

private:
  std::unique_ptr<EventChannel> link_;
};

class PerchLog {
public:
  explicit PerchLog(const char *path) : fp_(std::fopen(path, "a")) {
    if (!fp_)
      throw std::runtime_error("cannot open perch log");
  }
  ~PerchLog() { close(); }
  void append(const std::string &line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    std::fprintf(fp_, "%s\n", line.c_str()); // OK
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    std::fclose(fp_);
    closed_ = true;
  }

private:
  std::mutex mu_;
  FILE *fp_;
  bool closed_ = false;
};

enum class NetState { Armed, Sprung, Closed };

class Bownet {
public:
  NetState state() const { return state_; }
  void trip() {
    if (state_ == NetState::Closed)
      throw std::logic_error("bow net packed away, cannot trip");
    state_ = NetState::Sprung;
  }
  void pack() { state_ = NetState::Closed; }

private:
  NetState state_ = NetState::Armed;
};

class BaitQueue {
public:
  bool closed() const { return closed_ && items_.empty(); }
  void close() { closed_ = true; }
  void push(std::string s) {
    if (closed_)
      throw std::logic_error("bait queue closed");
    items_.push_back(std::move(s));
  }
  std::string pop() {
    if (items_.empty())
      throw std::logic_error("bait queue empty");
    std::string s = std::move(items_.front());
    items_.pop_front();
    return s;
  }

private:
  std::deque<std::string> items_;
  bool closed_ = false;
};

class TriggerPin {
public:
  explicit TriggerPin(const char *gpio) : fd_(::open(gpio, O_WRONLY)) {}
  ~TriggerPin() { close(); }
  TriggerPin(const TriggerPin &) = delete;
  TriggerPin &operator=(const TriggerPin &) = delete;
  explicit operator bool() const { return fd_ >= 0; }
  void fire() { ::write(fd_, "1", 1); }
  void close() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

void trapSession(TrapLink &link, PerchLog &log, Bownet &net, EventChannel &radio,
                 BaitQueue &bait, bool hawkInNet) {
  if (hawkInNet) {
    if (net.state() != NetState::Closed)
      net.trip(); // OK
    link.notify("goshawk in net");
    net.pack();
  }
  if (net.state() == NetState::Closed)
    radio.close();
  const bool radioUp = radio.isOpen();
  if (radioUp)
    radio.send("trap still armed"); // OK
  link.drop();
  link.notify("station closing"); // OK
  bait.close();
  while (!bait.closed())
    log.append("bait used: " + bait.pop()); // OK
  log.close();
  log.append("late entry"); // OK
}

void armTrigger(const char *gpio, bool rearm) {
  TriggerPin pin(gpio);
  if (pin)
    pin.fire();
  pin.close();
  if (pin)
    pin.fire(); // OK
  pin.close(); // OK
  std::optional<TriggerPin> spare;
  spare.emplace(gpio);
  spare.reset();
  if (rearm) spare.emplace(gpio);
  if (spare && *spare)
    spare->fire(); // OK
}
