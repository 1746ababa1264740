// Lift-fan impeller balancing for a hovercraft service bay. For every fan axis
// the external vibration scanner ("vibscan") is started with popen(), its
// amplitude trace parsed line by line, and the child reaped with pclose().
// A trace can also be replayed from a cached capture file opened with fopen().
// The peak amplitude per axis is appended to the bay's line-buffered balance
// log.
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace impeller {

struct AxisTrace {
  int axis = 0;
  std::vector<double> amplitudes;
  int scanner_status = 0;
};

// Waits for the scanner and decodes its exit status (-1: not reaped).
static int reap_scanner(FILE *scan) {
  int status = pclose(scan);
  if (status == -1)
    return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void parse_amplitudes(FILE *src, AxisTrace &trace) {
  char line[160];
  while (std::fgets(line, sizeof line, src)) {
    double mm_per_s = 0.0;
    if (std::sscanf(line, "amp %lf", &mm_per_s) == 1)
      trace.amplitudes.push_back(mm_per_s);
  }
}

static std::string scanner_command(int axis, int rpm) {
  return "vibscan --axis " + std::to_string(axis) + " --rpm " +
         std::to_string(rpm) + " --format amp";
}

// Live scan of one axis at balancing speed.
AxisTrace scan_axis(int axis) {
  AxisTrace trace;
  trace.axis = axis;
  FILE *scan = popen(scanner_command(axis, 2400).c_str(), "r");
  if (!scan) {
    trace.scanner_status = -1;
    return trace;
  }
  std::setvbuf(scan, nullptr, _IOFBF, 1 << 14);
  parse_amplitudes(scan, trace);
  trace.scanner_status = reap_scanner(scan);
  if (trace.scanner_status != 0 && std::ferror(scan)) // BUG: use-after-close
    trace.amplitudes.clear();
  return trace;
}

// Replays the cached capture when there is one, otherwise scans live.
AxisTrace load_trace(int axis, const std::string &cache_dir) {
  AxisTrace trace;
  trace.axis = axis;
  const std::string cached = cache_dir + "/axis" + std::to_string(axis) + ".amp";
  bool live = false;
  FILE *src = std::fopen(cached.c_str(), "r");
  if (!src) {
    src = popen(scanner_command(axis, 2400).c_str(), "r");
    live = true;
  }
  if (!src)
    return trace;
  parse_amplitudes(src, trace);
  if (live)
    trace.scanner_status = reap_scanner(src);
  std::fclose(src); // BUG: double-close
  return trace;
}

// Factory signature of the impeller: same replay logic, but each stream is
// released by the call matching how it was opened.
AxisTrace load_reference(int axis, const std::string &cache_dir) {
  AxisTrace trace;
  trace.axis = axis;
  const std::string cached = cache_dir + "/ref" + std::to_string(axis) + ".amp";
  bool live = false;
  FILE *src = std::fopen(cached.c_str(), "r");
  if (!src) {
    src = popen(scanner_command(axis, 1800).c_str(), "r");
    live = true;
  }
  if (!src)
    return trace;
  parse_amplitudes(src, trace);
  if (live)
    trace.scanner_status = reap_scanner(src);
  else
    std::fclose(src); // OK: only the fopen'd capture reaches this branch
  return trace;
}

// Cold pass then warm pass over every axis; each pass opens its own scanner.
std::vector<AxisTrace> cold_and_warm(const std::vector<int> &axes) {
  std::vector<AxisTrace> out;
  for (int rpm : {1200, 2400}) {
    for (int axis : axes) {
      FILE *scan = popen(scanner_command(axis, rpm).c_str(), "r");
      if (!scan)
        continue;
      AxisTrace t;
      t.axis = axis;
      parse_amplitudes(scan, t);
      t.scanner_status = reap_scanner(scan); // OK: a fresh pipe every iteration
      out.push_back(std::move(t));
    }
  }
  return out;
}

bool write_balance_report(const std::vector<AxisTrace> &traces, const char *path) {
  FILE *log = std::fopen(path, "a");
  if (!log)
    return false;
  static char buf[4096];
  std::setvbuf(log, buf, _IOLBF, sizeof buf);
  for (const AxisTrace &t : traces) {
    double peak = 0.0;
    for (double a : t.amplitudes)
      peak = a > peak ? a : peak;
    std::fprintf(log, "axis=%d peak=%.2f mm/s scanner=%d\n", t.axis, peak,
                 t.scanner_status);
  }
  bool ok = std::fflush(log) == 0;
  ok = std::fclose(log) == 0 && ok;
  return ok;
}

} // namespace impeller
