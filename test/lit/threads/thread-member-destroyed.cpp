// Members are destroyed in reverse order of declaration. Past a std::thread
// member's destruction its task has ended: it was joined, or the joinable
// thread's destructor ended the program. A producer declared before the
// thread is closed by its destructor only after that, so it does not race
// with the thread; one declared after the thread is closed while the
// thread may still send on it.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 -pthread | FileCheck %s --implicit-check-not=warning:
#include <mutex>
#include <stdexcept>
#include <thread>

/// send() throws once closed; the destructor closes.
class TmdProducer {
public:
  // The close inside the callee is the note below the warning.
  ~TmdProducer() { close(); }
  void send(int v) {
    std::lock_guard<std::mutex> l(mu_);
    if (closed_)
      throw std::runtime_error("closed");
    sent_ += v;
  }
  void close() {
    std::lock_guard<std::mutex> l(mu_);
    closed_ = true;
  }
private:
  std::mutex mu_;
  bool closed_ = false;
  int sent_ = 0;
};

struct TmdThreadLast {
  TmdProducer producer;
  std::thread worker;
};

struct TmdThreadFirst {
  std::thread worker;
  TmdProducer producer;
};

void threadLast(bool wait) {
  TmdThreadLast early;
  early.worker = std::thread([&early] { early.producer.send(1); });
  if (wait)
    early.worker.join();
}

// CHECK: thread-member-destroyed.cpp:[[@LINE+2]]:18: warning: 'late.producer' is closed while a detached thread that uses it may still be running [errlint-close-while-in-use]
void threadFirst() {
  TmdThreadFirst late;
// CHECK: thread-member-destroyed.cpp:16:20: note: the destructor of 'late.producer' closes it here
  late.worker = std::thread([&late] { late.producer.send(1); });
  late.worker.detach();
}
