// A method that closes the stream a member points to and points the member
// at another one before it returns (`fclose(out_); out_ = next;` of a log
// rotation, under the lock its printer takes) leaves the member open: the
// window is the method's own, and the caller that rotates while the class's
// thread prints is not told of a close racing that thread. A method that
// only closes the stream (`shutdown()`) does race it.
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
  bool rotate() {
    std::lock_guard<std::mutex> lock(mu_);
    std::fclose(out_);
    FILE *next = std::fopen(path_.c_str(), "a");
    out_ = next ? next : stderr;
    return next != nullptr;
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
