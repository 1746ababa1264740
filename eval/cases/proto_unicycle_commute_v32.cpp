// Unicycle commuter's ride recorder: the rider's own class records cadence
// samples for a ride. Its state is an enum; every recording method goes
// through a private ensureRecording() that throws "ride recorder closed"
// once finish() has closed the ride, and start() opens a new ride on the
// same recorder. The commute code records, finishes, and sometimes restarts.
#include <stdexcept>
#include <string>
#include <vector>

class RideRecorder {
public:
  enum class State { Idle, Recording, Closed };

  void start(const std::string &route) {
    route_ = route;
    samples_.clear();
    state_ = State::Recording;
  }
  void cadence(int rpm) {
    ensureRecording();
    samples_.push_back(rpm);
  }
  void dismount(const std::string &why) {
    ensureRecording();
    notes_.push_back(why);
  }
  void finish() {
    ensureRecording();
    state_ = State::Closed;
  }
  State state() const { return state_; }

private:
  void ensureRecording() const {
    if (state_ == State::Closed)
      throw std::logic_error("ride recorder closed: " + route_);
    if (state_ == State::Idle)
      throw std::logic_error("ride recorder not started");
  }

  std::string route_;
  std::vector<int> samples_;
  std::vector<std::string> notes_;
  State state_ = State::Idle;
};

void morningCommute(RideRecorder &rec, const std::vector<int> &rpm) {
  rec.start("canal towpath");
  for (int r : rpm)
    rec.cadence(r);
  rec.finish();
  rec.start("office car park loop");
  rec.cadence(42); // OK: start() reopened the recorder
  rec.finish(); // OK: one finish per start
}

void eveningCommute(RideRecorder &rec, const std::vector<int> &rpm, bool rainStarted) {
  rec.start("high street");
  for (int r : rpm) {
    rec.cadence(r); // OK: finish() runs after the loop
  }
  if (rainStarted)
    rec.finish();
  rec.dismount("kerb at the bakery"); // BUG: use-after-close
  if (rec.state() == RideRecorder::State::Recording)
    rec.finish(); // OK: checked
}

void lunchLap(RideRecorder &rec) {
  rec.start("park lap");
  rec.cadence(55);
  rec.finish();
  rec.finish(); // BUG: double-close
}
