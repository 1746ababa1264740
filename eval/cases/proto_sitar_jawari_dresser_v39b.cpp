// A luthier's motorised jig dresses the curved bone bridge (jawari) of a sitar:
// it sands a few microns under one string, then measures the buzz. The jig's
// controller is a small class with its own state machine: park() retracts the
// sanding head and closes the controller; any dressing or measuring while
// parked throws. Bugs: finish_bridge() parks and then takes one more buzz
// measurement, and dress_all() parks on an out-of-range string but keeps
// looping. The other uses are guarded by parked() or follow resume().
#include <stdexcept>
#include <string>
#include <vector>

class JawariJig {
 public:
  enum class State { Idle, Dressing, Parked };

  explicit JawariJig(std::string device) : device_(std::move(device)) {}

  void dress(int string_no, double microns) {
    require_open("dress");
    state_ = State::Dressing;
    removed_[index(string_no)] += microns;
    state_ = State::Idle;
  }

  double measure_buzz(int string_no) {
    require_open("measure_buzz");
    return 0.8 + removed_[index(string_no)] / 100.0;
  }

  void park() { state_ = State::Parked; }
  void resume() {
    if (state_ == State::Parked) state_ = State::Idle;
  }
  bool parked() const { return state_ == State::Parked; }

 private:
  void require_open(const char* op) const {
    if (state_ == State::Parked) throw std::logic_error(std::string(op) + ": jawari jig closed");
  }
  static int index(int string_no) { return string_no < 0 ? 0 : (string_no > 6 ? 6 : string_no); }

  std::string device_;
  State state_ = State::Idle;
  double removed_[7] = {0, 0, 0, 0, 0, 0, 0};
};

struct Pass {
  int string_no;
  double microns;
};

double finish_bridge(JawariJig& jig, const std::vector<Pass>& passes) {
  for (const Pass& p : passes) jig.dress(p.string_no, p.microns);
  jig.park();
  return jig.measure_buzz(1);  // BUG: use-after-close
}

void dress_all(JawariJig& jig, const std::vector<Pass>& passes) {
  for (const Pass& p : passes) {
    if (p.string_no < 1 || p.string_no > 6) {
      jig.park();  // safety stop: unknown string
    }
    jig.dress(p.string_no, p.microns);  // BUG: use-after-close
  }
}

void dress_all_safely(JawariJig& jig, const std::vector<Pass>& passes) {
  for (const Pass& p : passes) {
    if (p.string_no < 1 || p.string_no > 6) {
      jig.park();
      return;
    }
    jig.dress(p.string_no, p.microns);  // OK: the park path returns
  }
}

double measure_if_ready(JawariJig& jig) {
  if (jig.parked()) return -1.0;
  return jig.measure_buzz(1);  // OK: parked() checked
}

double second_session(JawariJig& jig, const std::vector<Pass>& passes) {
  jig.park();
  jig.resume();
  for (const Pass& p : passes) jig.dress(p.string_no, p.microns);  // OK: resumed
  double buzz = jig.measure_buzz(1);  // OK
  jig.park();
  return buzz;
}
