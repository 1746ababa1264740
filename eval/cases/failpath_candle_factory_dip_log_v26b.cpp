// Candle factory dip log. Every production batch of hand-dipped tapers gets a
// log file: a header with wax blend and wick, one row per dip with vat
// temperature, and a footer with the finished count. The writers close the
// file themselves when a write fails and report false, so the caller only
// has to stop.
#include <cstdio>
#include <string>
#include <vector>

namespace candles {

struct Dip {
  int number = 0;
  double vatC = 0;
  double diameterMm = 0;
};

struct Batch {
  std::string id;
  std::string blend;
  std::string wick;
  std::vector<Dip> dips;
  int finished = 0;
};

bool writeHeader(FILE *f, const Batch &b) {
  if (std::fprintf(f, "batch %s\nblend %s\nwick %s\n", b.id.c_str(), b.blend.c_str(),
                   b.wick.c_str()) < 0) {
    std::fclose(f);
    return false;
  }
  return true;
}

bool appendDips(FILE *f, const std::vector<Dip> &dips) {
  for (const Dip &d : dips) {
    if (std::fprintf(f, "%d %.1f %.2f\n", d.number, d.vatC, d.diameterMm) < 0) { // SAME: dips
      std::fclose(f);
      return false;
    }
  }
  return true;
}

bool writeFooter(FILE *f, int finished) {
  if (std::fprintf(f, "finished %d\n", finished) < 0 || std::fflush(f) != 0) {
    std::fclose(f);
    return false;
  }
  return true;
}

bool exportBatch(const char *path, const Batch &b) {
  FILE *f = std::fopen(path, "w");
  if (!f)
    return false;
  if (!writeHeader(f, b))
    return false;
  if (!appendDips(f, b.dips)) // OK
    return false;
  if (!writeFooter(f, b.finished)) // OK
    return false;
  return std::fclose(f) == 0; // OK
}

bool exportBatchShort(const char *path, const Batch &b) {
  FILE *f = std::fopen(path, "w");
  if (!f)
    return false;
  if (writeHeader(f, b) && appendDips(f, b.dips)) // OK
    return std::fclose(f) == 0; // OK
  return false;
}

bool exportBatchFast(const char *path, const Batch &b) {
  FILE *f = std::fopen(path, "w");
  if (!f)
    return false;
  writeHeader(f, b);
  bool ok = appendDips(f, b.dips); // BUG: use-after-close #dips
  return ok && std::fclose(f) == 0; // BUG: double-close
}

} // namespace candles
