// Ice-core drilling: the drillhead writes one binary log per core-barrel run
// (a fixed header, then depth/cable-tension samples). The camp's processing
// tool reads a run back. BarrelLogCursor owns the descriptor it is given and
// closes it in its destructor; BarrelLogView only borrows the descriptor.
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace drillcamp {

struct RunHeader {
  std::uint32_t magic = 0;
  std::uint32_t runNumber = 0;
  std::uint32_t sampleCount = 0;
  std::uint32_t payloadOffset = 0;
};

struct HaulSample {
  float depthMetres;
  float cableTensionKn;
};

struct BarrelRun {
  RunHeader header;
  std::vector<HaulSample> samples;
};

constexpr std::uint32_t kDrillheadMagic = 0x44524c48;

static RunHeader decodeHeader(int fd) {
  RunHeader hdr;
  const ssize_t got = ::pread(fd, &hdr, sizeof hdr, 0);
  if (got != static_cast<ssize_t>(sizeof hdr) || hdr.magic != kDrillheadMagic)
    throw std::runtime_error("drillhead log: bad header");
  return hdr;
}

class BarrelLogCursor {
public:
  explicit BarrelLogCursor(int fd) : fd_(fd) {}
  BarrelLogCursor(const BarrelLogCursor &) = delete;
  BarrelLogCursor &operator=(const BarrelLogCursor &) = delete;
  ~BarrelLogCursor() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  RunHeader readHeader() const { return decodeHeader(fd_); }

private:
  int fd_;
};

class BarrelLogView {
public:
  explicit BarrelLogView(int fd) : fd_(fd) {}
  RunHeader readHeader() const { return decodeHeader(fd_); }
  bool isCurrentFormat() const {
    return readHeader().payloadOffset >= sizeof(RunHeader);
  }

private:
  int fd_;
};

static int openRunLog(const std::string &path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    throw std::system_error(errno, std::generic_category(), "open " + path);
  return fd;
}

static void readSamples(int fd, BarrelRun &run) {
  run.samples.resize(run.header.sampleCount);
  const std::size_t bytes = run.samples.size() * sizeof(HaulSample);
  const ssize_t got =
      ::pread(fd, run.samples.data(), bytes, run.header.payloadOffset);
  if (got != static_cast<ssize_t>(bytes))
    throw std::runtime_error("drillhead log: truncated payload");
}

// Used by the depth board: the run number is all it needs.
std::uint32_t peekRunNumber(const std::string &path) {
  return BarrelLogCursor(openRunLog(path)).readHeader().runNumber;
}

BarrelRun loadBarrelRun(const std::string &path) {
  const int fd = openRunLog(path);
  BarrelRun run;
  run.header = BarrelLogCursor(fd).readHeader();
  run.samples.resize(run.header.sampleCount);
  const std::size_t bytes = run.samples.size() * sizeof(HaulSample);
  const ssize_t got = ::pread(fd, run.samples.data(), bytes, // BUG: use-after-close
                              run.header.payloadOffset);
  if (got != static_cast<ssize_t>(bytes))
    throw std::runtime_error("drillhead log: truncated payload");
  return run;
}

BarrelRun loadBarrelRunChecked(const std::string &path) {
  const int fd = openRunLog(path);
  BarrelRun run;
  try {
    if (!BarrelLogView(fd).isCurrentFormat())
      throw std::runtime_error("drillhead log: pre-2019 layout");
    run.header = BarrelLogView(fd).readHeader(); // OK
    readSamples(fd, run); // OK
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd); // OK
  return run;
}

std::vector<RunHeader> indexRuns(const std::vector<std::string> &paths) {
  std::vector<RunHeader> index;
  for (const std::string &p : paths) {
    const int fd = openRunLog(p);
    index.push_back(BarrelLogCursor(fd).readHeader());
    ::close(fd); // BUG: double-close
  }
  return index;
}

double maxTension(const BarrelRun &run) {
  double best = 0.0;
  for (const HaulSample &s : run.samples)
    if (s.cableTensionKn > best)
      best = s.cableTensionKn;
  return best;
}

} // namespace drillcamp
