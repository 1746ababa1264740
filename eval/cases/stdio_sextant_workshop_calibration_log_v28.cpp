// Sextant workshop calibration bench: logs the arc readings of every
// instrument in a batch into a per-batch log file, counts instruments inside
// and outside the index-error tolerance, and exports the bench's drift history
// next to the batch logs.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

struct ArcReading {
  double nominal_deg;
  double measured_deg;
};

struct Instrument {
  std::string serial;
  std::vector<ArcReading> readings;
};

struct BatchResult {
  int passed = 0;
  int failed = 0;
  bool aborted = false;
};

static constexpr double kToleranceArcmin = 0.5;
static constexpr double kBenchLimitArcmin = 12.0;

static double error_arcmin(const ArcReading &r) {
  return (r.measured_deg - r.nominal_deg) * 60.0;
}

static void write_header(FILE *log, const std::string &batch_id, size_t count) {
  std::fprintf(log, "# batch %s, %zu instruments\n", batch_id.c_str(), count);
  std::fprintf(log, "# tolerance %.2f arcmin\n", kToleranceArcmin);
}

static int close_log(FILE *log, const char *status) {
  std::fprintf(log, "# end: %s\n", status);
  return std::fclose(log);
}

// Returns false when an error is so large that the bench itself must be
// re-collimated before any further instrument is measured.
static bool log_instrument(FILE *log, const Instrument &inst, BatchResult &res) {
  double worst = 0.0;
  for (const ArcReading &r : inst.readings) {
    double e = error_arcmin(r);
    std::fprintf(log, "%s %9.4f %9.4f %+6.2f\n", inst.serial.c_str(),
                 r.nominal_deg, r.measured_deg, e);
    if (std::fabs(e) > std::fabs(worst))
      worst = e;
  }
  if (std::fabs(worst) > kBenchLimitArcmin)
    return false;
  if (std::fabs(worst) > kToleranceArcmin)
    ++res.failed;
  else
    ++res.passed;
  return true;
}

BatchResult calibrate_batch(const std::string &dir, const std::string &batch_id,
                            const std::vector<Instrument> &batch) {
  BatchResult res;
  std::string path = dir + "/" + batch_id + ".cal";
  FILE *log = std::fopen(path.c_str(), "w");
  if (!log) {
    res.aborted = true;
    return res;
  }
  write_header(log, batch_id, batch.size());

  for (const Instrument &inst : batch) {
    if (inst.readings.empty()) {
      std::fprintf(log, "%s no readings\n", inst.serial.c_str()); // OK
      continue;
    }
    if (!log_instrument(log, inst, res)) {
      close_log(log, "bench out of adjustment");
      res.aborted = true;
      break;
    }
  }

  std::fprintf(log, "# passed %d failed %d\n", res.passed, res.failed); // BUG: use-after-close
  if (!res.aborted)
    close_log(log, "complete"); // OK
  return res;
}

bool export_drift_history(const std::string &history_path,
                          const std::string &dest_path) {
  FILE *in = std::fopen(history_path.c_str(), "r");
  if (!in)
    return false;
  FILE *out = std::fopen(dest_path.c_str(), "w");
  if (!out) {
    std::fclose(in);
    return false;
  }
  char line[256];
  while (std::fgets(line, sizeof line, in))
    std::fputs(line, out);
  bool ok = !std::ferror(in) && !std::ferror(out);
  std::fclose(in);
  if (std::fclose(out) != 0)
    ok = false;
  if (!ok)
    return false;

  in = std::fopen(history_path.c_str(), "a");
  if (!in)
    return false;
  std::fprintf(in, "# exported to %s\n", dest_path.c_str()); // OK
  return std::fclose(in) == 0; // OK
}
