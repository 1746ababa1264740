// Slack-water estimator for a harbour entrance. Current sources share the
// CurrentSource interface: a Doppler current profiler on a serial line (its
// shutdown() closes the port and is safe to call again; readKnots() throws
// once it is shut down) and a harmonic model of the ebb and flood streams
// whose shutdown() only writes its fitted constants to a cache file.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class CurrentSource {
public:
  virtual ~CurrentSource() = default;
  virtual double readKnots() = 0;
  virtual void shutdown() = 0;
};

class DopplerProfiler : public CurrentSource {
public:
  explicit DopplerProfiler(const char *tty) : fd_(::open(tty, O_RDONLY | O_NOCTTY)) {
    if (fd_ < 0)
      throw std::runtime_error(std::string("no profiler on ") + tty);
  }
  double readKnots() override {
    if (fd_ < 0)
      throw std::runtime_error("profiler shut down");
    char sentence[96] = {};
    if (::read(fd_, sentence, sizeof sentence - 1) <= 0)
      throw std::runtime_error("profiler silent");
    // "$PADCP,<bin>,<knots>,<dir>"
    const char *comma = std::strchr(sentence, ',');
    comma = comma ? std::strchr(comma + 1, ',') : nullptr;
    return comma ? std::strtod(comma + 1, nullptr) : 0.0;
  }
  void shutdown() override {
    if (fd_ < 0)
      return;
    ::close(std::exchange(fd_, -1));
  }

private:
  int fd_;
};

class HarmonicStreamModel : public CurrentSource {
public:
  HarmonicStreamModel(double amplitude, double phaseHours)
      : amplitude_(amplitude), phaseHours_(phaseHours) {}
  void advance(double hours) { hoursSinceEpoch_ += hours; }
  double readKnots() override {
    constexpr double kM2PeriodHours = 12.4206;
    constexpr double kTwoPi = 6.283185307179586;
    return amplitude_ * std::sin(kTwoPi * (hoursSinceEpoch_ - phaseHours_) / kM2PeriodHours);
  }
  void shutdown() override {
    if (FILE *cache = std::fopen("/var/cache/tides/stream-model.txt", "w")) {
      std::fprintf(cache, "%f %f\n", amplitude_, phaseHours_);
      std::fclose(cache);
    }
  }

private:
  double amplitude_, phaseHours_, hoursSinceEpoch_ = 0.0;
};

struct SlackWindow {
  double predictedKnots;
  double measuredKnots;
};

class SlackEstimator {
public:
  explicit SlackEstimator(const char *adcpTty)
      : profiler_(std::make_unique<DopplerProfiler>(adcpTty)), model_(2.4, 3.1) {}
  ~SlackEstimator() { profiler_->shutdown(); } // OK: shutdown() returns early the second time

  void sample(double hours) {
    model_.advance(hours);
    history_.push_back(profiler_->readKnots()); // SAME: sample-paused
  }
  SlackWindow closeWatch();
  void pauseForDredging() { profiler_->shutdown(); }

private:
  std::unique_ptr<CurrentSource> profiler_;
  HarmonicStreamModel model_;
  std::vector<double> history_;
};

SlackWindow SlackEstimator::closeWatch() {
  profiler_->shutdown();
  model_.shutdown();
  SlackWindow w{};
  w.predictedKnots = model_.readKnots(); // OK: shutdown() only cached the constants
  w.measuredKnots = profiler_->readKnots(); // BUG: use-after-close
  return w;
}

void watchEntrance(SlackEstimator &est, bool dredgerInChannel, int quarterHours) {
  if (dredgerInChannel)
    est.pauseForDredging();
  for (int i = 0; i < quarterHours; ++i)
    est.sample(0.25); // BUG: use-after-close #sample-paused
}
