// White stork ringing season: ringers visit nests on poles and chimneys and
// send each ringed chick to the ringing scheme's RingUplink; close() throws
// when the uplink is already closed. Closes inside loops: on the last index,
// followed by break, behind a first-time flag. Bugs: the season wrap-up
// closes the uplink inside the per-nest loop (meant to be after it), and the
// storm routine's first-time flag is tested but never set, so a second storm
// nest closes the uplink again.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class RingUplink {
 public:
  explicit RingUplink(std::string scheme) : scheme_(std::move(scheme)) {}
  void send(const std::string& ring) {
    if (closed_) throw std::runtime_error("ring uplink " + scheme_ + " closed");
    rings_.push_back(ring);
  }
  void close() {
    if (closed_) throw std::runtime_error("ring uplink " + scheme_ + " closed twice");
    closed_ = true;
  }

 private:
  std::string scheme_;
  bool closed_ = false;
  std::vector<std::string> rings_;
};

struct Nest {
  std::string site;
  std::vector<std::string> chick_rings;
  bool last_of_route = false;
  bool storm_damaged = false;
  void seal_record() { sealed = true; }
  bool sealed = false;
};

void ring_route(RingUplink& up, const std::vector<std::string>& rings) {
  const std::size_t n = rings.size();
  for (std::size_t i = 0; i < n; ++i) {
    up.send(rings[i]);  // OK: the close below runs only after the last send
    if (i == n - 1) up.close();  // OK: only on the last index
  }
}

void ring_until_end_of_route(RingUplink& up, const std::vector<Nest>& nests) {
  for (const auto& nest : nests) {
    if (nest.last_of_route) {
      up.close();  // OK: followed by break
      break;
    }
    for (const auto& r : nest.chick_rings) up.send(r);  // OK: the loop ends right after the close
  }
}

void ring_with_flag(RingUplink& up, const std::vector<Nest>& nests) {
  bool closed = false;
  for (const auto& nest : nests) {
    if (closed) break;
    for (const auto& r : nest.chick_rings) up.send(r);  // OK: the loop stops once closed is set
    if (nest.storm_damaged && !closed) {
      up.close();  // OK: first-time flag set right below
      closed = true;
    }
  }
}

void season_wrap_up(RingUplink& up, std::vector<Nest>& nests) {
  for (const auto& nest : nests)
    for (const auto& r : nest.chick_rings) up.send(r);
  for (auto& nest : nests) {
    nest.seal_record();
    up.close();  // BUG: double-close
  }
}

void storm_cutoff(RingUplink& up, std::vector<Nest>& nests) {
  bool cut_off = false;
  for (auto& nest : nests) {
    nest.seal_record();
    if (nest.storm_damaged && !cut_off) {
      up.close();  // BUG: double-close
    }
  }
}
