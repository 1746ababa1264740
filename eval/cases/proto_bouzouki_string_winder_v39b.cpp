// A string maker winds phosphor-bronze wrap wire onto bouzouki core strings.
// StringWinder is the controller of one winding lathe: close() stops the
// spindle and marks the winder closed (an atomic flag), after which wind() and
// tension() throw. The shop code below only winds on an open winder: it checks
// IsClosed(), reopens with rearm(), uses a different lathe, or returns right
// after closing. Negative case: no call reaches a closed winder.
#include <atomic>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

class StringWinder {
 public:
  explicit StringWinder(int lathe) : lathe_(lathe) {}

  void wind(double turns_per_mm, double length_mm) {
    ensure_open();
    std::lock_guard<std::mutex> lk(mu_);
    wound_mm_ += length_mm;
    last_pitch_ = turns_per_mm;
  }

  double tension() const {
    ensure_open();
    return 40.0 + last_pitch_ * 0.5;
  }

  void close() { closed_.store(true); }
  void rearm() { closed_.store(false); }
  bool IsClosed() const { return closed_.load(); }
  int lathe() const { return lathe_; }

 private:
  void ensure_open() const {
    if (closed_.load()) throw std::logic_error("string winder closed");
  }

  int lathe_;
  std::atomic<bool> closed_{false};
  mutable std::mutex mu_;
  double wound_mm_ = 0;
  double last_pitch_ = 0;
};

struct Order {
  std::string gauge;
  double pitch;
  double length_mm;
};

int wind_course(StringWinder& w, const std::vector<Order>& orders, double max_tension) {
  int done = 0;
  for (const Order& o : orders) {
    if (w.IsClosed()) break;
    w.wind(o.pitch, o.length_mm);  // OK: IsClosed() checked at the top of the iteration
    if (w.tension() > max_tension) {  // OK: no close since the check
      w.close();
      return done;
    }
    ++done;
  }
  return done;
}

void change_spool(StringWinder& w, const Order& next) {
  w.close();
  // ... operator threads the new wire spool ...
  w.rearm();
  w.wind(next.pitch, 2.0);  // OK: rearmed after the spool change
}

void split_between_lathes(StringWinder& a, StringWinder& b, const Order& o) {
  a.close();
  b.wind(o.pitch, o.length_mm);  // OK: a different lathe
  if (!a.IsClosed()) a.wind(o.pitch, o.length_mm);  // OK: guarded
}

double safe_tension(const StringWinder& w) {
  try {
    return w.tension();  // OK: the closed case is caught below
  } catch (const std::logic_error&) {
    return 0.0;
  }
}

void end_of_shift(std::vector<StringWinder*>& lathes) {
  for (StringWinder* w : lathes) w->close();
  for (StringWinder* w : lathes) {
    w->rearm();
    w->wind(0.0, 0.5);  // OK: each lathe rearmed just before (run-out turn)
    w->close();
  }
}
