// Golf course irrigation: each hole's sprinkler zone has a valve controller
// on the course network, owned by an unordered_map keyed by hole number; a
// deque keeps the greens' syringe controllers in mowing order. A burst pipe
// on a hole shuts that hole's controller; the night cycle then still waters
// the same hole by key. Other holes are fine, and hole 7's controller is
// swapped for a new one before use. frost_delay() shuts every syringe
// controller and then pulses the one the iterator saved before the loop.
#include <deque>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

class ZoneValve {
 public:
  explicit ZoneValve(int zone) : zone_(zone) {}

  void water(int minutes) {
    if (shut_) throw std::runtime_error("zone valve shut: " + std::to_string(zone_));
    total_minutes_ += minutes;
  }

  void shut() {
    if (shut_) throw std::runtime_error("zone valve shut twice: " + std::to_string(zone_));
    shut_ = true;
  }

  bool is_shut() const { return shut_; }
  int zone() const { return zone_; }

 private:
  int zone_;
  int total_minutes_ = 0;
  bool shut_ = false;
};

using Course = std::unordered_map<int, std::unique_ptr<ZoneValve>>;

void report_burst(Course& course, int hole) {
  auto it = course.find(hole);
  if (it != course.end()) it->second->shut();
}

void night_cycle(Course& course) {
  report_burst(course, 11);  // greenkeeper reported a burst pipe on the 11th
  course.at(12)->water(12);  // OK: a different hole from the burst one
  course.at(11)->water(12);  // BUG: use-after-close
}

void replace_controller(Course& course) {
  course.at(7)->shut();
  course[7] = std::make_unique<ZoneValve>(7);  // old controller destroyed, new one installed
  course.at(7)->water(20);  // OK: the new controller
}

void water_open_zones(Course& course, int minutes) {
  for (auto& [hole, valve] : course) {
    if (valve->is_shut()) continue;
    valve->water(minutes);  // OK: shut zones are skipped
  }
}

void frost_delay(std::deque<ZoneValve>& greens) {
  if (greens.empty()) return;
  auto first_tee = greens.begin();
  first_tee->water(2);  // OK: before any valve is shut
  for (auto it = greens.begin(); it != greens.end(); ++it) it->shut();
  first_tee->water(1);  // BUG: use-after-close
}

void syringe_pass(std::deque<ZoneValve>& greens) {
  for (ZoneValve& v : greens) {
    v.water(3);  // OK: each valve is used before it is shut in the same iteration
    v.shut();
  }
  greens.clear();
  greens.emplace_back(18);
  greens.front().water(3);  // OK: a new controller after clear()
}

void course_day(Course& course, std::deque<ZoneValve>& greens) {
  replace_controller(course);
  night_cycle(course);
  water_open_zones(course, 5);
  syringe_pass(greens);
  frost_delay(greens);
}
