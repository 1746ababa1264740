// Tapestry workshop: exports the dye-lot ledger of a loom commission to CSV, one row per
// skein batch plus a trailer row with the total weight, and splits the season's ledger
// into one file per colourway family. A batch that failed the bath check aborts the export.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

struct DyeLot {
  std::string lot_id;
  std::string colourway;
  std::string family;
  double grams = 0.0;
  int bath_temp_c = 0;
  bool mordanted = false;
};

struct LedgerStats {
  int rows = 0;
  double total_grams = 0.0;
};

static bool lot_is_acceptable(const DyeLot &lot) {
  return lot.mordanted && lot.bath_temp_c >= 60 && lot.bath_temp_c <= 98 &&
         lot.grams > 0.0;
}

static void write_trailer(FILE *out, const LedgerStats &stats) {
  std::fprintf(out, "TOTAL,,%.1f,%d\n", stats.total_grams, stats.rows); // SAME: trailer
}

static int write_rows(FILE *out, const std::vector<DyeLot> &lots, LedgerStats &stats) {
  for (const DyeLot &lot : lots) {
    if (!lot_is_acceptable(lot))
      return -1;
    std::fprintf(out, "%s,%s,%.1f,%d\n", lot.lot_id.c_str(), lot.colourway.c_str(),
                 lot.grams, lot.bath_temp_c);
    stats.rows++;
    stats.total_grams += lot.grams;
  }
  return 0;
}

int export_commission_ledger(const char *path, const std::vector<DyeLot> &lots) {
  FILE *out = std::fopen(path, "w");
  if (!out) {
    std::perror(path);
    return -1;
  }
  std::fputs("lot,colourway,grams,bath_c\n", out);

  LedgerStats stats;
  const bool complete = write_rows(out, lots, stats) == 0;
  if (!complete) {
    std::fprintf(stderr, "%s: rejected batch after %d rows, export aborted\n", path,
                 stats.rows);
    std::fclose(out);
  }
  write_trailer(out, stats); // BUG: use-after-close #trailer
  if (!complete)
    return -1;
  if (std::fclose(out) != 0) { // OK
    std::perror(path);
    return -1;
  }
  return stats.rows;
}

// One file per colourway family: "madder.csv", "weld.csv", "indigo.csv", ...
int split_by_family(const std::string &dir, const std::vector<DyeLot> &lots) {
  std::map<std::string, std::vector<const DyeLot *>> by_family;
  for (const DyeLot &lot : lots)
    by_family[lot.family].push_back(&lot);

  int files = 0;
  FILE *out = nullptr;
  for (const auto &entry : by_family) {
    if (out)
      std::fclose(out);
    const std::string path = dir + "/" + entry.first + ".csv";
    out = std::fopen(path.c_str(), "w");
    if (!out) {
      std::perror(path.c_str());
      return -1;
    }
    ++files;
    std::fputs("lot,colourway,grams\n", out); // OK
    for (const DyeLot *lot : entry.second) {
      const char *id = lot->lot_id.c_str();
      std::fprintf(out, "%s,%s,%.1f\n", id, lot->colourway.c_str(), lot->grams); // OK
    }
  }
  if (out)
    std::fclose(out); // OK
  return files;
}

int append_rejects(const char *path, const std::vector<DyeLot> &lots) {
  FILE *log = std::fopen(path, "a");
  if (!log)
    return -1;
  int rejected = 0;
  for (const DyeLot &lot : lots) {
    if (lot_is_acceptable(lot))
      continue;
    std::fprintf(log, "%s bath=%d mordanted=%d\n", lot.lot_id.c_str(), lot.bath_temp_c,
                 lot.mordanted ? 1 : 0);
    ++rejected;
  }
  if (rejected == 0) {
    std::fclose(log);
    return 0;
  }
  std::fflush(log); // OK
  std::fclose(log); // OK
  return rejected;
}
