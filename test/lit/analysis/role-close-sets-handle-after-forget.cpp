// A method of a class whose protocol is inferred (sendBlock() throws once
// the descriptor is gone) that closes the member descriptor and then sets
// it to -1 on its normal path leaves the member at -1: the destructor's
// `if (fd_ >= 0) ::close(fd_);` closes nothing after it. Where it throws
// before forgetting the descriptor, the handler's abort() closes it again.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

struct UploadError : std::runtime_error {
  explicit UploadError(int code) : std::runtime_error("upload"), code(code) {}
  int code;
};
int readReply(int fd);

class GaugeUpload {
public:
  explicit GaugeUpload(int fd) : fd_(fd) {}
  ~GaugeUpload() {
    if (fd_ >= 0)
      ::close(fd_);
  }
  void sendBlock(int b) {
    if (fd_ < 0)
      throw std::logic_error("upload finished");
    if (::send(fd_, &b, sizeof b, 0) != sizeof b)
      throw UploadError(426);
  }
  void finish() {
    const int code = readReply(fd_);
    ::close(fd_);
    if (code != 226)
      throw UploadError(code);
    fd_ = -1;
  }
  void abort() {
    if (fd_ < 0)
      return;
    ::close(fd_);
    fd_ = -1;
  }

private:
  int fd_;
};

void uploadAll(int fd, const std::vector<int> &blocks) {
  GaugeUpload up(fd);
  for (int b : blocks)
    up.sendBlock(b);
  up.finish();
}

void uploadThenAbort(int fd, const std::vector<int> &blocks) {
  GaugeUpload up(fd);
  for (int b : blocks)
    up.sendBlock(b);
  up.finish();
  up.abort();
}

void finishTwice(int fd, const std::vector<int> &blocks) {
  GaugeUpload up(fd);
  for (int b : blocks)
    up.sendBlock(b);
  up.finish();
  up.sendBlock(0);
  // CHECK: :[[@LINE-1]]:6: warning: call to 'sendBlock' on 'up' after it was closed
}
