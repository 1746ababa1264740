// Network video recorder for surveillance cameras. Recorder writes encoded
// frames to a segment file through a POSIX descriptor:
//   pause()      frames are dropped, the file stays open (no-op once shut down)
//   resume()     undoes pause(); once shutdown() ran it is a no-op and does
//                NOT reopen the file
//   writeFrame() throws std::runtime_error("recorder shut down") after shutdown()
//   shutdown()   syncs and closes the descriptor; idempotent
// The night-shift loop shuts the recorder down when the disk runs low and
// then, on the next motion frame, calls resume() as if that reopened it.
// CameraChannel replaces a shut-down recorder instead.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <sys/statvfs.h>
#include <unistd.h>
#include <vector>

struct Frame {
  bool motion = false;
  std::string data;
};

class Recorder {
public:
  explicit Recorder(std::string path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0640);
    if (fd_ < 0)
      throw std::runtime_error("cannot open " + path_);
  }
  ~Recorder() { shutdown(); }
  Recorder(const Recorder &) = delete;
  Recorder &operator=(const Recorder &) = delete;

  void pause() {
    if (!shut_)
      paused_ = true;
  }
  void resume() {
    if (shut_)
      return;
    paused_ = false;
  }
  void writeFrame(const Frame &f) {
    if (shut_)
      throw std::runtime_error("recorder shut down: " + path_);
    if (paused_) {
      ++dropped_;
      return;
    }
    if (::write(fd_, f.data.data(), f.data.size()) < 0)
      ++errors_;
  }
  void shutdown() {
    if (shut_)
      return;
    shut_ = true;
    ::fsync(fd_);
    ::close(fd_);
  }
  bool isShutDown() const { return shut_; }

private:
  std::string path_;
  int fd_ = -1;
  bool paused_ = false;
  bool shut_ = false;
  long dropped_ = 0;
  long errors_ = 0;
};

class DiskMonitor {
public:
  explicit DiskMonitor(std::string mount, unsigned long long reserveBytes)
      : mount_(std::move(mount)), reserve_(reserveBytes) {}
  bool lowOnSpace() const {
    struct statvfs st {};
    if (::statvfs(mount_.c_str(), &st) != 0)
      return true;
    return static_cast<unsigned long long>(st.f_bavail) * st.f_frsize < reserve_;
  }

private:
  std::string mount_;
  unsigned long long reserve_;
};

class CameraChannel {
public:
  CameraChannel(std::string camera, std::string dir) : camera_(std::move(camera)), dir_(std::move(dir)) {}
  void onMotion(const Frame &f) {
    if (!rec_ || rec_->isShutDown())
      rec_ = std::make_unique<Recorder>(dir_ + "/" + camera_ + "-" + std::to_string(++segment_) + ".h264");
    rec_->resume();
    rec_->writeFrame(f); // OK: a shut-down recorder is replaced before use
  }
  void onIdle() {
    if (rec_)
      rec_->pause();
  }
  void onRetentionSweep() {
    if (rec_)
      rec_->shutdown();
  }

private:
  std::string camera_;
  std::string dir_;
  int segment_ = 0;
  std::unique_ptr<Recorder> rec_;
};

void nightShift(const std::vector<Frame> &frames, const DiskMonitor &disk) {
  Recorder rec("/nvr/cam-lobby/night.h264");
  for (const Frame &f : frames) {
    if (disk.lowOnSpace()) {
      rec.shutdown(); // keep what is on disk, stop growing the file
      std::fprintf(stderr, "nvr: disk low, lobby recording stopped\n");
    }
    if (!f.motion) {
      rec.pause(); // OK: pause() is a no-op after shutdown()
      continue;
    }
    rec.resume(); // OK: a no-op after shutdown(), not an error
    rec.writeFrame(f); // BUG: use-after-close
  }
} // OK: the destructor's shutdown() returns early when already shut down

int main() {
  DiskMonitor disk("/nvr", 2ull << 30);
  std::vector<Frame> frames = {{true, "\x47\x40\x11\x10"}, {false, ""}, {true, "\x47\x41\x01\x30"}};
  CameraChannel gate("cam-gate", "/nvr/cam-gate");
  for (const Frame &f : frames) {
    if (f.motion)
      gate.onMotion(f);
    else
      gate.onIdle();
    gate.onRetentionSweep();
  }
  try {
    nightShift(frames, disk);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "night shift: %s\n", e.what());
  }
  return 0;
}
