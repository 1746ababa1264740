// Gamekeeper's release-pen feeders: each pen hopper is driven over a PenRadio.
// The helpers close the radio only on their error path: handshake() returns
// false after closing, push_schedule() returns a non-ok Status after closing,
// and abort_round() closes and throws (it is [[noreturn]]). Callers that only
// continue on success are correct. dawn_feed() ignores handshake()'s result,
// and top_up() logs push_schedule()'s failure and carries on sending.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PenRadio {
 public:
  PenRadio(std::string pen, int signal_dbm, int hopper_grams)
      : pen_(std::move(pen)), signal_dbm_(signal_dbm), hopper_grams_(hopper_grams) {}
  void send(const std::string& cmd) {
    if (closed_) throw std::runtime_error("radio to " + pen_ + " closed");
    sent_.push_back(cmd);
  }
  std::string recv() {
    if (closed_) throw std::runtime_error("radio to " + pen_ + " closed");
    if (signal_dbm_ < -90 || sent_.empty()) return "";  // nothing heard back
    return "ACK " + sent_.back();
  }
  bool drop(int grams) {
    send("DROP " + std::to_string(grams));
    if (grams > hopper_grams_) return false;
    hopper_grams_ -= grams;
    return true;
  }
  void close() {
    if (closed_) throw std::runtime_error("radio to " + pen_ + " closed twice");
    closed_ = true;
  }

 private:
  std::string pen_;
  int signal_dbm_;
  int hopper_grams_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class Status {
 public:
  static Status Ok() { return Status(""); }
  static Status Error(std::string m) { return Status(std::move(m)); }
  bool ok() const { return msg_.empty(); }
  const std::string& message() const { return msg_; }

 private:
  explicit Status(std::string m) : msg_(std::move(m)) {}
  std::string msg_;
};

static bool handshake(PenRadio& r) {
  r.send("HELLO keeper-7");
  if (r.recv().rfind("ACK", 0) != 0) {
    r.close();
    return false;
  }
  return true;
}

static Status push_schedule(PenRadio& r, const std::vector<int>& grams) {
  for (int g : grams) {
    if (!r.drop(g)) {
      r.close();
      return Status::Error("hopper rejected drop of " + std::to_string(g) + "g");
    }
  }
  return Status::Ok();
}

[[noreturn]] static void abort_round(PenRadio& r, const std::string& why) {
  r.close();
  throw std::runtime_error("feeding round aborted: " + why);
}

void morning_round(PenRadio& r, const std::vector<int>& grams) {
  if (!handshake(r)) return;
  r.send("WAKE");  // OK: handshake() succeeded, so it did not close
  Status st = push_schedule(r, grams);
  if (!st.ok()) return;
  r.send("DONE");  // OK: returned above on failure
}

void evening_round(PenRadio& r, int water_litres) {
  if (!handshake(r)) return;
  if (water_litres <= 0) abort_round(r, "water trough empty");
  r.send("WATER " + std::to_string(water_litres));  // OK: abort_round() never returns
  r.close();
}

void dawn_feed(PenRadio& r) {
  handshake(r);
  r.send("DROP 250");  // BUG: use-after-close
}

void top_up(PenRadio& r, const std::vector<int>& grams, std::vector<std::string>& journal) {
  if (!handshake(r)) return;
  Status st = push_schedule(r, grams);
  if (!st.ok()) journal.push_back("top-up failed: " + st.message());
  r.send("LIGHTS OFF");  // BUG: use-after-close
}

Status checked_top_up(PenRadio& r, const std::vector<int>& grams) {
  if (!handshake(r)) return Status::Error("no handshake");
  Status st = push_schedule(r, grams);
  if (!st.ok()) return st;
  r.send("LIGHTS OFF");  // OK: only on success
  r.close();
  return Status::Ok();
}
