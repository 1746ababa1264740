// Snapshot loader. Its validation helpers close the input only on their error
// path and then leave the caller for good: requireSchema() fcloses the file
// and throws, checkMagic() closes the descriptor and calls the [[noreturn]]
// die(), and openIndexOrFail() closes the partially read index and returns
// an error code the caller propagates at once. The callers use the file or
// descriptor only on the success path and close it exactly once there, and
// the catch handler that sees requireSchema()'s exception does not touch the
// file again. Nothing is used or closed after a close: a negative case.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

constexpr int kSchemaVersion = 7;

[[noreturn]] static void die(const char *what) {
  std::fprintf(stderr, "snapshot loader: %s\n", what);
  std::exit(2);
}

static void requireSchema(std::FILE *fp, int version) {
  if (version != kSchemaVersion) {
    std::fclose(fp);
    throw std::runtime_error("schema " + std::to_string(version) + " not supported");
  }
}

static void checkMagic(int fd) {
  char magic[4];
  if (::read(fd, magic, sizeof magic) != 4 || std::memcmp(magic, "SNP1", 4) != 0) {
    ::close(fd);
    die("bad snapshot magic");
  }
}

// Returns 0 and leaves *out open on success; closes it and returns -1 on error.
static int openIndexOrFail(const std::string &path, std::FILE **out) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (!fp)
    return -1;
  int entries = 0;
  if (std::fscanf(fp, "entries=%d\n", &entries) != 1 || entries <= 0) {
    std::fclose(fp);
    return -1;
  }
  *out = fp;
  return 0;
}

long loadManifest(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (!fp)
    return -1;
  int version = 0;
  if (std::fscanf(fp, "version=%d\n", &version) != 1)
    version = -1;
  try {
    requireSchema(fp, version);
  } catch (const std::runtime_error &e) {
    std::fprintf(stderr, "manifest %s: %s\n", path.c_str(), e.what());
    return -1;
  }
  long records = 0;
  if (std::fscanf(fp, "records=%ld\n", &records) != 1) // OK: requireSchema() closes only before it throws
    records = 0;
  std::fclose(fp); // OK: the only close on the success path
  return records;
}

long loadData(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0)
    die("cannot open snapshot data");
  checkMagic(fd);
  char buf[4096];
  long total = 0;
  ssize_t n;
  while ((n = ::read(fd, buf, sizeof buf)) > 0) // OK: checkMagic() closes only before die()
    total += n;
  ::close(fd); // OK: first and only close when checkMagic() returned
  return total;
}

int loadIndex(const std::string &path) {
  std::FILE *index = nullptr;
  if (int rc = openIndexOrFail(path, &index); rc != 0)
    return rc;
  char key[128];
  int count = 0;
  while (std::fscanf(index, "%127s", key) == 1) // OK: an error return leaves at once
    ++count;
  std::fclose(index); // OK: openIndexOrFail() closed only on its error return
  return count;
}

int main(int argc, char **argv) {
  std::string dir = argc > 1 ? argv[1] : "/var/lib/snapshots/latest";
  long records = loadManifest(dir + "/MANIFEST");
  if (records < 0)
    return 1;
  long bytes = loadData(dir + "/data.snp");
  int keys = loadIndex(dir + "/index");
  std::printf("%ld records, %ld bytes, %d keys\n", records, bytes, keys);
  return keys < 0 ? 1 : 0;
}
