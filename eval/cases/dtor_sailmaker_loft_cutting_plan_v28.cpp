// Sailmaker's loft: writes the panel cutting plan for a sail to a temp file
// and renames it into place, appends the plotter's run log through a FILE*
// owned by a unique_ptr, and hands the plan descriptor to the plotter queue.
// Negative case: the scope guard that closes and unlinks the temp file is
// dismissed before the explicit close on the success path, the unique_ptr
// releases its FILE* before the explicit fclose, and a plan descriptor moved
// into the queue is closed only by the queue's owner when the job is dropped.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

template <typename F>
class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ~ScopeExit() {
    if (active_)
      f_();
  }
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  void dismiss() { active_ = false; }

private:
  F f_;
  bool active_ = true;
};

struct Panel {
  std::string name;
  double luffMm;
  double leechMm;
  double footMm;
  int clothWeight;
};

static bool write_all(int fd, const std::string &s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n <= 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

bool write_cutting_plan(const std::string &path, const std::vector<Panel> &panels) {
  std::string tmp = path + ".part";
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return false;
  ScopeExit cleanup([&] {
    ::close(fd);
    ::unlink(tmp.c_str());
  });

  for (const Panel &p : panels) {
    char line[160];
    std::snprintf(line, sizeof line, "%s %.0f %.0f %.0f %d\n", p.name.c_str(),
                  p.luffMm, p.leechMm, p.footMm, p.clothWeight);
    if (!write_all(fd, line))
      return false;
  }
  if (::fsync(fd) != 0)
    return false;

  cleanup.dismiss();
  if (::close(fd) != 0) { // OK
    ::unlink(tmp.c_str());
    return false;
  }
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

bool append_plotter_log(const std::string &path, const std::string &sail,
                        int panelsPlotted) {
  FilePtr log(std::fopen(path.c_str(), "a"));
  if (!log)
    return false;
  std::fprintf(log.get(), "%s: %d panels plotted\n", sail.c_str(), panelsPlotted);
  FILE *raw = log.release();
  return std::fclose(raw) == 0; // OK
}

class UniqueFd {
public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  ~UniqueFd() {
    if (fd_ >= 0)
      ::close(fd_); // OK
  }
  UniqueFd(UniqueFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  UniqueFd &operator=(UniqueFd &&) = delete;
  UniqueFd(const UniqueFd &) = delete;
  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }

private:
  int fd_;
};

class PlotterQueue {
public:
  void enqueue(UniqueFd plan, const std::string &sail) {
    if (!plan)
      return;
    jobs_.push_back(Job{std::move(plan), sail});
  }
  size_t plotAll() {
    size_t done = 0;
    char buf[1024];
    for (Job &j : jobs_) {
      while (::read(j.plan.get(), buf, sizeof buf) > 0) // OK
        ;
      ++done;
    }
    jobs_.clear();
    return done;
  }

private:
  struct Job {
    UniqueFd plan;
    std::string sail;
  };
  std::vector<Job> jobs_;
};

bool queue_plan(PlotterQueue &queue, const std::string &path, const std::string &sail) {
  UniqueFd plan(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!plan)
    return false;
  queue.enqueue(std::move(plan), sail);
  return true;
}
