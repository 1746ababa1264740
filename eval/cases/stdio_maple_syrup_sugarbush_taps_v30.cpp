// Sugarbush tap-line monitor: each mainline's vacuum readings file is read
// once per collection run and summarised into a season report; a small log
// object records failures. Negative case: every FILE* is closed exactly once
// and no stream is touched after its fclose (the log nulls its pointer,
// per-line files are opened fresh each iteration, cleanup checks for null).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

struct MainlineSummary {
  std::string name;
  int samples = 0;
  double minVacuum = 0.0;
  double meanVacuum = 0.0;
};

class RunLog {
public:
  explicit RunLog(const char *path) : fp_(std::fopen(path, "a")) {}
  ~RunLog() { close(); }
  RunLog(const RunLog &) = delete;
  RunLog &operator=(const RunLog &) = delete;

  void note(const char *what, const std::string &line) {
    if (!fp_)
      return;
    std::fprintf(fp_, "%s: %s\n", what, line.c_str()); // OK
  }

  void close() {
    if (fp_) {
      std::fclose(fp_); // OK
      fp_ = nullptr;
    }
  }

private:
  FILE *fp_;
};

static bool summariseMainline(const std::string &name, const std::string &path,
                              MainlineSummary &out, RunLog &log) {
  FILE *in = std::fopen(path.c_str(), "r");
  if (!in) {
    log.note("missing", name);
    return false;
  }
  char buf[128];
  double sum = 0.0, lowest = 0.0;
  int n = 0;
  while (std::fgets(buf, sizeof buf, in)) {
    if (buf[0] == '#')
      continue;
    double inHg = std::strtod(buf, nullptr);
    if (n == 0 || inHg < lowest)
      lowest = inHg;
    sum += inHg;
    ++n;
  }
  bool readError = std::ferror(in) != 0;
  std::fclose(in);
  if (readError) {
    log.note("read error", name);
    return false;
  }
  out.name = name;
  out.samples = n;
  out.minVacuum = lowest;
  out.meanVacuum = n ? sum / n : 0.0;
  return true;
}

int writeSeasonReport(const char *reportPath, const std::vector<std::string> &mainlines,
                      const char *dataDir, RunLog &log) {
  FILE *report = nullptr;
  int rc = -1;
  std::vector<MainlineSummary> rows;

  for (const std::string &name : mainlines) {
    MainlineSummary s;
    if (summariseMainline(name, std::string(dataDir) + "/" + name + ".vac", s, log))
      rows.push_back(s);
  }
  if (rows.empty())
    goto done;

  report = std::fopen(reportPath, "w");
  if (!report)
    goto done;
  std::fputs("mainline,samples,min_inhg,mean_inhg\n", report);
  for (const MainlineSummary &s : rows) {
    if (std::fprintf(report, "%s,%d,%.1f,%.1f\n", s.name.c_str(), s.samples,
                     s.minVacuum, s.meanVacuum) < 0)
      goto done;
  }
  if (std::fclose(report) == 0)
    rc = static_cast<int>(rows.size());
  report = nullptr;

done:
  if (report)
    std::fclose(report); // OK
  return rc;
}

void collectionRun(const std::vector<std::string> &mainlines) {
  RunLog log("/var/log/sugarbush/run.log");
  int n = writeSeasonReport("/srv/sugarbush/season.csv", mainlines,
                            "/srv/sugarbush/vacuum", log);
  if (n < 0)
    log.note("report", "not written");
  log.close();
  log.note("finished", std::to_string(n)); // OK
}
