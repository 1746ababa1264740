// Overwintering chambers for diapausing pupae. DiapauseChamberLink is the
// project's own serial link to one chamber's controller: every command goes
// through a private check that throws "command on closed chamber link" once
// close() ran; reopen() re-arms it. HibernaculumBus::instance() (a Meyers
// singleton) owns one link per chamber. OverwinterRamp and PhotoperiodStepper
// run a background thread that nudges the chamber every tick.
// Mistakes: wake_chamber() calls break_diapause(), which closes the chamber's
// link once the pupae are released, and then ramps the temperature through a
// second bus lookup; OverwinterRamp::stop() closes the link before joining
// the ramp thread, which may be between its stopping_ check and its command.
#include <atomic>
#include <chrono>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>

class DiapauseChamberLink {
public:
  void set_temperature(double celsius) {
    check_open("set_temperature");
    setpoint_ = celsius;
  }
  void set_photoperiod(int hours) {
    check_open("set_photoperiod");
    daylight_ = hours;
  }
  void close() { closed_.store(true); }
  void reopen() { closed_.store(false); }
  bool is_closed() const { return closed_.load(); }

private:
  void check_open(const char *command) const {
    if (closed_.load())
      throw std::runtime_error(std::string(command) + ": command on closed chamber link");
  }
  std::atomic<bool> closed_{false};
  double setpoint_ = 4.0;
  int daylight_ = 8;
};

class HibernaculumBus {
public:
  static HibernaculumBus &instance() {
    static HibernaculumBus bus;
    return bus;
  }
  DiapauseChamberLink &link(int chamber) { return links_[chamber]; }

private:
  HibernaculumBus() = default;
  std::map<int, DiapauseChamberLink> links_;
};

void break_diapause(int chamber) {
  DiapauseChamberLink &link = HibernaculumBus::instance().link(chamber);
  link.set_photoperiod(16);
  link.set_temperature(18.0);
  link.close(); // pupae released into the flight cage
}

void wake_chamber(int chamber) {
  break_diapause(chamber);
  for (double t = 18.0; t <= 22.0; t += 1.0)
    HibernaculumBus::instance().link(chamber).set_temperature(t); // BUG: use-after-close
}

void rewinter_chamber(int chamber) {
  DiapauseChamberLink &link = HibernaculumBus::instance().link(chamber);
  if (link.is_closed())
    link.reopen();
  link.set_temperature(4.0); // OK: reopened if break_diapause() had closed it
  link.set_photoperiod(8);   // OK: same reopened link
}

class OverwinterRamp {
public:
  explicit OverwinterRamp(DiapauseChamberLink &link) : link_(link) {}
  void start(double from, double step) {
    thread_ = std::thread([this, from, step] {
      double t = from;
      while (!stopping_.load()) {
        link_.set_temperature(t); // BUG: use-after-close #rampstop
        t -= step;
        std::this_thread::sleep_for(std::chrono::minutes(10));
      }
    });
  }
  void stop() {
    stopping_.store(true);
    link_.close(); // SAME: rampstop
    if (thread_.joinable())
      thread_.join();
  }

private:
  DiapauseChamberLink &link_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

class PhotoperiodStepper {
public:
  explicit PhotoperiodStepper(DiapauseChamberLink &link) : link_(link) {}
  void start(int hours) {
    thread_ = std::thread([this, hours] {
      int h = hours;
      while (!stopping_.load() && h > 6) {
        link_.set_photoperiod(--h); // OK: stop() joins this thread before closing the link
        std::this_thread::sleep_for(std::chrono::hours(24));
      }
    });
  }
  void stop() {
    stopping_.store(true);
    if (thread_.joinable())
      thread_.join();
    link_.close();
  }

private:
  DiapauseChamberLink &link_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

void autumn_setup(int chamber) {
  DiapauseChamberLink &link = HibernaculumBus::instance().link(chamber);
  OverwinterRamp ramp(link);
  ramp.start(15.0, 0.5);
  ramp.stop();
  link.reopen();
  PhotoperiodStepper stepper(link);
  stepper.start(14);
  stepper.stop();
}
