// Wheelwright's shop: a lathe session turns a set of spokes to a profile sent
// over the lathe's control port; a spindle monitor member stops the spindle
// when the session ends, and each spoke's cutting profile is archived through
// an RAII descriptor handed to the archiver by value.
#include <cerrno>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class UniqueFd {
public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  ~UniqueFd() { reset(); }
  UniqueFd(UniqueFd &&o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  UniqueFd &operator=(UniqueFd &&o) noexcept {
    if (this != &o)
      reset(std::exchange(o.fd_, -1));
    return *this;
  }
  UniqueFd(const UniqueFd &) = delete;
  UniqueFd &operator=(const UniqueFd &) = delete;

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  void reset(int fd = -1) {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = fd;
  }

private:
  int fd_ = -1;
};

static bool write_str(int fd, const std::string &s) {
  const char *p = s.data();
  size_t left = s.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

class SpindleMonitor {
public:
  explicit SpindleMonitor(const UniqueFd &port) : port_(port) {}
  ~SpindleMonitor() {
    if (port_)
      write_str(port_.get(), "M05\n"); // OK
  }

private:
  const UniqueFd &port_;
};

class LatheSession {
public:
  explicit LatheSession(const char *dev)
      : port_(::open(dev, O_RDWR | O_NOCTTY | O_CLOEXEC)), monitor_(port_) {}

  bool ok() const { return static_cast<bool>(port_); }
  bool turnSpoke(const std::vector<int> &profileMm) {
    std::string prog = "G90\n";
    for (size_t i = 0; i < profileMm.size(); ++i)
      prog += "G01 Z" + std::to_string(i * 10) + " X" + std::to_string(profileMm[i]) + "\n";
    return write_str(port_.get(), prog); // OK
  }

private:
  UniqueFd port_;
  SpindleMonitor monitor_;
};

// Copies the profile file into the archive directory and takes ownership of
// the source descriptor.
static bool archive_profile(UniqueFd src, const std::string &dest) {
  UniqueFd out(::open(dest.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644));
  if (!out)
    return false;
  char buf[4096];
  ssize_t n;
  while ((n = ::read(src.get(), buf, sizeof buf)) > 0)
    if (::write(out.get(), buf, static_cast<size_t>(n)) != n)
      return false;
  return n == 0;
}

int turn_wheel_set(const char *dev, const std::string &profilePath,
                   const std::string &archiveDir, int spokes,
                   const std::vector<int> &profileMm) {
  LatheSession lathe(dev);
  if (!lathe.ok())
    return -1;
  int turned = 0;
  for (int i = 0; i < spokes; ++i)
    if (lathe.turnSpoke(profileMm))
      ++turned;

  UniqueFd profile(::open(profilePath.c_str(), O_RDWR | O_CLOEXEC));
  if (!profile)
    return turned;
  int raw = profile.get();
  archive_profile(std::move(profile), archiveDir + "/profile.nc");
  std::string stamp = "; turned " + std::to_string(turned) + " spokes\n";
  ::lseek(raw, 0, SEEK_END); // BUG: use-after-close
  ::write(raw, stamp.data(), stamp.size()); // BUG: use-after-close
  return turned;
}

bool archive_and_stamp(const std::string &profilePath, const std::string &archiveDir,
                       int turned) {
  UniqueFd profile(::open(profilePath.c_str(), O_RDONLY | O_CLOEXEC));
  if (!profile)
    return false;
  if (!archive_profile(std::move(profile), archiveDir + "/profile.nc"))
    return false;
  profile.reset(::open(profilePath.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC));
  if (!profile)
    return false;
  return write_str(profile.get(), "; turned " + std::to_string(turned) + " spokes\n"); // OK
}
