// Weather radar sweep archiver. Every sweep of a volume scan is appended to the
// current archive file through a SweepWriter; when a volume completes, the
// archiver closes the writer and rotates to a new file. A scratch file kept in
// a std::optional buffers the sweeps of the tilt in progress, and a standby
// writer can be promoted when the primary archive disk is being replaced.
// Defects: an incomplete volume gets its PARTIAL marker written after the
// writer was closed, and an aborted tilt writes into the scratch optional
// right after resetting it when diagnostics are disabled.
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Sweep {
  int tiltIndex = 0;
  double elevationDeg = 0.0;
  std::vector<float> reflectivity;
};

// Appends binary sweeps to a file. write()/writeMarker() throw
// std::logic_error once the writer is closed; close() is idempotent and the
// destructor closes a writer that is still open.
class SweepWriter {
public:
  explicit SweepWriter(const std::string &path)
      : path_(path), fp_(std::fopen(path.c_str(), "ab")) {
    if (!fp_)
      throw std::runtime_error("cannot open sweep archive " + path);
  }
  ~SweepWriter() { close(); }
  SweepWriter(const SweepWriter &) = delete;
  SweepWriter &operator=(const SweepWriter &) = delete;

  void write(const Sweep &s) {
    if (!fp_)
      throw std::logic_error("sweep writer closed: " + path_);
    std::fwrite(&s.tiltIndex, sizeof s.tiltIndex, 1, fp_);
    std::fwrite(&s.elevationDeg, sizeof s.elevationDeg, 1, fp_);
    std::fwrite(s.reflectivity.data(), sizeof(float), s.reflectivity.size(), fp_);
  }
  void writeMarker(const char *tag) {
    if (!fp_)
      throw std::logic_error("sweep writer closed: " + path_);
    std::fputs(tag, fp_);
    std::fputc('\n', fp_);
  }
  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  std::string path_;
  std::FILE *fp_;
};

class VolumeArchiver {
public:
  VolumeArchiver(std::string site, bool keepDiagnostics)
      : site_(std::move(site)), keepDiagnostics_(keepDiagnostics) {
    current_ = std::make_unique<SweepWriter>(fileFor("a", volume_));
    standby_ = std::make_unique<SweepWriter>(fileFor("b", volume_));
  }

  void onSweep(const Sweep &s) {
    if (!scratch_)
      scratch_.emplace(site_ + ".scratch");
    scratch_->write(s); // OK: emplaced just above when it was empty
    current_->write(s);
    ++tiltsSeen_;
  }

  void onVolumeComplete() {
    current_->writeMarker("VOLEND");
    current_->close();
    if (tiltsSeen_ < kExpectedTilts) {
      std::fprintf(stderr, "%s: volume %d incomplete (%d tilts)\n",
                   site_.c_str(), volume_, tiltsSeen_);
      current_->writeMarker("PARTIAL"); // BUG: use-after-close
    }
    ++volume_;
    tiltsSeen_ = 0;
    current_ = std::make_unique<SweepWriter>(fileFor("a", volume_));
    current_->writeMarker("VOLBEGIN"); // OK: a fresh writer replaced the closed one
    scratch_.reset();
  }

  void onTiltAbort(const Sweep &partial) {
    // Throw away the buffered sweeps and keep only the aborted one.
    scratch_.reset();
    if (keepDiagnostics_)
      scratch_.emplace(site_ + ".diag");
    scratch_->write(partial); // BUG: use-after-close
  }

  void promoteStandby() {
    std::swap(current_, standby_);
    standby_->writeMarker("DEMOTED");
    standby_->close();
    current_->writeMarker("PROMOTED"); // OK: current_ is the former standby, still open
    standby_ = std::make_unique<SweepWriter>(fileFor("b", volume_));
  }

private:
  static constexpr int kExpectedTilts = 14;

  std::string fileFor(const char *disk, int volume) const {
    return "/var/radar/" + std::string(disk) + "/" + site_ + "-" +
           std::to_string(volume) + ".vol";
  }

  std::string site_;
  bool keepDiagnostics_;
  int volume_ = 0;
  int tiltsSeen_ = 0;
  std::unique_ptr<SweepWriter> current_;
  std::unique_ptr<SweepWriter> standby_;
  std::optional<SweepWriter> scratch_;
};

int runRadarSession(const std::vector<Sweep> &sweeps, bool diskSwap) {
  VolumeArchiver archiver("KTLX", false);
  for (const Sweep &s : sweeps) {
    if (s.reflectivity.empty()) {
      archiver.onTiltAbort(s);
      continue;
    }
    archiver.onSweep(s);
    if (s.tiltIndex == 13)
      archiver.onVolumeComplete();
  }
  if (diskSwap)
    archiver.promoteStandby();
  return 0;
}
