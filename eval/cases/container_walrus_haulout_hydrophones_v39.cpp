// Walrus haul-out monitoring: hydrophones are kept per beach in an
// unordered_map and per transect in a vector. Units are shut down when a beach
// is abandoned, swapped when damaged, and all shut down at the end of the
// season. Three routines record on a unit that was already shut down: by the
// key that was just retired, by index after the shut-down loop, and through a
// reference taken before shutdown_all().
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

class Hydrophone {
 public:
  explicit Hydrophone(std::string beach) : beach_(std::move(beach)) {}

  void record(int seconds) {
    if (!live_) throw std::runtime_error("hydrophone at " + beach_ + " is shut down");
    recorded_s_ += seconds;
  }
  // Idempotent.
  void shutdown() { live_ = false; }
  bool live() const { return live_; }

 private:
  std::string beach_;
  bool live_ = true;
  int recorded_s_ = 0;
};

class HauloutArray {
 public:
  void add(const std::string& beach) { phones_.emplace(beach, Hydrophone(beach)); }
  Hydrophone& at(const std::string& beach) { return phones_.at(beach); }
  void retire(const std::string& beach) { phones_.at(beach).shutdown(); }

  // Shuts the damaged unit down and puts a fresh one under the same key.
  void replace(const std::string& beach) {
    phones_.at(beach).shutdown();
    phones_.erase(beach);
    phones_.emplace(beach, Hydrophone(beach));
  }

  void shutdown_all() {
    for (auto& entry : phones_) entry.second.shutdown();
  }

 private:
  std::unordered_map<std::string, Hydrophone> phones_;
};

HauloutArray make_array() {
  HauloutArray arr;
  arr.add("north-spit");
  arr.add("south-spit");
  arr.add("reef");
  return arr;
}

// Ice broke up on the north spit: retire that unit, keep the others.
void ice_breakup() {
  HauloutArray arr = make_array();
  arr.retire("north-spit");
  arr.at("south-spit").record(30);  // OK: different beach
  arr.at("reef").record(30);  // OK: different beach
  arr.at("north-spit").record(30);  // BUG: use-after-close
}

void storm_damage() {
  HauloutArray arr = make_array();
  arr.at("reef").record(10);
  arr.replace("reef");
  arr.at("reef").record(10);  // OK: a fresh unit under the same key
}

// Transect along the beach: shut everything down, then the "final sample"
// line was added below the loop.
void end_of_transect(std::vector<Hydrophone>& line) {
  for (auto& h : line) h.shutdown();
  if (!line.empty()) line[0].record(5);  // BUG: use-after-close
}

void end_of_transect_checked(std::vector<Hydrophone>& line) {
  for (auto& h : line) h.shutdown();
  for (auto& h : line) {
    if (h.live()) h.record(1);  // OK: guarded by live()
  }
}

void rebuild_transect(std::vector<Hydrophone>& line) {
  for (auto& h : line) h.shutdown();
  line.clear();
  line.emplace_back("transect-a");
  line.emplace_back("transect-b");
  line[0].record(20);  // OK: new units after clear()
  line.back().record(20);
}

void season_end() {
  HauloutArray arr = make_array();
  Hydrophone& reef = arr.at("reef");
  reef.record(60);
  arr.shutdown_all();
  reef.record(60);  // BUG: use-after-close
}
