// Optical soundtrack densitometry on a film scanner. A TrackReader streams
// the scanned soundtrack area of a reel from its capture file in blocks;
// it closes itself when the track runs out, and reading a closed reader
// throws. The densitometry pass reads until the reader reports closed; the
// leader check skips the leader (stopping at end of file) and rewinds; the
// tail sampler and the re-scan are lambdas that decide, through a flag in
// their capture, whether the reader may still be read.
#include <cstdio>
#include <stdexcept>
#include <string>

class TrackReader {
public:
  explicit TrackReader(const std::string &path) : f_(std::fopen(path.c_str(), "rb")) {}
  ~TrackReader() { close(); }
  TrackReader(const TrackReader &) = delete;
  TrackReader &operator=(const TrackReader &) = delete;

  size_t readBlock(unsigned char *buf, size_t n) {
    if (!f_)
      throw std::runtime_error("track reader closed, cannot read");
    return std::fread(buf, 1, n, f_);
  }
  void rewind() {
    if (!f_)
      throw std::runtime_error("track reader closed, cannot rewind");
    std::rewind(f_);
  }
  void close() {
    if (f_) {
      std::fclose(f_);
      f_ = nullptr;
    }
  }
  bool isOpen() const { return f_ != nullptr; }
  bool atEnd() const { return f_ && std::feof(f_); }
  explicit operator bool() const { return isOpen(); }

private:
  FILE *f_;
};

struct DensityReport {
  double meanDensity = 0.0;
  long blocks = 0;
};

void skipLeader(TrackReader &reader, int blocks) {
  unsigned char buf[2048];
  while (!reader.atEnd() && blocks-- > 0) {
    if (reader.readBlock(buf, sizeof buf) < sizeof buf) // BUG: use-after-close
      reader.close();
  }
}

void measureDensity(TrackReader &reader, DensityReport &rep) {
  unsigned char buf[4096];
  double sum = 0.0;
  do {
    size_t n = reader.readBlock(buf, sizeof buf); // OK: the loop condition checks isOpen()
    for (size_t i = 0; i < n; ++i)
      sum += buf[i] / 255.0 * 3.0;
    rep.blocks += 1;
    rep.meanDensity = sum / (static_cast<double>(rep.blocks) * sizeof buf);
    if (n < sizeof buf)
      reader.close();
  } while (reader.isOpen());
}

bool leaderIntact(TrackReader &reader) {
  if (!reader)
    return false;
  skipLeader(reader, 8);
  if (!!reader) {
    reader.rewind(); // OK: only while the reader is open
    return true;
  }
  return false;
}

size_t scanReel(TrackReader &reader, DensityReport &rep) {
  if (!reader)
    return 0;
  auto sampleTail = [open = reader.isOpen(), &reader](unsigned char *buf, size_t n) {
    return open ? reader.readBlock(buf, n) : 0; // SAME: staletail
  };
  measureDensity(reader, rep);
  unsigned char tail[64];
  return sampleTail(tail, sizeof tail); // BUG: use-after-close #staletail
}

size_t rescanReel(TrackReader &reader, DensityReport &rep) {
  if (!reader)
    return 0;
  measureDensity(reader, rep);
  auto rescan = [live = static_cast<bool>(reader), &reader](unsigned char *buf, size_t n) {
    return live ? reader.readBlock(buf, n) : 0; // OK: flag captured after the pass closed the reader
  };
  unsigned char tail[64];
  return rescan(tail, sizeof tail);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  DensityReport rep;
  try {
    TrackReader reader(argv[1]);
    if (leaderIntact(reader))
      scanReel(reader, rep);
    TrackReader again(argv[1]);
    rescanReel(again, rep);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  std::printf("%ld blocks, mean density %.2f\n", rep.blocks, rep.meanDensity);
  return 0;
}
