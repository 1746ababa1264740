// A helper whose code is visible and which only calls methods on the
// object it takes by reference, none of them a close, reopen, use or query
// (`drainRemaining(q)` looping on `q.tryPop()`), leaves the object as it
// was: a push after it still follows the close. A helper that assigns the
// object a new value, or hands it to code errlint does not see, may have
// replaced it: nothing is reported after those.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <optional>
#include <stdexcept>
#include <vector>

template <typename T> class JobQueue {
public:
  void push(T V) {
    if (closed_)
      throw std::runtime_error("job queue closed");
    items_.push_back(V);
  }
  std::optional<T> tryPop() {
    if (items_.empty())
      return std::nullopt;
    T V = items_.back();
    items_.pop_back();
    return V;
  }
  void close() { closed_ = true; }

private:
  bool closed_ = false;
  std::vector<T> items_;
};

template <typename T> std::vector<T> drainJobs(JobQueue<T> &Q) {
  std::vector<T> Out;
  while (std::optional<T> I = Q.tryPop())
    Out.push_back(*I);
  return Out;
}

std::vector<int> drainInts(JobQueue<int> &Q) {
  std::vector<int> Out;
  while (std::optional<int> I = Q.tryPop())
    Out.push_back(*I);
  return Out;
}

void replaceQueue(JobQueue<int> &Q) { Q = JobQueue<int>(); }
void handOver(JobQueue<int> &Q);
void keepSomewhere(JobQueue<int> &Q, std::vector<JobQueue<int> *> &Kept) {
  Kept.push_back(&Q);
}

void drainedByTemplate(JobQueue<int> &Q) {
  Q.close();
  drainJobs(Q);
  Q.push(1);
  // CHECK: :[[@LINE-1]]:5: warning: call to 'push' on 'Q' after it was closed [errlint-use-after-close]
}

void drainedByFunction(JobQueue<int> &Q) {
  Q.close();
  drainInts(Q);
  Q.push(1);
  // CHECK: :[[@LINE-1]]:5: warning: call to 'push' on 'Q' after it was closed [errlint-use-after-close]
}

void replacedByHelper(JobQueue<int> &Q) {
  Q.close();
  replaceQueue(Q);
  Q.push(1);
}

void handedToUnknown(JobQueue<int> &Q) {
  Q.close();
  handOver(Q);
  Q.push(1);
}

void addressKept(JobQueue<int> &Q, std::vector<JobQueue<int> *> &Kept) {
  Q.close();
  keepSomewhere(Q, Kept);
  Q.push(1);
}
