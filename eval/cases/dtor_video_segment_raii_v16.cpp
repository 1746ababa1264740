// Video transcoding: the HLS packager writes each encoded segment through a
// SegmentFile (an RAII owner of a POSIX descriptor) and the playlist through a
// unique_ptr<FILE> with an fclose deleter.
// SegmentFile semantics: write() throws std::runtime_error once closed;
// close() is idempotent (it sets fd_ to -1); open() reopens a closed file;
// moving transfers the descriptor and leaves the source at -1; the destructor
// closes only a descriptor that is still open.
// Negative case: every close below happens exactly once and every use is on
// an open descriptor or stream: the destructors check fd_ / the unique_ptr,
// release() hands ownership away before the manual fclose, and moved-from or
// reopened objects are the only ones touched after a close.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

class SegmentFile {
public:
  SegmentFile() = default;
  explicit SegmentFile(const std::string &path) { open(path); }
  SegmentFile(SegmentFile &&other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  SegmentFile &operator=(SegmentFile &&other) noexcept {
    if (this != &other) {
      close();
      fd_ = other.fd_;
      other.fd_ = -1;
    }
    return *this;
  }
  SegmentFile(const SegmentFile &) = delete;
  SegmentFile &operator=(const SegmentFile &) = delete;
  ~SegmentFile() {
    if (fd_ >= 0)
      ::close(fd_);
  }

  void open(const std::string &path) {
    close();
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd_ < 0)
      throw std::runtime_error("cannot open segment " + path);
  }
  void write(const std::vector<unsigned char> &bytes) {
    if (fd_ < 0)
      throw std::runtime_error("segment closed");
    if (::write(fd_, bytes.data(), bytes.size()) < 0)
      throw std::runtime_error("segment write failed");
  }
  void close() {
    if (fd_ >= 0) {
      ::close(fd_);
      fd_ = -1;
    }
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_ = -1;
};

struct FcloseDeleter {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f);
  }
};
using PlaylistFile = std::unique_ptr<FILE, FcloseDeleter>;

static std::vector<unsigned char> encodeChunk(int index) {
  return std::vector<unsigned char>(188, static_cast<unsigned char>(index));
}

// The segment currently being filled is handed to the uploader by move.
static void uploadSegment(SegmentFile seg, int index) {
  seg.write(encodeChunk(index)); // OK: seg owns the moved-in descriptor
}

void packageRendition(const std::string &dir, int segments) {
  PlaylistFile playlist(std::fopen((dir + "/index.m3u8").c_str(), "w"));
  if (!playlist)
    return;
  std::fputs("#EXTM3U\n", playlist.get());

  SegmentFile seg;
  for (int i = 0; i < segments; ++i) {
    std::string name = dir + "/seg" + std::to_string(i) + ".ts";
    seg.open(name);
    seg.write(encodeChunk(i)); // OK: reopened at the top of every iteration
    seg.close();
    std::fprintf(playlist.get(), "#EXTINF:4.0,\nseg%d.ts\n", i);
  }
  seg.close(); // OK: close() is idempotent

  SegmentFile last(dir + "/tail.ts");
  last.write(encodeChunk(99));
  uploadSegment(std::move(last), 99);

  // The manifest writer takes the stream over and closes it itself.
  FILE *raw = playlist.release();
  std::fputs("#EXT-X-ENDLIST\n", raw);
  std::fclose(raw); // OK: released from the unique_ptr, its deleter will not run
} // OK: seg and last hold -1, playlist holds nullptr

void writeInitSegment(const std::string &dir) {
  SegmentFile init(dir + "/init.mp4");
  init.write(encodeChunk(0));
  init.close();
  init.open(dir + "/init-audio.mp4");
  init.write(encodeChunk(1)); // OK: init was reopened
} // OK: the destructor closes the reopened descriptor once

int main() {
  packageRendition("/tmp", 3);
  writeInitSegment("/tmp");
  return 0;
}
