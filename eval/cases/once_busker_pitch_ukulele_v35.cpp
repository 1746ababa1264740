// Street busking permits: a ukulele player's pitch booking is held open on a
// PermitLink to the council's booking service, which throws when used after close()
// and when closed twice. Every close here runs exactly once: wrap_up() goes through
// std::call_once, the set loop closes on its last set only, the tip loop closes and
// breaks, and the rain check closes through std::exchange on a first-time flag.
// Correct code: no send follows a close and no close runs twice.
#include <cstdio>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PermitLink {
 public:
  explicit PermitLink(std::string pitch) : pitch_(std::move(pitch)) {}
  void send(const std::string& msg) {
    if (closed_) throw std::runtime_error("permit link for " + pitch_ + " closed");
    std::printf("%s: %s\n", pitch_.c_str(), msg.c_str());
  }
  void close() {
    if (closed_) throw std::logic_error("permit link for " + pitch_ + " closed twice");
    closed_ = true;
  }

 private:
  std::string pitch_;
  bool closed_ = false;
};

class BuskerShift {
 public:
  explicit BuskerShift(const std::string& pitch) : link_(pitch) {}
  void check_in() { link_.send("check-in"); }
  void wrap_up() {
    std::call_once(closed_once_, [this] { link_.close(); });  // OK: call_once runs the close once
  }

 private:
  PermitLink link_;
  std::once_flag closed_once_;
};

void play_sets(PermitLink& link) {
  for (int set = 0; set < 3; ++set) {
    link.send("set " + std::to_string(set + 1) + " starting");  // OK: the close is after the third send
    if (set == 2) link.close();  // OK: only in the last set
  }
}

void count_tips(PermitLink& link, std::vector<int> tips) {
  std::size_t i = 0;
  while (true) {
    std::optional<int> tip;
    if (i < tips.size()) tip = tips[i++];
    if (!tip) {
      link.close();  // OK: followed by break
      break;
    }
    link.send("tip " + std::to_string(*tip));  // OK: not reached after the close
  }
}

void rain_check(PermitLink& link, const std::vector<bool>& hourly_rain) {
  bool open = true;
  for (bool raining : hourly_rain) {
    if (!raining) {
      if (open) link.send("still playing");  // OK: guarded by the flag
      continue;
    }
    if (std::exchange(open, false)) link.close();  // OK: exchange makes this the first and only close
  }
}

void saturday(const std::string& pitch) {
  BuskerShift shift(pitch);
  shift.check_in();
  shift.wrap_up();
  shift.wrap_up();  // OK: the second call does nothing
}
