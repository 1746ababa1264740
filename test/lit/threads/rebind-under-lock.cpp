// A close that rebinds the member before it releases the mutex it closed
// under (`fclose(out_); out_ = next;` of a log rotation) never leaves the
// member closed for a thread that uses it holding that mutex: rotating
// while the pump prints under the journal's lock is serialized. A thread
// that copied the pointer first and writes without the lock still races
// the close, and so does a rotation that releases the lock before it
// rebinds, or a shutdown that only closes.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>

class RotatingJournal {
public:
  explicit RotatingJournal(std::string path) : path_(std::move(path)) {
    out_ = std::fopen(path_.c_str(), "a");
  }
  void line(const char *text) {
    std::lock_guard<std::mutex> lock(mu_);
    std::fprintf(out_, "%s\n", text);
  }
  FILE *raw() const { return out_; }
  bool rotate() {
    std::lock_guard<std::mutex> lock(mu_);
    std::fclose(out_);
    FILE *next = std::fopen(path_.c_str(), "a");
    out_ = next ? next : stderr;
    return next != nullptr;
  }
  void rotateLoosely() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      std::fclose(out_);
    }
    std::lock_guard<std::mutex> lock(mu_);
    out_ = std::fopen(path_.c_str(), "a");
  }
  void shutdown() {
    std::lock_guard<std::mutex> lock(mu_);
    std::fclose(out_);
  }

private:
  std::mutex mu_;
  std::string path_;
  FILE *out_ = nullptr;
};

class JournalPump {
public:
  explicit JournalPump(RotatingJournal &journal) : journal_(journal) {}
  void start() {
    worker_ = std::thread([this] {
      for (int i = 0; i < 1000; ++i)
        journal_.line("tick");
    });
  }
  void rotateWhilePumping() {
    start();
    journal_.rotate();
    worker_.join();
  }
  void rotateLooselyWhilePumping() {
    start();
    journal_.rotateLoosely();
    // CHECK: [[@LINE-1]]:14: warning: 'journal_.out_' is closed while a thread that uses it may still be running
    worker_.join();
  }
  void shutdownWhilePumping() {
    start();
    journal_.shutdown();
    // CHECK: [[@LINE-1]]:14: warning: 'journal_.out_' is closed while a thread that uses it may still be running
    worker_.join();
  }
  ~JournalPump() {
    if (worker_.joinable())
      worker_.join();
  }

private:
  RotatingJournal &journal_;
  std::thread worker_;
};

// A pump that copies the stream pointer once and writes without the lock.
class RawPump {
public:
  explicit RawPump(RotatingJournal &journal) : journal_(journal) {}
  void start() {
    worker_ = std::thread([this] {
      FILE *out = journal_.raw();
      for (int i = 0; i < 1000; ++i)
        std::fputs("tick\n", out);
    });
  }
  void rotateWhilePumping() {
    start();
    journal_.rotate();
    // CHECK: [[@LINE-1]]:14: warning: 'journal_.out_' is closed while a thread that uses it may still be running
    worker_.join();
  }
  ~RawPump() {
    if (worker_.joinable())
      worker_.join();
  }

private:
  RotatingJournal &journal_;
  std::thread worker_;
};

// The same in one function: its thread flushes under mu_; rotating inline
// closes and rebinds under mu_ (quiet); closing inline only closes (a
// race), and so does rebinding after the lock was released.
class AuditLog {
public:
  void start() {
    flusher_ = std::thread([this] {
      for (int i = 0; i < 100; ++i) {
        std::lock_guard<std::mutex> lock(mu_);
        std::fflush(out_);
      }
    });
  }
  void rotateWhileFlushing(const char *path) {
    start();
    {
      std::lock_guard<std::mutex> lock(mu_);
      std::fclose(out_);
      out_ = std::fopen(path, "a");
    }
    flusher_.join();
  }
  void closeWhileFlushing() {
    start();
    {
      std::lock_guard<std::mutex> lock(mu_);
      std::fclose(out_);
      // CHECK: [[@LINE-1]]:7: warning: 'out_' is closed while a thread that uses it may still be running
    }
    flusher_.join();
  }
  void rebindAfterUnlock(const char *path) {
    start();
    std::unique_lock<std::mutex> lock(mu_);
    std::fclose(out_);
    // CHECK: [[@LINE-1]]:5: warning: 'out_' is closed while a thread that uses it may still be running
    lock.unlock();
    out_ = std::fopen(path, "a");
    flusher_.join();
  }

private:
  std::mutex mu_;
  FILE *out_ = nullptr;
  std::thread flusher_;
};
