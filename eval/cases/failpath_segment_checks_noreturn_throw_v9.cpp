// Segment loader with two validating helpers that close the file on failure:
// checkHeader() closes it and calls the [[noreturn]] fatal(), so when it
// returns the file is open and the ftell() after it is fine.
// verifyChecksum() closes it and throws CorruptSegment; the loader's handler
// still calls ftell() on the closed file for its diagnostic (bug), while the
// code after the try runs only when verifyChecksum() returned normally.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

[[noreturn]] static void fatal(const char *what) {
  std::fprintf(stderr, "fatal: %s\n", what);
  std::abort();
}

class CorruptSegment : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static void checkHeader(FILE *f) {
  char magic[4];
  if (std::fread(magic, 1, sizeof magic, f) != sizeof magic ||
      std::memcmp(magic, "SEG1", 4) != 0) {
    std::fclose(f);
    fatal("bad segment header");
  }
}

static void verifyChecksum(FILE *f, std::uint32_t expected) {
  std::uint32_t stored = 0;
  if (std::fread(&stored, sizeof stored, 1, f) != 1 || stored != expected) {
    std::fclose(f);
    throw CorruptSegment("segment checksum mismatch");
  }
}

long loadSegment(const char *path, std::uint32_t checksum) {
  FILE *f = std::fopen(path, "rb");
  if (!f)
    return -1;
  checkHeader(f);
  long headerEnd = std::ftell(f); // OK: checkHeader() returns only with f open
  try {
    verifyChecksum(f, checksum);
  } catch (const CorruptSegment &e) {
    std::fprintf(stderr, "%s: %s at offset %ld\n", path, e.what(), std::ftell(f)); // BUG: use-after-close
    return -1;
  }
  long bodyStart = std::ftell(f); // OK: verifyChecksum() returned normally
  std::fclose(f);
  return bodyStart - headerEnd;
}
