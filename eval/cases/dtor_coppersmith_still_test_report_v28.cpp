// Coppersmith's still workshop: writes the hydrostatic pressure-test report of
// a finished pot still (gauge readings over the hold period, leak checks per
// seam), captures the pickling bath's acidity log to a side file, and hands
// the report over to the certification archive.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f); // SAME: closer
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

struct GaugeReading {
  int minute;
  double bar;
};

struct SeamCheck {
  std::string seam;
  bool weeping;
};

struct StillTest {
  std::string serial;
  double testBar;
  std::vector<GaugeReading> readings;
  std::vector<SeamCheck> seams;
};

static double max_drop(const StillTest &t) {
  double drop = 0.0;
  for (const GaugeReading &r : t.readings)
    if (t.testBar - r.bar > drop)
      drop = t.testBar - r.bar;
  return drop;
}

bool write_pressure_report(const std::string &path, const StillTest &test) {
  FilePtr out(std::fopen(path.c_str(), "w"));
  if (!out)
    return false;

  std::fprintf(out.get(), "still %s, test pressure %.2f bar\n",
               test.serial.c_str(), test.testBar);
  for (const GaugeReading &r : test.readings)
    std::fprintf(out.get(), "  t+%3d min  %.3f bar\n", r.minute, r.bar);
  int weeping = 0;
  for (const SeamCheck &s : test.seams) {
    std::fprintf(out.get(), "  seam %-12s %s\n", s.seam.c_str(),
                 s.weeping ? "WEEPING" : "dry");
    weeping += s.weeping ? 1 : 0;
  }
  std::fprintf(out.get(), "max drop %.3f bar, %d weeping seams\n", max_drop(test),
               weeping);

  bool ok = std::fclose(out.get()) == 0;
  if (!ok)
    std::perror(path.c_str());
  return ok; // BUG: double-close #closer
}

bool capture_pickle_log(const std::string &path, const std::vector<double> &phSamples) {
  FilePtr log(std::fopen(path.c_str(), "a"));
  if (!log)
    return false;
  for (double ph : phSamples)
    std::fprintf(log.get(), "%.2f\n", ph);
  if (std::fflush(log.get()) != 0) // OK
    return false;
  return std::fclose(log.release()) == 0; // OK
}

// Hands the open report over to the archive, which owns it from then on and
// closes it when the certificate is issued.
class CertificationArchive {
public:
  void accept(FilePtr report, const std::string &serial) {
    std::fprintf(report.get(), "archived for %s\n", serial.c_str());
    pending_.push_back(std::move(report));
  }
  void issueAll() {
    for (FilePtr &f : pending_)
      std::fputs("certificate issued\n", f.get()); // OK
    pending_.clear();
  }

private:
  std::vector<FilePtr> pending_;
};

bool archive_report(CertificationArchive &archive, const std::string &path,
                    const std::string &serial) {
  FilePtr report(std::fopen(path.c_str(), "a"));
  if (!report)
    return false;
  std::fprintf(report.get(), "signed off\n");
  archive.accept(std::move(report), serial);
  return true;
}
