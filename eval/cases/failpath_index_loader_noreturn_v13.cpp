// Start-up code of a command-line indexer. loadIndex() reads a binary index
// through small checking helpers: readHeaderOrDie() closes the file and calls
// the [[noreturn]] die() on a short or foreign header, checkVersion() closes it
// and throws on an index from a newer release. openJournalLocked() uses
// lockOrClose(), which closes the descriptor and returns -1 when another
// indexer holds the lock.
//
// Bug: checkTrailer() also closes on its error path and returns -1, but
// loadIndex() treats a bad trailer as a warning and goes on to fclose() the
// stream checkTrailer() already closed (double fclose: undefined behaviour).
// Correct lines: readHeaderOrDie() and checkVersion() close only on paths that end
// in die() (exit) or a throw, and lockOrClose()'s -1 is turned into an
// immediate return, so the reads and calls after those helpers only run
// while the file is open; main()'s handler does not touch the index file.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

struct Header {
  uint32_t magic;
  uint32_t version;
  uint32_t count;
};
struct Entry {
  uint64_t key;
  uint64_t offset;
};
constexpr uint32_t kMagic = 0x58444e49; // "INDX"
constexpr uint32_t kMaxVersion = 3;
constexpr uint32_t kMaxEntries = 1u << 24;

[[noreturn]] static void die(const char *what, const std::string &path) {
  std::fprintf(stderr, "indexer: %s %s\n", what, path.c_str());
  std::exit(2);
}

static void readHeaderOrDie(FILE *fp, const std::string &path, Header &h) {
  if (std::fread(&h, sizeof h, 1, fp) != 1) {
    std::fclose(fp);
    die("short header in", path);
  }
  if (h.magic != kMagic || h.count > kMaxEntries) {
    std::fclose(fp);
    die("not an index:", path);
  }
}

static void checkVersion(FILE *fp, const Header &h, const std::string &path) {
  if (h.version > kMaxVersion) {
    std::fclose(fp);
    throw std::runtime_error(path + ": index version " + std::to_string(h.version) +
                             " is newer than this build");
  }
}

// Returns 0, or -1 after closing fp: a wrong trailer means another process
// is rewriting the index, and the handle must not be kept.
static int checkTrailer(FILE *fp, uint32_t count) {
  uint32_t trailer = 0;
  if (std::fread(&trailer, sizeof trailer, 1, fp) != 1 || trailer != (count ^ kMagic)) {
    std::fclose(fp);
    return -1;
  }
  return 0;
}

std::vector<Entry> loadIndex(const std::string &path) {
  FILE *fp = std::fopen(path.c_str(), "rb");
  if (!fp)
    die("cannot open", path);
  Header h;
  readHeaderOrDie(fp, path, h);
  checkVersion(fp, h, path); // OK: readHeaderOrDie() never returns after closing
  std::vector<Entry> entries(h.count);
  if (std::fread(entries.data(), sizeof(Entry), h.count, fp) != h.count) { // OK: the helpers close only before die()/throw
    std::fclose(fp);
    die("truncated index", path);
  }
  if (checkTrailer(fp, h.count) < 0)
    std::fprintf(stderr, "indexer: %s: bad trailer, index may be stale\n", path.c_str());
  std::fclose(fp); // BUG: double-close
  return entries;
}

// Returns fd, or -1 after closing it.
static int lockOrClose(int fd) {
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

int openJournalLocked(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    return -1;
  if (lockOrClose(fd) < 0)
    return -1;
  if (::ftruncate(fd, 0) != 0) { // OK: lockOrClose() closed only when it returned -1
    ::close(fd);
    return -1;
  }
  return fd;
}

int main(int argc, char **argv) {
  const std::string path = argc > 1 ? argv[1] : "data.idx";
  int journal = openJournalLocked(path + ".journal");
  if (journal < 0) {
    std::fprintf(stderr, "indexer: another instance is running\n");
    return 1;
  }
  try {
    std::vector<Entry> entries = loadIndex(path);
    std::printf("%zu entries\n", entries.size());
  } catch (const std::exception &e) {
    std::fprintf(stderr, "indexer: %s\n", e.what());
    ::close(journal);
    return 1;
  }
  ::close(journal); // OK: the handler's close is followed by return
  return 0;
}
