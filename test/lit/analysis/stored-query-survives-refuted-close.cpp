// A stored query (`const bool ok = peer->alive();`) taken before a helper
// that closes the line only when it returns true: on the branch where the
// helper returned false the close did not happen, and the stored query
// still tells (`if (ok) peer->transmit(...)`), so the method makes no use
// of a line the caller closed, and a caller looping over it is quiet. A
// call that ignores the helper's result leaves the query stale.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
#include <unistd.h>
class FanPeerLine {
public:
  void transmit(const std::string &s) {
    if (fd_ < 0) throw std::runtime_error("peer line closed");
    ::write(fd_, s.data(), s.size());
  }
  void close() { if (fd_ >= 0) ::close(fd_); fd_ = -1; }
  bool alive() const { return fd_ >= 0; }
private:
  int fd_ = -1;
};
bool isolateIfSilent(FanPeerLine &l, long silent, long limit) {
  if (silent <= limit) return false;
  l.close();
  return true;
}
class DelayFan {
public:
  void publishLive(long silent) {
    for (auto &peer : peers_) {
      const bool ok = peer->alive();
      if (ok && isolateIfSilent(*peer, silent, limit_))
        continue;
      if (ok)
        peer->transmit("frame");
    }
  }
  void heartbeat() {
    for (auto &peer : peers_) {
      if (!peer->alive())
        continue;
      peer->transmit("PING");
    }
  }
  std::vector<std::shared_ptr<FanPeerLine>> peers_;
  long limit_ = 30;
};
void observe(DelayFan &fan, int scans) {
  for (int i = 0; i < scans; ++i)
    fan.publishLive(i);
}

void stale(FanPeerLine &line, long silent) {
  const bool ok = line.alive();
  isolateIfSilent(line, silent, 30);
  if (ok)
    line.transmit("frame");
  // CHECK: [[@LINE-1]]:10: warning: call to 'transmit' on 'line' that may have been closed
}
