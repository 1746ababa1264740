// Mead hall tap daemon: every pour is appended to the tap ledger file and
// mirrored to the cellar's EventChannel. The helpers that hit an error close
// the handle and then either throw or end the daemon through fatalTap(),
// which never returns, and the one helper that returns an error is checked
// by its caller. So no caller reaches its later uses of the ledger or of the
// cellar channel after a helper closed it.
#include "messaging.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace meadhall {

struct Pour {
  std::string tap;
  std::string mead;
  int millilitres;
};

struct Keg {
  std::string id;
  int pressureKpa;
};

constexpr int kMaxKegPressureKpa = 250;

[[noreturn]] void fatalTap(const char *what) {
  std::fprintf(stderr, "tapd: fatal: %s\n", what);
  std::exit(3);
}

bool cellarAcknowledged(EventChannel &cellar);

void appendPour(std::FILE *ledger, const Pour &p) {
  if (std::fprintf(ledger, "%s,%s,%d\n", p.tap.c_str(), p.mead.c_str(), p.millilitres) < 0) {
    std::fclose(ledger);
    throw std::runtime_error("tap ledger write failed");
  }
}

void checkKeg(EventChannel &cellar, const Keg &k) {
  if (k.pressureKpa > kMaxKegPressureKpa) {
    cellar.send("keg " + k.id + " overpressure, taps locked");
    cellar.close();
    fatalTap("keg overpressure");
  }
}

bool syncCellar(EventChannel &cellar, const std::string &tap) {
  cellar.send("sync " + tap);
  if (!cellarAcknowledged(cellar)) {
    cellar.close();
    return false;
  }
  return true;
}

void servePour(std::FILE *ledger, EventChannel &cellar, const Pour &p, const Keg &k) {
  checkKeg(cellar, k);
  cellar.send("pour " + p.tap + " " + std::to_string(p.millilitres)); // OK
  appendPour(ledger, p);
  std::fflush(ledger); // OK
}

void changeKeg(EventChannel &cellar, const std::string &tap, const Keg &fresh) {
  if (!syncCellar(cellar, tap))
    return;
  cellar.send("keg change on " + tap + " to " + fresh.id); // OK
}

void closeShift(std::FILE *ledger, EventChannel &cellar, const std::vector<Pour> &pours) {
  int total = 0;
  for (const Pour &p : pours) {
    appendPour(ledger, p);
    total += p.millilitres;
  }
  std::fprintf(ledger, "shift,%zu,%d\n", pours.size(), total); // OK
  std::fclose(ledger); // OK
  cellar.send("shift closed"); // OK
  cellar.close();
}

} // namespace meadhall
