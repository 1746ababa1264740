// What one iteration of a loop learned of its element (`r.path.size() >
// 256`) or of a call's result (`pending() > 8`) says nothing of the next
// iteration's: a socket closed on the branch one iteration took is maybe
// closed on the other branch of the next.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>
#include <vector>

class LoopSocket {
public:
  void send(const std::string &) {
    if (fd_ < 0)
      throw std::runtime_error("socket closed");
  }
  void close() { fd_ = -1; }

private:
  int fd_ = 3;
};

struct PipelinedReq {
  std::string path;
  int size = 0;
};

int pending();

void byElementMember(LoopSocket &S, const std::vector<PipelinedReq> &Reqs) {
  for (const PipelinedReq &R : Reqs) {
    if (R.size > 256)
      S.close();
    else
      S.send(R.path);
    // CHECK: [[@LINE-1]]:9: warning: call to 'send' on 'S' that may have been closed [errlint-use-after-close]
  }
}

void byElementCall(LoopSocket &S, const std::vector<PipelinedReq> &Reqs) {
  for (const PipelinedReq &R : Reqs) {
    if (R.path.size() > 256)
      S.close();
    else
      S.send(R.path);
    // CHECK: [[@LINE-1]]:9: warning: call to 'send' on 'S' that may have been closed [errlint-use-after-close]
  }
}

void byCallResult(LoopSocket &S, int N) {
  for (int I = 0; I < N; I += 2) {
    if (pending() > 8)
      S.close();
    else
      S.send("tick");
    // CHECK: [[@LINE-1]]:9: warning: call to 'send' on 'S' that may have been closed [errlint-use-after-close]
  }
}

// Negative: the branch is decided once, before the loop.
void decidedOnce(LoopSocket &S, const PipelinedReq &First, int N) {
  const bool Large = First.size > 256;
  for (int I = 0; I < N; ++I) {
    if (Large) {
      S.close();
      return;
    }
    S.send("row");
  }
}
