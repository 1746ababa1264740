// Nightly reconciliation files for the carriers: one CSV per carrier with
// the parcels dropped and collected that day, a manifest and a running index.
#pragma once
#include "door_event.h"
#include "status.h"

#include <ctime>
#include <map>
#include <memory>
#include <string>
#include <vector>

class DiagLog;
class NotificationPublisher;
class WorkPool;

struct CarrierParcel {
  std::string carrier;
  std::string parcelId;
  std::string bankId;
  int compartment = -1;
  std::time_t dropped = 0;
  std::time_t collected = 0;
};

class ReconciliationWriter {
public:
  ReconciliationWriter(std::string outDir, DiagLog &diag);

  void noteDropped(const DoorEvent &ev);
  void noteCollected(const DoorEvent &ev);

  // Hands the day's parcels to a worker that writes the files and announces them.
  void scheduleNightly(WorkPool &pool, std::shared_ptr<NotificationPublisher> publisher,
                       const std::string &day);
  Status writeNightly(const std::string &day, const std::vector<CarrierParcel> &parcels);

private:
  Status writeManifest(const std::string &day, const std::map<std::string, std::size_t> &rows);
  Status updateIndex(const std::string &day, std::size_t carriers);

  const std::string outDir_;
  DiagLog &diag_;
  std::vector<CarrierParcel> today_;
};
