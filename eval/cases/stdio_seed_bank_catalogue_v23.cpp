// Seed bank: accession records are exported to a CSV catalogue and each
// germination-test run is logged through stdio.  writeAccessions() writes to
// a stream it does not own, but on a write error it fcloses the stream "to
// release the handle", and exportCatalogue() then fcloses it again on its
// error path.  finishLog() takes ownership of the test log and closes it,
// yet runGerminationTests() keeps writing to the log afterwards.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

struct Accession {
  std::string number;
  std::string taxon;
  int harvestYear;
  double viability;
};

struct GerminationTest {
  std::string accession;
  int sown;
  int germinated;
};

// Writes one row per accession; the stream stays owned by the caller.
bool writeAccessions(FILE *out, const std::vector<Accession> &rows) {
  for (const Accession &a : rows) {
    if (std::fprintf(out, "%s,%s,%d,%.1f\n", a.number.c_str(), a.taxon.c_str(),
                     a.harvestYear, a.viability) < 0) {
      std::fprintf(stderr, "catalogue write failed: %s\n", std::strerror(errno));
      std::fclose(out); // SAME: catalogue_twice
      return false;
    }
  }
  return true;
}

int exportCatalogue(const std::string &path, const std::vector<Accession> &rows) {
  FILE *csv = std::fopen(path.c_str(), "w");
  if (!csv)
    return -1;
  std::fputs("accession,taxon,harvest_year,viability\n", csv);
  if (!writeAccessions(csv, rows)) {
    std::fclose(csv); // BUG: double-close #catalogue_twice
    return -1;
  }
  int rc = std::fclose(csv);
  return rc == 0 ? static_cast<int>(rows.size()) : -1;
}

// Appends the run trailer and closes the log: the stream belongs to this function.
void finishLog(FILE *log, int tested) {
  std::fprintf(log, "# %d germination tests\n", tested);
  std::fclose(log);
}

int runGerminationTests(const std::string &logPath, const std::vector<GerminationTest> &tests) {
  FILE *log = std::fopen(logPath.c_str(), "a");
  if (!log)
    return -1;
  int failures = 0;
  for (const GerminationTest &t : tests) {
    double rate = t.sown ? 100.0 * t.germinated / t.sown : 0.0;
    std::fprintf(log, "%s %d/%d %.1f%%\n", t.accession.c_str(), t.germinated, t.sown, rate);
    if (rate < 75.0)
      ++failures;
  }
  finishLog(log, static_cast<int>(tests.size()));
  if (failures > 0)
    std::fprintf(log, "# %d accessions flagged for regeneration\n", failures); // BUG: use-after-close
  return failures;
}

// Regeneration requests go to a separate file that is reopened per request.
void requestRegeneration(const std::string &path, const std::vector<GerminationTest> &tests) {
  FILE *req = std::fopen(path.c_str(), "a");
  if (!req)
    return;
  std::fputs("# regeneration requests\n", req);
  std::fclose(req);
  req = nullptr;
  for (const GerminationTest &t : tests) {
    if (t.sown == 0 || t.germinated * 4 >= t.sown * 3)
      continue;
    req = std::fopen(path.c_str(), "a");
    if (!req)
      break;
    std::fprintf(req, "%s\n", t.accession.c_str()); // OK: req was reopened on this iteration
    std::fclose(req); // OK: one close per fopen
    req = nullptr;
  }
  if (req)
    std::fclose(req); // OK: nulled after every close, so never a second close
}

int main() {
  std::vector<Accession> rows{{"SB-000417", "Triticum monococcum", 2019, 91.5},
                              {"SB-001203", "Lathyrus sativus", 2016, 68.0},
                              {"SB-002871", "Vicia faba", 2021, 97.2}};
  std::vector<GerminationTest> tests{{"SB-000417", 50, 46}, {"SB-001203", 50, 31},
                                     {"SB-002871", 50, 49}};
  exportCatalogue("/srv/seedbank/catalogue.csv", rows);
  runGerminationTests("/srv/seedbank/germination.log", tests);
  requestRegeneration("/srv/seedbank/regeneration.txt", tests);
  return 0;
}
