// Harpsichord restoration: a tuning session writes each string's deviation to
// a TuningLog and reads pitch from a PitchMeter. The two classes behave
// differently and only their bodies say how: TuningLog::resume() returns
// early once the log is shut (it does not reopen it), and TuningLog::close()
// throws when called twice; PitchMeter::disconnect() is documented and
// implemented as idempotent. after_interval() resumes a shut log and writes
// to it, and the retry path in regulate() calls finish() a second time, which
// closes the log again. Pausing and resuming an open log is fine, and so is
// disconnecting the meter more than once.
#include <stdexcept>
#include <string>
#include <vector>

class TuningLog {
 public:
  void note(const std::string& string_name, double cents) {
    if (state_ != State::Open) throw std::runtime_error("tuning log not open");
    entries_.push_back(string_name + " " + std::to_string(cents));
  }

  void pause() {
    if (state_ == State::Open) state_ = State::Paused;
  }

  // A shut log stays shut: resume() only brings back a paused log.
  void resume() {
    if (state_ == State::Shut) return;
    state_ = State::Open;
  }

  void close() {
    if (state_ == State::Shut) throw std::logic_error("tuning log closed twice");
    state_ = State::Shut;
  }

 private:
  enum class State { Open, Paused, Shut };
  State state_ = State::Open;
  std::vector<std::string> entries_;
};

class PitchMeter {
 public:
  double hz() const {
    if (!connected_) throw std::runtime_error("pitch meter disconnected");
    return 415.0;
  }

  // Safe to call any number of times; later calls do nothing.
  void disconnect() {
    if (!connected_) return;
    connected_ = false;
  }

 private:
  bool connected_ = true;
};

class TuningSession {
 public:
  void tune(const std::string& string_name) {
    log_.note(string_name, meter_.hz() - 415.0);  // OK: called only while the session is live
  }

  void coffee_break() { log_.pause(); }
  void back_to_work() { log_.resume(); }

  void finish() {
    meter_.disconnect();  // OK: idempotent, harmless on a second finish()
    log_.close();  // SAME: finish_twice
  }

  ~TuningSession() { meter_.disconnect(); }  // OK: idempotent after finish()

  TuningLog& log() { return log_; }
  PitchMeter& meter() { return meter_; }

 private:
  TuningLog log_;
  PitchMeter meter_;
};

void morning(TuningSession& s) {
  s.tune("C4");
  s.coffee_break();
  s.back_to_work();
  s.log().note("D4", -3.5);  // OK: resume() reopened the paused log
}

void after_interval(TuningLog& log) {
  log.close();
  log.resume();  // a shut log stays shut
  log.note("G5", 1.0);  // BUG: use-after-close
}

bool regulate(TuningSession& s, bool quill_snapped) {
  s.tune("A4");
  s.finish();
  if (quill_snapped) {
    s.meter().disconnect();  // OK: disconnect() is idempotent
    s.finish();  // BUG: double-close #finish_twice
    return false;
  }
  return true;
}

void full_day() {
  TuningSession s;
  morning(s);
  regulate(s, false);
  TuningLog spare;
  after_interval(spare);
}
