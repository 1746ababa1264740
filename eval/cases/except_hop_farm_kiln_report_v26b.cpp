// Hop farm kiln (oast house) reporting. After each drying run the controller
// writes a CSV of kiln readings, publishes a summary, and streams the raw
// batch to the co-op's archive over a descriptor.
#include <cstdio>
#include <fcntl.h>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace hops {

struct KilnReading {
  int minute = 0;
  double airC = 0;
  double moisturePct = 0;
};

struct KilnError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void writeRows(FILE *out, const std::vector<KilnReading> &rows) {
  for (const KilnReading &r : rows) {
    if (r.moisturePct < 0 || r.moisturePct > 100)
      throw KilnError("moisture out of range at minute " + std::to_string(r.minute));
    if (std::fprintf(out, "%d,%.1f,%.1f\n", r.minute, r.airC, r.moisturePct) < 0)
      throw KilnError("kiln report write failed");
  }
}

void publishSummary(const std::vector<KilnReading> &rows) {
  if (rows.empty())
    throw KilnError("empty drying run");
  std::printf("run done: %zu readings, final moisture %.1f%%\n", rows.size(),
              rows.back().moisturePct);
}

void sendBatch(int fd, const std::vector<KilnReading> &rows) {
  for (const KilnReading &r : rows) {
    std::string line = std::to_string(r.minute) + " " + std::to_string(r.moisturePct) + "\n";
    if (::write(fd, line.data(), line.size()) < 0)
      throw KilnError("archive write failed");
  }
}

bool saveReport(const char *path, const std::vector<KilnReading> &rows) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    return false;
  try {
    std::fputs("minute,air_c,moisture_pct\n", out);
    writeRows(out, rows);
    std::fclose(out);
  } catch (const KilnError &e) {
    std::fclose(out); // OK
    std::fprintf(stderr, "kiln report: %s\n", e.what());
    return false;
  }
  return true;
}

void saveAndPublish(const char *path, const std::vector<KilnReading> &rows) {
  FILE *out = std::fopen(path, "w");
  if (!out)
    throw KilnError("cannot open kiln report");
  try {
    writeRows(out, rows);
    std::fclose(out);
    publishSummary(rows);
  } catch (...) {
    std::fclose(out); // BUG: double-close
    throw;
  }
}

void archiveRun(const char *archivePath, const std::vector<KilnReading> &rows) {
  int fd = ::open(archivePath, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return;
  try {
    sendBatch(fd, rows);
  } catch (const KilnError &e) {
    ::close(fd);
    std::fprintf(stderr, "archive: %s\n", e.what());
  }
  ::fsync(fd); // BUG: use-after-close
  ::close(fd); // BUG: double-close
}

bool archiveRunChecked(const char *archivePath, const std::vector<KilnReading> &rows) {
  int fd = ::open(archivePath, O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd < 0)
    return false;
  try {
    sendBatch(fd, rows);
  } catch (const KilnError &e) {
    ::close(fd);
    std::fprintf(stderr, "archive: %s\n", e.what());
    return false;
  }
  ::fsync(fd); // OK
  return ::close(fd) == 0; // OK
}

} // namespace hops
