// A flag that only forbids is the end of an object's use whatever the method
// that sets it is called: settle() sets settled_, charge() and settle()
// itself throw once it is set, and nothing needs it set. A flag some method
// needs set (`if (!started_) throw`) is a step of a lifecycle: start() is
// not a close, and no use of TsbPipeline is reported; nor is one a method named
// as a beginning sets (TsbJob::start(), though its flag only forbids).
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <vector>

class TsbBerthTab {
public:
  void charge(long Cents) {
    if (Settled)
      throw std::logic_error("berth tab already settled");
    Total += Cents;
  }
  long settle() {
    if (Settled)
      throw std::logic_error("berth tab settled twice");
    Settled = true;
    return Total;
  }
  bool settled() const { return Settled; }

private:
  long Total = 0;
  bool Settled = false;
};

class TsbPipeline {
public:
  void addStage(const std::string &S) {
    if (Started)
      throw std::logic_error("pipeline already started");
    Stages.push_back(S);
  }
  void push(const std::string &Item) {
    if (!Started)
      throw std::logic_error("pipeline not started");
    Items.push_back(Item);
  }
  void start() { Started = true; }

private:
  std::vector<std::string> Stages, Items;
  bool Started = false;
};

class TsbJob {
public:
  void start() { Started = true; }
  void setThreads(int N) {
    if (Started)
      throw std::logic_error("cannot configure a started job");
    Threads = N;
  }

private:
  bool Started = false;
  int Threads = 1;
};

void tsbConfigureLate(TsbJob &J) {
  J.start();
  J.setThreads(4);
}

long tsbLateFee(TsbBerthTab &Tab, bool Late) {
  long Due = Tab.settle();
  if (Late)
    // CHECK: terminal-state-by-code.cpp:[[@LINE+1]]:9: warning: call to 'charge' on 'Tab' after it was closed
    Tab.charge(3000);
  return Due;
}

long tsbSettleTwice(TsbBerthTab &Tab, bool Offline) {
  long Sum = 0;
  if (Offline)
    Sum += Tab.settle();
  // CHECK: terminal-state-by-code.cpp:[[@LINE+1]]:14: warning: 'settle' closes 'Tab' that may already have been closed
  Sum += Tab.settle();
  return Sum;
}

long tsbSettleIfOpen(TsbBerthTab &Tab) {
  if (Tab.settled())
    return 0;
  return Tab.settle();
}

void tsbRun(TsbPipeline &P) {
  P.addStage("decode");
  P.start();
  P.push("frame");
}
