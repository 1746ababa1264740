// Dirigible gasbag valves: the trim computer, the vent scheduler and the
// crew panel all share the valve channel of the forward gasbag. This is
// correct: the vent scheduler's callback holds a weak_ptr and checks the
// channel before actuating, the crew panel unsubscribes before the channel is
// closed, the channel created with a closing deleter is closed only when its
// last owner lets go, and after the envelope swaps in a new channel the trim
// computer re-reads the current one through the envelope instead of keeping
// a copy of the old pointer.
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class ValveChannel {
 public:
  explicit ValveChannel(std::string bag) : bag_(std::move(bag)) {}
  void actuate(int percent) {
    if (closed_) throw std::runtime_error("valve channel " + bag_ + " closed");
    opening_ = percent;
  }
  void close() {
    if (closed_) throw std::runtime_error("valve channel " + bag_ + " closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

 private:
  std::string bag_;
  bool closed_ = false;
  int opening_ = 0;
};

class Dispatcher {
 public:
  using Callback = std::function<void(int)>;
  int subscribe(Callback cb) {
    callbacks_[next_id_] = std::move(cb);
    return next_id_++;
  }
  void unsubscribe(int id) { callbacks_.erase(id); }
  void fire(int percent) {
    for (auto& [id, cb] : callbacks_) cb(percent);
  }

 private:
  std::map<int, Callback> callbacks_;
  int next_id_ = 1;
};

class Envelope {
 public:
  Envelope() : forward_(std::make_shared<ValveChannel>("forward")) {}
  std::shared_ptr<ValveChannel> forward() const { return forward_; }
  void swap_forward() {
    forward_->close();
    forward_ = std::make_shared<ValveChannel>("forward-spare");
  }

 private:
  std::shared_ptr<ValveChannel> forward_;
};

class TrimComputer {
 public:
  explicit TrimComputer(const Envelope& env) : env_(env) {}
  void trim(int percent) { env_.forward()->actuate(percent); }  // OK: always the current channel

 private:
  const Envelope& env_;
};

void vent_schedule(Dispatcher& disp) {
  auto channel = std::make_shared<ValveChannel>("aft");
  std::weak_ptr<ValveChannel> weak = channel;
  disp.subscribe([weak](int pct) {
    auto ch = weak.lock();
    if (!ch || ch->closed()) return;
    ch->actuate(pct);  // OK: checked for expiry and close
  });
  disp.fire(20);
  channel->close();
  disp.fire(0);  // OK: callback checks closed()
}

void crew_panel(Dispatcher& disp) {
  auto channel = std::make_shared<ValveChannel>("midships");
  int id = disp.subscribe([channel](int pct) { channel->actuate(pct); });  // OK: unsubscribed before close
  disp.fire(35);
  disp.unsubscribe(id);
  channel->close();
  disp.fire(10);  // OK: the handler was removed before the close
}

void last_owner_closes() {
  std::shared_ptr<ValveChannel> pilot(new ValveChannel("ballonet"), [](ValveChannel* c) {
    c->close();
    delete c;
  });
  std::shared_ptr<ValveChannel> engineer = pilot;
  pilot.reset();
  engineer->actuate(15);  // OK: engineer still owns it, the deleter has not run
}

void swap_in_flight() {
  Envelope env;
  TrimComputer trim(env);
  trim.trim(40);
  env.swap_forward();
  trim.trim(25);  // OK: trim() re-reads the fresh channel
  env.forward()->actuate(5);  // OK: fresh channel
}
