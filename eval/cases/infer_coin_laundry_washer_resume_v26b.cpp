// Coin-laundry washer controller. Every machine talks to the store's payment
// board over a serial link. The link is paused while the lid is open (frames
// are held back and replayed on resume) and shut down for the nightly
// maintenance window or when a machine is retired.
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace laundry {

class WasherLink {
public:
  explicit WasherLink(int machine) : machine_(machine) {}

  void pause() {
    if (state_ == State::Open)
      state_ = State::Paused;
  }

  void resume() {
    if (state_ == State::Closed)
      return;
    state_ = State::Open;
    for (const std::string &frame : held_)
      wire_.push_back(frame);
    held_.clear();
  }

  void send(const std::string &frame) {
    if (state_ == State::Closed)
      throw std::runtime_error("washer link closed");
    if (state_ == State::Paused) {
      held_.push_back(frame);
      return;
    }
    wire_.push_back(frame);
  }

  void shutdown() {
    state_ = State::Closed;
    held_.clear();
  }

  int machine() const { return machine_; }
  std::size_t sent() const { return wire_.size(); }

private:
  enum class State { Open, Paused, Closed };
  int machine_;
  State state_ = State::Open;
  std::vector<std::string> held_;
  std::vector<std::string> wire_;
};

struct CycleOrder {
  int cents = 0;
  int minutes = 0;
  bool extraRinse = false;
};

void runSelfTest(int machine) { std::printf("self-test washer %d\n", machine); }

void startCycle(int machine, const CycleOrder &order) {
  WasherLink link(machine);
  link.send("HELLO " + std::to_string(machine));
  link.pause();
  link.send("CREDIT " + std::to_string(order.cents)); // OK
  if (order.extraRinse)
    link.send("OPT RINSE2"); // OK
  link.resume();
  link.send("START " + std::to_string(order.minutes)); // OK
  std::printf("washer %d: %zu frames\n", machine, link.sent());
}

void nightlyMaintenance(int machine) {
  WasherLink link(machine);
  link.send("DRAIN");
  link.shutdown();
  runSelfTest(machine);
  link.resume();
  link.send("READY"); // BUG: use-after-close
}

class LaundryFloor {
public:
  explicit LaundryFloor(int machines) {
    for (int i = 0; i < machines; ++i)
      links_.emplace_back(i + 1);
  }

  void lidOpened(std::size_t slot) { links_.at(slot).pause(); }

  void lidClosed(std::size_t slot) {
    WasherLink &link = links_.at(slot);
    link.resume();
    link.send("LID CLOSED");
  }

  void retireAndProbe(std::size_t slot) {
    WasherLink link = links_.at(slot);
    links_.erase(links_.begin() + static_cast<std::ptrdiff_t>(slot));
    link.send("RETIRE");
    link.shutdown();
    link.resume();
    link.send("PROBE"); // BUG: use-after-close
  }

  void pauseAll() {
    for (WasherLink &link : links_)
      link.pause();
    for (WasherLink &link : links_)
      link.send("POWER SAVE"); // OK
  }

private:
  std::vector<WasherLink> links_;
};

} // namespace laundry
