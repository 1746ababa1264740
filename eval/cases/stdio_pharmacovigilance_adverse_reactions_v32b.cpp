// Drug safety (pharmacovigilance) unit: adverse event case reports are
// exported to a CSV for the regulator's gateway, then the export is read
// back to compute a line count that goes into the submission manifest. The
// per-product summary stream is closed and nulled when the product's
// section is done. When the read-back open fails, the error path closes the
// export stream again although it was already closed.
#include <cstdio>
#include <string>
#include <vector>

namespace pharmacovigilance {

struct CaseReport {
  std::string id;
  std::string product;
  std::string reaction;
  bool serious;
};

long countLines(std::FILE *f) {
  long n = 0;
  for (int c; (c = std::fgetc(f)) != EOF;)
    if (c == '\n')
      ++n;
  return n;
}

int exportCases(const std::vector<CaseReport> &cases, const std::string &path, std::FILE *manifest) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return -1;
  for (const CaseReport &c : cases)
    std::fprintf(out, "%s,%s,%s,%d\n", c.id.c_str(), c.product.c_str(), c.reaction.c_str(), c.serious ? 1 : 0);
  if (std::fclose(out) != 0)
    return -1;
  std::FILE *check = std::fopen(path.c_str(), "r");
  if (!check) {
    std::fclose(out); // BUG: double-close
    return -1;
  }
  std::fprintf(manifest, "%s lines=%ld\n", path.c_str(), countLines(check)); // OK: a different stream from out
  std::fclose(check);
  return 0;
}

void productSummaries(const std::vector<CaseReport> &cases, const std::string &dir) {
  std::FILE *summary = nullptr;
  std::string current;
  for (const CaseReport &c : cases) {
    if (c.product != current) {
      if (summary) {
        std::fclose(summary); // OK: closed once per product, then nulled
        summary = nullptr;
      }
      current = c.product;
      summary = std::fopen((dir + "/" + current + ".txt").c_str(), "w");
    }
    if (summary)
      std::fprintf(summary, "%s %s\n", c.id.c_str(), c.reaction.c_str()); // OK: nulled after fclose
  }
  if (summary)
    std::fclose(summary); // OK
}

void seriousOnly(const std::vector<CaseReport> &cases, const std::string &path) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return;
  for (const CaseReport &c : cases) {
    if (!c.serious)
      continue;
    std::fprintf(out, "%s\n", c.id.c_str());
  }
  std::fclose(out);
  std::fprintf(out, "# %zu cases screened\n", cases.size()); // BUG: use-after-close
}

} // namespace pharmacovigilance
