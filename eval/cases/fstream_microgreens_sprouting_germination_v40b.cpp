// Microgreens sprouting room records. Each seed batch (seed, soak, moisture)
// gets a batch sheet plus a line in the index file; the humidity log is a member
// std::ofstream that is closed at dusk and reopened at dawn; moisture probe
// calibration files are read one after another through one std::ifstream.
// Correct code: every write after a close is either guarded by is_open() or
// comes after an open() whose result was checked; dusk() is a no-op when the log
// is already closed, so the destructor calling it again is harmless.
#include <fstream>
#include <string>
#include <utility>
#include <vector>

struct SeedBatch {
  std::string id;
  double seed_kg = 0;
  double soak_hours = 0;
  double moisture_pct = 0;
};

class GrowRoomLog {
public:
  explicit GrowRoomLog(std::string path) : path_(std::move(path)) {}
  ~GrowRoomLog() { dusk(); } // OK: dusk() returns early when already closed
  bool dawn();
  void dusk();
  bool record(double rh, double temp_c);
  int readings() const { return lines_; }

private:
  std::string path_;
  std::ofstream out_;
  int lines_ = 0;
};

bool GrowRoomLog::dawn() {
  if (out_.is_open())
    return true;
  out_.open(path_, std::ios::app);
  if (!out_.is_open())
    return false;
  out_ << "# dawn\n"; // OK: open() checked just above
  return true;
}

void GrowRoomLog::dusk() {
  if (!out_.is_open())
    return;
  out_ << "# dusk after " << lines_ << " readings\n";
  out_.close();
}

bool GrowRoomLog::record(double rh, double temp_c) {
  if (!out_.is_open())
    return false;
  out_ << rh << ',' << temp_c << '\n'; // OK: guarded by is_open()
  ++lines_;
  return true;
}

static bool write_batch(const SeedBatch &b, const std::string &dir) {
  std::ofstream sheet(dir + "/" + b.id + ".txt");
  if (!sheet)
    return false;
  sheet << "seed " << b.seed_kg << " kg\n"
        << "soak " << b.soak_hours << " h\n"
        << "moisture " << b.moisture_pct << " %\n";
  sheet.close();
  if (sheet.fail()) // OK: checks whether close() failed, no I/O
    return false;
  sheet.open(dir + "/index.txt", std::ios::app);
  if (!sheet.is_open())
    return false;
  sheet << b.id << '\n'; // OK: reopened on the index file
  return true;
}

static double mean_moisture(const std::vector<std::string> &files) {
  std::ifstream in;
  double sum = 0;
  int n = 0;
  for (const auto &f : files) {
    in.open(f);
    if (!in.is_open())
      continue;
    double v = 0;
    while (in >> v) { // OK: opened in this iteration
      sum += v;
      ++n;
    }
    in.close();
    in.clear(); // OK: resets the state flags only
  }
  return n ? sum / n : 0.0;
}

static void run_day(GrowRoomLog &log, const std::vector<std::pair<double, double>> &readings) {
  if (!log.dawn())
    return;
  for (const auto &r : readings)
    log.record(r.first, r.second); // OK: dawn() reopened the log
  log.dusk();
}

int tend_grow_room(const std::vector<SeedBatch> &batches,
                   const std::vector<std::vector<std::pair<double, double>>> &days,
                   const std::vector<std::string> &calibration) {
  GrowRoomLog log("humidity.csv");
  for (const auto &readings : days)
    run_day(log, readings);
  int written = 0;
  for (const auto &b : batches)
    if (write_batch(b, "batches"))
      ++written;
  double m = mean_moisture(calibration);
  if (log.dawn())
    log.record(m, 0.0); // OK: reopened by dawn() after the last dusk()
  return written + log.readings();
}
