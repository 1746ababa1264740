// Result export of a laboratory information system: each specimen's results
// are written to a pipe-delimited file the interface engine forwards to the
// ordering clinic. writeHeader() closes the stream itself when the header
// cannot be written (the file is useless) and returns -1; writeResults()
// reports errors without closing; finishReport() writes the trailer and
// closes the stream.
// Correct: exportPanel() and exportRun() return or skip when writeHeader()
// fails and close themselves only after it succeeded.
// Defects: exportCulture() closes the stream again after writeHeader() failed;
// exportAmendment() tags the file it was just told is closed.
#include <cstdio>
#include <string>
#include <vector>

struct Specimen {
  std::string accession;
  std::string patientMrn;
  std::string orderedBy;
};

struct Result {
  std::string code; // LOINC
  std::string value;
  std::string units;
  char flag = 'N';
};

// On failure closes fp and returns -1; on success returns 0, fp stays open.
int writeHeader(std::FILE *fp, const Specimen &s) {
  if (std::fprintf(fp, "MSH|LIMS|LAB|%s|%s|%s\n", s.accession.c_str(),
                   s.patientMrn.c_str(), s.orderedBy.c_str()) < 0 ||
      std::fflush(fp) != 0) {
    std::fclose(fp);
    return -1;
  }
  return 0;
}

int writeResults(std::FILE *fp, const std::vector<Result> &results) {
  for (const Result &r : results)
    if (std::fprintf(fp, "OBX|%s|%s|%s|%c\n", r.code.c_str(), r.value.c_str(),
                     r.units.c_str(), r.flag) < 0)
      return -1;
  return 0;
}

// Writes the trailer and closes fp in every case; returns fclose's result.
int finishReport(std::FILE *fp) {
  std::fputs("END\n", fp);
  return std::fclose(fp) == 0 ? 0 : -1;
}

int exportPanel(const std::string &path, const Specimen &s,
                const std::vector<Result> &results) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return -1;
  if (writeHeader(fp, s) != 0)
    return -1;
  if (writeResults(fp, results) != 0) {
    std::fclose(fp); // OK: writeHeader() succeeded, fp is still open
    return -1;
  }
  return finishReport(fp); // OK: only reached on the success path
}

int exportCulture(const std::string &path, const Specimen &s,
                  const std::vector<Result> &isolates) {
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return -1;
  if (writeHeader(fp, s) != 0) {
    std::fclose(fp); // BUG: double-close
    return -1;
  }
  writeResults(fp, isolates);
  return finishReport(fp);
}

int exportAmendment(const std::string &path, const Specimen &s,
                    const std::vector<Result> &corrected) {
  std::FILE *fp = std::fopen(path.c_str(), "a");
  if (!fp)
    return -1;
  if (writeHeader(fp, s) != 0) {
    // let the interface engine skip the half-written amendment
    std::fputs("ZPA|PARTIAL\n", fp); // BUG: use-after-close
    return -1;
  }
  if (writeResults(fp, corrected) != 0) {
    std::fputs("ZPA|PARTIAL\n", fp); // OK: writeHeader() succeeded, fp is open
    std::fclose(fp);
    return -1;
  }
  return finishReport(fp);
}

int exportRun(const std::vector<Specimen> &specimens,
              const std::vector<std::vector<Result>> &results,
              const std::string &outDir) {
  int failures = 0;
  for (std::size_t i = 0; i < specimens.size() && i < results.size(); ++i) {
    std::string path = outDir + "/" + specimens[i].accession + ".oru";
    std::FILE *fp = std::fopen(path.c_str(), "w");
    if (!fp || writeHeader(fp, specimens[i]) != 0) {
      ++failures; // writeHeader() has closed the stream already
      continue;
    }
    if (writeResults(fp, results[i]) != 0) {
      std::fclose(fp); // OK: header succeeded, first close of this stream
      ++failures;
      continue;
    }
    if (finishReport(fp) != 0)
      ++failures;
  }
  return failures;
}
