// A method that closes a member and opens it again under the lock its
// class's thread checks it under (`failover()`) leaves it open: the close is
// weighed in the method's own analysis against that thread, and its caller
// does not report it as a close racing the thread. A method that only closes
// (`retire()`) does race it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

class RenewChannel {
public:
  void renew() {
    if (closed_)
      throw std::runtime_error("renew on a closed channel");
  }
  void close() { closed_ = true; }
  void reopen(const std::string &Endpoint) {
    endpoint_ = Endpoint;
    closed_ = false;
  }
  bool isClosed() const { return closed_; }

private:
  std::string endpoint_;
  bool closed_ = false;
};

class RenewKeeper {
public:
  void start() {
    renewer_ = std::thread([this] {
      for (int I = 0; I < 100; ++I) {
        std::lock_guard<std::mutex> Lock(mu_);
        if (!channel_.isClosed())
          channel_.renew();
      }
    });
  }
  void failover(const std::string &Endpoint) {
    std::lock_guard<std::mutex> Lock(mu_);
    channel_.close();
    channel_.reopen(Endpoint);
  }
  void retire() {
    channel_.close();
    // The close inside the callee is the note below the warning.
  }
  void join() { renewer_.join(); }

private:
  std::mutex mu_;
  RenewChannel channel_;
  std::thread renewer_;
};

void failedOver() {
  RenewKeeper K;
  K.start();
  K.failover("lock-b:7400");
  K.join();
}

void retired() {
  RenewKeeper K;
  K.start();
  K.retire();
  // CHECK: reopen-in-callee.cpp:[[@LINE-1]]:5: warning: 'K.channel_' is closed while a thread that uses it may still be running [errlint-close-while-in-use]
  // CHECK: reopen-in-callee.cpp:48:14: note: 'retire' closes it here
  K.join();
}
