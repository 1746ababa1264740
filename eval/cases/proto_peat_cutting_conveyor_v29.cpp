// Peat works: sods cut on the bog are fed through the macerator link to the bagging
// line, which fills and seals 75-litre bags. Correct: the macerator link's disengage()
// is idempotent, so a second disengage is harmless, and every feed happens either
// after a fresh engage() or behind an engaged() check; each bagging run is sealed
// exactly once, in whichever branch ends it, and nothing is added after the seal.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Sod {
  double kg = 0.0;
  double moisture_pct = 0.0;
  bool has_stone = false;
};

class MaceratorLink {
public:
  explicit MaceratorLink(std::string head) : head_(std::move(head)) {}
  void engage() {
    engaged_ = true;
    ++engagements_;
  }
  void feed(const Sod &s) {
    if (!engaged_)
      throw std::runtime_error("macerator " + head_ + " is not engaged");
    throughput_kg_ += s.kg;
  }
  void disengage() {
    if (!engaged_)
      return;
    engaged_ = false;
  }
  bool engaged() const { return engaged_; }
  double throughput() const { return throughput_kg_; }

private:
  std::string head_;
  bool engaged_ = false;
  int engagements_ = 0;
  double throughput_kg_ = 0.0;
};

class BaggingRun {
public:
  void add(double kg) {
    if (sealed_)
      throw std::logic_error("bagging run already sealed");
    fill_kg_ += kg;
  }
  int seal() {
    if (sealed_)
      throw std::logic_error("bagging run sealed twice");
    sealed_ = true;
    return static_cast<int>(fill_kg_ / kBagKg) + (fill_kg_ > 0.0 ? 1 : 0);
  }
  double fill() const { return fill_kg_; }

private:
  static constexpr double kBagKg = 30.0;
  double fill_kg_ = 0.0;
  bool sealed_ = false;
};

static bool too_wet(const Sod &s) { return s.moisture_pct > 85.0; }

int cut_and_bag(MaceratorLink &link, const std::vector<Sod> &sods, double max_kg) {
  BaggingRun run;
  link.engage();
  for (const Sod &s : sods) {
    if (s.has_stone) {
      link.disengage();
      link.engage();
      continue;
    }
    if (too_wet(s))
      continue;
    link.feed(s); // OK
    run.add(s.kg);
    if (run.fill() >= max_kg) {
      link.disengage();
      return run.seal();
    }
  }
  link.disengage();
  return run.seal(); // OK
}

double drain_hopper(MaceratorLink &link, const std::vector<Sod> &left_in_hopper) {
  double fed = 0.0;
  for (const Sod &s : left_in_hopper) {
    if (!link.engaged()) // OK
      break;
    link.feed(s); // OK
    fed += s.kg;
  }
  link.disengage(); // OK
  return fed;
}

int end_of_day(MaceratorLink &link, const std::vector<Sod> &hopper, bool rain) {
  BaggingRun last;
  if (rain) {
    link.disengage();
    return last.seal();
  }
  last.add(drain_hopper(link, hopper));
  return last.seal(); // OK
}
