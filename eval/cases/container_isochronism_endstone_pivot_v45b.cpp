// Isochronism rack in a chronometer workshop: every bench position has a
// contact microphone on its own descriptor, and the positions are kept in an
// intrusive doubly linked list (prev/next pointers inside the position). A
// position whose movement goes back for endstone or pivot work is unlinked
// before its microphone is closed and the node freed; a position that is
// only muted closes its microphone, sets micFd to -1 and stays linked, and
// every reader skips negative descriptors. Correct: no descriptor is read
// after it is closed and none is closed twice; the teardown walk saves next
// before freeing a node.
#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>

struct BenchPosition {
  int slot = 0;
  int micFd = -1;
  std::string movement;
  BenchPosition *prev = nullptr;
  BenchPosition *next = nullptr;
};

class IsochronismRack {
public:
  ~IsochronismRack() {
    BenchPosition *p = head_;
    while (p) {
      BenchPosition *next = p->next;
      if (p->micFd >= 0)
        ::close(p->micFd); // OK: muted positions hold -1
      delete p;
      p = next;
    }
  }

  bool mount(int slot, const std::string &movement, const char *dev) {
    int fd = ::open(dev, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
      return false;
    BenchPosition *p = new BenchPosition{slot, fd, movement, nullptr, head_};
    if (head_)
      head_->prev = p;
    head_ = p;
    return true;
  }

  void sendForRepair(int slot) {
    for (BenchPosition *p = head_; p; p = p->next) {
      if (p->slot != slot)
        continue;
      unlink(p);
      ::close(p->micFd);
      std::printf("slot %d: %s to the pivot bench\n", p->slot, p->movement.c_str());
      delete p;
      return;
    }
  }

  void mute(int slot) {
    for (BenchPosition *p = head_; p; p = p->next) {
      if (p->slot == slot && p->micFd >= 0) {
        ::close(p->micFd);
        p->micFd = -1;
      }
    }
  }

  int listen() {
    int beats = 0;
    char buf[512];
    for (BenchPosition *p = head_; p; p = p->next) {
      if (p->micFd < 0)
        continue;
      ssize_t n = ::read(p->micFd, buf, sizeof buf); // OK: repaired positions are unlinked, muted ones skipped
      if (n > 0)
        beats += static_cast<int>(n) / 64;
    }
    return beats;
  }

private:
  void unlink(BenchPosition *p) {
    if (p->prev)
      p->prev->next = p->next;
    else
      head_ = p->next;
    if (p->next)
      p->next->prev = p->prev;
    p->prev = p->next = nullptr;
  }

  BenchPosition *head_ = nullptr;
};

int main() {
  IsochronismRack rack;
  rack.mount(1, "Hamilton 21 #2E-4471", "/dev/benchmic1");
  rack.mount(2, "Mercer #20877", "/dev/benchmic2");
  rack.mount(3, "Kullberg #5183", "/dev/benchmic3");
  int before = rack.listen();
  rack.sendForRepair(2);
  rack.mute(3);
  rack.mute(3); // OK: the second mute finds micFd == -1
  int after = rack.listen();
  std::printf("beats %d -> %d\n", before, after);
  return 0;
}
