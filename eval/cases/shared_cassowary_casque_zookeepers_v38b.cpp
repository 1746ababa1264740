// Keeper radio net for a cassowary house: keepers share one radio channel
// (shared_ptr copies) and the paddock gate sensor calls out on it when a bird
// approaches the service gate. Keeper::sign_off() closes the shared channel
// although the other keeper still uses it, and the paddock's shutdown() closes
// the channel while the gate sensor's strong-capturing callback stays armed.
// The handover shift (the channel closes in its deleter when the last keeper
// drops it) and the weak_ptr callback that checks is_open() are correct.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class RadioChannel {
 public:
  explicit RadioChannel(int freq_khz) : freq_(freq_khz) {}
  void transmit(const std::string& msg) {
    if (!open_) throw std::runtime_error("radio channel " + std::to_string(freq_) + " closed");
    log_.push_back(msg);
  }
  void close() { open_ = false; }
  bool is_open() const { return open_; }

 private:
  int freq_;
  bool open_ = true;
  std::vector<std::string> log_;
};

class Keeper {
 public:
  Keeper(std::string name, std::shared_ptr<RadioChannel> ch) : name_(std::move(name)), ch_(std::move(ch)) {}
  void call(const std::string& msg) { ch_->transmit(name_ + ": " + msg); }  // SAME: shared_channel
  void sign_off() {
    ch_->transmit(name_ + " off duty");
    ch_->close();
  }
  void leave() { ch_.reset(); }

 private:
  std::string name_;
  std::shared_ptr<RadioChannel> ch_;
};

class GateSensor {
 public:
  void on_approach(std::function<void(int)> cb) { cb_ = std::move(cb); }
  void trip(int metres) {
    if (cb_) cb_(metres);
  }

 private:
  std::function<void(int)> cb_;
};

class Paddock {
 public:
  Paddock(std::shared_ptr<RadioChannel> ch, GateSensor& gate) : ch_(std::move(ch)) {
    auto ch_copy = ch_;
    gate.on_approach([ch_copy](int m) {
      ch_copy->transmit("bird " + std::to_string(m) + "m from service gate");  // BUG: use-after-close
    });
  }
  void shutdown() { ch_->close(); }

 private:
  std::shared_ptr<RadioChannel> ch_;
};

void morning_feed() {
  auto ch = std::make_shared<RadioChannel>(462550);
  Keeper alice("alice", ch);
  Keeper bob("bob", ch);
  alice.call("fruit bowls out");
  alice.sign_off();
  bob.call("casque check on female 2");  // BUG: use-after-close #shared_channel
}

void evening_lockup() {
  auto ch = std::make_shared<RadioChannel>(462575);
  GateSensor gate;
  Paddock paddock(ch, gate);
  gate.trip(12);
  paddock.shutdown();
  gate.trip(4);
}

void handover_shift() {
  std::shared_ptr<RadioChannel> ch(new RadioChannel(462600), [](RadioChannel* c) {
    c->close();
    delete c;
  });
  Keeper day("day", ch);
  Keeper night("night", ch);
  GateSensor gate;
  std::weak_ptr<RadioChannel> weak = ch;
  gate.on_approach([weak](int m) {
    auto c = weak.lock();
    if (c && c->is_open()) c->transmit("approach " + std::to_string(m));  // OK: lock() and is_open() checked
  });
  ch.reset();
  day.call("handing over");
  day.leave();
  night.call("received, on duty");  // OK: day only dropped its reference; night still holds the channel
  gate.trip(7);
  night.leave();
  gate.trip(3);
}
