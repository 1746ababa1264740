// Satellite ground station: command frames are uplinked through an
// UplinkChannel whose close() refuses to complete while frames are still
// unacknowledged by the spacecraft; the station retries the close during the
// pass and aborts the channel when the pass ends. The ranging log descriptor
// is closed once with its result checked and logged.
// Negative case: a failed UplinkChannel::close() leaves the channel open by
// contract, so retrying it and polling for acks in between is correct; the
// descriptor's close is never retried.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <stdexcept>
#include <string>
#include <thread>

// close() returns false and leaves the channel open while frames await
// acknowledgement; it may be called again. Once close() has returned true the
// channel is closed: send() throws std::logic_error, close() returns true
// without doing anything, abort() is a no-op. abort() drops unacknowledged
// frames and closes.
class UplinkChannel {
public:
  explicit UplinkChannel(std::string spacecraft) : spacecraft_(std::move(spacecraft)) {}

  void send(const std::string &frame) {
    if (closed_)
      throw std::logic_error("uplink closed: " + spacecraft_);
    unacked_.push_back(frame);
  }
  void pollAcks() {
    if (!closed_ && !unacked_.empty())
      unacked_.pop_front(); // one acknowledgement per poll interval
  }
  bool close() {
    if (closed_)
      return true;
    if (!unacked_.empty())
      return false;
    closed_ = true;
    return true;
  }
  void abort() {
    unacked_.clear();
    closed_ = true;
  }
  size_t pending() const { return unacked_.size(); }

private:
  std::string spacecraft_;
  std::deque<std::string> unacked_;
  bool closed_ = false;
};

bool drainAndClose(UplinkChannel &ch, std::chrono::steady_clock::time_point losTime) {
  while (!ch.close()) { // OK: a refused close leaves the channel open and may be repeated
    if (std::chrono::steady_clock::now() >= losTime)
      return false;
    ch.pollAcks(); // OK: the channel is still open after a refused close
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return true;
}

void closeRangingLog(int &fd) {
  if (fd < 0)
    return;
  if (::close(fd) != 0)
    std::fprintf(stderr, "ranging log close: %s (last samples may be lost)\n",
                 std::strerror(errno));
  fd = -1;
}

void runPass(UplinkChannel &ch, int rangingFd, const std::deque<std::string> &commands,
             std::chrono::seconds passLength) {
  auto los = std::chrono::steady_clock::now() + passLength;
  for (const std::string &cmd : commands) {
    ch.send(cmd);
    ::write(rangingFd, cmd.data(), cmd.size());
  }
  if (!ch.close()) {
    std::fprintf(stderr, "%zu frames unacknowledged, waiting\n", ch.pending());
    ch.send("NOOP-KEEPALIVE"); // OK: close() returned false, so the channel stayed open
  }
  if (!drainAndClose(ch, los)) {
    std::fprintf(stderr, "loss of signal with %zu frames pending\n", ch.pending());
    ch.abort(); // OK: drainAndClose() failed, the channel is still open
  }
  ch.close(); // OK: returns true without doing anything once closed
  closeRangingLog(rangingFd);
  closeRangingLog(rangingFd); // OK: fd was reset to -1 by the first call
}
