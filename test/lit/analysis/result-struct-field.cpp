// A helper that closes only where it sets a field of the struct it returns
// (`outcome.aborted = true;` beside the close) says so through that field:
// a caller that returns when the field is set goes on with the object
// open. A caller that ignores the field, or goes on only where it is set,
// uses an object that may have been closed. Also for a struct built at the
// return (`return {true, errno};`) and for a field tested on the call
// itself.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <stdexcept>
#include <vector>

class KilnChannel {
public:
  void send(double v) {
    if (closed_)
      throw std::runtime_error("kiln channel closed");
    samples_.push_back(v);
  }
  void close() {
    if (closed_)
      throw std::logic_error("kiln channel already closed");
    closed_ = true;
  }

private:
  std::vector<double> samples_;
  bool closed_ = false;
};

struct FiringOutcome {
  bool aborted = false;
  double peak = 0.0;
};

FiringOutcome fireKiln(KilnChannel &ch, const std::vector<double> &temps) {
  FiringOutcome outcome;
  for (double t : temps) {
    ch.send(t);
    if (t > outcome.peak)
      outcome.peak = t;
    if (t > 1300.0) {
      ch.close();
      outcome.aborted = true;
      break;
    }
  }
  return outcome;
}

struct DrainResult {
  bool closed;
  int err;
};

DrainResult drainKiln(KilnChannel &ch, int pending) {
  if (pending < 0) {
    ch.close();
    return {true, EIO};
  }
  ch.send(pending);
  return {false, 0};
}

void glazeRun(KilnChannel &ch, const std::vector<double> &temps) {
  FiringOutcome r = fireKiln(ch, temps);
  if (r.aborted)
    return;
  ch.send(0.0);
}

void glazeRunIgnoring(KilnChannel &ch, const std::vector<double> &temps) {
  FiringOutcome r = fireKiln(ch, temps);
  ch.send(r.peak);
  // CHECK: [[@LINE-1]]:6: warning: call to 'send' on 'ch' that may have been closed
}

void glazeRunBackwards(KilnChannel &ch, const std::vector<double> &temps) {
  auto r = fireKiln(ch, temps);
  if (!r.aborted)
    return;
  ch.send(-1.0);
  // CHECK: [[@LINE-1]]:6: warning: call to 'send' on 'ch' {{.*}}closed
}

void drainThenSend(KilnChannel &ch, int pending) {
  DrainResult d = drainKiln(ch, pending);
  if (d.closed)
    return;
  ch.send(1.0);
}

void drainOnTheCall(KilnChannel &ch, int pending) {
  if (drainKiln(ch, pending).closed)
    return;
  ch.send(2.0);
}

void drainIgnoring(KilnChannel &ch, int pending) {
  drainKiln(ch, pending);
  ch.send(3.0);
  // CHECK: [[@LINE-1]]:6: warning: call to 'send' on 'ch' that may have been closed
}
