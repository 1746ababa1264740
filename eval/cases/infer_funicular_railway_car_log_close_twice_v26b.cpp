// Funicular railway car controller. Each car keeps a trip recorder (sealed
// once per run; sealing a recorder twice is refused because the seal writes
// the run's checksum) and a brake-monitor link whose close() may be called as
// often as anyone likes.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace funicular {

class TripRecorder {
public:
  explicit TripRecorder(std::string car) : car_(std::move(car)) {}

  void record(const std::string &event) {
    if (sealed_)
      throw std::logic_error("trip recorder sealed: " + car_);
    events_.push_back(event);
  }

  void close() {
    if (sealed_)
      throw std::logic_error("trip recorder already sealed: " + car_);
    checksum_ = 0;
    for (const std::string &e : events_)
      checksum_ = checksum_ * 31 + e.size();
    sealed_ = true;
  }

  unsigned long checksum() const { return checksum_; }

private:
  std::string car_;
  std::vector<std::string> events_;
  unsigned long checksum_ = 0;
  bool sealed_ = false;
};

class BrakeMonitorLink {
public:
  void report(int pressureKpa) {
    if (!open_)
      throw std::runtime_error("brake monitor link closed");
    last_ = pressureKpa;
  }

  void close() {
    if (!open_)
      return;
    open_ = false;
    std::printf("brake link closed at %d kPa\n", last_);
  }

private:
  bool open_ = true;
  int last_ = 0;
};

class FunicularCar {
public:
  explicit FunicularCar(const std::string &name) : recorder_(name) {}

  void runTrip(const std::vector<int> &pressures) {
    recorder_.record("depart");
    for (int p : pressures)
      brake_.report(p);
    recorder_.record("arrive");
  }

  void park() {
    brake_.close(); // OK
    recorder_.close(); // SAME: park
  }

  void emergencyStop() {
    recorder_.record("emergency stop");
    brake_.close();
    recorder_.close();
  }

  void handleOverspeed() {
    emergencyStop();
    notifyDispatcher();
    park(); // BUG: double-close #park
  }

private:
  void notifyDispatcher() { std::puts("dispatcher: overspeed"); }

  TripRecorder recorder_;
  BrakeMonitorLink brake_;
};

unsigned long closeOutShift(const std::vector<int> &pressures) {
  TripRecorder recorder("car-2");
  BrakeMonitorLink brake;
  recorder.record("shift start");
  for (int p : pressures)
    brake.report(p);
  brake.close();
  recorder.close();
  std::printf("shift checksum %lu\n", recorder.checksum());
  brake.close(); // OK
  recorder.close(); // BUG: double-close
  return recorder.checksum();
}

void inspectBrakes(const std::vector<int> &pressures) {
  BrakeMonitorLink brake;
  for (int p : pressures) {
    if (p < 400) {
      brake.close();
      break;
    }
    brake.report(p); // OK
  }
  brake.close(); // OK
}

} // namespace funicular
