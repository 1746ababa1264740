// Public moth-night display: catches of sphinx, tiger and footman moths are
// read from the trap-side socket (TigerTrapSocket, an fd wrapper with valid())
// and pushed to the screens through SphinxScreenFeed (the project's own class:
// push() after close() throws "push on closed screen feed"); FootmanRelay
// forwards to the club website and converts to bool while it is open.
// Negative case: every use is behind a guard of a shape people write: a null /
// closed check with early return, a loop condition re-tested each iteration, a
// stored query with no close in between, a checked optional, an explicit
// operator bool, a state switch, and a flag tested under the closer's lock.
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>

class SphinxScreenFeed {
public:
  void push(const std::string &line);
  void close();
  bool closed() const;
};

class TigerTrapSocket {
public:
  explicit TigerTrapSocket(int fd) : fd_(fd) {}
  bool valid() const { return fd_ >= 0; }
  ssize_t read_some(char *buf, size_t n) { return ::read(fd_, buf, n); }
  void close() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

class FootmanRelay {
public:
  enum class State { Connecting, Open, Closed };
  explicit operator bool() const { return state_ == State::Open; }
  State state() const { return state_; }
  void forward(const std::string &line);
  void close() { state_ = State::Closed; }

private:
  State state_ = State::Connecting;
};

void show_catch(SphinxScreenFeed *feed, const std::string &species, int n) {
  if (!feed || feed->closed())
    return;
  feed->push(species + " x" + std::to_string(n)); // OK: null/closed check returned above
}

int pump_trap(TigerTrapSocket &sock, SphinxScreenFeed &feed) {
  char buf[128];
  int lines = 0;
  while (sock.valid()) {
    ssize_t n = sock.read_some(buf, sizeof buf); // OK: valid() is re-tested every iteration
    if (n <= 0) {
      sock.close();
      continue;
    }
    show_catch(&feed, std::string(buf, static_cast<size_t>(n)), 1);
    ++lines;
  }
  return lines;
}

void announce_lamp_off(SphinxScreenFeed &feed, FootmanRelay &relay) {
  const bool screens_up = !feed.closed();
  if (relay)
    relay.forward("lamp off"); // OK: explicit operator bool is true only while Open
  if (screens_up) {
    feed.push("Lamp off: last chance to see the moths"); // OK: stored query, nothing closed since
    feed.close();
  }
}

void relay_total(FootmanRelay &relay, int total) {
  switch (relay.state()) {
  case FootmanRelay::State::Open:
    relay.forward("total " + std::to_string(total)); // OK: only in the Open state
    break;
  case FootmanRelay::State::Connecting:
  case FootmanRelay::State::Closed:
    break;
  }
}

class SphinxSpareScreen {
public:
  void attach() { feed_.emplace(); }
  void detach() {
    if (feed_)
      feed_->close();
    feed_.reset();
  }
  void mirror(const std::string &line) {
    if (feed_)
      feed_->push(line); // OK: checked optional; detach() resets it after closing
  }

private:
  std::optional<SphinxScreenFeed> feed_;
};

class SphinxLockedScreen {
public:
  explicit SphinxLockedScreen(SphinxScreenFeed &feed) : feed_(feed) {}
  void post(const std::string &line) {
    std::scoped_lock lock(mutex_);
    if (closing_)
      return;
    feed_.push(line); // OK: closing_ is set and the feed closed under the same lock
  }
  void shut() {
    std::scoped_lock lock(mutex_);
    if (closing_)
      return;
    closing_ = true;
    feed_.close();
  }

private:
  std::mutex mutex_;
  SphinxScreenFeed &feed_;
  bool closing_ = false;
};
