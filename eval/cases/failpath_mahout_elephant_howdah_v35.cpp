// Elephant sanctuary treks: each mahout carries a HowdahRadio to base camp.
// handshake() hangs up the radio when the ping goes unanswered and returns
// Status::Timeout; check_load() calls the [[noreturn]] abort_trek(), which hangs up
// and throws, when the howdah is overloaded; read_position() hangs up on a garbled fix
// and returns an empty result. Callers that stop on the error are correct; trek_b()
// ignores the handshake status and departs on a radio that may have been hung up,
// and river_crossing() reports a position even when read_position() failed.
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

enum class Status { Ok, Timeout };

class HowdahRadio {
 public:
  explicit HowdahRadio(std::string mahout) : mahout_(std::move(mahout)) {}

  bool ping() {
    if (hung_up_) throw std::runtime_error("howdah radio of " + mahout_ + " hung up");
    return ++pings_ % 4 != 0;
  }
  void send(const std::string& msg) {
    if (hung_up_) throw std::runtime_error("howdah radio of " + mahout_ + " hung up");
    std::printf("[%s] %s\n", mahout_.c_str(), msg.c_str());
  }
  std::string raw_fix() {
    if (hung_up_) throw std::runtime_error("howdah radio of " + mahout_ + " hung up");
    return pings_ % 2 ? "12.97N,77.59E" : "";
  }
  void hang_up() { hung_up_ = true; }

 private:
  std::string mahout_;
  int pings_ = 0;
  bool hung_up_ = false;
};

Status handshake(HowdahRadio& r) {
  if (!r.ping()) {
    r.hang_up();
    return Status::Timeout;
  }
  return Status::Ok;
}

[[noreturn]] void abort_trek(HowdahRadio& r, const char* why) {
  r.hang_up();
  throw std::runtime_error(why);
}

void check_load(HowdahRadio& r, int kg) {
  if (kg > 300) abort_trek(r, "howdah overloaded");
}

std::optional<std::string> read_position(HowdahRadio& r) {
  std::string fix = r.raw_fix();
  if (fix.empty()) {
    r.hang_up();
    return std::nullopt;
  }
  return fix;
}

void trek_a(HowdahRadio& r) {
  if (handshake(r) != Status::Ok) return;
  r.send("departing for the river");  // OK: handshake hangs up only when it fails
}

void trek_b(HowdahRadio& r) {
  handshake(r);
  r.send("departing for the forest");  // BUG: use-after-close
}

void load_up(HowdahRadio& r, int kg) {
  check_load(r, kg);
  r.send("load " + std::to_string(kg) + " kg ok");  // OK: abort_trek never returns
}

void river_crossing(HowdahRadio& r) {
  std::optional<std::string> pos = read_position(r);
  if (!pos) std::fprintf(stderr, "no fix before crossing\n");
  r.send("crossing at " + pos.value_or("unknown"));  // BUG: use-after-close
}

void forest_crossing(HowdahRadio& r) {
  std::optional<std::string> pos = read_position(r);
  if (!pos) return;
  r.send("crossing at " + *pos);  // OK: read_position hangs up only on the empty result
}
