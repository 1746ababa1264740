// Corsetry workshop: the automatic lacing machine (bodices, bustles) is driven
// through a LacingChannel. The workshop owns the current channel; the fitting
// station keeps a shared_ptr copy, the notifier keeps a weak_ptr. When a machine
// is swapped, the old channel is closed and the member reassigned.
// Two mistakes: after swap_machine() the fitting station still pulls through its
// own copy of the old, closed channel; and the notifier's weak_ptr still locks
// (the fitting station keeps the old channel alive), so its notice goes to the
// closed channel. swap_and_rebind() is the correct variant.
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class LacingChannel {
public:
  explicit LacingChannel(std::string machine) : machine_(std::move(machine)) {}
  void send(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("lacing channel closed: " + machine_);
    log_.push_back(cmd);
  }
  void close() { closed_ = true; }
  bool is_closed() const { return closed_; }

private:
  std::string machine_;
  bool closed_ = false;
  std::vector<std::string> log_;
};

class FittingStation {
public:
  explicit FittingStation(std::shared_ptr<LacingChannel> ch) : ch_(std::move(ch)) {}
  void pull(int waist_cm) { ch_->send("PULL " + std::to_string(waist_cm)); } // SAME: swap
  void rebind(std::shared_ptr<LacingChannel> ch) { ch_ = std::move(ch); }

private:
  std::shared_ptr<LacingChannel> ch_;
};

class Notifier {
public:
  explicit Notifier(const std::shared_ptr<LacingChannel> &ch) : ch_(ch) {}
  void notify(const std::string &msg) {
    if (auto ch = ch_.lock())
      ch->send("NOTE " + msg); // SAME: weaknote
  }
  void rebind(const std::shared_ptr<LacingChannel> &ch) { ch_ = ch; }

private:
  std::weak_ptr<LacingChannel> ch_;
};

class Workshop {
public:
  Workshop() : channel_(std::make_shared<LacingChannel>("machine-1")), fitting_(channel_), notifier_(channel_) {}
  void swap_machine(const std::string &name) {
    channel_->close();
    channel_ = std::make_shared<LacingChannel>(name);
  }
  void swap_and_rebind(const std::string &name) {
    swap_machine(name);
    fitting_.rebind(channel_);
    notifier_.rebind(channel_);
  }
  void lace_fitting(int waist_cm) { fitting_.pull(waist_cm); }
  void lace_direct(int waist_cm) { channel_->send("LACE " + std::to_string(waist_cm)); }
  void announce(const std::string &msg) { notifier_.notify(msg); }
  void measure_tension() {
    auto ch = channel_;
    std::thread probe([ch] { ch->send("TENSION?"); }); // OK: joined below, nothing closes it meanwhile
    probe.join();
  }

private:
  std::shared_ptr<LacingChannel> channel_;
  FittingStation fitting_;
  Notifier notifier_;
};

void change_machine(Workshop &w) {
  w.lace_fitting(62);
  w.swap_machine("machine-2");
  w.lace_direct(60); // OK: the member was reassigned to the new channel
  w.announce("machine swapped"); // BUG: use-after-close #weaknote
}

void change_machine_mid_fitting(Workshop &w) {
  w.swap_machine("machine-3");
  w.lace_fitting(58); // BUG: use-after-close #swap
}

void change_machine_properly(Workshop &w) {
  w.measure_tension();
  w.swap_and_rebind("machine-4");
  w.lace_fitting(58); // OK: station rebound to the new channel
  w.announce("machine-4 in use"); // OK: notifier rebound to the new channel
  w.measure_tension();
}

void week() {
  Workshop a, b, c;
  change_machine_properly(a);
  change_machine_mid_fitting(b);
  change_machine(c);
}
