// Tide gauge export: a coastal station writes six-minute water levels to one
// CSV file per day through GaugeExporter (std::ofstream with exceptions
// enabled, so a failed write or close throws std::ios_base::failure). At
// midnight the exporter rotates by closing the file and opening the next
// day's; quality-control flags for suspect samples are appended at the end.
// When a storm surge is detected the current file is sealed with finish() and
// handed to the alert bundle.
// Defects: exportStation() calls finish() and then appends the QC flags to the
// closed stream (the flags are lost and the write throws); after a surge
// sealed the file, the final finish() closes the stream a second time, which
// throws because failbit is in the exception mask.
#include <fstream>
#include <string>
#include <vector>

struct Sample {
  std::string day; // YYYY-MM-DD
  std::string time;
  double levelMetres = 0.0;
  bool suspect = false;
};

class GaugeExporter {
public:
  explicit GaugeExporter(std::string station) : station_(std::move(station)) {
    csv_.exceptions(std::ios::failbit | std::ios::badbit);
  }
  ~GaugeExporter() {
    if (csv_.is_open()) {
      try {
        csv_.close(); // OK: guarded by is_open()
      } catch (const std::ios_base::failure &) {
      }
    }
  }

  void begin(const std::string &day) {
    path_ = pathFor(day);
    csv_.open(path_);
    csv_ << "time,level_m\n";
  }

  void rotate(const std::string &day) {
    csv_.close();
    path_ = pathFor(day);
    csv_.open(path_);
    csv_ << "time,level_m\n"; // OK: reopened for the new day
  }

  void append(const Sample &s) { csv_ << s.time << ',' << s.levelMetres << '\n'; }

  void appendFlag(const Sample &s) {
    csv_ << "#QC suspect " << s.time << '\n'; // SAME: qc_flags
  }

  // Closes the day file. Calling it on a closed exporter throws
  // std::ios_base::failure.
  void finish() {
    csv_.close(); // SAME: finish_twice
  }

  const std::string &path() const { return path_; }

private:
  std::string pathFor(const std::string &day) const {
    return "/srv/tides/" + station_ + "/" + day + ".csv";
  }

  std::string station_;
  std::string path_;
  std::ofstream csv_;
};

static bool surgeDetected(const Sample &s) { return s.levelMetres > 4.2; }
static void queueAlertBundle(const std::string &) {}

void exportStation(const std::string &station, const std::vector<Sample> &samples) {
  if (samples.empty())
    return;
  GaugeExporter ex(station);
  ex.begin(samples.front().day);
  std::string day = samples.front().day;
  std::vector<Sample> flagged;
  bool sealed = false;
  for (const Sample &s : samples) {
    if (sealed)
      break;
    if (s.day != day) {
      ex.rotate(s.day);
      day = s.day;
    }
    ex.append(s); // OK: the loop leaves before any append once the file was sealed
    if (s.suspect)
      flagged.push_back(s);
    if (surgeDetected(s)) {
      ex.finish();
      queueAlertBundle(ex.path());
      sealed = true;
    }
  }
  ex.finish(); // BUG: double-close #finish_twice
  for (const Sample &s : flagged)
    ex.appendFlag(s); // BUG: use-after-close #qc_flags
}
