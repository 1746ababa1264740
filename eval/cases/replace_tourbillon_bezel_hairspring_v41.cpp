// Watch service bench: the hairspring vibrograph is a Vibrograph link held in a
// unique_ptr, the tourbillon cage test rig is a std::optional<TourbillonRig>, and the bezel
// engraver is a BezelEngraver the bench opens fresh for each job. All three throw on use
// after close(). Replacements that happen on every path are correct (make_unique after a
// close, emplace after a close, a fresh engraver per job, reset() then a checked use). Two
// happen on one path only: recalibrate() replaces the vibrograph only when a spare port is
// configured, and reconnect_rig() assigns a new cage rig inside a try whose constructor may
// throw, leaving the closed rig in place, then uses the rig after the catch.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

class Vibrograph {
public:
  explicit Vibrograph(std::string port) : port_(std::move(port)) {}
  double beat_error_ms() {
    if (closed_)
      throw std::runtime_error("vibrograph on " + port_ + " closed");
    return 0.3;
  }
  void close() { closed_ = true; }

private:
  std::string port_;
  bool closed_ = false;
};

class TourbillonRig {
public:
  explicit TourbillonRig(int channel) {
    if (channel < 0)
      throw std::invalid_argument("no tourbillon rig channel");
    channel_ = channel;
  }
  void rotate(int seconds) {
    if (closed_)
      throw std::runtime_error("tourbillon rig closed");
    elapsed_ += seconds;
  }
  void close() { closed_ = true; }

private:
  int channel_ = 0;
  int elapsed_ = 0;
  bool closed_ = false;
};

class BezelEngraver {
public:
  void engrave(const std::string &text) {
    if (closed_)
      throw std::runtime_error("bezel engraver closed");
    last_ = text;
  }
  void close() { closed_ = true; }

private:
  std::string last_;
  bool closed_ = false;
};

class WatchBench {
public:
  explicit WatchBench(const std::string &port)
      : vibrograph_(std::make_unique<Vibrograph>(port)), rig_(std::in_place, 1) {}

  double recalibrate(const std::string &sparePort) {
    vibrograph_->close();
    if (!sparePort.empty())
      vibrograph_ = std::make_unique<Vibrograph>(sparePort);
    return vibrograph_->beat_error_ms(); // BUG: use-after-close
  }

  double swap_vibrograph(const std::string &port) {
    vibrograph_->close();
    vibrograph_ = std::make_unique<Vibrograph>(port);
    return vibrograph_->beat_error_ms(); // OK: replaced on every path
  }

  void reconnect_rig(int channel) {
    rig_->close();
    try {
      rig_ = TourbillonRig(channel);
    } catch (const std::invalid_argument &) {
      // keep going with the old rig
    }
    rig_->rotate(60); // BUG: use-after-close
  }

  void reseat_rig(int channel) {
    rig_->close();
    rig_.emplace(channel);
    rig_->rotate(30); // OK: emplace() built a fresh rig
  }

  void park_rig() {
    rig_->close();
    rig_.reset();
  }

  void wind_if_rigged() {
    if (rig_)
      rig_->rotate(10); // OK: park_rig() resets the optional after closing
  }

  void engrave_caseback(const std::string &text) {
    BezelEngraver engraver;
    engraver.engrave(text);
    engraver.close();
    BezelEngraver second;
    second.engrave("serviced"); // OK: a fresh engraver, not the closed one
    second.close();
  }

private:
  std::unique_ptr<Vibrograph> vibrograph_;
  std::optional<TourbillonRig> rig_;
};

void service_day(WatchBench &bench, const std::string &spare, int rigChannel) {
  bench.swap_vibrograph("/dev/ttyVIB1");
  bench.recalibrate(spare);
  bench.reconnect_rig(rigChannel);
  bench.reseat_rig(rigChannel);
  bench.park_rig();
  bench.wind_if_rigged();
  bench.engrave_caseback("1892 pocket chronometer");
}
