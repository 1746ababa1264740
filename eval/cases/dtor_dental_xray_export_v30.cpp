// Dental practice imaging: bitewing X-rays are exported for referral letters.
// The DICOM-ish export file is owned by a unique_ptr with an fclose deleter;
// the finished export is handed to the archiver, which takes ownership. The
// practice's audit descriptor is closed by a scope guard on every exit.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

template <typename F> class ScopeExit {
public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (active_)
      fn_();
  }
  void dismiss() { active_ = false; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  F fn_;
  bool active_ = true;
};

struct Radiograph {
  std::string patientId;
  std::string tooth; // FDI notation, e.g. "36"
  std::vector<unsigned char> pixels;
};

static constexpr long kMinExportBytes = 4096;

static bool archiveExport(FilePtr file, const std::string &patientId) {
  if (std::fseek(file.get(), 0, SEEK_END) != 0)
    return false;
  long size = std::ftell(file.get());
  if (size < kMinExportBytes) {
    std::fprintf(stderr, "export for %s too small (%ld bytes), not archived\n",
                 patientId.c_str(), size);
    return false;
  }
  std::fprintf(stderr, "archived %ld bytes for %s\n", size, patientId.c_str());
  return true;
}

bool exportForReferral(const std::string &path, const Radiograph &xray, int auditFd) {
  FilePtr out(std::fopen(path.c_str(), "w+b"));
  if (!out)
    return false;
  FILE *raw = out.get();
  std::fprintf(raw, "XRAY1 %s %s %zu\n", xray.patientId.c_str(), xray.tooth.c_str(),
               xray.pixels.size());
  if (std::fwrite(xray.pixels.data(), 1, xray.pixels.size(), raw) != xray.pixels.size())
    return false;
  std::fflush(raw); // OK

  bool archived = archiveExport(std::move(out), xray.patientId);
  if (!archived)
    std::fputs("ARCHIVE-FAILED\n", raw); // BUG: use-after-close
  dprintf(auditFd, "export %s %s\n", xray.patientId.c_str(), archived ? "ok" : "failed");
  return archived;
}

bool writeAuditTrail(const std::string &auditPath, const std::vector<Radiograph> &batch) {
  int fd = ::open(auditPath.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    return false;
  ScopeExit closeAudit([fd] { ::close(fd); });

  for (const Radiograph &x : batch) {
    if (x.patientId.empty())
      return false;
    dprintf(fd, "viewed %s tooth %s\n", x.patientId.c_str(), x.tooth.c_str()); // OK
  }
  if (::fsync(fd) != 0) // OK
    return false;
  return true;
}

bool rotateAuditTrail(const std::string &auditPath) {
  int fd = ::open(auditPath.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0)
    return false;
  ScopeExit guard([fd] { ::close(fd); });
  dprintf(fd, "rotated\n");
  if (::fsync(fd) != 0)
    return false;
  guard.dismiss();
  return ::close(fd) == 0; // OK
}

void nightlyExport(const std::vector<Radiograph> &today, const std::string &dir, int auditFd) {
  for (const Radiograph &x : today)
    exportForReferral(dir + "/" + x.patientId + "-" + x.tooth + ".xr", x, auditFd);
  FilePtr index(std::fopen((dir + "/index.txt").c_str(), "w"));
  if (!index)
    return;
  for (const Radiograph &x : today)
    std::fprintf(index.get(), "%s %s\n", x.patientId.c_str(), x.tooth.c_str());
  index.reset();
  index.reset(std::fopen((dir + "/index.done").c_str(), "w"));
  if (index)
    std::fputs("complete\n", index.get()); // OK
}
