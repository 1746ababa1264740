// Segment files of an append-only index. A segment is a POSIX file with an
// 8-byte header (magic + format version) followed by length-prefixed
// records. The low-level helpers own the descriptor on their error paths:
// writeHeader() closes it and returns -1, appendRecord() closes it and
// returns false, verifyMagic() closes it and throws, requireVersion()
// closes it and calls the [[noreturn]] fatal().
#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace segidx {

constexpr std::uint32_t FormatVersion = 3;
constexpr char Magic[4] = {'S', 'G', 'I', 'X'};

[[noreturn]] void fatal(const std::string &What) {
  std::fprintf(stderr, "segidx: fatal: %s\n", What.c_str());
  std::abort();
}

int writeHeader(int Fd, std::uint32_t Version) {
  char Buf[8];
  std::memcpy(Buf, Magic, 4);
  std::memcpy(Buf + 4, &Version, 4);
  if (::write(Fd, Buf, sizeof Buf) != static_cast<ssize_t>(sizeof Buf)) {
    ::close(Fd);
    return -1;
  }
  return 0;
}

bool appendRecord(int Fd, const std::string &Rec) {
  std::uint32_t Len = static_cast<std::uint32_t>(Rec.size());
  std::string Buf(reinterpret_cast<const char *>(&Len), sizeof Len);
  Buf += Rec;
  if (::write(Fd, Buf.data(), Buf.size()) != static_cast<ssize_t>(Buf.size())) {
    ::close(Fd);
    return false;
  }
  return true;
}

void verifyMagic(int Fd) {
  char M[4];
  if (::pread(Fd, M, sizeof M, 0) != 4 || std::memcmp(M, Magic, 4) != 0) {
    ::close(Fd);
    throw std::runtime_error("not a segment file");
  }
}

void requireVersion(int Fd, std::uint32_t Want) {
  std::uint32_t Have = 0;
  if (::pread(Fd, &Have, sizeof Have, 4) != 4 || Have != Want) {
    ::close(Fd);
    fatal("segment format " + std::to_string(Have) + " is not supported");
  }
}

class SegmentBuilder {
public:
  ~SegmentBuilder() {
    if (Fd >= 0)
      ::close(Fd);
  }
  int create(const std::string &Path);
  bool appendBatch(const std::vector<std::string> &Recs);
  bool seal(const std::string &Footer);

private:
  int Fd = -1;
};

int SegmentBuilder::create(const std::string &Path) {
  int F = ::open(Path.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (F < 0)
    return -1;
  if (writeHeader(F, FormatVersion) != 0)
    return -1;
  ::fsync(F); // OK: writeHeader's failure path returned above
  Fd = F;
  return 0;
}

bool SegmentBuilder::appendBatch(const std::vector<std::string> &Recs) {
  for (const std::string &R : Recs) {
    if (!appendRecord(Fd, R)) {
      ::close(Fd); // BUG: double-close
      Fd = -1;
      return false;
    }
  }
  return true;
}

bool SegmentBuilder::seal(const std::string &Footer) {
  if (!appendRecord(Fd, Footer)) {
    Fd = -1;
    return false;
  }
  ::fsync(Fd);
  ::close(Fd); // OK: first close of this descriptor
  Fd = -1;
  return true;
}

// Writes a scratch segment for the compactor: header plus one blob.
int writeScratchSegment(const std::string &Path, const std::string &Blob) {
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Fd < 0)
    return -1;
  writeHeader(Fd, FormatVersion);
  ssize_t N = ::write(Fd, Blob.data(), Blob.size()); // BUG: use-after-close
  ::close(Fd); // BUG: double-close
  return N == static_cast<ssize_t>(Blob.size()) ? 0 : -1;
}

class SegmentReader {
public:
  ~SegmentReader() {
    if (Fd >= 0)
      ::close(Fd);
  }
  void open(const std::string &Path);

private:
  int Fd = -1;
  std::uint32_t FirstLen = 0;
};

void SegmentReader::open(const std::string &Path) {
  int F = ::open(Path.c_str(), O_RDONLY);
  if (F < 0)
    throw std::runtime_error("cannot open " + Path);
  verifyMagic(F);
  requireVersion(F, FormatVersion); // OK: verifyMagic throws after closing
  if (::pread(F, &FirstLen, sizeof FirstLen, 8) < 0) // OK: requireVersion does not return after closing
    FirstLen = 0;
  Fd = F;
}

} // namespace segidx
