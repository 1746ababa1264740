// A closer that sets its flag under mu_, lets mu_ go (to join a writer),
// and closes in a later critical section of mu_ is serialized with a worker
// that tests the flag under mu_ and uses the file while holding it: the
// worker's use either came before the set, so before the close, or sees
// the flag. One that closes first and sets the flag in a later critical
// section is not.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <mutex>
#include <thread>

class Logbook {
public:
  explicit Logbook(const char *path) : file_(std::fopen(path, "a")) {}
  void flushNow() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    std::fflush(file_);
  }
  void close() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_)
        return;
      closed_ = true;
    }
    std::lock_guard<std::mutex> lk(mu_);
    std::fclose(file_);
  }
  void closeThenMark() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      if (closed_)
        return;
      std::fclose(file_);
    }
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }

private:
  std::mutex mu_;
  FILE *file_;
  bool closed_ = false;
};

void watch(const char *path) {
  Logbook book(path);
  std::thread deck([&book] { book.flushNow(); });
  book.close();
  deck.join();
}

void watchBadly(const char *path) {
  Logbook book(path);
  std::thread deck([&book] { book.flushNow(); });
  book.closeThenMark();
  // CHECK: [[@LINE-1]]:8: warning: 'book.file_' is closed while a thread that uses it may still be running
  deck.join();
}
