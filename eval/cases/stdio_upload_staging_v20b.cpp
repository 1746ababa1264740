// Upload staging area of an artifact registry: staged files are created with
// open(O_CREAT | O_EXCL) for safe permissions, wrapped with fdopen() for
// formatted output, and synced through fileno(). fclose() on the FILE* also
// closes the descriptor that fdopen() wrapped, so the raw descriptor must not
// be used or closed after the fclose().
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

struct StagedEntry {
  std::string name;
  long size;
  std::string digest;
};

static bool appendTrailer(int fd, const std::string &digest) {
  const std::string line = "sha256:" + digest + "\n";
  return write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size()); // SAME: trailer
}

class StagingArea {
public:
  explicit StagingArea(std::string dir) : dir_(std::move(dir)) {}
  int stageManifest(const std::vector<StagedEntry> &entries);
  int stageBlob(const std::string &name, const std::string &bytes,
                const std::string &digest);
  int stageLock();

private:
  std::string dir_;
};

int StagingArea::stageManifest(const std::vector<StagedEntry> &entries) {
  const std::string tmp = dir_ + "/MANIFEST.tmp";
  int fd = open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0640);
  if (fd < 0)
    return -1;
  FILE *out = fdopen(fd, "w");
  if (!out) {
    close(fd); // OK: fdopen failed, the descriptor is still ours to close
    return -1;
  }
  for (const StagedEntry &e : entries)
    std::fprintf(out, "%s %ld %s\n", e.name.c_str(), e.size, e.digest.c_str());
  std::fflush(out);
  fsync(fileno(out)); // OK: the stream is still open
  std::fclose(out);
  close(fd); // BUG: double-close
  return std::rename(tmp.c_str(), (dir_ + "/MANIFEST").c_str());
}

int StagingArea::stageBlob(const std::string &name, const std::string &bytes,
                           const std::string &digest) {
  const std::string path = dir_ + "/blobs/" + name;
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0640);
  if (fd < 0)
    return -1;
  FILE *out = fdopen(fd, "w");
  if (!out) {
    close(fd);
    return -1;
  }
  std::fwrite(bytes.data(), 1, bytes.size(), out);
  std::fclose(out);
  if (!appendTrailer(fd, digest)) // BUG: use-after-close #trailer
    return -2;
  return 0;
}

int StagingArea::stageLock() {
  const std::string path = dir_ + "/.lock";
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0)
    return -1;
  FILE *out = fdopen(fd, "w");
  if (!out) {
    close(fd);
    return -1;
  }
  std::fprintf(out, "%d\n", static_cast<int>(getpid()));
  std::fflush(out);
  int keep = dup(fileno(out));
  std::fclose(out);
  if (keep < 0)
    return -1;
  struct stat st;
  int rc = fstat(keep, &st); // OK: keep is a dup, still open after fclose
  fsync(keep); // OK: same duplicated descriptor
  close(keep);
  return rc;
}

int main(int argc, char **argv) {
  StagingArea area(argc > 1 ? argv[1] : "/srv/registry/staging");
  std::vector<StagedEntry> entries = {{"app.tar.gz", 20480, "9f2c"},
                                      {"app.sig", 512, "11ab"}};
  int rc = area.stageLock();
  if (rc == 0)
    rc = area.stageBlob("app.tar.gz", std::string(20480, '\0'), "9f2c");
  if (rc == 0)
    rc = area.stageManifest(entries);
  std::printf("staging rc=%d\n", rc);
  return rc == 0 ? 0 : 1;
}
