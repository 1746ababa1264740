// Climate logging for the fossil halls of a dinosaur museum: each hall's
// hygrometer readings are corrected with per-sensor calibration offsets and
// appended to a monthly CSV; the file is rotated when the month changes, and
// readings outside the conservation band go to an alert file as well.
// Negative case: the calibration stream is reopened before its second read,
// the monthly log is reopened before any write that follows a rotation, writes
// are skipped while no log is open, and after close() only the stream's state
// is queried.
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <utility>

struct ClimateReading {
  std::string hall;
  std::string sensor;
  int month = 1;
  double relHumidity = 0.0;
  double tempC = 0.0;
};

bool loadOffsets(const std::string &primary, const std::string &overrides,
                 std::map<std::string, double> &offsets) {
  std::ifstream in(primary);
  if (!in)
    return false;
  std::string sensor;
  double delta = 0.0;
  while (in >> sensor >> delta)
    offsets[sensor] = delta;
  in.close();

  in.open(overrides);
  if (!in.is_open())
    return true;
  while (in >> sensor >> delta) // OK
    offsets[sensor] = delta;
  return true;
}

class HallClimateLog {
public:
  HallClimateLog(std::string dir, std::map<std::string, double> offsets)
      : dir_(std::move(dir)), offsets_(std::move(offsets)) {}

  void record(const ClimateReading &r);
  bool closeMonth();

private:
  bool rotate(int month);
  double corrected(const ClimateReading &r) const {
    auto it = offsets_.find(r.sensor);
    return r.relHumidity + (it == offsets_.end() ? 0.0 : it->second);
  }

  std::string dir_;
  std::map<std::string, double> offsets_;
  std::ofstream log_;
  int month_ = 0;
};

bool HallClimateLog::rotate(int month) {
  if (log_.is_open())
    closeMonth();
  log_.open(dir_ + "/climate-" + std::to_string(month) + ".csv", std::ios::app);
  if (!log_.is_open()) {
    std::cerr << "climate: cannot open log for month " << month << '\n';
    return false;
  }
  month_ = month;
  return true;
}

bool HallClimateLog::closeMonth() {
  if (!log_.is_open())
    return true;
  log_.flush(); // OK
  log_.close();
  if (log_.fail()) { // OK
    std::cerr << "climate: close failed for month " << month_ << '\n';
    return false;
  }
  return true;
}

void HallClimateLog::record(const ClimateReading &r) {
  if (r.month != month_ && !rotate(r.month))
    return;
  if (!log_.is_open())
    return;
  double rh = corrected(r);
  log_ << r.hall << ',' << r.sensor << ',' << rh << ',' << r.tempC << '\n'; // OK
  if (rh < 40.0 || rh > 55.0) {
    std::ofstream alert(dir_ + "/alerts.csv", std::ios::app);
    alert << r.hall << ',' << rh << '\n';
    alert.close();
    log_ << "# alert raised for " << r.hall << '\n'; // OK
  }
}
