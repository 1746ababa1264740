// River weir gauging station: water-level and sluice-gate readings are
// appended to the catchment authority's write-ahead log through a
// repl::WalProducer. The producer is closed when the gauge reports a sensor
// fault, when a flood alarm has been logged, or at the end of a survey run.
// Negative case: every write after a possible close is behind a check of the
// producer's own state (operator bool, is_closed(), isOpen(), or a query
// stored in a local taken after the close), so no write reaches a closed
// producer.
#include "replication.h"

#include <cstdio>
#include <string>
#include <vector>

struct GaugeReading {
  long epoch;
  double levelCm;
  int gateOpeningMm;
  bool sensorFault;
};

static std::string levelRecord(const GaugeReading &r) {
  return std::to_string(r.epoch) + " level=" + std::to_string(r.levelCm) +
         " gate=" + std::to_string(r.gateOpeningMm);
}

void recordLevel(repl::WalProducer &wal, const GaugeReading &r) {
  if (r.sensorFault) {
    wal.send("fault at " + std::to_string(r.epoch));
    wal.close();
  }
  if (!wal)
    return;
  wal.send(levelRecord(r)); // OK
}

std::size_t replaySurvey(repl::WalProducer &wal,
                         const std::vector<GaugeReading> &survey,
                         double floodLevelCm) {
  std::size_t i = 0;
  while (!wal.is_closed() && i < survey.size()) {
    const GaugeReading &r = survey[i++];
    if (r.levelCm >= floodLevelCm) {
      wal.send("FLOOD " + levelRecord(r));
      wal.close();
      continue;
    }
    wal.send(levelRecord(r)); // OK
  }
  return i;
}

void adjustGate(repl::WalProducer &wal, int fromMm, int toMm, bool manual) {
  if (manual && toMm == 0)
    wal.close();
  const bool open = wal.isOpen();
  if (!open) {
    std::printf("gate moved %d -> %d, not logged\n", fromMm, toMm);
    return;
  }
  wal.send("gate " + std::to_string(fromMm) + "->" + std::to_string(toMm)); // OK
}

class WeirStation {
public:
  explicit WeirStation(repl::WalProducer &wal) : wal_(wal) {}

  void onReading(const GaugeReading &r) {
    if (r.sensorFault && !faultLogged_) {
      wal_.send("sensor fault");
      wal_.close();
      faultLogged_ = true;
    }
    if (wal_.is_closed() || paused_)
      return;
    wal_.send(levelRecord(r)); // OK
  }

  void pause() { paused_ = true; }
  void unpause() { paused_ = false; }

  void finishSurvey(int readings) {
    if (!wal_)
      return;
    wal_.send("survey done: " + std::to_string(readings)); // OK
    wal_.close();
  }

private:
  repl::WalProducer &wal_;
  bool faultLogged_ = false;
  bool paused_ = false;
};
