// Curing chamber of an urushi lacquer workshop: lacquered pieces cure in a
// humid chamber (a "furo"); the chamber is vented at the end of a batch and
// must be sealed again before it takes new settings. The chamber refuses any
// command once vented. Two mistakes: finish_batch() vents and then logs the
// final reading through log_final(), and rework() vents on a blush defect and
// falls through to setting the humidity.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class CuringChamber {
public:
  enum class State { Sealed, Curing, Vented };

  explicit CuringChamber(std::string id) : id_(std::move(id)) {}
  void set_humidity(int percent);
  double read_temperature() const;
  void vent();
  void reseal();
  bool vented() const { return state_ == State::Vented; }

private:
  void require_sealed(const char *what) const;
  std::string id_;
  State state_ = State::Sealed;
  int humidity_ = 0;
  std::vector<double> temps_{24.0};
};

void CuringChamber::require_sealed(const char *what) const {
  if (state_ == State::Vented)
    throw std::logic_error(std::string(what) + ": chamber " + id_ + " closed (vented)");
}

void CuringChamber::set_humidity(int percent) {
  require_sealed("set_humidity");
  humidity_ = percent;
  state_ = State::Curing;
}

double CuringChamber::read_temperature() const {
  require_sealed("read_temperature");
  return temps_.back();
}

void CuringChamber::vent() {
  state_ = State::Vented;
  humidity_ = 0;
}

void CuringChamber::reseal() {
  state_ = State::Sealed;
  temps_.assign(1, 24.0);
}

struct Piece {
  std::string name;
  bool blushed = false;
};

static void log_final(const CuringChamber &c, const std::string &batch) {
  std::printf("batch %s final %.1f C\n", batch.c_str(), c.read_temperature()); // SAME: final
}

void finish_batch(CuringChamber &c, const std::string &batch) {
  c.vent();
  log_final(c, batch); // BUG: use-after-close #final
}

void start_batch(CuringChamber &c, int humidity) {
  if (c.vented())
    c.reseal();
  c.set_humidity(humidity); // OK: resealed when it was vented
}

void rework(CuringChamber &c, const std::vector<Piece> &pieces) {
  for (const Piece &p : pieces) {
    if (p.blushed) {
      std::printf("%s blushed, venting\n", p.name.c_str());
      c.vent();
    }
  }
  c.set_humidity(80); // BUG: use-after-close
}

double safe_reading(const CuringChamber &c) {
  if (c.vented())
    return -1.0;
  return c.read_temperature(); // OK: vented() checked first
}

void overnight(CuringChamber &c, const std::string &batch) {
  if (!c.vented())
    log_final(c, batch + "-pre"); // OK: guarded by vented()
  c.vent();
  c.reseal();
  c.set_humidity(75); // OK: resealed after venting
  double t = c.read_temperature(); // OK: resealed after venting
  std::printf("overnight at %.1f C\n", t);
}

void two_chambers(CuringChamber &a, CuringChamber &b) {
  a.vent();
  if (!b.vented())
    b.set_humidity(70); // OK: b is a different chamber, and guarded
}
