// Mycology lab automation: an AgarPourer fills plate racks (pour() after close() throws;
// close() is idempotent), a PipetteHead inoculates plates with spore suspension, and the
// substrate bag sealer is shut down by end-of-day handlers guarded by std::call_once.
// Closes inside loops: pour_last_rack() closes in the final iteration only, and
// inoculate_until_contaminated() closes and breaks; both are correct, as is the call_once
// shutdown that every door sensor triggers. pour_shift() closes whenever a rack finished
// after the end of the shift, a condition that stays true for every later rack, so the
// next rack is poured through a closed pourer; inoculate_skipping() closes the pipette
// head on a contaminated plate and continues with the next plate, which it aspirates for,
// or, if that one is contaminated too, closes the head a second time.
#include <ctime>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

struct PlateRack {
  std::string id;
  int plates;
  std::time_t finishedAt;
};

struct MycoPlate {
  std::string label;
  bool contaminated;
};

class AgarPourer {
public:
  void pour(const std::string &rack, int plates) {
    if (closed_)
      throw std::runtime_error("agar pourer closed, rack " + rack);
    poured_ += plates;
  }
  void close() { closed_ = true; }

private:
  int poured_ = 0;
  bool closed_ = false;
};

class PipetteHead {
public:
  void aspirate(int ul) {
    if (closed_)
      throw std::runtime_error("pipette head closed");
    volume_ += ul;
  }
  void dispense(const std::string &plate) {
    if (closed_)
      throw std::runtime_error("pipette head closed, plate " + plate);
    volume_ = 0;
  }
  void close() {
    if (closed_)
      throw std::logic_error("pipette head closed twice");
    closed_ = true;
  }

private:
  int volume_ = 0;
  bool closed_ = false;
};

class SubstrateSealer {
public:
  void seal(int bags) {
    if (closed_)
      throw std::runtime_error("substrate sealer closed");
    sealed_ += bags;
  }
  void close() {
    if (closed_)
      throw std::logic_error("substrate sealer closed twice");
    closed_ = true;
  }

private:
  int sealed_ = 0;
  bool closed_ = false;
};

void pour_shift(AgarPourer &pourer, const std::vector<PlateRack> &racks, std::time_t shiftEnd) {
  for (const PlateRack &rack : racks) {
    pourer.pour(rack.id, rack.plates); // BUG: use-after-close
    if (rack.finishedAt >= shiftEnd)
      pourer.close();
  }
}

void pour_last_rack(AgarPourer &pourer, const std::vector<PlateRack> &racks) {
  for (size_t i = 0; i < racks.size(); ++i) {
    pourer.pour(racks[i].id, racks[i].plates); // OK: the close runs in the last iteration only
    if (i + 1 == racks.size())
      pourer.close();
  }
}

void inoculate_until_contaminated(PipetteHead &head, const std::vector<MycoPlate> &plates) {
  for (const MycoPlate &p : plates) {
    if (p.contaminated) {
      head.close();
      break;
    }
    head.aspirate(20); // OK: the loop breaks right after the close
    head.dispense(p.label);
  }
}

void inoculate_skipping(PipetteHead &head, const std::vector<MycoPlate> &plates) {
  for (const MycoPlate &p : plates) {
    if (p.contaminated) {
      head.close(); // BUG: double-close
      continue;
    }
    head.aspirate(20); // BUG: use-after-close
    head.dispense(p.label);
  }
}

class SubstrateLine {
public:
  void seal_rack(int bags) { sealer_.seal(bags); }
  std::function<void()> end_of_day_handler() {
    return [this] {
      std::call_once(shutdown_, [this] {
        sealer_.close(); // OK: call_once runs this once however many sensors report
      });
    };
  }

private:
  SubstrateSealer sealer_;
  std::once_flag shutdown_;
};

void grain_spawn_day(SubstrateLine &line, const std::vector<int> &bagsPerRack, int doorSensors) {
  for (int bags : bagsPerRack)
    line.seal_rack(bags);
  std::vector<std::function<void()>> handlers;
  for (int i = 0; i < doorSensors; ++i)
    handlers.push_back(line.end_of_day_handler());
  for (auto &h : handlers)
    h();
}
