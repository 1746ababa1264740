// A member descriptor swapped for a fresh one under the mutex its readers
// hold, then the old number closed: a reader holding the mutex read either
// the old descriptor before the swap (and finished with it) or the fresh one
// after it, so the close of the old one races with no reader. A swap made
// without that mutex, or a reader that does not hold it, gives no such
// order: the close still races with the reader.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <fcntl.h>
#include <mutex>
#include <shared_mutex>
#include <thread>
#include <unistd.h>
#include <utility>

class ShadeTable {
public:
  explicit ShadeTable(int fd) : fd_(fd) {}
  int lookup(int at) const {
    std::shared_lock<std::shared_mutex> lock(m_);
    if (fd_ < 0)
      return -1;
    char c;
    return static_cast<int>(::pread(fd_, &c, 1, at));
  }
  int peek(int at) const {
    char c;
    return static_cast<int>(::pread(fd_, &c, 1, at));
  }
  void reload(const char *path) {
    int fresh = ::open(path, O_RDONLY);
    if (fresh < 0)
      return;
    std::unique_lock<std::shared_mutex> lock(m_);
    int stale = std::exchange(fd_, fresh);
    if (stale >= 0)
      ::close(stale);
  }
  void reloadLoosely(const char *path) {
    int fresh = ::open(path, O_RDONLY);
    if (fresh < 0)
      return;
    int stale = std::exchange(fd_, fresh);
    std::unique_lock<std::shared_mutex> lock(m_);
    if (stale >= 0)
      ::close(stale);
  }

private:
  mutable std::shared_mutex m_;
  int fd_;
};

int main() {
  ShadeTable a(3), b(4), c(5);
  std::thread ra([&a] { a.lookup(1); });
  a.reload("/srv/shades-b.bin");
  ra.join();

  std::thread rb([&b] { b.lookup(1); });
  // CHECK: :[[@LINE+1]]:5: warning: 'b.fd_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  b.reloadLoosely("/srv/shades-b.bin");
  rb.join();

  std::thread rc([&c] { c.peek(1); });
  // CHECK: :[[@LINE+1]]:5: warning: 'c.fd_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  c.reload("/srv/shades-b.bin");
  rc.join();
}
