// Exports inventory rows to CSV. writeRow() closes the stream itself when a
// write fails and returns false, so callers must stop using the FILE* on that
// path. exportInventory() only breaks out of the loop on failure and then
// writes the footer to, and fcloses, the stream writeRow() already closed: a
// use-after-close and a double-close. exportValuation() uses the same helper
// correctly by returning as soon as it fails.
#include <cstdio>
#include <string>
#include <vector>

struct InventoryRow {
  std::string sku;
  int onHand = 0;
  double unitCost = 0.0;
};

static bool writeRow(std::FILE *out, const InventoryRow &row) {
  if (std::fprintf(out, "%s,%d,%.2f\n", row.sku.c_str(), row.onHand,
                   row.unitCost) < 0) {
    std::perror("csv: write failed");
    std::fclose(out);
    return false;
  }
  return true;
}

static void writeHeader(std::FILE *out) {
  std::fputs("sku,on_hand,unit_cost\n", out);
}

int exportInventory(const char *path, const std::vector<InventoryRow> &rows) {
  std::FILE *out = std::fopen(path, "w");
  if (out == nullptr)
    return -1;
  writeHeader(out);
  std::size_t written = 0;
  for (const auto &row : rows) {
    if (!writeRow(out, row)) {
      std::fprintf(stderr, "csv: stopped after %zu rows\n", written);
      break;
    }
    ++written;
  }
  std::fprintf(out, "# rows=%zu\n", written); // BUG: use-after-close
  std::fclose(out); // BUG: double-close
  return written == rows.size() ? 0 : -1;
}

int exportValuation(const char *path, const std::vector<InventoryRow> &rows,
                    double &totalOut) {
  std::FILE *out = std::fopen(path, "w");
  if (out == nullptr)
    return -1;
  writeHeader(out);
  double total = 0.0;
  for (const auto &row : rows) {
    if (!writeRow(out, row))
      return -1; // writeRow() already closed the stream
    total += row.onHand * row.unitCost;
  }
  std::fprintf(out, "# total_value=%.2f\n", total); // OK: every failing writeRow returned above
  totalOut = total;
  return std::fclose(out) == 0 ? 0 : -1; // OK: the only close on this path
}
