// Transport manifests for hawks carried on the cadge to a field meet. Files are held in
// std::unique_ptr<FILE, FileCloser>, which fcloses them when the owner goes out of scope.
// openManifest() returns get() while its unique_ptr still owns the stream, so the caller
// writes to, and then fcloses, a stream the deleter has already closed. openRoster()
// hands ownership out with release() and is correct. openCrateSensor() guards the crate
// thermometer's descriptor with a ScopeExit that closes it on every early return and
// is dismissed when the descriptor is returned to the caller, who closes it once.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

struct Bird {
  std::string name;
  std::string species;
  int cadgeSlot;
};

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

template <class F> class ScopeExit {
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

static FILE *openManifest(const std::string &meet) {
  FilePtr f(std::fopen(("manifest-" + meet + ".txt").c_str(), "w"));
  FILE *stream = f.get();
  if (stream)
    std::fprintf(stream, "field meet: %s\n", meet.c_str());
  return stream;
}

void writeManifest(const std::string &meet, const std::vector<Bird> &birds) {
  FILE *m = openManifest(meet);
  if (!m)
    return;
  for (const Bird &b : birds)
    std::fprintf(m, "%-10s %-8s slot %d\n", b.name.c_str(), b.species.c_str(), b.cadgeSlot); // BUG: use-after-close
  std::fclose(m); // BUG: double-close
}

static FILE *openRoster(const std::string &meet) {
  FilePtr f(std::fopen(("roster-" + meet + ".txt").c_str(), "w"));
  if (!f)
    return nullptr;
  if (std::fprintf(f.get(), "roster for %s\n", meet.c_str()) < 0)
    return nullptr;
  return f.release();
}

void writeRoster(const std::string &meet, const std::vector<Bird> &birds) {
  FILE *r = openRoster(meet);
  if (!r)
    return;
  for (const Bird &b : birds)
    std::fprintf(r, "%s (%s)\n", b.name.c_str(), b.species.c_str());
  std::fclose(r); // OK
}

static int openCrateSensor(const char *device) {
  int fd = ::open(device, O_RDONLY | O_NOCTTY);
  if (fd < 0)
    return -1;
  ScopeExit closeOnError([fd] { ::close(fd); }); // OK
  unsigned char id[4];
  if (::read(fd, id, sizeof id) != static_cast<ssize_t>(sizeof id))
    return -1;
  if (id[0] != 0xCA)
    return -1;
  closeOnError.dismiss();
  return fd;
}

double crateTemperature(const char *device) {
  int fd = openCrateSensor(device);
  if (fd < 0)
    return -273.15;
  unsigned char raw[2] = {0, 0};
  const bool got = ::read(fd, raw, sizeof raw) == static_cast<ssize_t>(sizeof raw);
  ::close(fd); // OK
  return got ? (raw[0] * 256 + raw[1]) / 10.0 - 40.0 : -273.15;
}

void loadCadge(const std::string &meet, const std::vector<Bird> &birds, const char *sensor) {
  FilePtr notes(std::fopen(("cadge-" + meet + ".txt").c_str(), "w"));
  if (!notes)
    return;
  std::fprintf(notes.get(), "crate at %.1f C\n", crateTemperature(sensor));
  writeRoster(meet, birds);
  writeManifest(meet, birds);
}
