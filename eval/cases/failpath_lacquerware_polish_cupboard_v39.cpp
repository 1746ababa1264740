// Lacquerware workshop: coated pieces cure in a humidity-controlled polishing
// cupboard driven over a CupboardLink. The helpers close the link only on
// their error path: prime() returns a Status, ensure_humidity() throws,
// calibrate_or_die() calls a [[noreturn]] abort helper, try_cure() returns
// false. Callers that continue only on success are correct. Bugs: the batch
// start ignores prime()'s status, and the evening cure logs a failed
// try_cure() but carries on sending to the closed link.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

class CupboardLink {
 public:
  explicit CupboardLink(std::string cupboard) : cupboard_(std::move(cupboard)) {}
  bool handshake() {
    if (closed_) throw std::runtime_error("cupboard link " + cupboard_ + " closed");
    return ++attempts_ % 3 != 0;
  }
  int humidity() {
    if (closed_) throw std::runtime_error("cupboard link " + cupboard_ + " closed");
    return 72;
  }
  void send(const std::string& cmd) {
    if (closed_) throw std::runtime_error("cupboard link " + cupboard_ + " closed");
    last_ = cmd;
  }
  void close() { closed_ = true; }

 private:
  std::string cupboard_;
  bool closed_ = false;
  int attempts_ = 0;
  std::string last_;
};

struct Status {
  bool good = true;
  std::string why;
  static Status success() { return {}; }
  static Status error(std::string w) { return {false, std::move(w)}; }
  bool ok() const { return good; }
};

Status prime(CupboardLink& link) {
  if (!link.handshake()) {
    link.close();
    return Status::error("handshake refused");
  }
  return Status::success();
}

void ensure_humidity(CupboardLink& link, int min_pct) {
  if (link.humidity() < min_pct) {
    link.close();
    throw std::runtime_error("cupboard too dry for urushi");
  }
}

[[noreturn]] void abort_workshop(const char* why) {
  std::fprintf(stderr, "fatal: %s\n", why);
  std::abort();
}

void calibrate_or_die(CupboardLink& link) {
  if (link.humidity() > 90) {
    link.close();
    abort_workshop("humidity sensor saturated");
  }
}

bool try_cure(CupboardLink& link, int hours) {
  if (hours > 48) {
    link.close();
    return false;
  }
  link.send("cure " + std::to_string(hours));
  return true;
}

void start_batch_checked(CupboardLink& link) {
  Status st = prime(link);
  if (!st.ok()) return;
  link.send("coat-1");  // OK: prime() closes only when it returns an error
}

void start_batch(CupboardLink& link) {
  prime(link);
  link.send("coat-1");  // BUG: use-after-close
}

void second_coat(CupboardLink& link) {
  ensure_humidity(link, 70);
  link.send("coat-2");  // OK: ensure_humidity() throws after closing
}

void morning_check(CupboardLink& link) {
  calibrate_or_die(link);
  link.send("polish");  // OK: the closing path never returns
}

void evening_cure(CupboardLink& link, int hours) {
  bool ok = try_cure(link, hours);
  if (!ok) std::fprintf(stderr, "cure of %d h rejected\n", hours);
  link.send("lights-off");  // BUG: use-after-close
}

void overnight_cure(CupboardLink& link, int hours) {
  if (!try_cure(link, hours)) return;
  link.send("lights-off");  // OK: try_cure() closes only when it returns false
}
