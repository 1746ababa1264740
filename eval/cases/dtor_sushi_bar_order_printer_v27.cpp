// Kitchen ticket printing for a sushi bar. Orders from the counter tablets
// are printed on the itamae's thermal printer (a character device speaking
// ESC/POS); takeaway orders are handed to the packing station's spooler,
// which keeps the descriptor open until the bag label is printed. Cleanup is
// done with scope guards so that early returns do not leak descriptors.
#include <cstring>
#include <fcntl.h>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

template <class F> class ScopeExit {
public:
  explicit ScopeExit(F f) : f_(std::move(f)) {}
  ScopeExit(const ScopeExit &) = delete;
  ScopeExit &operator=(const ScopeExit &) = delete;
  ~ScopeExit() {
    if (active_)
      f_();
  }
  void dismiss() { active_ = false; }

private:
  F f_;
  bool active_ = true;
};

template <class F> ScopeExit<F> makeScopeExit(F f) { return ScopeExit<F>(std::move(f)); }

static const char kInit[] = "\x1b@";
static const char kCut[] = "\x1dV\x01";

struct OrderLine {
  std::string item;
  int qty;
  std::string note;
};

static bool writeAll(int fd, const std::string &s) {
  std::size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n <= 0)
      return false;
    off += static_cast<std::size_t>(n);
  }
  return true;
}

bool printTicket(const char *device, int seat, const std::vector<OrderLine> &lines) {
  int fd = ::open(device, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  auto closer = makeScopeExit([&fd] { ::close(fd); }); // BUG: double-close
  if (!writeAll(fd, kInit) || !writeAll(fd, "SEAT " + std::to_string(seat) + "\n"))
    return false;
  for (const OrderLine &l : lines) {
    std::string row = std::to_string(l.qty) + " x " + l.item + "\n";
    if (!l.note.empty())
      row += "   (" + l.note + ")\n";
    if (!writeAll(fd, row)) {
      ::close(fd);
      return false;
    }
  }
  return writeAll(fd, kCut); // OK
}

bool reprintTicket(const char *device, const std::string &saved) {
  int fd = ::open(device, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  auto cut = makeScopeExit([&fd] { ::write(fd, kCut, std::strlen(kCut)); }); // BUG: use-after-close
  bool ok = writeAll(fd, kInit) && writeAll(fd, "** REPRINT **\n") && writeAll(fd, saved);
  ::close(fd);
  return ok;
}

class PackingSpooler {
public:
  ~PackingSpooler() {
    for (int fd : fds_)
      ::close(fd);
  }
  void adopt(int fd) { fds_.push_back(fd); }
  void labelAll(const std::string &label) {
    for (int fd : fds_)
      writeAll(fd, label); // OK
  }

private:
  std::vector<int> fds_;
};

bool printTakeaway(const char *device, int orderNo, PackingSpooler &spooler) {
  int fd = ::open(device, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  auto closer = makeScopeExit([fd] { ::close(fd); }); // OK
  if (!writeAll(fd, kInit) || !writeAll(fd, "TAKEAWAY " + std::to_string(orderNo) + "\n"))
    return false;
  closer.dismiss();
  spooler.adopt(fd);
  return true;
}

bool testPrint(const char *device) {
  int fd = ::open(device, O_WRONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  auto closer = makeScopeExit([&fd] {
    if (fd >= 0)
      ::close(fd); // OK
  });
  bool ok = writeAll(fd, kInit) && writeAll(fd, "test page\n");
  ::close(fd);
  fd = -1;
  return ok;
}
