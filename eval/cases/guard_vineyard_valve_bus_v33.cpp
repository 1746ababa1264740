// Vineyard drip-irrigation controller. Valves are driven over a ValveBus that is
// owned through a unique_ptr and closed when the lines are drained for frost.
// Most paths guard the bus (null check, isOpen(), early return, reset after the
// close), but frostCheck() stores "bus is up" in a local before drainLines() may
// close the bus and then trusts the stale local.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class ValveBus {
public:
  explicit ValveBus(std::string port) : port_(std::move(port)) {}
  void command(int valve, int seconds);
  void close();
  bool isOpen() const { return open_; }

private:
  std::string port_;
  bool open_ = true;
  std::vector<int> log_;
};

void ValveBus::command(int valve, int seconds) {
  if (!open_)
    throw std::runtime_error(port_ + ": valve bus closed");
  log_.push_back(valve * 10000 + seconds);
}

void ValveBus::close() {
  if (!open_)
    throw std::runtime_error(port_ + ": valve bus already closed");
  open_ = false;
}

struct Block {
  int valve;
  int seconds;
};

class IrrigationController {
public:
  IrrigationController() : bus_(std::make_unique<ValveBus>("/dev/rs485-0")) {}
  void water(const Block &block);
  void frostCheck(double tempC);
  void harvestStop();
  void nightlyRun(const std::vector<Block> &blocks);

private:
  void drainLines();
  std::unique_ptr<ValveBus> bus_;
};

void IrrigationController::drainLines() {
  if (!bus_ || !bus_->isOpen())
    return;
  bus_->command(99, 600);
  bus_->close();
}

void IrrigationController::water(const Block &block) {
  if (!bus_)
    return;
  if (!bus_->isOpen())
    return;
  bus_->command(block.valve, block.seconds); // OK: null and closed buses return early
}

void IrrigationController::frostCheck(double tempC) {
  const bool busUp = bus_ && bus_->isOpen();
  if (tempC < 0.5)
    drainLines();
  if (busUp)
    bus_->command(0, 0); // BUG: use-after-close
}

void IrrigationController::harvestStop() {
  drainLines();
  bus_.reset();
  if (bus_)
    bus_->command(0, 0); // OK: the bus was reset after its close
}

void IrrigationController::nightlyRun(const std::vector<Block> &blocks) {
  for (const Block &b : blocks) {
    water(b); // OK: water() checks the bus itself
    if (b.seconds > 3600)
      drainLines();
  }
  if (bus_ && bus_->isOpen())
    bus_->command(0, 0); // OK: re-checked after the loop, not a stale value
}

int main() {
  IrrigationController cabernet;
  cabernet.nightlyRun({{3, 900}, {4, 4000}, {5, 900}});
  cabernet.harvestStop();
  IrrigationController riesling;
  riesling.frostCheck(-1.5);
  return 0;
}
