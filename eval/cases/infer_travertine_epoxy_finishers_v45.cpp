// Travertine finishing cell at a marble works. Every station implements the
// Finisher interface: the honing station only pauses its spindle in stop() and
// resumes on the next slab; the epoxy resin station closes its dosing-pump
// descriptor in stop() and refuses slabs afterwards; the gloss gauge closes its
// calibration report in stop() and reopens it in start(). The cell owns the
// stations through std::unique_ptr<Finisher>.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

struct Slab {
  std::string id;
  bool openVeins;
  bool rework;
};

class Finisher {
public:
  virtual ~Finisher() = default;
  virtual void start() = 0;
  virtual void process(const Slab &slab) = 0;
  virtual void stop() = 0;
};

class HoningStation : public Finisher {
public:
  explicit HoningStation(int passes) : passes_(passes) {}
  void start() override { paused_ = false; }
  void process(const Slab &slab) override {
    if (paused_)
      start();
    std::printf("honing %s x%d\n", slab.id.c_str(), passes_);
  }
  void stop() override { paused_ = true; }

private:
  int passes_;
  bool paused_ = false;
};

class EpoxyResinStation : public Finisher {
public:
  explicit EpoxyResinStation(std::string pumpDev) : pumpDev_(std::move(pumpDev)) { start(); }
  ~EpoxyResinStation() override { stop(); }
  void start() override {
    if (pumpFd_ < 0)
      pumpFd_ = ::open(pumpDev_.c_str(), O_WRONLY | O_NOCTTY);
    if (pumpFd_ < 0)
      throw std::runtime_error("resin dosing pump unavailable");
  }
  void process(const Slab &slab) override {
    if (pumpFd_ < 0)
      throw std::runtime_error("resin station closed, cannot fill " + slab.id);
    if (slab.openVeins)
      ::write(pumpFd_, "DOSE 35\r", 8);
  }
  void stop() override {
    if (pumpFd_ < 0)
      return;
    ::write(pumpFd_, "PURGE\r", 6);
    ::close(pumpFd_);
    pumpFd_ = -1;
  }

private:
  std::string pumpDev_;
  int pumpFd_ = -1;
};

class GlossGauge : public Finisher {
public:
  explicit GlossGauge(std::string path) : path_(std::move(path)) { start(); }
  ~GlossGauge() override {
    if (report_)
      std::fclose(report_);
  }
  void start() override {
    if (!report_)
      report_ = std::fopen(path_.c_str(), "a");
    if (!report_)
      throw std::runtime_error("cannot open gloss report " + path_);
  }
  void process(const Slab &slab) override {
    if (!report_)
      throw std::runtime_error("gloss gauge closed");
    std::fprintf(report_, "%s,%d\n", slab.id.c_str(), slab.rework ? 71 : 88);
  }
  void stop() override {
    if (report_) {
      std::fclose(report_);
      report_ = nullptr;
    }
  }

private:
  std::string path_;
  FILE *report_ = nullptr;
};

void nightlyCalibration(Finisher &gauge) {
  gauge.process({"CAL-TILE-88", false, false}); // SAME: night-cal
}

void finishBatch(const std::vector<Slab> &batch) {
  std::unique_ptr<Finisher> hone = std::make_unique<HoningStation>(3);
  std::unique_ptr<Finisher> resin = std::make_unique<EpoxyResinStation>("/dev/ttyRESIN");
  std::unique_ptr<Finisher> gloss = std::make_unique<GlossGauge>("/srv/finishing/gloss.csv");

  std::vector<const Slab *> rework;
  for (const Slab &slab : batch) {
    hone->process(slab);
    resin->process(slab);
    gloss->process(slab);
    if (slab.rework)
      rework.push_back(&slab);
  }
  hone->stop();
  resin->stop();
  gloss->stop();

  if (rework.empty()) {
    nightlyCalibration(*gloss); // BUG: use-after-close #night-cal
    return;
  }
  gloss->start();
  for (const Slab *slab : rework) {
    hone->process(*slab); // OK
    gloss->process(*slab); // OK
    resin->process(*slab); // BUG: use-after-close
  }
  resin->stop(); // OK
}

int main() {
  finishBatch({{"TR-1181", true, false}, {"TR-1182", false, true}, {"TR-1183", true, false}});
}
