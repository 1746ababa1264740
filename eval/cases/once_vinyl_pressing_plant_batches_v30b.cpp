// Vinyl pressing plant: each press run stamps a list of batches. The press's
// hydraulic controller is driven over a net::Connection, the label printer's
// job file is a FILE*, and the QC station's feed is an EventChannel that is
// shut down once a batch comes back with too many rejects. Each close inside
// a loop runs in one iteration only: on the last index, behind a done flag
// that skips the later iterations, through std::call_once with a halted flag
// checked before every send, or on the state that ends the loop, so no later
// iteration uses a closed handle.
#include "messaging.h"
#include "netconn.h"

#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace pressing {

struct Batch {
  std::string catalogue;
  int records;
  bool lastOfRun;
  int rejects;
};

void pressRun(net::Connection &press, const std::vector<Batch> &batches) {
  for (std::size_t i = 0; i < batches.size(); ++i) {
    press.send("STAMP " + batches[i].catalogue + " x" + std::to_string(batches[i].records)); // OK
    if (i == batches.size() - 1)
      press.close(); // OK
  }
}

void printLabels(std::FILE *jobs, const std::vector<Batch> &batches) {
  bool jobFileDone = false;
  for (const Batch &b : batches) {
    if (jobFileDone)
      continue;
    std::fprintf(jobs, "%s,%d\n", b.catalogue.c_str(), b.records); // OK
    if (b.lastOfRun) {
      std::fclose(jobs);
      jobFileDone = true;
    }
  }
}

class QcReporter {
public:
  explicit QcReporter(EventChannel &qc) : qc_(qc) {}

  void report(const std::vector<Batch> &batches, int rejectLimit) {
    for (const Batch &b : batches) {
      if (halted_)
        return;
      qc_.send(b.catalogue + " rejects " + std::to_string(b.rejects)); // OK
      if (b.rejects > rejectLimit)
        std::call_once(haltOnce_, [this, &b] {
          qc_.send("HALT line after " + b.catalogue);
          qc_.close(); // OK
          halted_ = true;
        });
    }
  }

private:
  EventChannel &qc_;
  std::once_flag haltOnce_;
  bool halted_ = false;
};

enum class PressState { Heating, Stamping, Cooling, Done };

void coolDown(net::Connection &press, int cycles) {
  PressState state = PressState::Heating;
  int cycle = 0;
  while (state != PressState::Done) {
    switch (state) {
    case PressState::Heating:
      press.send("HEAT 180"); // OK
      state = PressState::Stamping;
      break;
    case PressState::Stamping:
      press.send("STAMP"); // OK
      if (++cycle >= cycles)
        state = PressState::Cooling;
      break;
    case PressState::Cooling:
      press.send("COOL"); // OK
      press.close();
      state = PressState::Done;
      break;
    case PressState::Done:
      break;
    }
  }
}

} // namespace pressing
