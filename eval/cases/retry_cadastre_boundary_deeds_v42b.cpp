// Cadastral deed exporter, a single-threaded command-line tool. Each parcel's boundary
// description goes to a deed file through a descriptor, which is fsync()ed and closed with
// `while (close(fd) == -1 && errno == EINTR)`. With one thread nothing can reuse the
// number between attempts: on Linux the retry only gets EBADF, and where EINTR leaves
// the descriptor open the retry releases it, so that loop is correct.
// writeIndex() copies the idiom to fclose(), which is a double close: fclose() frees the
// stream even when it fails. exportDeed() closes the descriptor on its fsync failure path
// and then again in the common retry loop.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <utility>
#include <unistd.h>
#include <vector>

struct Parcel {
  std::string titleNumber;
  std::vector<std::pair<double, double>> corners;
  double areaSqm;
};

static std::string describeBoundary(const Parcel &p) {
  std::string text = "Title " + p.titleNumber + "\n";
  char line[96];
  for (std::size_t i = 0; i < p.corners.size(); ++i) {
    std::snprintf(line, sizeof line, "corner %zu: E %.3f N %.3f\n", i + 1,
                  p.corners[i].first, p.corners[i].second);
    text += line;
  }
  std::snprintf(line, sizeof line, "area %.1f m2\n", p.areaSqm);
  return text + line;
}

static bool writeAll(int fd, const std::string &text) {
  std::size_t off = 0;
  while (off < text.size()) {
    ssize_t n = ::write(fd, text.data() + off, text.size() - off);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

static int closeRetrying(int fd) {
  int rc;
  while ((rc = ::close(fd)) == -1 && errno == EINTR) { // OK
  }
  return rc;
}

bool exportDeed(const Parcel &p, const std::string &dir) {
  const std::string path = dir + "/" + p.titleNumber + ".deed";
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  bool ok = writeAll(fd, describeBoundary(p));
  if (ok && ::fsync(fd) != 0) {
    std::perror("fsync deed");
    ::close(fd);
    ok = false;
  }
  while (::close(fd) == -1 && errno == EINTR) { // BUG: double-close
  }
  return ok;
}

bool exportSchedule(const std::vector<Parcel> &parcels, const std::string &path) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    return false;
  bool ok = true;
  for (const Parcel &p : parcels) {
    if (!writeAll(fd, p.titleNumber + "\n")) {
      ok = false;
      break;
    }
  }
  if (ok)
    ok = ::fsync(fd) == 0;
  while (::close(fd) == -1 && errno == EINTR) { // OK
  }
  return ok;
}

bool exportSurvey(const std::vector<Parcel> &parcels, const std::string &dir) {
  int lock = ::open((dir + "/.export.lock").c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (lock < 0)
    return false;
  bool ok = exportSchedule(parcels, dir + "/schedule.txt");
  for (const Parcel &p : parcels)
    ok = exportDeed(p, dir) && ok;
  if (closeRetrying(lock) != 0) // OK
    ok = false;
  ::unlink((dir + "/.export.lock").c_str());
  return ok;
}

bool writeIndex(const std::vector<Parcel> &parcels, const std::string &path) {
  FILE *idx = std::fopen(path.c_str(), "w");
  if (!idx)
    return false;
  for (const Parcel &p : parcels)
    std::fprintf(idx, "%s\t%.1f\n", p.titleNumber.c_str(), p.areaSqm);
  int rc;
  while ((rc = std::fclose(idx)) == EOF && errno == EINTR) { // BUG: double-close
  }
  return rc == 0;
}
