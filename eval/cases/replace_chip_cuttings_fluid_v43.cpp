// Ice-core drilling: the borehole-fluid monitor logs fluid density to a raw
// log (fd) that is rotated every shift, writes the chip/cuttings tally of each
// run to a CSV (FILE*) opened per run, and keeps the current run's sheet in a
// std::optional<std::ofstream> that is replaced for every new run. Negative
// case: every use after a close goes to a handle opened in its place (the
// descriptor is set to -1 after close and reopened, the FILE* variable is
// reassigned from a new fopen, the optional is reset and emplaced again).
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace borehole {

struct FluidReading {
  double depthMetres;
  double densityKgM3;
};

struct DrillRun {
  int number;
  double fromMetres;
  double toMetres;
  double chipsGrams;
};

class FluidDensityLog {
public:
  explicit FluidDensityLog(std::string dir) : dir_(std::move(dir)) { rotate(0); }
  ~FluidDensityLog() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  FluidDensityLog(const FluidDensityLog &) = delete;
  FluidDensityLog &operator=(const FluidDensityLog &) = delete;

  void rotate(int shift) {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
    const std::string path = dir_ + "/fluid-shift" + std::to_string(shift) + ".bin";
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  }
  void append(const FluidReading &r) {
    if (fd_ < 0)
      return;
    if (::write(fd_, &r, sizeof r) < 0)
      std::perror("fluid density log");
  }

private:
  std::string dir_;
  int fd_ = -1;
};

class RunRecorder {
public:
  explicit RunRecorder(std::string dir) : dir_(std::move(dir)) {}

  void beginRun(const DrillRun &run) {
    sheet_.reset();
    sheet_.emplace(dir_ + "/run" + std::to_string(run.number) + ".sheet");
    *sheet_ << "run " << run.number << " from " << run.fromMetres << " m\n"; // OK
  }
  void noteBreak(double atMetres) {
    if (sheet_ && sheet_->is_open())
      *sheet_ << "core break at " << atMetres << " m\n";
  }

  void tallyCuttings(const std::vector<DrillRun> &runs) {
    FILE *csv = nullptr;
    for (const DrillRun &run : runs) {
      if (csv)
        std::fclose(csv);
      const std::string path = dir_ + "/cuttings-" + std::to_string(run.number) + ".csv";
      csv = std::fopen(path.c_str(), "w");
      if (!csv)
        continue;
      std::fprintf(csv, "%d,%.2f,%.2f,%.1f\n", run.number, run.fromMetres, // OK
                   run.toMetres, run.chipsGrams);
    }
    if (csv)
      std::fclose(csv);
  }

private:
  std::string dir_;
  std::optional<std::ofstream> sheet_;
};

void shiftChange(FluidDensityLog &fluid, RunRecorder &rec, const std::vector<DrillRun> &runs) {
  fluid.append({2410.5, 931.2});
  fluid.rotate(2);
  fluid.append({2411.0, 931.4}); // OK
  for (const DrillRun &run : runs) {
    rec.beginRun(run);
    rec.noteBreak(run.toMetres - 0.35);
  }
  rec.tallyCuttings(runs);
}

} // namespace borehole
