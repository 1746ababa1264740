// A class template's protocol is read from the template's own code and
// holds for every instantiation: Queue<int> and Queue<std::string> refuse
// put() once closed.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <vector>

template <class T> class Queue {
public:
  void put(T V) {
    if (closed_)
      throw std::runtime_error("queue is closed");
    items_.push_back(std::move(V));
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::vector<T> items_;
  bool closed_ = false;
};

// Positive: each instantiation.
void ints(Queue<int> &Q) {
  Q.close();
  // CHECK: templates.cpp:[[@LINE+2]]:5: warning: call to 'put' on 'Q' after it was closed
  // CHECK: note: errlint inferred the protocol of 'Queue': 'close()' closes it
  Q.put(1);
}
void strings(Queue<std::string> &Q) {
  Q.close();
  // CHECK: templates.cpp:[[@LINE+1]]:5: warning: call to 'put' on 'Q' after it was closed
  Q.put("a");
}
// Negative: guarded, and another instance.
void guarded(Queue<int> &Q, Queue<int> &Other) {
  Q.close();
  Other.put(2);
  if (!Q.isClosed())
    Q.put(3);
}
