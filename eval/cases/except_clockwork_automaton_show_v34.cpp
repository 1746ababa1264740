// Clockwork-automaton theatre: an automaton's cam drive is run over a
// MotorBus, and each performance is archived to a ShowArchive that can fail
// to commit. perform() powers the bus down in its catch-all handler and
// rethrows; matinee() catches that exception and tries a bow on the bus that
// perform() has just powered down. encore() powers down before the archive
// commit that may throw and then tries to re-home in the handler. The other
// callers only touch the bus on the success path or check is_powered() first.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class MotorBus {
 public:
  explicit MotorBus(std::string figure) : figure_(std::move(figure)) {}

  void move(const std::string& cam, int steps) {
    if (!powered_) throw std::runtime_error("motor bus powered down: " + figure_);
    if (steps > 4000) throw std::out_of_range("cam " + cam + " over-travel");
    position_ += steps;
  }
  void power_down() {
    if (!powered_) throw std::runtime_error("motor bus powered down twice: " + figure_);
    powered_ = false;
  }
  bool is_powered() const { return powered_; }

 private:
  std::string figure_;
  int position_ = 0;
  bool powered_ = true;
};

class ShowArchive {
 public:
  void commit(const std::vector<std::string>& acts) {
    if (acts.size() > 12) throw std::runtime_error("archive: show too long to commit");
    shows_ += 1;
  }

 private:
  int shows_ = 0;
};

void perform(MotorBus& bus, const std::vector<std::string>& acts) {
  try {
    for (const auto& act : acts) bus.move(act, 1200);
  } catch (...) {
    bus.power_down();
    throw;
  }
}

void bow(MotorBus& bus) {
  bus.move("bow", 300);  // SAME: bow_after_fault
}

void matinee(MotorBus& bus, const std::vector<std::string>& acts) {
  try {
    perform(bus, acts);
    bow(bus);  // OK: perform() returned normally, the bus is powered
  } catch (const std::exception&) {
    bow(bus);  // BUG: use-after-close #bow_after_fault
  }
}

void evening(MotorBus& bus, const std::vector<std::string>& acts) {
  try {
    perform(bus, acts);
  } catch (const std::out_of_range&) {
    if (bus.is_powered()) bus.move("home", 0);  // OK: checked after the rethrow path
    return;
  }
  bus.move("curtain", 200);  // OK: only reached when perform() did not throw
}

void encore(MotorBus& bus, ShowArchive& archive, const std::vector<std::string>& acts) {
  try {
    for (const auto& act : acts) bus.move(act, 800);
    bus.power_down();
    archive.commit(acts);
  } catch (const std::runtime_error&) {
    bus.move("home", 0);  // BUG: use-after-close
  }
}

void rehearsal(MotorBus& bus, ShowArchive& archive, const std::vector<std::string>& acts) {
  try {
    for (const auto& act : acts) bus.move(act, 500);
    archive.commit(acts);
    bus.power_down();
  } catch (const std::runtime_error&) {
    if (bus.is_powered()) bus.power_down();  // OK: powers down once, whichever step failed
  }
}
