// Pilot boarding for an inbound vessel, as a state machine driven by bridge
// events. The link to the pilot station is opened when the ladder is secured
// and closed when the pilot leaves or the boarding is aborted; every phase of
// the switch decides whether the link may be used.
#include <cstdio>
#include <stdexcept>
#include <string>

class PilotStationLink {
public:
  ~PilotStationLink() {
    if (fp_)
      std::fclose(fp_);
  }
  void open(const std::string &device) {
    fp_ = std::fopen(device.c_str(), "w");
    if (!fp_)
      throw std::runtime_error("pilot station link unavailable: " + device);
  }
  void send(const std::string &line) {
    if (!fp_)
      throw std::runtime_error("pilot station link closed, lost: " + line);
    std::fprintf(fp_, "%s\n", line.c_str());
    std::fflush(fp_);
  }
  void close() {
    if (fp_) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  FILE *fp_ = nullptr;
};

enum class Phase { Approaching, Aboard, Conning, Released };
enum class EventKind { LadderSecured, BoardingAborted, Fix, PilotAway };

struct BridgeEvent {
  EventKind kind;
  double lat = 0, lon = 0;
};

class PilotageVoyage {
public:
  PilotageVoyage(std::string vessel, std::string device)
      : vessel_(std::move(vessel)), device_(std::move(device)) {}
  void advance(const BridgeEvent &ev);
  void heartbeat();
  void forceRelease(const std::string &reason);

private:
  std::string formatFix(const BridgeEvent &ev) const {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.5f %.5f", ev.lat, ev.lon);
    return vessel_ + " " + buf;
  }

  std::string vessel_;
  std::string device_;
  PilotStationLink link_;
  Phase phase_ = Phase::Approaching;
};

void PilotageVoyage::advance(const BridgeEvent &ev) {
  switch (phase_) {
  case Phase::Approaching:
    if (ev.kind == EventKind::LadderSecured) {
      link_.open(device_);
      phase_ = Phase::Aboard;
    }
    break;
  case Phase::Aboard:
    if (ev.kind == EventKind::BoardingAborted) {
      link_.send("boarding aborted " + vessel_);
      link_.close();
      phase_ = Phase::Released;
      break;
    }
    link_.send("pilot has the con " + vessel_); // OK: the abort branch breaks out
    phase_ = Phase::Conning;
    break;
  case Phase::Conning:
    if (ev.kind == EventKind::PilotAway) {
      link_.send("pilot away " + vessel_);
      link_.close();
      phase_ = Phase::Released;
    }
    link_.send(formatFix(ev)); // BUG: use-after-close
    break;
  case Phase::Released:
    break;
  }
}

void PilotageVoyage::heartbeat() {
  if (phase_ == Phase::Approaching || phase_ == Phase::Released)
    return;
  link_.send("hb " + vessel_); // OK: only Aboard and Conning have an open link
}

void PilotageVoyage::forceRelease(const std::string &reason) {
  const bool linkUp = phase_ == Phase::Aboard || phase_ == Phase::Conning;
  if (linkUp)
    link_.close();
  phase_ = Phase::Released;
  if (linkUp)
    link_.send("released by VTS: " + reason); // BUG: use-after-close
}

void runInbound(PilotageVoyage &voyage, const BridgeEvent *events, int n) {
  for (int i = 0; i < n; ++i) {
    voyage.advance(events[i]);
    voyage.heartbeat();
  }
}
