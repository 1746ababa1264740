// Media packager for HLS: each segment has one output descriptor per track
// (video renditions plus one audio track), kept in a std::vector<int>.
// cutSegment() syncs and closes every descriptor of the current segment and
// then publishes the playlist; abortSegment() closes whatever descriptors the
// segment holds and deletes the files. When publishing fails, cutSegment()
// falls back to abortSegment() before it cleared the vector, so the same
// descriptors are closed twice. finish() caches the audio descriptor before
// the last cut and writes the leftover audio to it afterwards.
#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

struct Packet {
  size_t track = 0;
  bool keyframe = false;
  double pts = 0;
  std::string data;
};

static bool writeFully(int fd, const std::string &data) {
  size_t off = 0;
  while (off < data.size()) {
    ssize_t n = ::write(fd, data.data() + off, data.size() - off); // SAME: tail_audio
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return false;
    off += static_cast<size_t>(n);
  }
  return true;
}

class HlsPackager {
public:
  HlsPackager(std::string dir, size_t tracks, double targetSeconds)
      : dir_(std::move(dir)), tracks_(tracks), target_(targetSeconds) {}

  void start() { openSegment(0); }

  void onPacket(const Packet &p) {
    if (p.keyframe && p.pts - segmentStart_ >= target_) {
      cutSegment();
      openSegment(p.pts);
    }
    writeFully(fds_.at(p.track), p.data); // OK: fds_ holds the descriptors of the freshly opened segment
  }

  void queueAudioTail(const std::string &samples) { audioTail_ += samples; }

  void finish() {
    const int audioFd = fds_.back();
    cutSegment();
    if (!audioTail_.empty())
      writeFully(audioFd, audioTail_); // BUG: use-after-close #tail_audio
    abortSegment(); // OK: after a successful cut fds_ is empty, nothing is closed
  }

private:
  std::string segmentPath(size_t track) const {
    return dir_ + "/seg" + std::to_string(segmentIndex_) + "_t" + std::to_string(track) + ".ts";
  }

  void openSegment(double pts) {
    segmentStart_ = pts;
    for (size_t t = 0; t < tracks_; ++t)
      fds_.push_back(::open(segmentPath(t).c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644));
  }

  bool publishPlaylist() {
    FILE *m3u8 = std::fopen((dir_ + "/index.m3u8").c_str(), "a");
    if (!m3u8)
      return false;
    std::fprintf(m3u8, "#EXTINF:%.3f,\nseg%d.ts\n", target_, segmentIndex_);
    return std::fclose(m3u8) == 0;
  }

  void cutSegment() {
    for (int fd : fds_) {
      ::fsync(fd);
      ::close(fd);
    }
    if (!publishPlaylist()) {
      abortSegment(); // BUG: double-close #abort_after_cut
      return;
    }
    fds_.clear();
    ++segmentIndex_;
  }

  void abortSegment() {
    for (size_t t = 0; t < fds_.size(); ++t) {
      ::close(fds_[t]); // SAME: abort_after_cut
      ::unlink(segmentPath(t).c_str());
    }
    fds_.clear();
  }

  std::string dir_;
  size_t tracks_;
  double target_;
  double segmentStart_ = 0;
  int segmentIndex_ = 0;
  std::vector<int> fds_;
  std::string audioTail_;
};

int main() {
  HlsPackager packager("/srv/live/channel-7", 3, 6.0);
  packager.start();
  for (int i = 0; i < 400; ++i) {
    Packet p;
    p.track = static_cast<size_t>(i % 3);
    p.keyframe = (i % 60) == 0;
    p.pts = i / 25.0;
    p.data = std::string(188, '\x47');
    packager.onPacket(p);
  }
  packager.queueAudioTail(std::string(376, '\x47'));
  packager.finish();
  return 0;
}
