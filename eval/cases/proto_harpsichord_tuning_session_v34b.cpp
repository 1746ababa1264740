// Tuning session of a harpsichord workshop: a technician tunes the strings of
// one instrument to a temperament (Werckmeister, Vallotti, ...); pitches are
// committed to the instrument's record when the session closes. A session
// refuses pitches once closed and can be restarted with another temperament.
// Correct throughout: every pitch after a close is behind is_closed(), a
// restart, or an early return/throw; close() is idempotent by design
// (exchange on the atomic), so the second close in retune() is harmless.
#include <atomic>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>

class TuningSession {
public:
  explicit TuningSession(std::string temperament) : temperament_(std::move(temperament)) {}
  void set_pitch(const std::string &note, double cents);
  double pitch(const std::string &note) const;
  // Idempotent: only the first call commits the pitches.
  void close();
  void restart(const std::string &temperament);
  bool is_closed() const { return closed_.load(); }
  int commits() const { return commits_; }

private:
  void ensure_open(const char *op) const;
  std::string temperament_;
  std::map<std::string, double> cents_;
  std::atomic<bool> closed_{false};
  int commits_ = 0;
};

void TuningSession::ensure_open(const char *op) const {
  if (closed_.load())
    throw std::logic_error(std::string(op) + ": tuning session closed");
}

void TuningSession::set_pitch(const std::string &note, double cents) {
  ensure_open("set_pitch");
  cents_[note] = cents;
}

double TuningSession::pitch(const std::string &note) const {
  ensure_open("pitch");
  auto it = cents_.find(note);
  return it == cents_.end() ? 0.0 : it->second;
}

void TuningSession::close() {
  if (closed_.exchange(true))
    return;
  ++commits_;
}

void TuningSession::restart(const std::string &temperament) {
  temperament_ = temperament;
  cents_.clear();
  closed_.store(false);
}

void tune_werckmeister(TuningSession &s) {
  if (s.is_closed())
    return;
  s.set_pitch("C", 0.0); // OK: is_closed() tested above
  s.set_pitch("G", -3.9); // OK: is_closed() tested above
  s.close();
}

void retune(TuningSession &s) {
  s.close();
  s.close(); // OK: close() is idempotent
  s.restart("Vallotti");
  s.set_pitch("F", 3.9); // OK: restarted after the close
  s.close();
}

double check_a(const TuningSession &s) {
  if (s.is_closed())
    throw std::runtime_error("session already committed");
  return s.pitch("A"); // OK: the closed path threw
}

void compare(TuningSession &lower, TuningSession &upper) {
  lower.close();
  if (&lower == &upper)
    return;
  upper.set_pitch("C", 0.0); // OK: a different session (aliasing excluded above)
}

class Workbench {
public:
  void add(const std::string &note, double cents);
  void finish();

private:
  std::mutex m_;
  TuningSession session_{"Kirnberger III"};
};

void Workbench::add(const std::string &note, double cents) {
  std::lock_guard<std::mutex> lk(m_);
  if (session_.is_closed())
    return;
  session_.set_pitch(note, cents); // OK: checked under the same mutex that finish() holds
}

void Workbench::finish() {
  std::lock_guard<std::mutex> lk(m_);
  session_.close();
}
