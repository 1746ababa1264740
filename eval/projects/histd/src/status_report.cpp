// StatusReport: writes the dashboard status file via a temporary file and a
// rename, appends operator-visible events and dumps the active alarms.
#include "status_report.h"

#include "log.h"
#include "sample.h"

#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>

namespace histd {

namespace {

struct FileCloser {
  void operator()(std::FILE *fp) const {
    if (fp)
      std::fclose(fp);
  }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

FilePtr openFile(const std::string &path, const char *mode) {
  return FilePtr(std::fopen(path.c_str(), mode));
}

void writeSnapshot(std::FILE *fp, const StatusSnapshot &s) {
  std::fprintf(fp, "time %s\n", isoTime(s.tsMicros).c_str());
  std::fprintf(fp, "samples_written %llu\n", static_cast<unsigned long long>(s.samplesWritten));
  std::fprintf(fp, "samples_dropped %llu\n", static_cast<unsigned long long>(s.samplesDropped));
  std::fprintf(fp, "pending_alarms %zu\nexport_jobs %zu\nupstream %s\n", s.pendingAlarms,
               s.exportJobs, s.upstreamUp ? "up" : "down");
  for (const LinkStatus &l : s.links) {
    std::fprintf(fp, "link %s %s requests=%llu last_poll=%s\n", l.id.c_str(),
                 l.up ? "up" : "down", static_cast<unsigned long long>(l.requests),
                 l.lastPollMicros ? isoTime(l.lastPollMicros).c_str() : "never");
  }
  for (const std::string &id : s.staleControllers)
    std::fprintf(fp, "stale %s\n", id.c_str());
  if (std::ferror(fp))
    throw std::runtime_error("write error");
}

void writeLine(std::FILE *fp, const std::string &line) {
  if (std::fputs(line.c_str(), fp) < 0 || std::fputc('\n', fp) == EOF)
    throw std::runtime_error("write error");
}

} // namespace

void StatusReport::write(const StatusSnapshot &snapshot) {
  const std::string tmp = path_ + ".tmp";
  std::FILE *fp = std::fopen(tmp.c_str(), "w");
  if (!fp) {
    log::warn("status: cannot create %s", tmp.c_str());
    return;
  }
  try {
    writeSnapshot(fp, snapshot);
    std::fclose(fp);
    std::filesystem::rename(tmp, path_);
  } catch (const std::exception &e) {
    log::warn("status: %s: %s", path_.c_str(), e.what());
    std::fclose(fp); // BUG: double-close
    std::remove(tmp.c_str());
  }
}

void StatusReport::appendEvent(const std::string &line) {
  std::FILE *fp = stderr;
  if (FilePtr file = openFile(path_ + ".events", "a"))
    fp = file.get();
  std::fprintf(fp, "%s %s\n", isoTime(nowMicros()).c_str(), line.c_str()); // BUG: use-after-close
}

void StatusReport::dumpAlarms(const std::vector<std::string> &alarms) {
  const std::string path = path_ + ".alarms";
  std::FILE *fp = std::fopen(path.c_str(), "w");
  if (!fp)
    return;
  try {
    for (const std::string &a : alarms)
      writeLine(fp, a);
    std::fclose(fp);
  } catch (const std::exception &e) {
    log::warn("status: %s: %s", path.c_str(), e.what());
    std::fclose(fp); // OK
  }
}

} // namespace histd
