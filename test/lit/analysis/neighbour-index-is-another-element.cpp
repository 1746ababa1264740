// `v[i + 1]` beside `v[i]`: while i is unchanged, an index offset from it by
// a constant is another element, so closing v[i] says nothing of v[i + 1];
// the same offset is the same element. Once i changes, no claim.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstddef>
#include <unistd.h>
#include <vector>

class Burner {
public:
  explicit Burner(int fd) : fd_(fd) {}
  int flame(int level) {
    if (fd_ < 0)
      return -1;
    return static_cast<int>(::write(fd_, &level, sizeof level));
  }
  void release() {
    if (fd_ >= 0)
      ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

void handOver(std::vector<Burner> &b, std::size_t s) {
  if (s + 1 >= b.size())
    return;
  b[s].release();
  b[s + 1].flame(3);
  b[1 + s].flame(2);
  b[s + 1].release();
  b[s + 1].flame(1);
  // CHECK: [[@LINE-1]]:12: warning: call to 'flame' on 'b[s + 1]' after it was closed
}

void previous(std::vector<Burner> &b, std::size_t s) {
  if (s == 0)
    return;
  b[s - 1].release();
  b[s].flame(4);
  b[s - 1].flame(4);
  // CHECK: [[@LINE-1]]:12: warning: call to 'flame' on 'b[s - 1]' after it was closed
}
