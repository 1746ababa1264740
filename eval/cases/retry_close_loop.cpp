// A listener's teardown closes its descriptors in the loop-until-not-EINTR
// idiom: the loop repeats only while close() fails with EINTR (negative
// case: no double close is counted).
#include <cerrno>
#include <unistd.h>

class Listener {
public:
  Listener(int listenFd, int wakeFd) : listenFd_(listenFd), wakeFd_(wakeFd) {}

  void teardown() {
    while (::close(listenFd_) == -1 && errno == EINTR) { // OK
    }
    int rc;
    do {
      rc = ::close(wakeFd_); // OK
    } while (rc == -1 && errno == EINTR);
    listenFd_ = wakeFd_ = -1;
  }

private:
  int listenFd_;
  int wakeFd_;
};
