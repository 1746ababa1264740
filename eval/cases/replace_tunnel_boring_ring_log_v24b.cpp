// Tunnel boring machine data logger: thrust, torque and grout readings for
// each built lining ring are appended to a RingLog file. Every 50 rings the
// log is sealed and a new one is started (held in a std::optional so that it
// can be reset and re-emplaced), which repeats the last ring as its first
// line. When the archive volume is nearly full the new log is deferred to the
// next ring, but the repeated line is still written. Shift handover and
// cutterhead changes re-emplace the log on every path.
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class RingLog {
public:
  explicit RingLog(std::string path) : path_(std::move(path)) {
    f_ = std::fopen(path_.c_str(), "a");
    if (!f_)
      throw std::runtime_error("cannot open ring log " + path_);
  }
  RingLog(RingLog &&other) noexcept
      : path_(std::move(other.path_)), f_(std::exchange(other.f_, nullptr)) {}
  RingLog(const RingLog &) = delete;
  RingLog &operator=(const RingLog &) = delete;
  ~RingLog() {
    if (f_)
      std::fclose(f_);
  }

  void append(int ring, double thrustKn, double torqueKnm, double groutL) {
    if (!f_)
      throw std::runtime_error("ring log sealed: " + path_);
    std::fprintf(f_, "%d,%.1f,%.1f,%.1f\n", ring, thrustKn, torqueKnm, groutL);
  }

  bool sealed() const { return f_ == nullptr; }

  void seal() {
    if (!f_)
      return;
    std::fclose(f_);
    f_ = nullptr;
  }

private:
  std::string path_;
  std::FILE *f_ = nullptr;
};

struct RingReading {
  int ring = 0;
  double thrustKn = 0;
  double torqueKnm = 0;
  double groutL = 0;
};

class TbmRecorder {
public:
  explicit TbmRecorder(std::string dir) : dir_(std::move(dir)) {
    log_.emplace(pathFor(1));
  }

  void onRingBuilt(const RingReading &r, bool archiveNearlyFull) {
    if (log_->sealed())
      log_.emplace(pathFor(r.ring));
    log_->append(r.ring, r.thrustKn, r.torqueKnm, r.groutL); // OK
    if (r.ring % 50 != 0)
      return;
    log_->seal();
    if (!archiveNearlyFull)
      log_.emplace(pathFor(r.ring + 1));
    else
      std::fprintf(stderr, "archive volume low, next ring log deferred\n");
    log_->append(r.ring, r.thrustKn, r.torqueKnm, r.groutL); // BUG: use-after-close
  }

  void onShiftHandover(int nextRing, const std::string &crew) {
    log_->seal();
    log_.reset();
    log_.emplace(pathFor(nextRing));
    log_->append(nextRing - 1, 0, 0, 0); // OK
    std::printf("handover to %s at ring %d\n", crew.c_str(), nextRing);
  }

  void onCutterheadChange(int ring, bool inspectionOnly) {
    log_->seal();
    if (inspectionOnly)
      log_.emplace(pathFor(ring) + ".inspect");
    else
      log_.emplace(pathFor(ring));
    log_->append(ring, 0, 0, 0); // OK
  }

private:
  std::string pathFor(int firstRing) const {
    return dir_ + "/rings-" + std::to_string(firstRing) + ".csv";
  }

  std::string dir_;
  std::optional<RingLog> log_;
};

void replayShift(TbmRecorder &rec, const RingReading *readings, int n,
                 bool archiveNearlyFull) {
  for (int i = 0; i < n; ++i)
    rec.onRingBuilt(readings[i], archiveNearlyFull);
}
