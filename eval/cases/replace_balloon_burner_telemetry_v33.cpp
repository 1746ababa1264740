// Hot-air balloon flight recorder: burner telemetry goes out over a VhfModem that
// is replaced whenever it drops. Every path that closes a modem replaces it before
// the next transmit (emplace on both branches, move-assignment of a freshly dialled
// modem, shared_ptr reassignment for the chase-crew feed), and the move operations
// leave the old object empty. Negative case: nothing is sent on a closed modem and
// no modem is closed twice.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class VhfModem {
public:
  explicit VhfModem(double mhz) : mhz_(mhz), open_(true) {}
  VhfModem(VhfModem &&o) noexcept : mhz_(o.mhz_), open_(std::exchange(o.open_, false)) {}
  VhfModem &operator=(VhfModem &&o) noexcept;
  ~VhfModem();
  void transmit(const std::string &frame);
  void close();
  bool isOpen() const { return open_; }

private:
  double mhz_;
  bool open_;
};

VhfModem &VhfModem::operator=(VhfModem &&o) noexcept {
  if (this != &o) {
    if (open_)
      open_ = false; // hang up the old carrier
    mhz_ = o.mhz_;
    open_ = std::exchange(o.open_, false);
  }
  return *this;
}

VhfModem::~VhfModem() {
  if (open_)
    close(); // OK: a closed or moved-from modem is skipped
}

void VhfModem::transmit(const std::string &frame) {
  if (!open_)
    throw std::runtime_error("VHF modem closed, frame dropped: " + frame);
}

void VhfModem::close() {
  if (!open_)
    throw std::runtime_error("VHF modem already closed");
  open_ = false;
}

struct BurnerSample {
  int burner;
  double pressureBar;
  double envelopeC;
};

class FlightRecorder {
public:
  FlightRecorder() : chase_(std::make_shared<VhfModem>(129.975)) { primary_.emplace(122.475); }
  void record(const BurnerSample &s);
  void onCarrierLost(bool switchToBackupBand);
  void redial();
  void chaseHandover(double mhz);

private:
  std::optional<VhfModem> primary_;
  VhfModem backup_{123.45};
  std::shared_ptr<VhfModem> chase_;
};

void FlightRecorder::record(const BurnerSample &s) {
  primary_->transmit("B" + std::to_string(s.burner) + " " + std::to_string(s.pressureBar));
  if (s.envelopeC > 110.0)
    chase_->transmit("ENVELOPE HOT");
}

void FlightRecorder::onCarrierLost(bool switchToBackupBand) {
  primary_->close();
  if (switchToBackupBand)
    primary_.emplace(123.45);
  else
    primary_.emplace(122.475);
  primary_->transmit("RECONNECTED"); // OK: both branches emplaced a fresh modem
}

void FlightRecorder::redial() {
  backup_.transmit("REDIAL");
  backup_.close();
  backup_ = VhfModem(123.45);
  backup_.transmit("BACKUP UP"); // OK: move-assigned from a freshly dialled modem
}

void FlightRecorder::chaseHandover(double mhz) {
  std::shared_ptr<VhfModem> previous = chase_;
  chase_ = std::make_shared<VhfModem>(mhz);
  previous->transmit("HANDOVER " + std::to_string(mhz));
  previous->close();
  chase_->transmit("CHASE CREW ON " + std::to_string(mhz)); // OK: chase_ points at the new modem
}

int main() {
  FlightRecorder gondola;
  std::vector<BurnerSample> climb{{1, 3.1, 95.0}, {2, 3.0, 112.0}};
  for (const BurnerSample &s : climb)
    gondola.record(s);
  gondola.onCarrierLost(true);
  gondola.redial();
  gondola.chaseHandover(130.5);
  gondola.record({1, 2.9, 115.0});
  return 0;
}
