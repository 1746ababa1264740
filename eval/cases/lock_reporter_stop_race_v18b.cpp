// Background reporters that write status lines to a descriptor (a pipe to a
// log collector) from their own worker thread and close it in stop().
// PipeReporter checks its stopping_ flag and writes while holding the mutex
// that stop() holds when it sets the flag and closes the descriptor, so a
// write can never hit a closed descriptor. SpillReporter checks an atomic flag
// without the lock, and TraceReporter copies the descriptor under the lock but
// writes after releasing it; in both, stop() can close the descriptor between
// the check and the write.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

class PipeReporter {
public:
  explicit PipeReporter(int fd) : fd_(fd) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
      close(fd_); // OK: the worker only writes under mu_ after checking stopping_
    }
    worker_.join();
  }

private:
  void run() {
    for (int tick = 0;; ++tick) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_)
          return;
        std::string line = "pipe tick " + std::to_string(tick) + "\n";
        write(fd_, line.data(), line.size()); // OK: checked and written under the closer's mutex
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  std::mutex mu_;
  bool stopping_ = false;
  int fd_;
  std::thread worker_;
};

class SpillReporter {
public:
  explicit SpillReporter(int fd) : fd_(fd) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void stop() {
    stopping_ = true;
    close(fd_); // SAME: spillrace
    worker_.join();
  }

private:
  void run() {
    for (int tick = 0; !stopping_; ++tick) {
      std::string line = "spill tick " + std::to_string(tick) + "\n";
      write(fd_, line.data(), line.size()); // BUG: use-after-close #spillrace
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  std::atomic<bool> stopping_{false};
  int fd_;
  std::thread worker_;
};

class TraceReporter {
public:
  explicit TraceReporter(int fd) : fd_(fd) {}
  void start() { worker_ = std::thread([this] { run(); }); }
  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
      close(fd_); // SAME: tracerace
    }
    worker_.join();
  }

private:
  void run() {
    for (int tick = 0;; ++tick) {
      int fd;
      {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_)
          return;
        fd = fd_;
      }
      std::string line = "trace tick " + std::to_string(tick) + "\n";
      write(fd, line.data(), line.size()); // BUG: use-after-close #tracerace
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  std::mutex mu_;
  bool stopping_ = false;
  int fd_;
  std::thread worker_;
};

int main() {
  int p1[2], p2[2], p3[2];
  if (pipe(p1) != 0 || pipe(p2) != 0 || pipe(p3) != 0)
    return 1;

  PipeReporter pipeRep(p1[1]);
  SpillReporter spillRep(p2[1]);
  TraceReporter traceRep(p3[1]);
  pipeRep.start();
  spillRep.start();
  traceRep.start();

  std::this_thread::sleep_for(std::chrono::milliseconds(50));

  pipeRep.stop();
  spillRep.stop();
  traceRep.stop();
  close(p1[0]);
  close(p2[0]);
  close(p3[0]);
  return 0;
}
