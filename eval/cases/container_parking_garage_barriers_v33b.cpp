// Multi-storey car park: a GarageController keeps a map from gate id to the
// BarrierController of every entry/exit arm. Closing a level for cleaning
// closes its barriers but leaves them in the map, so the "level full"
// broadcast that follows still signals them; decommissioning a gate by key
// closes it without erasing it, so the attendant's manual raiseArm() on that
// gate signals a closed arm and the nightly shutdownAll() closes it again.
// A barrier replaced by key with a fresh controller, the loop that skips
// closed arms, and the erase-after-close path are correct.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class BarrierController {
public:
  explicit BarrierController(std::string gate) : gate_(std::move(gate)) {}
  void signal(const std::string &displayText);
  void close();
  bool isClosed() const { return closed_; }
  const std::string &gate() const { return gate_; }

private:
  std::string gate_;
  bool closed_ = false;
};

class GarageController {
public:
  void install(const std::string &gate);
  void closeLevel(char level);
  void broadcastFull();
  void showFreeSpaces(int spaces);
  void decommission(const std::string &gate);
  void raiseArm(const std::string &gate);
  void replaceArm(const std::string &gate);
  void removeGate(const std::string &gate);
  void shutdownAll();

private:
  std::map<std::string, std::unique_ptr<BarrierController>> barriers_;
};

void BarrierController::signal(const std::string &displayText) {
  if (closed_)
    throw std::runtime_error("barrier controller closed: " + gate_);
  (void)displayText;
}

void BarrierController::close() {
  if (closed_)
    throw std::runtime_error("barrier controller already closed: " + gate_);
  closed_ = true;
}

void GarageController::install(const std::string &gate) {
  barriers_[gate] = std::make_unique<BarrierController>(gate);
}

void GarageController::closeLevel(char level) {
  for (auto &[gate, barrier] : barriers_) {
    if (!gate.empty() && gate[0] == level)
      barrier->close();
  }
}

void GarageController::broadcastFull() {
  for (auto &entry : barriers_)
    entry.second->signal("FULL"); // BUG: use-after-close
}

void GarageController::showFreeSpaces(int spaces) {
  for (auto &entry : barriers_) {
    if (entry.second->isClosed())
      continue;
    entry.second->signal(std::to_string(spaces) + " FREE"); // OK: closed arms skipped
  }
}

void GarageController::decommission(const std::string &gate) {
  auto it = barriers_.find(gate);
  if (it == barriers_.end())
    return;
  it->second->signal("OUT OF SERVICE");
  it->second->close();
}

void GarageController::raiseArm(const std::string &gate) {
  auto it = barriers_.find(gate);
  if (it != barriers_.end())
    it->second->signal("RAISE"); // BUG: use-after-close
}

void GarageController::replaceArm(const std::string &gate) {
  auto it = barriers_.find(gate);
  if (it == barriers_.end())
    return;
  if (!it->second->isClosed())
    it->second->close();
  it->second = std::make_unique<BarrierController>(gate);
  it->second->signal("WELCOME"); // OK: a fresh controller under the same key
}

void GarageController::removeGate(const std::string &gate) {
  auto it = barriers_.find(gate);
  if (it == barriers_.end() || it->second->isClosed())
    return;
  it->second->close(); // OK: checked isClosed() and erased right after
  barriers_.erase(it);
}

void GarageController::shutdownAll() {
  for (auto &entry : barriers_)
    entry.second->close(); // BUG: double-close
  barriers_.clear();
}

int main() {
  GarageController garage;
  for (const char *gate : {"A-in", "A-out", "B-in", "B-out", "C-in"})
    garage.install(gate);
  garage.showFreeSpaces(212);
  garage.decommission("C-in");
  garage.raiseArm("C-in");
  garage.replaceArm("B-out");
  garage.removeGate("A-out");
  garage.showFreeSpaces(180); // OK: showFreeSpaces() skips closed arms
  garage.closeLevel('B');
  garage.broadcastFull();
  garage.shutdownAll();
  return 0;
}
