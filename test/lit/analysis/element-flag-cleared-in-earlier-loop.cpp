// A method that closes some elements' descriptors in one range-for and
// clears each closed element's flag, then visits every element in a second
// loop: what the close said of the closed element's own flag survives the
// second loop's visit of other elements, so a later method that skips
// elements whose flag is clear does not use a closed one. A second loop
// that does not test the flag still reads a closed element.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <unistd.h>
#include <vector>

struct SounderHead {
  int fd;
  bool live;
  int silentPings;
};

class SounderBank {
public:
  void retireQuiet();
  void sweepCounts();
  void pingLive();
  void pingEvery();

private:
  std::vector<SounderHead> heads_;
};

void SounderBank::retireQuiet() {
  for (SounderHead &h : heads_) {
    if (h.silentPings > 4) {
      ::close(h.fd);
      h.live = false;
    }
  }
  for (SounderHead &h : heads_)
    if (h.live)
      h.silentPings = 0;
}

void SounderBank::sweepCounts() {
  for (SounderHead &h : heads_) {
    if (h.silentPings > 4) {
      ::close(h.fd);
      h.live = false;
    }
  }
  for (SounderHead &h : heads_) {
    char c;
    // CHECK: [[@LINE+1]]:5: warning: call to 'read' on 'h.fd' that may have been closed [errlint-use-after-close]
    ::read(h.fd, &c, 1);
  }
}

void SounderBank::pingLive() {
  for (SounderHead &h : heads_) {
    if (!h.live)
      continue;
    ::write(h.fd, "P", 1);
  }
}

void survey(SounderBank &bank, int rounds) {
  for (int i = 0; i < rounds; ++i) {
    bank.pingLive();
    bank.retireQuiet();
  }
}
