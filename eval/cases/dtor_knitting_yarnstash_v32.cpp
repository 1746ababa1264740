// Knitting stash tracker: the yarn inventory is exported to a CSV owned by a
// unique_ptr with an fclose deleter; the export closes the CSV early (reset)
// so the file is complete on disk before it is renamed into place. Pattern
// charts are opened through a descriptor held by a small guard struct that
// closes it on every early return and is disarmed (release) when the
// descriptor is handed to the caller.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

struct FileCloser {
  void operator()(std::FILE *f) const {
    if (f != nullptr)
      std::fclose(f);
  }
};
using CsvFile = std::unique_ptr<std::FILE, FileCloser>;

struct Skein {
  std::string colourway;
  int grams;
  int metres;
};

struct FdGuard {
  int fd;
  bool armed = true;
  ~FdGuard() {
    if (armed)
      ::close(fd);
  }
  int release() {
    armed = false;
    return fd;
  }
};

bool exportStash(const std::vector<Skein> &stash, const std::string &path) {
  const std::string tmp = path + ".part";
  CsvFile out(std::fopen(tmp.c_str(), "w"));
  if (!out)
    return false;
  std::FILE *raw = out.get();
  int totalGrams = 0;
  for (const Skein &s : stash) {
    std::fprintf(raw, "%s,%d,%d\n", s.colourway.c_str(), s.grams, s.metres); // OK: out still owns the stream
    totalGrams += s.grams;
  }
  out.reset();
  if (std::rename(tmp.c_str(), path.c_str()) != 0)
    return false;
  std::fprintf(raw, "# total %d g\n", totalGrams); // BUG: use-after-close
  return true;
}

int openChart(const std::string &path, std::string &title) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  FdGuard guard{fd};
  char header[64] = {};
  ssize_t n = ::read(fd, header, sizeof header - 1);
  if (n <= 1 || header[0] != '#')
    return -1;
  title.assign(header + 1, static_cast<size_t>(n - 1));
  return guard.release();
}

int countChartRows(const std::string &path) {
  std::string title;
  int fd = openChart(path, title);
  if (fd < 0)
    return 0;
  int rows = 0;
  char buf[256];
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) { // OK: openChart disarmed its guard before returning
    for (ssize_t i = 0; i < n; ++i)
      rows += buf[i] == '\n';
  }
  ::close(fd); // OK
  return rows;
}

bool appendGaugeSwatch(const std::string &chart, const std::string &notesPath) {
  int fd = ::open(chart.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  FdGuard guard{fd};
  CsvFile notes(std::fopen(notesPath.c_str(), "a"));
  if (!notes)
    return false;
  char gauge[16] = {};
  if (::read(fd, gauge, sizeof gauge - 1) <= 0)
    return false;
  ::close(guard.release()); // OK: the guard is disarmed, so this is the only close
  std::fprintf(notes.get(), "gauge %s\n", gauge); // OK: notes is a different stream
  return true;
}
