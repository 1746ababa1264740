// Brewery process control: a fermenter controller samples a temperature probe
// through a device descriptor and publishes batch sheets through stdio.
// UniqueFd closes its descriptor when destroyed or reset; batch sheets are
// held in a unique_ptr whose deleter fcloses the stream.  Defects: the
// controller's stop() closes the probe descriptor behind UniqueFd's back, so
// destroying the controller closes it again, and publishSheet() calls a
// helper that fcloses the sheet that the unique_ptr still owns.
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

class UniqueFd {
public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;
  UniqueFd(UniqueFd &&o) noexcept : fd_(o.release()) {}
  UniqueFd &operator=(UniqueFd &&o) noexcept {
    if (this != &o)
      reset(o.release());
    return *this;
  }

  int get() const { return fd_; }
  int release() {
    int f = fd_;
    fd_ = -1;
    return f;
  }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_); // SAME: probe_twice
    fd_ = fd;
  }

private:
  int fd_;
};

struct FcloseDeleter {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f); // SAME: sheet_sealed
  }
};
using SheetPtr = std::unique_ptr<FILE, FcloseDeleter>;

struct Batch {
  std::string id;
  std::string style;
  std::vector<double> gravity;
};

// Writes the footer and seals the sheet on disk; the stream is closed on return.
void sealSheet(FILE *f, const Batch &b) {
  std::fprintf(f, "final gravity: %.3f\n",
               b.gravity.empty() ? 0.0 : b.gravity.back());
  std::fflush(f);
  ::fsync(fileno(f));
  std::fclose(f);
}

class FermenterController {
public:
  explicit FermenterController(const std::string &probeDev)
      : probeDev_(probeDev), probe_(::open(probeDev.c_str(), O_RDONLY)) {}

  bool sample(double &celsius) {
    char buf[32] = {};
    ssize_t n = ::read(probe_.get(), buf, sizeof buf - 1);
    if (n <= 0)
      return false;
    celsius = std::atof(buf);
    return true;
  }

  // Probe drivers sometimes wedge; reopening replaces the descriptor.
  void reconnectProbe() {
    probe_ = UniqueFd(::open(probeDev_.c_str(), O_RDONLY)); // OK: reset() closes the old descriptor once
  }

  void stop() { ::close(probe_.get()); }

private:
  std::string probeDev_;
  UniqueFd probe_;
};

void publishSheet(const Batch &b, const std::string &dir) {
  SheetPtr sheet(std::fopen((dir + "/" + b.id + ".txt").c_str(), "w"));
  if (!sheet)
    return;
  std::fprintf(sheet.get(), "batch %s (%s)\n", b.id.c_str(), b.style.c_str());
  for (double g : b.gravity)
    std::fprintf(sheet.get(), "  %.3f\n", g);
  sealSheet(sheet.get(), b);
} // BUG: double-close #sheet_sealed

// The daily summary hands the stream over before sealing it.
void publishSummary(const std::vector<Batch> &batches, const std::string &dir) {
  if (batches.empty())
    return;
  SheetPtr sheet(std::fopen((dir + "/summary.txt").c_str(), "w"));
  if (!sheet)
    return;
  for (const Batch &b : batches)
    std::fprintf(sheet.get(), "%s %s\n", b.id.c_str(), b.style.c_str());
  sealSheet(sheet.release(), batches.back()); // OK: ownership leaves the unique_ptr first
} // OK: the deleter has nothing left to close

int main() {
  auto ctrl = std::make_unique<FermenterController>("/dev/fermenter3_probe");
  std::vector<Batch> batches{{"B-2291", "saison", {}}, {"B-2292", "stout", {}}};
  double t = 0;
  for (int i = 0; i < 4; ++i) {
    if (!ctrl->sample(t))
      ctrl->reconnectProbe();
    else
      batches[0].gravity.push_back(1.050 - 0.004 * i);
  }
  double again = 0;
  if (ctrl->sample(again)) // OK: probe_ holds the reopened descriptor
    std::printf("fermenter 3 at %.1f C\n", again);
  publishSheet(batches[0], "/srv/brewlog");
  publishSummary(batches, "/srv/brewlog");
  ctrl->stop();
  ctrl.reset(); // BUG: double-close #probe_twice
  return 0;
}
