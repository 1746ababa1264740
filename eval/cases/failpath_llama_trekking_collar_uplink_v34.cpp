// Llama-trekking outfitter: each pack llama wears a GPS collar whose
// CollarLink forwards fixes to base camp. push_fix() closes the link when the
// collar reports a corrupt fix and returns an error status; abort_trek() is
// a [[noreturn]] helper that closes the link and throws; handshake() closes
// it when the firmware is too old and returns false. The caller in
// evening_camp() ignores push_fix()'s status and sends the camp marker on a
// link that may have been closed; reconnect_ridge() logs a failed handshake
// and carries on. The other callers continue only on success.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Fix {
  double lat = 0.0;
  double lon = 0.0;
  bool valid = true;
};

enum class TrekStatus { Ok, CorruptFix, LinkLost };

class CollarLink {
 public:
  CollarLink(std::string llama, int firmware) : llama_(std::move(llama)), firmware_(firmware) {}

  void send(const std::string& payload) {
    if (closed_) throw std::runtime_error("collar link closed: " + llama_);
    sent_.push_back(payload);
  }
  int firmware() const { return firmware_; }
  void close() {
    if (closed_) throw std::runtime_error("collar link closed twice: " + llama_);
    closed_ = true;
  }

 private:
  std::string llama_;
  int firmware_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

std::string encode(const Fix& f) { return std::to_string(f.lat) + "," + std::to_string(f.lon); }

TrekStatus push_fix(CollarLink& link, const Fix& f) {
  if (!f.valid) {
    link.close();
    return TrekStatus::CorruptFix;
  }
  link.send(encode(f));
  return TrekStatus::Ok;
}

[[noreturn]] void abort_trek(CollarLink& link, const std::string& why) {
  link.close();
  throw std::runtime_error("trek aborted: " + why);
}

bool handshake(CollarLink& link, int min_firmware) {
  if (link.firmware() < min_firmware) {
    link.close();
    return false;
  }
  link.send("HELLO");
  return true;
}

TrekStatus follow_trail(CollarLink& link, const std::vector<Fix>& fixes) {
  for (const Fix& f : fixes) {
    TrekStatus st = push_fix(link, f);
    if (st != TrekStatus::Ok) return st;
    link.send("waypoint");  // OK: only after push_fix() succeeded
  }
  return TrekStatus::Ok;
}

void cross_pass(CollarLink& link, const Fix& summit, bool storm) {
  if (storm) abort_trek(link, "storm on the pass");
  link.send("summit " + encode(summit));  // OK: abort_trek() never returns
}

bool start_day(CollarLink& link) {
  bool ok = handshake(link, 6);
  if (!ok) return false;
  link.send("day start");  // OK: handshake succeeded
  return true;
}

void evening_camp(CollarLink& link, const Fix& camp) {
  push_fix(link, camp);  // status ignored
  link.send("camp marker");  // BUG: use-after-close
}

void reconnect_ridge(CollarLink& link, std::vector<std::string>& notes) {
  if (!handshake(link, 9)) notes.push_back("old collar firmware on the ridge");
  link.send("ridge ping");  // BUG: use-after-close
}

void trek(const std::vector<Fix>& fixes, const Fix& camp, std::vector<std::string>& notes) {
  CollarLink pepita("Pepita", 8);
  if (!start_day(pepita)) return;
  if (follow_trail(pepita, fixes) != TrekStatus::Ok) return;
  cross_pass(pepita, camp, false);
  evening_camp(pepita, camp);
  CollarLink bolivar("Bolivar", 7);
  reconnect_ridge(bolivar, notes);
}
