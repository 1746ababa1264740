// Live camera feed from a light trap for pyralid, crambid and plume moths.
// CrambidFrameHub fans each frame out to the watchers' sockets, kept in a
// std::set<int>; drop() closes one watcher and erases it, drop_all() closes
// every socket at dawn. Recorded clips are FILE* kept in a std::deque and
// closed as they fill up.
// Mistakes: night_session() handles the dawn frame by calling drop_all() and
// `continue`-ing instead of breaking, so a calibration frame that arrives
// after dawn is broadcast to the closed sockets (drop_all() does not clear the
// set), and the final drop_all() after the loop closes them a second time.
#include <cstdio>
#include <deque>
#include <optional>
#include <set>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

struct PlumeFrame {
  std::vector<unsigned char> data;
  bool dawn = false;
};

class CrambidFrameHub {
public:
  void add(int fd) { watchers_.insert(fd); }
  void drop(int fd) {
    auto it = watchers_.find(fd);
    if (it == watchers_.end())
      return;
    ::close(*it);
    watchers_.erase(it);
  }
  void drop_all() {
    for (int fd : watchers_)
      ::close(fd); // SAME: final
  }
  void broadcast(const PlumeFrame &frame) {
    for (int fd : watchers_)
      if (::send(fd, frame.data.data(), frame.data.size(), MSG_NOSIGNAL) < 0) // SAME: lateframe
        ++send_failures_; // dead watchers are dropped by the event loop on hang-up
  }

private:
  std::set<int> watchers_;
  unsigned long send_failures_ = 0;
};

class PyralidFrameSource {
public:
  explicit PyralidFrameSource(std::deque<PlumeFrame> frames) : frames_(std::move(frames)) {}
  std::optional<PlumeFrame> next() {
    if (frames_.empty())
      return std::nullopt;
    PlumeFrame f = std::move(frames_.front());
    frames_.pop_front();
    return f;
  }

private:
  std::deque<PlumeFrame> frames_;
};

void night_session(CrambidFrameHub &hub, PyralidFrameSource &src) {
  while (std::optional<PlumeFrame> frame = src.next()) {
    if (frame->dawn) {
      hub.drop_all(); // dawn: the lamp goes off, stop streaming
      continue;
    }
    hub.broadcast(*frame); // BUG: use-after-close #lateframe
  }
  hub.drop_all(); // BUG: double-close #final
}

void record_clips(std::deque<FILE *> &clips, const std::vector<PlumeFrame> &frames, std::size_t per_clip) {
  std::size_t in_clip = 0;
  for (const PlumeFrame &f : frames) {
    if (clips.empty())
      return;
    std::fwrite(f.data.data(), 1, f.data.size(), clips.front()); // OK: a full clip is popped right after its close
    if (++in_clip == per_clip) {
      std::fclose(clips.front());
      clips.pop_front();
      in_clip = 0;
    }
  }
}

void discard_clips(std::deque<FILE *> &clips) {
  for (FILE *f : clips)
    std::fclose(f);
  clips.clear();
}

void dawn_cleanup(std::deque<FILE *> &clips) {
  discard_clips(clips);
  record_clips(clips, {PlumeFrame{}}, 1); // OK: discard_clips() emptied the deque
}

// The (single-threaded) event loop reports a hang-up twice when it sees both
// EPOLLHUP and a zero-length read() for the same watcher.
void on_watcher_hangup(CrambidFrameHub &hub, int fd, bool hup, bool eof) {
  if (hup)
    hub.drop(fd);
  if (eof)
    hub.drop(fd); // OK: a first drop() erased it, so this one finds nothing
}
