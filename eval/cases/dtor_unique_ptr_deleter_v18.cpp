// Daily CSV export of sensor readings. Output files are owned by
// std::unique_ptr<FILE, FileCloser>. exportDay() keeps the raw FILE* from
// get() to write a trailer after the owning unique_ptr went out of scope, and
// exportSummary() calls fclose() on get() "to be sure the data is on disk"
// while the unique_ptr still owns the stream and closes it again.
// exportArchive() hands the stream over with release(), which is correct.
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

struct FileCloser {
  void operator()(std::FILE *fp) const {
    if (fp)
      std::fclose(fp); // SAME: summary_twice
  }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

static FilePtr openCsv(const std::string &path, const char *mode = "w") {
  return FilePtr(std::fopen(path.c_str(), mode));
}

struct Reading {
  std::string sensor;
  long ts;
  double value;
};

class CsvExporter {
public:
  explicit CsvExporter(std::string dir) : dir_(std::move(dir)) {}

  bool exportDay(const std::string &day, const std::vector<Reading> &rows) {
    std::FILE *raw = nullptr;
    long written = 0;
    {
      FilePtr out = openCsv(dir_ + "/" + day + ".csv");
      if (!out)
        return false;
      raw = out.get();
      std::fputs("sensor,ts,value\n", raw); // OK: out still owns the open stream
      for (const Reading &r : rows) {
        std::fprintf(out.get(), "%s,%ld,%.3f\n", r.sensor.c_str(), r.ts, r.value);
        ++written;
      }
    }
    std::fprintf(raw, "# rows=%ld\n", written); // BUG: use-after-close
    return true;
  }

  bool exportSummary(const std::string &day, const std::vector<Reading> &rows) {
    FilePtr out = openCsv(dir_ + "/" + day + ".summary");
    if (!out)
      return false;
    double sum = 0;
    for (const Reading &r : rows)
      sum += r.value;
    std::fprintf(out.get(), "count,%zu\nsum,%.3f\n", rows.size(), sum);
    if (std::fclose(out.get()) != 0)
      return false;
    return std::rename((dir_ + "/" + day + ".summary").c_str(),
                       (dir_ + "/" + day + ".summary.csv").c_str()) == 0;
  } // BUG: double-close #summary_twice

  // Writes the archive header and returns the stream to the caller, which
  // appends the rows and closes it.
  std::FILE *exportArchive(const std::string &day) {
    FilePtr out = openCsv(dir_ + "/archive-" + day + ".csv", "a");
    if (!out)
      return nullptr;
    if (std::fprintf(out.get(), "# archive %s\n", day.c_str()) < 0)
      return nullptr;
    return out.release();
  }

  // Switches from the day file to the late-arrivals file mid-export.
  bool exportWithLate(const std::string &day, const std::vector<Reading> &rows,
                      const std::vector<Reading> &late) {
    FilePtr out = openCsv(dir_ + "/" + day + ".csv", "a");
    if (!out)
      return false;
    for (const Reading &r : rows)
      std::fprintf(out.get(), "%s,%ld,%.3f\n", r.sensor.c_str(), r.ts, r.value);
    out = openCsv(dir_ + "/" + day + ".late.csv");
    if (!out)
      return false;
    for (const Reading &r : late)
      std::fprintf(out.get(), "%s,%ld,%.3f\n", r.sensor.c_str(), r.ts, r.value); // OK: out owns the new late file
    return true;
  }

private:
  std::string dir_;
};

int main() {
  CsvExporter exporter("/srv/export");
  std::vector<Reading> rows = {{"t-01", 1700000000, 21.5},
                               {"t-02", 1700000060, 22.25},
                               {"h-01", 1700000060, 48.0}};
  std::vector<Reading> late = {{"t-01", 1699999940, 21.4}};

  exporter.exportDay("2023-11-14", rows);
  exporter.exportSummary("2023-11-14", rows);
  exporter.exportWithLate("2023-11-14", rows, late);

  if (std::FILE *archive = exporter.exportArchive("2023-11-14")) {
    for (const Reading &r : rows)
      std::fprintf(archive, "%s,%ld,%.3f\n", r.sensor.c_str(), r.ts, r.value); // OK: release() gave up ownership without closing
    std::fclose(archive); // OK: the unique_ptr released it, this is the only close
  }
  return 0;
}
