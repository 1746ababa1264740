// Veterinary clinic back office: the end-of-day job writes every visit of the
// day to a tab-separated notes file, appends controlled-drug administrations to
// the clinic's drug register, and ends the notes file with a summary line.
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

struct Visit {
  std::string patientName;
  std::string species;
  std::string vet;
  std::string notes;
  std::string drug;
  double doseMl = 0.0;
  bool controlledDrug = false;
};

namespace {

void flattenField(std::string &s) {
  for (char &c : s)
    if (c == '\t' || c == '\n' || c == '\r')
      c = ' ';
}

bool writeVisit(FILE *out, const Visit &v) {
  return std::fprintf(out, "%s\t%s\t%s\t%s\n", v.patientName.c_str(),
                      v.species.c_str(), v.vet.c_str(),
                      v.notes.c_str()) > 0;
}

} // namespace

class VisitNotesExporter {
public:
  explicit VisitNotesExporter(std::string dir) : dir_(std::move(dir)) {}

  int exportDay(const std::string &date, std::vector<Visit> visits);
  size_t controlledCount() const { return controlled_; }
  size_t registerFailures() const { return registerFailures_; }

private:
  int appendDrugRegister(const std::string &date, const Visit &v);

  std::string dir_;
  size_t controlled_ = 0;
  size_t registerFailures_ = 0;
};

int VisitNotesExporter::appendDrugRegister(const std::string &date,
                                           const Visit &v) {
  const std::string path = dir_ + "/drug_register.log";
  FILE *reg = std::fopen(path.c_str(), "a");
  if (!reg)
    return -1;
  std::fprintf(reg, "%s|%s|%s|%s|%.2f\n", date.c_str(), v.patientName.c_str(),
               v.vet.c_str(), v.drug.c_str(), v.doseMl);
  if (std::fclose(reg) != 0)
    return -1;
  ++controlled_;
  return 0;
}

int VisitNotesExporter::exportDay(const std::string &date,
                                  std::vector<Visit> visits) {
  const std::string path = dir_ + "/visits-" + date + ".tsv";
  FILE *out = std::fopen(path.c_str(), "w");
  if (!out) {
    std::perror(path.c_str());
    return -1;
  }

  std::fputs("patient\tspecies\tvet\tnotes\n", out);
  size_t written = 0;
  for (Visit &v : visits) {
    flattenField(v.patientName);
    flattenField(v.notes);
    if (!writeVisit(out, v)) {
      std::fclose(out); // OK
      return -1;
    }
    ++written;
  }

  if (std::fflush(out) != 0) {
    std::perror("flush visit notes");
    std::fclose(out); // OK
    return -1;
  }
  // The register lives on the same share; release the notes file before
  // the register appends start.
  std::fclose(out);

  for (const Visit &v : visits) {
    if (!v.controlledDrug)
      continue;
    if (appendDrugRegister(date, v) != 0) {
      ++registerFailures_;
      std::fprintf(stderr, "drug register: could not record %s for %s\n",
                   v.drug.c_str(), v.patientName.c_str());
    }
  }

  std::fprintf(out, "# %zu visits, %zu controlled administrations\n", written, // BUG: use-after-close
               controlled_);
  return registerFailures_ == 0 ? 0 : 1;
}

int runEndOfDay(const std::string &dir, const std::string &date,
                std::vector<Visit> visits) {
  VisitNotesExporter exporter(dir);
  const int rc = exporter.exportDay(date, std::move(visits));
  FILE *status = std::fopen((dir + "/last_export.txt").c_str(), "w");
  if (!status)
    return rc;
  std::fprintf(status, "%s rc=%d controlled=%zu\n", date.c_str(), rc,
               exporter.controlledCount());
  std::fclose(status);
  if (rc == 0)
    return rc;

  status = std::fopen((dir + "/needs_review.txt").c_str(), "a");
  if (!status)
    return rc;
  std::fprintf(status, "%s export incomplete (rc=%d)\n", date.c_str(), rc); // OK
  std::fclose(status); // OK
  return rc;
}
