// Stained-glass leading bench: the soldering station is driven over a serial
// port that withIronPort() opens, hands to a callable and closes again (also
// when the callable throws). Came profiles are read from a set of files that
// HandleBundle<H, Closer> keeps together: it closes whatever it still holds
// when it goes out of scope, release() hands the handles over without closing
// them, handles() only lets the caller look at them.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace leading {

template <typename Fn>
auto withIronPort(const std::string &dev, Fn &&fn) -> decltype(fn(0)) {
  const int fd = ::open(dev.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    throw std::runtime_error("soldering station not connected: " + dev);
  struct PortCloser {
    int fd;
    ~PortCloser() { ::close(fd); }
  } closer{fd};
  return fn(fd);
}

template <typename H, typename Closer> class HandleBundle {
public:
  explicit HandleBundle(Closer close) : close_(std::move(close)) {}
  HandleBundle(const HandleBundle &) = delete;
  HandleBundle &operator=(const HandleBundle &) = delete;
  ~HandleBundle() {
    for (H h : handles_)
      close_(h);
  }
  void add(H h) { handles_.push_back(h); }
  const std::vector<H> &handles() const { return handles_; }
  std::vector<H> release() { return std::exchange(handles_, {}); }

private:
  std::vector<H> handles_;
  Closer close_;
};

struct FileCloser {
  void operator()(FILE *f) const { std::fclose(f); }
};

static int queryTipTemperature(int fd) {
  char reply[16] = {};
  if (::write(fd, "T?\r", 3) != 3 || ::read(fd, reply, sizeof reply - 1) <= 0)
    throw std::runtime_error("soldering station did not answer");
  return std::stoi(reply);
}

class LeadingBench {
public:
  explicit LeadingBench(std::string dev) : dev_(std::move(dev)) {}
  LeadingBench(const LeadingBench &) = delete;
  LeadingBench &operator=(const LeadingBench &) = delete;
  ~LeadingBench() {
    for (FILE *f : profiles_)
      std::fclose(f);
  }

  int tipTemperature() const {
    return withIronPort(dev_, [](int fd) { return queryTipTemperature(fd); });
  }

  void calibrate(int targetC) {
    withIronPort(dev_, [this, targetC](int fd) {
      port_ = fd;
      const std::string cmd = "SET " + std::to_string(targetC) + "\r";
      return ::write(fd, cmd.data(), cmd.size());
    });
    ::write(port_, "SAVE\r", 5); // BUG: use-after-close
  }

  bool loadCameProfiles(const std::vector<std::string> &paths);
  bool previewCameProfiles(const std::vector<std::string> &paths);

private:
  std::string dev_;
  int port_ = -1;
  std::vector<FILE *> profiles_;
};

bool LeadingBench::loadCameProfiles(const std::vector<std::string> &paths) {
  if (paths.empty() || !profiles_.empty())
    return false;
  {
    HandleBundle<FILE *, FileCloser> bundle{FileCloser{}};
    for (const std::string &p : paths) {
      FILE *f = std::fopen(p.c_str(), "r");
      if (!f)
        return false;
      bundle.add(f);
    }
    profiles_ = bundle.release();
  }
  char header[64];
  return std::fgets(header, sizeof header, profiles_.front()) != nullptr; // OK
}

bool LeadingBench::previewCameProfiles(const std::vector<std::string> &paths) {
  std::vector<FILE *> shown;
  {
    HandleBundle<FILE *, FileCloser> bundle{FileCloser{}};
    for (const std::string &p : paths)
      if (FILE *f = std::fopen(p.c_str(), "r"))
        bundle.add(f);
    shown = bundle.handles();
  }
  char header[64];
  for (FILE *f : shown)
    if (std::fgets(header, sizeof header, f)) // BUG: use-after-close
      std::fputs(header, stdout);
  return !shown.empty();
}

} // namespace leading
