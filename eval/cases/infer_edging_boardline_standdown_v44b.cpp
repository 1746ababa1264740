// Ice edger of a rink fleet: the machine that trims the ice along the boards.
// EdgerHead wraps the descriptor of the edger's hydraulic valve block. Its
// close is park(): it sends the park command, closes the descriptor and is a
// no-op when the head is already parked. The use methods do not throw:
// lowerBlade() and feed() return false without writing when the head is
// parked.
// Bugs: endPass() retracts the blade (lowerBlade(0)) after parking the head, so
// the retract is never sent and the blade travels down; trimBoards() keeps
// trimming after trimSection() parked the head on a jam. resumeEdging() checks
// parked() first, and parking twice is harmless.
#include <cstdio>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

namespace rinkfleet {

class EdgerHead {
public:
  explicit EdgerHead(const char *valveBlock)
      : fd_(::open(valveBlock, O_RDWR | O_NOCTTY | O_CLOEXEC)) {}
  ~EdgerHead() { park(); } // OK: park() returns at once on a parked head
  EdgerHead(const EdgerHead &) = delete;
  EdgerHead &operator=(const EdgerHead &) = delete;

  bool lowerBlade(int depthMm) {
    if (fd_ < 0)
      return false;
    return command('L', depthMm);
  }
  bool feed(int mmPerSecond) {
    if (fd_ < 0)
      return false;
    return command('F', mmPerSecond);
  }
  void park() {
    if (fd_ < 0)
      return;
    command('P', 0);
    ::close(fd_);
    fd_ = -1;
  }
  bool parked() const { return fd_ < 0; }

private:
  bool command(char op, int arg) {
    char frame[16];
    int n = std::snprintf(frame, sizeof frame, "%c%d\n", op, arg);
    return ::write(fd_, frame, static_cast<size_t>(n)) == n;
  }
  int fd_;
};

constexpr int kFeedMmPerSecond = 120;

// Trims one board section; a jammed blade parks the head.
bool trimSection(EdgerHead &head, int depthMm) {
  if (!head.lowerBlade(depthMm)) { // SAME: jam
    head.park();
    return false;
  }
  return head.feed(kFeedMmPerSecond);
}

int trimBoards(EdgerHead &head, const std::vector<int> &sectionDepths) {
  int trimmed = 0;
  for (int depth : sectionDepths) {
    if (trimSection(head, depth)) // BUG: use-after-close #jam
      ++trimmed;
    else
      std::fprintf(stderr, "edger: section skipped\n");
  }
  return trimmed;
}

void endPass(EdgerHead &head, bool transport) {
  head.feed(0);
  head.park();
  if (transport)
    head.lowerBlade(0); // BUG: use-after-close
}

bool resumeEdging(EdgerHead &head, int depthMm) {
  if (head.parked())
    return false;
  return head.lowerBlade(depthMm) && head.feed(kFeedMmPerSecond); // OK: parked() checked
}

void shutDownEdger(EdgerHead &head) {
  endPass(head, false);
  head.park(); // OK: park() is idempotent, endPass() already parked the head
}

} // namespace rinkfleet
