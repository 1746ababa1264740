// Soapery pour log. A soap maker's pouring line reports each pour of a
// soap batch (oil blend, fragrance, mould, pour temperature) to the production
// server over a net::Connection. describePour() throws BadPour when a pour
// is outside the blend's temperature window; the shift routines close the
// link at the end of the try block and in their handlers.
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct Pour {
  std::string mould;
  std::string fragrance;
  double tempC;
};

struct SoapBatch {
  std::string blend;
  double minTempC;
  double maxTempC;
  std::vector<Pour> pours;
};

class BadPour : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

static std::string describePour(const SoapBatch &b, const Pour &p) {
  if (p.tempC < b.minTempC || p.tempC > b.maxTempC)
    throw BadPour(b.blend + " poured at " + std::to_string(p.tempC) + "C into " + p.mould);
  return b.blend + "|" + p.mould + "|" + p.fragrance + "|" + std::to_string(p.tempC);
}

void reportBatch(net::Connection &link, const SoapBatch &batch) {
  try {
    link.send("batch " + batch.blend);
    for (const Pour &p : batch.pours)
      link.send(describePour(batch, p));
    link.send("batch end");
    link.close();
  } catch (const BadPour &bad) {
    link.send(std::string("batch rejected: ") + bad.what()); // OK
    link.close();
    throw;
  }
}

void reportShift(net::Connection &link, const std::vector<SoapBatch> &batches,
                 const std::string &soapMaker) {
  std::size_t pours = 0;
  try {
    link.send("shift " + soapMaker);
    for (const SoapBatch &b : batches)
      for (const Pour &p : b.pours) {
        link.send(describePour(b, p));
        ++pours;
      }
    link.send("shift end");
    link.close();
  } catch (const BadPour &bad) {
    link.send(std::string("shift stopped: ") + bad.what()); // OK
    link.close();
  }
  std::printf("%s: %zu pours reported\n", soapMaker.c_str(), pours);
  link.send("pour count " + std::to_string(pours)); // BUG: use-after-close
}

bool reportTrialPour(net::Connection &link, const SoapBatch &trial) {
  bool accepted = true;
  try {
    for (const Pour &p : trial.pours)
      link.send("trial " + describePour(trial, p));
    link.flush();
    link.close();
  } catch (const BadPour &bad) {
    accepted = false;
    std::fprintf(stderr, "trial pour rejected: %s\n", bad.what());
  }
  if (!link.isClosed()) {
    link.send("trial rejected"); // OK
    link.close();
  }
  return accepted;
}
