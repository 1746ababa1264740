// Shift reports of an ice-resurfacing fleet. Each machine's report is composed
// in memory with open_memstream() and returned as a string for the uploader;
// squeegee calibration blobs sent by the depot are parsed with fmemopen().
// After fclose() of a memstream the buffer it produced stays valid (the caller
// owns it and frees it), so reading the buffer then is correct; writing to the
// stream is not.
// Bugs: the snow-tank warning is appended after writeTotals() closed the report
// stream, and the calibration parser asks ftell() on a stream it closed when it
// met a malformed line.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace rinkfleet {

struct LapRecord {
  int lap;
  double waterLitres;
  double slushKg;
};

constexpr double kSnowTankCapacityKg = 1900.0;

// Writes the totals line and finishes the report stream.
static void writeTotals(FILE *out, double water, double slush) {
  std::fprintf(out, "total water %.1f L, slush %.1f kg\n", water, slush);
  std::fclose(out);
}

std::string composeReport(const std::string &machine,
                          const std::vector<LapRecord> &laps) {
  char *buf = nullptr;
  size_t len = 0;
  FILE *out = ::open_memstream(&buf, &len);
  if (out == nullptr)
    return {};
  std::fprintf(out, "machine %s, %zu laps\n", machine.c_str(), laps.size());
  double water = 0, slush = 0;
  for (const LapRecord &lap : laps) {
    std::fprintf(out, "lap %d: water %.1f L, slush %.1f kg\n", lap.lap,
                 lap.waterLitres, lap.slushKg);
    water += lap.waterLitres;
    slush += lap.slushKg;
  }
  writeTotals(out, water, slush);
  if (slush > kSnowTankCapacityKg)
    std::fputs("snow tank overfilled: dump before the next flood\n", out); // BUG: use-after-close
  std::string report(buf, len); // OK: the memstream buffer outlives fclose()
  std::free(buf);
  return report;
}

struct SqueegeeCalibration {
  double pressureBar = 0;
  double bladeAngleDeg = 0;
  double edgeOffsetMm = 0;
};

static bool applyKey(SqueegeeCalibration &cal, const char *key, double value) {
  if (std::strcmp(key, "pressure") == 0)
    cal.pressureBar = value;
  else if (std::strcmp(key, "angle") == 0)
    cal.bladeAngleDeg = value;
  else if (std::strcmp(key, "edge") == 0)
    cal.edgeOffsetMm = value;
  else
    return false;
  return true;
}

bool parseCalibration(std::string blob, SqueegeeCalibration &cal) {
  FILE *in = ::fmemopen(&blob[0], blob.size(), "r");
  if (in == nullptr)
    return false;
  char line[128];
  bool ok = true;
  while (std::fgets(line, sizeof line, in) != nullptr) {
    char key[32];
    double value = 0;
    if (std::sscanf(line, "%31[^=]=%lf", key, &value) != 2 ||
        !applyKey(cal, key, value)) {
      std::fprintf(stderr, "calibration: rejected line '%s'\n", line);
      std::fclose(in);
      ok = false;
      break;
    }
  }
  long consumed = std::ftell(in); // BUG: use-after-close
  if (ok)
    std::fclose(in); // OK: the error path closed the stream and cleared ok
  std::fprintf(stderr, "calibration: %ld of %zu bytes used\n", consumed,
               blob.size());
  return ok;
}

// Same report for the depot's fixed-size telex slot: the text goes into a
// caller-supplied buffer and is read back after the stream is closed.
size_t composeTelex(char *slot, size_t slotSize, const std::string &machine,
                    double slushKg) {
  if (slotSize < 2)
    return 0;
  slot[slotSize - 1] = '\0';
  FILE *out = ::fmemopen(slot, slotSize - 1, "w");
  if (out == nullptr)
    return 0;
  std::fprintf(out, "%s SLUSH %.0f", machine.c_str(), slushKg);
  std::fclose(out);
  return std::strlen(slot);
}

} // namespace rinkfleet
