// Hydrographic survey launch carrying several echo-sounder heads, each on its
// own serial port. SoundingArray pings every head along a survey line, retires
// heads that stop answering and hands a retired head's sweep to its neighbour.
// Heads are kept in a std::vector; a closed head stays in it with open=false
// until retireSilent() erases it.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <vector>

struct EchoHead {
  std::string name; // "port-wing", "keel", "stbd-wing"
  int fd;
  int missedPings;
  bool open;
};

class SoundingArray {
public:
  bool addHead(const std::string &name, const char *tty) {
    int fd = ::open(tty, O_RDWR | O_NOCTTY);
    if (fd < 0)
      return false;
    heads_.push_back({name, fd, 0, true});
    return true;
  }
  ~SoundingArray() {
    for (EchoHead &h : heads_)
      if (h.open)
        ::close(h.fd);
  }

  void pollDepths(std::vector<double> &depths);
  void retireSilent();
  void pingAll();
  void handOverSweep(std::size_t failed);
  void barCheckKeel(double barDepth);

private:
  static constexpr int kMaxMissed = 5;
  std::vector<EchoHead> heads_;
};

void SoundingArray::pollDepths(std::vector<double> &depths) {
  for (EchoHead &h : heads_) {
    if (h.missedPings >= kMaxMissed) {
      std::fprintf(stderr, "%s: no echo, closing\n", h.name.c_str());
      ::close(h.fd);
      h.open = false;
    }
  }
  for (EchoHead &h : heads_) {
    char reply[32] = {};
    ssize_t n = ::read(h.fd, reply, sizeof reply - 1); // BUG: use-after-close
    if (n <= 0) {
      ++h.missedPings;
      continue;
    }
    h.missedPings = 0;
    depths.push_back(std::strtod(reply, nullptr));
  }
}

void SoundingArray::retireSilent() {
  for (auto it = heads_.begin(); it != heads_.end();) {
    if (!it->open || it->missedPings >= kMaxMissed) {
      if (it->open)
        ::close(it->fd);
      it = heads_.erase(it);
    } else {
      ++it;
    }
  }
}

void SoundingArray::pingAll() {
  for (EchoHead &h : heads_) {
    if (!h.open)
      continue;
    if (::write(h.fd, "P\n", 2) != 2) // OK: closed heads are skipped
      ++h.missedPings;
  }
}

void SoundingArray::handOverSweep(std::size_t failed) {
  if (failed >= heads_.size())
    return;
  if (!heads_[failed].open)
    return;
  ::close(heads_[failed].fd);
  heads_[failed].open = false;
  std::size_t neighbour = failed + 1 < heads_.size() ? failed + 1 : failed - 1;
  if (neighbour >= heads_.size() || !heads_[neighbour].open)
    return;
  ::write(heads_[neighbour].fd, "WIDE\n", 5); // OK: a different head
}

void SoundingArray::barCheckKeel(double barDepth) {
  if (heads_.empty())
    return;
  EchoHead keel = heads_.front();
  retireSilent();
  ::dprintf(keel.fd, "BAR %.2f\n", barDepth); // BUG: use-after-close
}

void surveyLine(SoundingArray &array, int pings, std::vector<double> &depths) {
  for (int i = 0; i < pings; ++i) {
    array.pingAll();
    array.pollDepths(depths);
    if (i % 10 == 9)
      array.retireSilent();
  }
  array.retireSilent();
  array.pingAll(); // OK: retireSilent() erased every head it closed
}
