// Warehouse inventory: the nightly exporter writes stock levels as CSV, one
// shard file per warehouse zone, plus a summary written through a temporary
// file that is renamed into place, and a manifest that a unique_ptr owns.
// Negative case: every FILE* is closed exactly once and never used after its
// close: the shard variable is reopened at the top of each iteration, the
// temporary is closed before rename() touches only its path, the manifest is
// released from its unique_ptr before the manual fclose(), and the error log
// pointer is nulled after fclose() so the final cleanup skips it.
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct StockRow {
  std::string sku;
  std::string zone;
  int onHand;
  int reserved;
};

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};

static std::map<std::string, std::vector<StockRow>> byZone(const std::vector<StockRow> &rows) {
  std::map<std::string, std::vector<StockRow>> zones;
  for (const StockRow &r : rows)
    zones[r.zone].push_back(r);
  return zones;
}

bool exportInventory(const std::vector<StockRow> &rows, const std::string &dir) {
  FILE *errlog = std::fopen((dir + "/export-errors.log").c_str(), "a");
  std::unique_ptr<FILE, FileCloser> manifest(std::fopen((dir + "/manifest.txt").c_str(), "w"));
  if (!manifest) {
    if (errlog)
      std::fclose(errlog);
    return false;
  }

  FILE *shard = nullptr;
  long total = 0;
  for (const auto &zone : byZone(rows)) {
    std::string name = dir + "/stock-" + zone.first + ".csv";
    shard = std::fopen(name.c_str(), "w");
    if (!shard) {
      if (errlog)
        std::fprintf(errlog, "cannot open %s\n", name.c_str());
      continue;
    }
    std::fputs("sku,on_hand,reserved\n", shard); // OK: opened in this iteration
    for (const StockRow &r : zone.second) {
      std::fprintf(shard, "%s,%d,%d\n", r.sku.c_str(), r.onHand, r.reserved);
      total += r.onHand;
    }
    std::fclose(shard);
    std::fprintf(manifest.get(), "%s\n", name.c_str()); // OK: a different stream than the shard just closed
  }

  std::string summary = dir + "/summary.csv";
  std::string tmp = summary + ".tmp";
  FILE *out = std::fopen(tmp.c_str(), "w");
  if (out) {
    std::fprintf(out, "total_on_hand,%ld\n", total);
    bool written = std::fclose(out) == 0;
    if (written && std::rename(tmp.c_str(), summary.c_str()) != 0 && errlog)
      std::fprintf(errlog, "rename %s failed\n", tmp.c_str()); // OK: errlog is still open
  }

  if (errlog) {
    std::fputs("export finished\n", errlog);
    std::fclose(errlog);
    errlog = nullptr;
  }

  FILE *raw = manifest.release();
  std::fputs("# end\n", raw);
  std::fclose(raw); // OK: released from the unique_ptr, which will not close it

  if (errlog)
    std::fclose(errlog); // OK: errlog was nulled after its fclose, this never runs
  return true;
}

int main() {
  std::vector<StockRow> rows = {
      {"SKU-1001", "A", 40, 5}, {"SKU-1002", "A", 12, 0}, {"SKU-2001", "B", 7, 7},
      {"SKU-3001", "C", 300, 20}, {"SKU-3002", "C", 0, 0},
  };
  return exportInventory(rows, "/tmp") ? 0 : 1;
}
