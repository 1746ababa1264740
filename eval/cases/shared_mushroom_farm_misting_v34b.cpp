// Misting of an oyster-mushroom grow room: a timer wheel (run on the farm
// controller's own thread, tick by tick) fires spray callbacks on the room's
// misting valve, which is shared between the room and the callbacks. Correct
// throughout: callbacks that hold a shared_ptr are cancelled before the valve
// is closed; the other callbacks hold a weak_ptr and check is_open(); after
// swap_valve() the slot callbacks see the new valve; MistValve::close() is
// idempotent by design.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

class MistValve {
public:
  explicit MistValve(int line) : line_(line) {}
  void spray(int ms);
  // Idempotent: closing a closed valve does nothing.
  void close() { open_ = false; }
  bool is_open() const { return open_; }

private:
  int line_;
  bool open_ = true;
  int total_ms_ = 0;
};

void MistValve::spray(int ms) {
  if (!open_)
    throw std::runtime_error("misting valve on line " + std::to_string(line_) + " closed");
  total_ms_ += ms;
}

class MistTimer {
public:
  using Id = std::uint64_t;
  Id schedule(std::int64_t at_ms, std::function<void()> fn) {
    Id id = ++next_;
    jobs_.emplace(id, Job{at_ms, std::move(fn)});
    return id;
  }
  void cancel(Id id) { jobs_.erase(id); }
  void tick(std::int64_t now_ms) {
    for (auto it = jobs_.begin(); it != jobs_.end();) {
      if (it->second.at_ms <= now_ms) {
        auto fn = std::move(it->second.fn);
        it = jobs_.erase(it);
        fn();
      } else {
        ++it;
      }
    }
  }

private:
  struct Job {
    std::int64_t at_ms;
    std::function<void()> fn;
  };
  std::map<Id, Job> jobs_;
  Id next_ = 0;
};

struct ValveSlot {
  std::shared_ptr<MistValve> valve;
};

class GrowRoom {
public:
  GrowRoom(MistTimer &timer, int line)
      : timer_(timer), slot_(std::make_shared<ValveSlot>()) {
    slot_->valve = std::make_shared<MistValve>(line);
  }
  void plan_cycle(std::int64_t now);
  void harvest();
  void swap_valve(int line);

private:
  MistTimer &timer_;
  std::shared_ptr<ValveSlot> slot_;
  MistTimer::Id burst_ = 0;
};

void GrowRoom::plan_cycle(std::int64_t now) {
  std::shared_ptr<MistValve> valve = slot_->valve;
  if (!valve->is_open())
    return;
  timer_.cancel(burst_); // at most one pending burst per room
  burst_ = timer_.schedule(now + 1000, [valve] {
    valve->spray(400); // OK: harvest() cancels this job before closing the valve
  });
  std::weak_ptr<MistValve> weak = valve;
  timer_.schedule(now + 5000, [weak] {
    auto v = weak.lock();
    if (v && v->is_open())
      v->spray(150); // OK: locked and checked is_open()
  });
  std::weak_ptr<ValveSlot> slot = slot_;
  timer_.schedule(now + 9000, [slot] {
    auto s = slot.lock();
    if (!s || !s->valve->is_open())
      return;
    s->valve->spray(200); // OK: reads the slot's current valve and checks it
  });
}

void GrowRoom::harvest() {
  timer_.cancel(burst_);
  slot_->valve->close();
  slot_->valve->close(); // OK: MistValve::close() is idempotent
}

void GrowRoom::swap_valve(int line) {
  timer_.cancel(burst_);
  slot_->valve->close();
  slot_->valve = std::make_shared<MistValve>(line);
  slot_->valve->spray(50); // OK: replaced by a new valve
}

void night_shift(MistTimer &timer, GrowRoom &room) {
  room.plan_cycle(0);
  timer.tick(2000);
  room.harvest();
  timer.tick(10000);
}
