// Ferry operations: boarding events from the terminal gates are replayed from
// the day's event log into per-sailing passenger manifests (FILE*), and the
// leg report of a multi-stop crossing is written to one file per crossing.
// The replay of the harbour master's copy closes the manifest at the first
// Departure with a flag, so later events are counted as late and a second
// Departure (a re-announced delayed departure) does not close again.
// Defect: replayGateLog() closes the manifest on every Departure event and
// keeps printing Boarding events, so a re-announced departure closes the FILE*
// a second time and a late check-in after the departure prints into it.
#include <cstdio>
#include <string>
#include <vector>

enum class EventKind { Boarding, Departure, Cancelled };

struct GateEvent {
  EventKind kind = EventKind::Boarding;
  std::string ticket;
  std::string vehicleReg;
};

struct Leg {
  std::string from;
  std::string to;
  int passengers = 0;
};

void replayGateLog(const std::vector<GateEvent> &events, const std::string &path) {
  std::FILE *manifest = std::fopen(path.c_str(), "w");
  if (!manifest)
    return;
  for (const GateEvent &ev : events) {
    switch (ev.kind) {
    case EventKind::Boarding:
      std::fprintf(manifest, "%s %s\n", ev.ticket.c_str(), ev.vehicleReg.c_str()); // BUG: use-after-close
      break;
    case EventKind::Departure:
      std::fclose(manifest); // BUG: double-close
      break;
    case EventKind::Cancelled:
      break;
    }
  }
}

int replayHarbourMasterCopy(const std::vector<GateEvent> &events, const std::string &path) {
  std::FILE *manifest = std::fopen(path.c_str(), "w");
  if (!manifest)
    return -1;
  bool sealed = false;
  int late = 0;
  for (const GateEvent &ev : events) {
    switch (ev.kind) {
    case EventKind::Boarding:
      if (sealed) {
        ++late;
        break;
      }
      std::fprintf(manifest, "%s %s\n", ev.ticket.c_str(), ev.vehicleReg.c_str()); // OK: skipped once sealed
      break;
    case EventKind::Departure:
      if (!sealed) {
        std::fclose(manifest); // OK: guarded by the sealed flag
        sealed = true;
      }
      break;
    case EventKind::Cancelled:
      break;
    }
  }
  if (!sealed)
    std::fclose(manifest); // OK: only when no Departure closed it
  return late;
}

void writeLegReport(const std::vector<Leg> &legs, const std::string &path) {
  if (legs.empty())
    return;
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return;
  for (size_t i = 0; i < legs.size(); ++i) {
    std::fprintf(fp, "%s-%s %d\n", legs[i].from.c_str(), legs[i].to.c_str(), // OK: the close runs only after the last write
                 legs[i].passengers);
    if (i + 1 == legs.size())
      std::fclose(fp); // OK: last iteration only
  }
}

void endOfDay(const std::vector<GateEvent> &gate, const std::vector<Leg> &legs) {
  replayGateLog(gate, "/srv/ferry/manifest-gate.txt");
  int late = replayHarbourMasterCopy(gate, "/srv/ferry/manifest-hm.txt");
  if (late > 0)
    std::fprintf(stderr, "%d late check-ins after departure\n", late);
  writeLegReport(legs, "/srv/ferry/legs.txt");
}
