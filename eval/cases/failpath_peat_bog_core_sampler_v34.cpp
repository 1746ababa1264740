// Peatland survey: a Russian-pattern corer is driven by a CorerRig and a
// moisture probe streams readings over a ProbeLink. extract() releases the
// rig when the chamber jams and returns an error Result; read_moisture()
// disconnects the probe on an out-of-range reading and returns nullopt;
// check_seal() disconnects and throws when the probe housing leaks. The
// transect() caller continues only on success, but sample_hummock() reports
// a failed extraction and advances the rig anyway, and quick_reading() takes
// value_or(0) and calibrates a probe that may have been disconnected.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <class T>
class Result {
 public:
  static Result success(T v) { return Result(std::move(v), std::string()); }
  static Result failure(std::string why) { return Result(std::nullopt, std::move(why)); }
  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }
  const T& value() const { return *value_; }
  const std::string& error() const { return error_; }

 private:
  Result(std::optional<T> v, std::string e) : value_(std::move(v)), error_(std::move(e)) {}
  std::optional<T> value_;
  std::string error_;
};

struct Core {
  int depth_cm = 0;
  double humification = 0.0;
};

class CorerRig {
 public:
  int advance(int cm) {
    if (released_) throw std::runtime_error("corer rig released");
    depth_cm_ += cm;
    return depth_cm_;
  }
  bool chamber_jammed() const { return depth_cm_ > 450; }
  void release() {
    if (released_) throw std::runtime_error("corer rig released twice");
    released_ = true;
  }

 private:
  int depth_cm_ = 0;
  bool released_ = false;
};

class ProbeLink {
 public:
  // Radio callback: raw ADC counts and the housing's internal humidity.
  void on_packet(int raw_counts, double housing_rh) {
    raw_counts_ = raw_counts;
    housing_rh_ = housing_rh;
  }
  double sample() {
    if (!connected_) throw std::runtime_error("moisture probe disconnected");
    return raw_counts_ * 0.025;  // percent water content; a faulty probe reads out of range
  }
  void calibrate(double reference) {
    if (!connected_) throw std::runtime_error("moisture probe disconnected");
    offset_ = reference - 90.0;
  }
  bool housing_dry() const { return housing_rh_ < 60.0; }
  void disconnect() {
    if (!connected_) throw std::runtime_error("moisture probe disconnected twice");
    connected_ = false;
  }

 private:
  int raw_counts_ = 0;
  double housing_rh_ = 0.0;
  double offset_ = 0.0;
  bool connected_ = true;
};

Result<Core> extract(CorerRig& rig, int step_cm) {
  int depth = rig.advance(step_cm);
  if (rig.chamber_jammed()) {
    rig.release();
    return Result<Core>::failure("chamber jammed at " + std::to_string(depth) + "cm");
  }
  return Result<Core>::success(Core{depth, 4.5});
}

std::optional<double> read_moisture(ProbeLink& probe) {
  double m = probe.sample();
  if (m < 0.0 || m > 100.0) {
    probe.disconnect();
    return std::nullopt;
  }
  return m;
}

void check_seal(ProbeLink& probe) {
  if (!probe.housing_dry()) {
    probe.disconnect();
    throw std::runtime_error("probe housing leaking");
  }
}

bool transect(CorerRig& rig, ProbeLink& probe, std::vector<Core>& cores) {
  for (int i = 0; i < 5; ++i) {
    Result<Core> r = extract(rig, 100);
    if (!r) return false;
    cores.push_back(r.value());
    rig.advance(5);  // OK: extract() succeeded, the rig is still held
  }
  std::optional<double> m = read_moisture(probe);
  if (!m) return false;
  probe.calibrate(*m);  // OK: read_moisture() disconnects only when it returns nullopt
  check_seal(probe);
  probe.calibrate(90.0);  // OK: check_seal() throws after it disconnects
  return true;
}

void sample_hummock(CorerRig& rig, std::vector<std::string>& field_notes) {
  Result<Core> r = extract(rig, 500);
  if (!r.ok()) field_notes.push_back("hummock: " + r.error());
  rig.advance(10);  // BUG: use-after-close
}

double quick_reading(ProbeLink& probe) {
  double m = read_moisture(probe).value_or(0.0);
  probe.calibrate(m);  // BUG: use-after-close
  return m;
}

bool safe_reading(ProbeLink& probe, double& out) {
  try {
    check_seal(probe);
  } catch (const std::runtime_error&) {
    return false;
  }
  out = probe.sample();  // OK: the catch returns, so the probe is connected here
  return true;
}
