// Clock-repair bench: a timegrapher link records beat-rate samples while a
// watchmaker regulates a movement. Passes are bracketed by scope guards that
// close the link when the pass ends. regulate_pass() reads the average after
// the guard's block has already closed the link, and service_watch() keeps
// sampling after hold.reset() ran the close-only deleter early. The other
// uses are inside the guarded scopes, on a link no guard owns, or after the
// ScopeExit was dismissed.
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class TimegrapherLink {
 public:
  explicit TimegrapherLink(std::string bench) : bench_(std::move(bench)) {}

  void sample(double seconds_per_day) {
    if (closed_) throw std::runtime_error("timegrapher link closed: " + bench_);
    samples_.push_back(seconds_per_day);
  }

  double average() const {
    if (closed_) throw std::runtime_error("timegrapher link closed: " + bench_);
    if (samples_.empty()) return 0.0;
    return std::accumulate(samples_.begin(), samples_.end(), 0.0) /
           static_cast<double>(samples_.size());
  }

  void close() {
    if (closed_) throw std::runtime_error("timegrapher link already closed: " + bench_);
    closed_ = true;
  }

  bool closed() const { return closed_; }

 private:
  std::string bench_;
  std::vector<double> samples_;
  bool closed_ = false;
};

// Closes the link when the regulation pass goes out of scope.
struct PassCloser {
  TimegrapherLink& link;
  ~PassCloser() { link.close(); }
};

template <class F>
class ScopeExit {
 public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_) fn_();
  }
  void dismiss() { armed_ = false; }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;

 private:
  F fn_;
  bool armed_ = true;
};

// Closes but does not delete: the bench owns the link object itself.
struct CloseOnly {
  void operator()(TimegrapherLink* link) const { link->close(); }
};

double regulate_pass(TimegrapherLink& link, const std::vector<double>& rates) {
  {
    PassCloser closer{link};
    for (double r : rates) link.sample(r);  // OK: the closer runs at the end of this block
  }
  return link.average();  // BUG: use-after-close
}

double quick_check(TimegrapherLink& link, double rate) {
  PassCloser closer{link};
  link.sample(rate);  // OK: closer has not run yet
  return link.average();  // OK: evaluated before the closer's destructor
}

double compare_movements(TimegrapherLink& reference, TimegrapherLink& customer, double rate) {
  {
    PassCloser closer{customer};
    customer.sample(rate);  // OK: inside the guarded block
  }
  reference.sample(rate);  // OK: only the customer link was closed
  return reference.average();  // OK: different link
}

bool calibrate(TimegrapherLink& link, const std::vector<double>& rates, bool keep_open,
               double settle) {
  {
    ScopeExit on_exit([&link] { link.close(); });
    for (double r : rates) link.sample(r);
    if (!keep_open) return false;  // the guard closes the link on the way out
    on_exit.dismiss();
  }
  link.sample(settle);  // OK: only reached after dismiss(), so the link is open
  return true;
}

double service_watch(TimegrapherLink& link, const std::vector<double>& rates) {
  std::unique_ptr<TimegrapherLink, CloseOnly> hold(&link);
  for (double r : rates) hold->sample(r);  // OK: still held
  double avg = hold->average();  // OK: still held
  hold.reset();  // runs CloseOnly now, not at the end of the function
  link.sample(avg);  // BUG: use-after-close
  return avg;
}
