// Dog sled race checkpoint relay. Each checkpoint keeps a connection to race
// headquarters and posts team arrivals, dog drops and rest times. The helpers
// hang up on headquarters when the exchange goes wrong and then report the
// failure: by exception, by status code, or by halting the relay process.
#include "netconn.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace sled {

struct AckError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

enum class Status { Ok, Rejected, BadBib };

struct Arrival {
  std::string bib;
  int dogs = 0;
  int minutesAfterStart = 0;
};

[[noreturn]] void haltRelay(const char *why) {
  std::fprintf(stderr, "checkpoint relay halted: %s\n", why);
  std::exit(3);
}

void requireAck(net::Connection &hq, bool acked, const std::string &what) {
  if (!acked) {
    hq.close();
    throw AckError("headquarters did not acknowledge " + what);
  }
}

void checkBib(net::Connection &hq, const std::string &bib) {
  if (bib.empty() || bib.size() > 4) {
    hq.close();
    haltRelay("malformed bib from timing mat");
  }
}

Status postArrival(net::Connection &hq, const Arrival &a) {
  if (a.dogs < 6) {
    hq.send("REJECT " + a.bib);
    hq.close();
    return Status::Rejected;
  }
  hq.send("ARRIVE " + a.bib + " " + std::to_string(a.minutesAfterStart));
  return Status::Ok;
}

void logArrival(net::Connection &hq, const Arrival &a, bool acked) {
  checkBib(hq, a.bib);
  hq.send("BIB " + a.bib); // OK
  requireAck(hq, acked, "bib " + a.bib);
  hq.send("DOGS " + std::to_string(a.dogs)); // OK
}

Status logRest(net::Connection &hq, const Arrival &a, int restMinutes) {
  Status st = postArrival(hq, a);
  if (st != Status::Ok)
    return st;
  hq.send("REST " + a.bib + " " + std::to_string(restMinutes)); // OK
  hq.flush(); // OK
  return Status::Ok;
}

void logScratch(net::Connection &hq, const Arrival &a) {
  postArrival(hq, a);
  hq.send("SCRATCH " + a.bib); // BUG: use-after-close
}

void logDogDrop(net::Connection &hq, const Arrival &a, bool acked, int dropped) {
  try {
    requireAck(hq, acked, "drop for " + a.bib);
  } catch (const AckError &e) {
    std::fprintf(stderr, "%s, retrying later\n", e.what());
  }
  hq.send("DROP " + a.bib + " " + std::to_string(dropped)); // BUG: use-after-close
}

} // namespace sled
