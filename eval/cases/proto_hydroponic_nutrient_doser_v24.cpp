// Hydroponic greenhouse: a nutrient doser injects A/B concentrate and pH-down
// into each grow channel's reservoir from EC and pH readings. A doser is
// parked during reservoir flushes and when the controller shuts down; dosing a
// parked doser throws. Correct: park() is idempotent (the destructor parks a
// doser that shutdown() may already have parked), every dose after a park is preceded by a check of the doser state
// or by unpark(), and the flush routine unparks before it doses the refill.
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

class NutrientDoser {
public:
  enum class State { Idle, Dosing, Parked };

  explicit NutrientDoser(std::string channel) : channel_(std::move(channel)) {}

  void dose(const char *pump, double ml) {
    ensureActive();
    state_ = State::Dosing;
    dispensedMl_[pump] += ml;
    state_ = State::Idle;
  }

  void park() {
    if (state_ == State::Parked)
      return;
    state_ = State::Parked;
  }

  void unpark() {
    if (state_ == State::Parked)
      state_ = State::Idle;
  }

  State state() const { return state_; }
  double dispensed(const char *pump) const {
    auto it = dispensedMl_.find(pump);
    return it == dispensedMl_.end() ? 0.0 : it->second;
  }

private:
  void ensureActive() const {
    if (state_ == State::Parked)
      throw std::runtime_error("doser parked: " + channel_);
  }

  std::string channel_;
  State state_ = State::Idle;
  std::map<std::string, double> dispensedMl_;
};

struct ReservoirReading {
  double ec = 0.0;
  double ph = 6.0;
  bool flushDue = false;
};

class ChannelController {
public:
  explicit ChannelController(const std::string &channel) : doser_(channel) {}
  ~ChannelController() {
    doser_.park(); // OK
  }

  void onReading(const ReservoirReading &r);
  void flushReservoir(double refillLitres);
  void shutdown();

private:
  NutrientDoser doser_;
  double targetEc_ = 1.8;
  double targetPh_ = 5.9;
};

void ChannelController::onReading(const ReservoirReading &r) {
  if (r.flushDue) {
    doser_.park();
    return;
  }
  if (doser_.state() == NutrientDoser::State::Parked)
    return;
  if (r.ec < targetEc_) {
    const double ml = (targetEc_ - r.ec) * 40.0;
    doser_.dose("A", ml); // OK
    doser_.dose("B", ml);
  }
  if (r.ph > targetPh_ + 0.2)
    doser_.dose("pH-down", (r.ph - targetPh_) * 12.0);
}

void ChannelController::flushReservoir(double refillLitres) {
  doser_.park();
  std::printf("draining reservoir, refilling %.0f l\n", refillLitres);
  doser_.unpark();
  doser_.dose("A", refillLitres * 2.0); // OK
  doser_.dose("B", refillLitres * 2.0);
}

void ChannelController::shutdown() {
  doser_.park();
  const double a = doser_.dispensed("A"); // OK
  const double b = doser_.dispensed("B");
  std::printf("A %.1f ml, B %.1f ml, pH-down %.1f ml\n", a, b,
              doser_.dispensed("pH-down"));
}

void nightlyCycle(ChannelController &ctl, const ReservoirReading &r) {
  ctl.onReading(r);
  if (r.flushDue)
    ctl.flushReservoir(120.0);
  ctl.onReading({r.ec, r.ph, false}); // OK
}
