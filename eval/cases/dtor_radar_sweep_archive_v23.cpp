// Weather radar: each antenna sweep of a volume scan is appended to a
// per-elevation raw archive through a descriptor, and an index file is
// written through stdio.  This case is correct: SweepArchive::close() closes
// once and resets its descriptor to -1, so the destructor that runs after an
// explicit close does nothing; the scope-exit guard in writeIndex() only
// closes a stream it still holds (the explicit path nulls it first); and
// every archive is written only while it is open.
#include <cstdio>
#include <fcntl.h>
#include <functional>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class ScopeExit {
public:
  explicit ScopeExit(std::function<void()> fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (fn_)
      fn_();
  }
  void dismiss() { fn_ = nullptr; }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;

private:
  std::function<void()> fn_;
};

// Owns a raw-moments descriptor.  close() is idempotent: it closes once and
// sets fd_ to -1.  The destructor calls close().
class SweepArchive {
public:
  explicit SweepArchive(const std::string &path)
      : fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644)) {}
  ~SweepArchive() { close(); }
  SweepArchive(const SweepArchive &) = delete;
  SweepArchive &operator=(const SweepArchive &) = delete;

  bool append(const std::vector<float> &moments) {
    const auto bytes = moments.size() * sizeof(float);
    return ::write(fd_, moments.data(), bytes) == static_cast<ssize_t>(bytes);
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_;
};

struct Sweep {
  double elevation;
  std::vector<float> reflectivity;
  std::vector<float> velocity;
};

class VolumeScan {
public:
  explicit VolumeScan(std::string dir) : dir_(std::move(dir)) {}

  void archive(const std::vector<Sweep> &sweeps) {
    for (const Sweep &s : sweeps) {
      SweepArchive raw(dir_ + "/elev_" +
                       std::to_string(static_cast<int>(s.elevation * 10)) + ".raw");
      if (!raw.isOpen())
        continue;
      raw.append(s.reflectivity);
      raw.append(s.velocity);
      raw.close();
    } // OK: the destructor after close() finds fd_ == -1
  }

  bool writeIndex(const std::vector<Sweep> &sweeps) {
    FILE *idx = std::fopen((dir_ + "/index.txt").c_str(), "w");
    if (!idx)
      return false;
    ScopeExit closeIdx([&idx] {
      if (idx)
        std::fclose(idx); // OK: only reached while idx is still open
    });
    for (const Sweep &s : sweeps)
      std::fprintf(idx, "%.1f %zu\n", s.elevation, s.reflectivity.size());
    if (std::fflush(idx) != 0)
      return false;
    int rc = std::fclose(idx);
    idx = nullptr;
    return rc == 0;
  } // OK: the guard sees idx == nullptr after the explicit fclose

  void writePreview(const Sweep &lowest) {
    SweepArchive pv(dir_ + "/preview.raw");
    ScopeExit done([&pv] { pv.close(); });
    if (pv.isOpen())
      pv.append(lowest.reflectivity);
  } // OK: the guard closes, then the destructor's close() is a no-op

  void reprocess(const Sweep &s) {
    SweepArchive refl(dir_ + "/reprocessed_refl.raw");
    refl.append(s.reflectivity);
    refl.close();
    SweepArchive vel(dir_ + "/reprocessed_vel.raw");
    vel.append(s.velocity); // OK: a different archive from the one just closed
    if (refl.isOpen())
      refl.append(s.velocity); // OK: guarded, never runs after close()
  }

private:
  std::string dir_;
};

int main() {
  VolumeScan scan("/data/radar/KXYZ/20240611T1412");
  std::vector<Sweep> sweeps;
  for (int i = 0; i < 6; ++i)
    sweeps.push_back({0.5 + i * 0.9, std::vector<float>(360, 12.5f + i),
                      std::vector<float>(360, -3.0f + i)});
  scan.archive(sweeps);
  if (!scan.writeIndex(sweeps))
    std::fprintf(stderr, "index write failed\n");
  scan.writePreview(sweeps.front());
  scan.reprocess(sweeps.back());
  return 0;
}
