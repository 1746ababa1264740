// What a try's handlers do not catch leaves the function by an exception,
// not by a return: a close made on such a path is not a close the callers
// see after a normal return (`try { checkPart(c); } catch (std::runtime_error
// &) { c.send("ABORT"); return; }` returns normally only with c open: the
// handler's send throws once c is closed). And a callee's close on its way
// out by an exception (`join()` after the close may throw) is made only where
// its flag allowed it (`if (closed_) return;`), as its normal close is.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

class PartLink {
public:
  void send(const std::string &m) {
    if (closed_)
      throw std::runtime_error("part link closed: " + m);
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
};

[[noreturn]] void abortParts(PartLink &c) {
  c.close();
  throw std::runtime_error("upload aborted");
}

void checkPart(PartLink &c, int digest) {
  if (digest != 3)
    abortParts(c);
}

class PartUploader {
public:
  void resume(int digest);

private:
  PartLink link_;
};

void PartUploader::resume(int digest) {
  try {
    checkPart(link_, digest);
  } catch (const std::runtime_error &) {
    // CHECK: uncaught-by-try.cpp:[[@LINE+1]]:11: warning: call to 'send' on 'link_' that may have been closed
    link_.send("ABORT");
    return;
  }
  link_.send("DATA"); // OK: checkPart() returned, so it did not close
}

void resumeTwice(PartUploader &u) {
  u.resume(4);
  u.resume(3); // OK: resume() returns normally only with the link open
}

class BeatWorker {
public:
  explicit BeatWorker(int fd) : fd_(fd) {}
  void stop();

private:
  int fd_;
  std::mutex mu_;
  bool closed_ = false;
  std::thread thread_;
};

void BeatWorker::stop() {
  {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    ::close(fd_);
    closed_ = true;
  }
  if (thread_.joinable())
    thread_.join();
}

void stopTwice(int fd) {
  BeatWorker w(fd);
  w.stop();
  w.stop(); // OK: stop() returns early once closed_ is set
}
