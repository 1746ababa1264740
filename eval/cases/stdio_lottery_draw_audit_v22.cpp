// State lottery draw audit. Before each draw the sold tickets are written to a
// sealed audit file that the regulator countersigns; after the draw the
// winning numbers are appended to a results file. Ownership of the FILE* is
// passed between helpers: writeBatch() closes the file itself when a write
// fails (so the error path does not leak it) and leaves it open on success;
// publishResults() writes the numbers and closes the file.
// Defects: the caller of writeBatch() closes the file again on the failure
// path; the draw routine appends the regulator's signature line after
// publishResults() already closed the results file.
#include <cstdio>
#include <string>
#include <vector>

namespace lottery {

struct Ticket {
  long serial;
  std::vector<int> numbers;
};

// On failure the file is closed here; on success the caller keeps it.
static bool writeBatch(FILE *fp, const std::vector<Ticket> &tickets) {
  for (const Ticket &t : tickets) {
    std::string line = std::to_string(t.serial);
    for (int n : t.numbers)
      line += " " + std::to_string(n);
    line += "\n";
    if (std::fputs(line.c_str(), fp) == EOF) {
      std::fclose(fp);
      return false;
    }
  }
  return true;
}

static void publishResults(FILE *fp, const std::vector<int> &winning) {
  std::fputs("WINNING", fp);
  for (int n : winning)
    std::fprintf(fp, " %d", n);
  std::fputs("\n", fp);
  std::fclose(fp);
}

bool sealTicketSales(const std::string &path, const std::vector<Ticket> &sold) {
  FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  if (!writeBatch(fp, sold)) {
    std::fclose(fp); // BUG: double-close
    return false;
  }
  std::fprintf(fp, "SEALED %zu tickets\n", sold.size());
  return std::fclose(fp) == 0;
}

bool sealTicketSalesChecked(const std::string &path, const std::vector<Ticket> &sold) {
  FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return false;
  if (!writeBatch(fp, sold))
    return false; // writeBatch() already closed the file
  std::fprintf(fp, "SEALED %zu tickets\n", sold.size()); // OK: writeBatch() leaves it open on success
  return std::fclose(fp) == 0; // OK: the only close on this path
}

void runDraw(const std::string &resultsPath, const std::vector<int> &winning,
             const std::string &regulatorId) {
  FILE *results = std::fopen(resultsPath.c_str(), "a");
  if (!results)
    return;
  publishResults(results, winning);
  std::fprintf(results, "countersigned-by %s\n", regulatorId.c_str()); // BUG: use-after-close
}

void runDrawWithCopy(const std::string &resultsPath, const std::string &copyPath,
                     const std::vector<int> &winning) {
  FILE *out = std::fopen(resultsPath.c_str(), "a");
  if (!out)
    return;
  publishResults(out, winning);
  out = std::fopen(copyPath.c_str(), "a");
  if (!out)
    return;
  std::fputs("copy of results follows\n", out); // OK: out now refers to the copy file
  publishResults(out, winning); // OK: closes the copy once
}

} // namespace lottery

int eveningDraw(const std::vector<lottery::Ticket> &sold, const std::vector<int> &winning) {
  if (!lottery::sealTicketSales("/audit/sales-sealed.txt", sold))
    return 1;
  lottery::sealTicketSalesChecked("/audit/sales-sealed-2.txt", sold);
  lottery::runDraw("/audit/results.txt", winning, "REG-0042");
  lottery::runDrawWithCopy("/audit/results.txt", "/audit/results-copy.txt", winning);
  return 0;
}
