// Adobe brick yard and wattle-and-daub panel line. The MixerLink feeds clay to the pug
// mill; pause()/resume() bracket rain delays, but resume() returns early once the link was
// shut down, so feeding after shutdown()+resume() still fails. SlurryValve::close() throws
// when the valve is already closed, while CureLog::close() is documented and implemented
// as idempotent. end_season feeds after a no-op resume, and pour_panel closes the valve
// and then calls finish_pour(), which closes it again.
#include <stdexcept>
#include <string>
#include <vector>

class MixerLink {
 public:
  enum class State { Running, Paused, ShutDown };

  void feed(const std::string& batch) {
    if (state_ != State::Running) throw std::runtime_error("mixer link not running");
    batches_.push_back(batch);
  }
  void pause() {
    if (state_ == State::Running) state_ = State::Paused;
  }
  void resume() {
    if (state_ == State::ShutDown) return;  // a shut-down link stays down
    state_ = State::Running;
  }
  void shutdown() { state_ = State::ShutDown; }
  bool is_running() const { return state_ == State::Running; }

 private:
  State state_ = State::Running;
  std::vector<std::string> batches_;
};

class SlurryValve {
 public:
  void pour(double litres) {
    if (closed_) throw std::runtime_error("slurry valve closed");
    poured_ += litres;
  }
  void close() {
    if (closed_) throw std::runtime_error("slurry valve already closed");
    closed_ = true;
  }
  bool closed() const { return closed_; }

 private:
  bool closed_ = false;
  double poured_ = 0.0;
};

// close() may be called any number of times; only the first one has an effect.
class CureLog {
 public:
  void note(const std::string& line) {
    if (closed_) throw std::runtime_error("cure log closed");
    lines_.push_back(line);
  }
  void close() {
    if (closed_) return;
    closed_ = true;
  }

 private:
  bool closed_ = false;
  std::vector<std::string> lines_;
};

void rain_delay(MixerLink& mixer) {
  mixer.pause();
  mixer.resume();
  mixer.feed("clay+straw 40kg");  // OK: resume() restored Running
}

void end_season(MixerLink& mixer) {
  mixer.feed("last batch");  // OK
  mixer.shutdown();
  mixer.resume();
  mixer.feed("one more for the kiln wall");  // BUG: use-after-close
}

void restart_if_possible(MixerLink& mixer) {
  mixer.resume();
  if (mixer.is_running()) mixer.feed("morning batch");  // OK: checked after resume
}

void finish_pour(SlurryValve& valve, CureLog& log) {
  valve.close();  // SAME: pour
  log.note("pour finished");
  log.close();  // OK: CureLog::close is idempotent
}

void pour_panel(SlurryValve& valve, CureLog& log, double litres) {
  valve.pour(litres);  // OK
  if (litres > 200.0) {
    valve.close();  // overflow: shut the valve immediately
    log.note("overflow stop");
  }
  finish_pour(valve, log);  // BUG: double-close #pour
}

void pour_panel_checked(SlurryValve& valve, CureLog& log, double litres) {
  valve.pour(litres);  // OK
  if (litres > 200.0) {
    valve.close();
    log.note("overflow stop");
    log.close();
    return;
  }
  finish_pour(valve, log);  // OK: the overflow path returned
}

void daub_shift(CureLog& log) {
  log.note("daub coat 1");  // OK
  log.close();
  log.close();  // OK: idempotent close
}
