// Pinata candy filling line: each candy type has a dispensing nozzle, kept in
// a std::map by slot, a deque of nozzles waiting for cleaning, and a vector for
// the current run. This is correct: a jammed nozzle is stopped and skipped, a
// worn one is stopped, erased and replaced under the same key before use,
// nozzles of a retired lane are stopped and erased in the same step, and the
// vector is cleared and refilled with new nozzles after the end-of-run stop.
#include <deque>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class Nozzle {
 public:
  Nozzle(int slot, int lane) : slot_(slot), lane_(lane) {}
  void dispense(int grams) {
    if (stopped_) throw std::runtime_error("nozzle " + std::to_string(slot_) + " stopped");
    dispensed_ += grams;
  }
  void stop() {
    if (stopped_) throw std::runtime_error("nozzle " + std::to_string(slot_) + " stopped twice");
    stopped_ = true;
  }
  bool stopped() const { return stopped_; }
  int lane() const { return lane_; }

 private:
  int slot_;
  int lane_;
  bool stopped_ = false;
  int dispensed_ = 0;
};

using NozzleMap = std::map<int, Nozzle>;

void swap_worn_nozzle(NozzleMap& nozzles, int slot) {
  auto it = nozzles.find(slot);
  if (it == nozzles.end()) return;
  int lane = it->second.lane();
  if (!it->second.stopped()) it->second.stop();
  nozzles.erase(it);
  nozzles.emplace(slot, Nozzle(slot, lane));
  nozzles.at(slot).dispense(40);  // OK: a fresh nozzle under the same key
}

void jam_on_one(NozzleMap& nozzles, int jammed) {
  Nozzle& stuck = nozzles.at(jammed);
  if (!stuck.stopped()) stuck.stop();
  for (auto& [slot, nozzle] : nozzles) {
    if (slot == jammed) continue;
    if (nozzle.stopped()) continue;
    nozzle.dispense(20);  // OK: the jammed slot is skipped
  }
}

void retire_lane(NozzleMap& nozzles, int lane) {
  for (auto it = nozzles.begin(); it != nozzles.end();) {
    if (it->second.lane() == lane) {
      if (!it->second.stopped()) it->second.stop();
      it = nozzles.erase(it);
    } else {
      if (!it->second.stopped()) it->second.dispense(5);  // OK: other lanes only
      ++it;
    }
  }
}

void end_of_run(std::vector<Nozzle>& run, int next_lane) {
  for (auto& n : run) {
    if (!n.stopped()) n.stop();
  }
  run.clear();
  for (int slot = 0; slot < 4; ++slot) run.emplace_back(slot, next_lane);
  run[0].dispense(15);  // OK: new nozzles after clear()
  for (auto& n : run) n.dispense(15);
}

void send_to_cleaning(std::deque<Nozzle>& waiting, std::vector<Nozzle>& cleaned) {
  if (waiting.size() < 2) return;
  Nozzle first = std::move(waiting.front());
  waiting.pop_front();
  if (!first.stopped()) first.stop();
  cleaned.push_back(std::move(first));
  if (!waiting.front().stopped()) waiting.front().dispense(1);  // OK: a different nozzle, checked
}

void stop_each_once(std::vector<Nozzle>& run) {
  for (std::size_t i = 0; i < run.size(); ++i) {
    if (run[i].stopped()) continue;
    run[i].dispense(2);  // OK: skipped above when already stopped
    run[i].stop();  // OK: each element stopped once
  }
}
