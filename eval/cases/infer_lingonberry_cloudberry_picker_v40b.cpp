// Berry pickers' cooperative on the bog: pickers are called back over a
// PickerRadio (retire() ends it; reconnect() refuses once retired and says so
// by returning false), every day's picking goes into a Tally (finish() may be
// called twice, the second call does nothing) and into Crates (seal() throws if
// the crate is already sealed). Radio messages are posted to a runner: the
// InlineRunner runs a job at once, the DeferredRunner keeps it until
// run_pending().
// Three mistakes: storm_recall() ignores reconnect()'s refusal and calls on the
// retired radio; close_field() seals the crate again after finish_all() sealed
// it; deferred_report() retires the radio before the deferred job that uses it
// has run.
#include <cstdio>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PickerRadio {
public:
  void call(const std::string &msg) {
    if (retired_)
      throw std::runtime_error("picker radio closed");
    log_.push_back(msg);
  }
  void retire() { retired_ = true; }
  bool reconnect() {
    if (retired_)
      return false;
    ++reconnects_;
    return true;
  }

private:
  bool retired_ = false;
  int reconnects_ = 0;
  std::vector<std::string> log_;
};

class Tally {
public:
  void add(const std::string &berry, double kg) {
    if (finished_)
      throw std::runtime_error("tally closed");
    total_kg_ += kg;
    berries_.push_back(berry);
  }
  // Both the field lead and the weigh-in desk call this; only the first call counts.
  void finish() {
    if (finished_)
      return;
    finished_ = true;
  }

private:
  bool finished_ = false;
  double total_kg_ = 0;
  std::vector<std::string> berries_;
};

class Crate {
public:
  void put(double kg) {
    if (sealed_)
      throw std::runtime_error("crate closed");
    kg_ += kg;
  }
  void seal() {
    if (sealed_)
      throw std::logic_error("crate already sealed");
    sealed_ = true;
  }

private:
  bool sealed_ = false;
  double kg_ = 0;
};

class InlineRunner {
public:
  void post(const std::function<void()> &job) { job(); }
};

class DeferredRunner {
public:
  void post(std::function<void()> job) { pending_.push_back(std::move(job)); }
  void run_pending() {
    auto jobs = std::move(pending_);
    pending_.clear();
    for (auto &job : jobs)
      job();
  }

private:
  std::vector<std::function<void()>> pending_;
};

void storm_recall(PickerRadio &radio) {
  radio.retire();
  if (!radio.reconnect())
    std::fprintf(stderr, "radio retired, reconnect refused\n");
  radio.call("ALL PICKERS RETURN"); // BUG: use-after-close
}

void storm_recall_careful(PickerRadio &radio, PickerRadio &spare) {
  radio.retire();
  if (!radio.reconnect()) {
    spare.call("ALL PICKERS RETURN"); // OK: the spare radio was not retired
    return;
  }
  radio.call("ALL PICKERS RETURN"); // OK: reconnect() returns false once retired, so this is never reached after retire()
}

static void finish_all(Tally &t, Crate &c) {
  t.finish();
  c.seal();
}

void weigh_in(Tally &t, Crate &c) {
  t.add("cloudberry", 1.8);
  c.put(1.8);
  finish_all(t, c);
  t.finish(); // OK: Tally::finish() is idempotent
}

void close_field(Tally &t, Crate &c) {
  t.add("lingonberry", 4.2);
  c.put(4.2);
  finish_all(t, c);
  t.finish(); // OK: Tally::finish() is idempotent
  c.seal(); // BUG: double-close
}

void inline_report(InlineRunner &runner, PickerRadio &radio) {
  runner.post([&radio] { radio.call("TALLY SENT"); }); // OK: InlineRunner runs the job before post() returns
  radio.retire();
}

void deferred_report(DeferredRunner &runner, PickerRadio &radio) {
  runner.post([&radio] { radio.call("TALLY SENT"); }); // SAME: deferred
  radio.retire();
  runner.run_pending(); // BUG: use-after-close #deferred
}

void deferred_report_in_order(DeferredRunner &runner, PickerRadio &radio) {
  runner.post([&radio] { radio.call("CRATES LOADED"); }); // OK: run_pending() runs it before retire()
  runner.run_pending();
  radio.retire();
}

void bog_day() {
  PickerRadio a, b, c, d, e, spare;
  storm_recall_careful(a, spare);
  InlineRunner now;
  inline_report(now, b);
  DeferredRunner later;
  deferred_report_in_order(later, c);
  Tally t1, t2;
  Crate c1, c2;
  weigh_in(t1, c1);
  close_field(t2, c2);
  deferred_report(later, d);
  storm_recall(e);
}
