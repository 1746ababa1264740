// A method that closes and opens again (reopen() after logrotate) keeps
// the object in service, so it runs while the member thread another method
// started does: its close races with the thread's writes. A method that
// only closes may be a teardown step made after the join (not reported),
// and one that joins the thread first is serialized with it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <fstream>
#include <string>
#include <thread>

class Metrics {
public:
  void startReporter() {
    reporter_ = std::thread([this] {
      while (running_)
        out_ << "tick" << std::endl;
    });
  }
  void reopen() {
    // CHECK: reopen-races-member-thread.cpp:[[@LINE+1]]:10: warning: 'out_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
    out_.close();
    out_.open(path_, std::ios::app);
  }
  void reopenStopped() {
    running_ = false;
    if (reporter_.joinable())
      reporter_.join();
    out_.close();
    out_.open(path_, std::ios::app);
  }
  void closeFile() { out_.close(); }

private:
  std::string path_ = "metrics.log";
  std::ofstream out_{path_};
  bool running_ = true;
  std::thread reporter_;
};
