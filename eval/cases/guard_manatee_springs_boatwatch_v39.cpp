// Manatee springs boat watch: volunteers report boats and manatee sightings
// to the park office over a BoatwatchLink. The link is hung up during quiet
// hours or when the radio fails. Most senders guard the link in one of the
// usual shapes (null-or-closed, state enum, operator bool, a helper returning
// bool, a while loop on alive()). Two do not: the sighting report guards only
// the calf branch, and the shift handover tests a flag it saved before the
// hang-up.
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class BoatwatchLink {
 public:
  enum class State { Up, HungUp };

  explicit BoatwatchLink(std::string spring) : spring_(std::move(spring)) {}

  void post(const std::string& msg) {
    if (state_ != State::Up) throw std::runtime_error("boatwatch link " + spring_ + " hung up");
    log_.push_back(msg);
  }
  void hang_up() { state_ = State::HungUp; }
  bool alive() const { return state_ == State::Up; }
  State state() const { return state_; }
  explicit operator bool() const { return alive(); }
  std::size_t posted() const { return log_.size(); }

 private:
  std::string spring_;
  State state_ = State::Up;
  std::vector<std::string> log_;
};

struct Sighting {
  std::string where;
  bool calf = false;
  int boats_nearby = 0;
};

bool ready(const BoatwatchLink& link) {
  if (!link.alive()) return false;
  return true;
}

void report_boat(const std::shared_ptr<BoatwatchLink>& link, const std::string& hull) {
  if (!link || !link->alive()) return;
  link->post("boat " + hull);  // OK: null-or-closed guard
}

void report_speeding(BoatwatchLink& link, const std::string& hull, int knots) {
  if (link.state() == BoatwatchLink::State::Up && knots > 5) link.post("speeding " + hull);  // OK: state checked
}

void report_crowding(BoatwatchLink& link, const Sighting& s) {
  if (s.boats_nearby > 3 && link) link.post("crowding at " + s.where);  // OK: operator bool
}

void report_water_temp(BoatwatchLink& link, double celsius) {
  if (!ready(link)) return;
  link.post("temp " + std::to_string(celsius));  // OK: helper returned false when hung up
}

void relay_backlog(BoatwatchLink& link, std::vector<std::string>& backlog) {
  while (link.alive() && !backlog.empty()) {
    link.post(backlog.back());  // OK: loop condition re-checked each pass
    backlog.pop_back();
    if (link.posted() > 50) link.hang_up();
  }
}

void report_sighting(BoatwatchLink& link, const Sighting& s, bool quiet_hours) {
  if (quiet_hours) link.hang_up();
  if (s.calf) {
    if (!link.alive()) return;
    link.post("calf at " + s.where);  // OK: guarded in this branch
  }
  link.post("adult at " + s.where);  // BUG: use-after-close
}

void shift_handover(BoatwatchLink& link, const std::string& next_volunteer, bool radio_failed) {
  bool was_up = link.alive();
  if (radio_failed) link.hang_up();
  if (was_up) link.post("handover to " + next_volunteer);  // BUG: use-after-close
}

void shift_handover_fixed(BoatwatchLink& link, const std::string& next_volunteer, bool radio_failed) {
  if (radio_failed) link.hang_up();
  bool up = link.alive();
  if (up) link.post("handover to " + next_volunteer);  // OK: flag read after the hang-up
}

void close_of_day(BoatwatchLink& link, int total) {
  if (link.state() == BoatwatchLink::State::HungUp) return;
  link.post("total " + std::to_string(total));  // OK: returned above when hung up
  link.hang_up();
  if (!link) return;
  link.post("late note");  // OK: unreachable, operator bool is false after hang_up()
}
